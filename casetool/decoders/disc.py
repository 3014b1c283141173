"""Wrap a wheel's bands round its disc: one picture of the statements and the numbers.

Each pixel of the ring looks up the wedge it is in and its (u, v) place in that wedge's
band (an inverse mapping, so every pixel gets exactly one value and nothing is blurred
twice). The picture is the square round the disc's number ring; outside the ring of
statements it is white but for the position numbers and the ticks between them.
"""

from __future__ import annotations

import io
from functools import lru_cache

import numpy as np
from PIL import Image, ImageDraw

from .bands import band_size
from .geometry import NUMBER_EM, NUMBER_R, RES, TEXT_R, Wheel, band_to_page
from .textfit import TEXT_FONT, sized

RING_SIDE_PX = 2 * int(np.ceil((NUMBER_R[1] + 0.6) * RES))  # the picture's side (even): statements and numbers
DIGIT_HEIGHT = 0.72  # ems


def ring_picture(bands: list[Image.Image], wheel: Wheel) -> Image.Image:
    """The ring for `bands` (one per position, position 1 first), centred in a square."""
    mode = "RGB" if any(b.mode == "RGB" for b in bands) else "L"
    stack = np.stack([np.asarray(b.convert(mode)) for b in bands])
    flat = stack.reshape((-1,) + stack.shape[3:])
    side, inside, source = _lookup(wheel)
    out = np.full((side * side,) + stack.shape[3:], 255, dtype=np.uint8)
    out[inside] = flat[source]
    picture = Image.fromarray(out.reshape((side, side) + stack.shape[3:]), mode)
    _draw_numbers(picture, wheel)
    return picture


def _draw_numbers(picture: Image.Image, wheel: Wheel) -> None:
    """Each position's number along its wedge at the rim, and ticks between the positions.

    Drawn into the picture rather than as SVG outlines: a hundred numbers of outlines
    cost the SVG renderer seconds, a picture costs nothing more.
    """
    centre = picture.size[0] / 2
    arc = 2 * np.pi * NUMBER_R[0] / wheel.positions
    em = min(NUMBER_EM, arc * 0.9 / DIGIT_HEIGHT)  # a gap between neighbours
    ink = 0 if picture.mode == "L" else (0, 0, 0)
    draw = ImageDraw.Draw(picture)
    middle = sum(NUMBER_R) / 2
    for number in range(1, wheel.positions + 1):
        angle = wheel.angle(number)
        label = _number_label(str(number), min(em, (NUMBER_R[1] - NUMBER_R[0]) / (0.56 * len(str(number)))))
        turned = label.rotate(-angle, resample=Image.Resampling.BICUBIC, expand=True)
        x, y = (c * RES + centre for c in band_to_page(0, 0, angle, middle, 0))
        picture.paste(ink, (round(x - turned.width / 2), round(y - turned.height / 2)), turned)
        x0, y0 = band_to_page(0, 0, angle + wheel.step / 2, NUMBER_R[0] - 0.4, 0)
        x1, y1 = band_to_page(0, 0, angle + wheel.step / 2, NUMBER_R[1] + 0.6, 0)
        draw.line([(x0 * RES + centre, y0 * RES + centre), (x1 * RES + centre, y1 * RES + centre)],
                  fill=_grey(picture), width=max(1, round(0.15 * RES)))


def _number_label(text: str, em: float) -> Image.Image:
    """`text` centred in a small mask, read left to right."""
    face = sized(TEXT_FONT, em * RES)
    width, height = int(face.getlength(text) + em * RES * 0.4) + 2, int(em * RES * 1.1) + 2
    mask = Image.new("L", (width, height), 0)
    ImageDraw.Draw(mask).text((width / 2, height / 2 + DIGIT_HEIGHT / 2 * em * RES), text, fill=255, font=face, anchor="ms")
    return mask


def _grey(picture: Image.Image):
    return 119 if picture.mode == "L" else (119, 119, 119)


@lru_cache(maxsize=4)
def _lookup(wheel: Wheel) -> tuple[int, np.ndarray, np.ndarray]:
    """For each picture pixel: is it on the ring, and which pixel of which band it shows.

    Depends on the number of positions only, so wheels of one size share it. When the
    positions come in quarters, one quarter of the picture is computed and turned three
    times (a quarter turn is N/4 positions on, at the same place in the band).
    """
    side = RING_SIDE_PX
    if wheel.positions % 4:
        axis = _axis(side)
        position, bx, by = _locate(wheel, axis[None, :], axis[:, None])
    else:
        quarter = _axis(side)[side // 2:]
        parts = [_locate(wheel, quarter[None, :], quarter[:, None])]  # the lower right quarter
        for _ in range(3):
            p, x, y = parts[-1]
            parts.append((np.rot90((p + wheel.positions // 4) % wheel.positions, -1), np.rot90(x, -1), np.rot90(y, -1)))
        lr, ll, ul, ur = parts  # each turned a quarter clockwise from the one before
        position, bx, by = (np.block([[ul[i], ur[i]], [ll[i], lr[i]]]) for i in range(3))
    width, height = band_size(wheel)
    inside = ((bx >= 0) & (bx < width) & (by >= 0) & (by < height)).ravel()
    source = ((position.astype(np.int64) * height + by) * width + bx).ravel()[inside]
    return side, inside, source


def _axis(side: int) -> np.ndarray:
    """Pixel centres in millimetres from the picture's centre (side is even: symmetric)."""
    return (np.arange(side, dtype=np.float64) + 0.5 - side / 2) / RES


def _locate(wheel: Wheel, dx: np.ndarray, dy: np.ndarray):
    """(position index, band x, band y) of points; band x is -1 off the ring."""
    r = np.hypot(dx, dy)
    angle = np.degrees(np.arctan2(dy, dx)) % 360.0                        # clockwise: y points down
    position = np.rint(angle / wheel.step).astype(np.int32) % wheel.positions
    turn = np.radians(np.arange(wheel.positions) * wheel.step)
    cos, sin = np.cos(turn)[position], np.sin(turn)[position]
    u, v = dx * cos + dy * sin, dy * cos - dx * sin                       # turned back by the wedge's angle
    bx = np.floor((u - TEXT_R[0]) * RES).astype(np.int32)
    by = np.floor((v + wheel.band_height / 2) * RES).astype(np.int32)
    bx[(r < TEXT_R[0]) | (r > TEXT_R[1])] = -1
    return position, bx, by


def png_bytes(picture: Image.Image) -> bytes:
    """PNG without timestamps or other metadata: the same picture gives the same bytes.

    Stored uncompressed: it only travels in memory to the PDF writer, which compresses
    every picture itself.
    """
    buffer = io.BytesIO()
    picture.save(buffer, format="PNG", optimize=False, compress_level=0)
    return buffer.getvalue()
