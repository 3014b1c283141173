"""What the naked eye can pick a hidden message out by: views of a picture in colour.

A person looking at red-filter noise does not see grey: they see colour, and they can
attend to one aspect of it at a time ("the bluish letters", "the pale ones", "the
strong colours"). Each view here is one such aspect, as one grey picture that OCR can
read, contrast-stretched (1st to 99th percentile to black and white) as the eye adapts
to whatever contrast there is:

* ``grey``: Rec. 601 luma, the lightness a photocopier sees;
* ``L``, ``a``, ``b``: CIELAB lightness and its two opponent colour axes (red-green,
  yellow-blue), the channels human vision itself separates colour into;
* ``hue``: closeness of each pixel's hue to the message's own hue (the observer looking
  for "the bluish letters"); pixels of too little chroma to have a hue count as far;
* ``saturation``: HSV saturation, "the strong colours against the pale ones";
* ``G``, ``B``: the green and blue channels, what green or blue film (or a colour-blind
  eye that loses the red-green axis) would show.

The red channel is left out: it is the film's view, what the decoder is for.

Reading all nine with tesseract would make playtest several times slower, so they are
ranked first by how much of the message each shows: the correlation of the view with
the film view (which shows the message and nothing else), both blurred to reading
acuity. That correlation is the share of the view's contrast the message explains; a
view where the message is faint against the noise scores low, and reads worse. Only the
`READ` views ranked highest are read (tests/decoders/test_red_filter.py reads all nine
on a patch and checks that the ranking picks the worst). The sign of the correlation
also says which way round the message shows: a view where it shows light on dark is
inverted first, so OCR always meets dark text on a light ground.
"""

from __future__ import annotations

import numpy as np
from PIL import Image

ATTEND = 30         # percentile of the ink taken to white (see `stretched`)
READ = 3            # views read by OCR, the ones showing most of the message
ACUITY_PX = 1.0     # blur (Gaussian radius, pixels at 300 dpi: 0.085 mm) before ranking: reading acuity at 30 cm
PAPER = 248         # every channel this light or more: bare paper
MIN_CHROMA = 12.0   # CIELAB chroma below which a pixel has no hue a person can see
NAMES = ("grey", "L", "a", "b", "hue", "saturation", "G", "B")


def lab(rgb: np.ndarray) -> np.ndarray:
    """sRGB (0-255, ... x 3) to CIELAB (D65)."""
    c = rgb.astype(float) / 255
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    xyz = lin @ np.array([[0.4124, 0.2126, 0.0193], [0.3576, 0.7152, 0.1192], [0.1805, 0.0722, 0.9505]])
    xyz /= np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 0.008856, np.cbrt(xyz), 7.787 * xyz + 16 / 116)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], axis=-1)


def channels(band: Image.Image, film: Image.Image) -> dict[str, np.ndarray]:
    """Every view of `band` as floats (any scale and sign); `film` (the red-film view,
    message dark) gives the message's hue for the hue view."""
    rgb = np.asarray(band.convert("RGB")).astype(float)
    lab_ = lab(rgb)
    chroma = np.hypot(lab_[..., 1], lab_[..., 2])
    hue = np.arctan2(lab_[..., 2], lab_[..., 1])
    message = (np.asarray(film) < 128) & (chroma >= MIN_CHROMA)
    if message.any():
        h0 = np.arctan2(np.sin(hue[message]).mean(), np.cos(hue[message]).mean())
        near = np.where(chroma >= MIN_CHROMA, np.cos(hue - h0), -1.0)
    else:
        near = np.zeros(rgb.shape[:2])
    top, bottom = rgb.max(axis=-1), rgb.min(axis=-1)
    return {
        "grey": rgb @ np.array([0.299, 0.587, 0.114]),
        "L": lab_[..., 0], "a": lab_[..., 1], "b": lab_[..., 2],
        "hue": -near,
        "saturation": np.where(top > 0, (top - bottom) / np.maximum(top, 1), 0.0),
        "G": rgb[..., 1], "B": rgb[..., 2],
    }


def _blurred(values: np.ndarray, sigma: float = ACUITY_PX) -> np.ndarray:
    """A Gaussian blur, separable, edges repeated."""
    r = int(3 * sigma) + 1
    kernel = np.exp(-0.5 * (np.arange(-r, r + 1) / sigma) ** 2)
    kernel /= kernel.sum()
    out = np.pad(values.astype(float), r, mode="edge")
    for axis in (0, 1):
        out = np.apply_along_axis(lambda line: np.convolve(line, kernel, mode="valid"), axis, out)
    return out


def stretched(values: np.ndarray, paper: np.ndarray, invert: bool = False) -> Image.Image:
    """The view as an 8-bit grey picture, the message's end dark: the ink's 1st percentile
    taken to black and its `ATTEND`th to white, as an eye attending to one aspect sees the
    third of the ink most like what it looks for and lets the rest fall back; bare paper
    (`paper` True) stays white, the ground the eye reads against."""
    values = -values if invert else values
    ink = values[~paper] if (~paper).any() else values.ravel()
    lo, hi = np.percentile(ink, (1, ATTEND))
    out = np.clip((values - lo) / ((hi - lo) or 1.0), 0, 1)
    out[paper] = 1.0
    return Image.fromarray((out * 255).round().astype(np.uint8), "L")


def views(band: Image.Image, film: Image.Image) -> list[tuple[str, float, Image.Image]]:
    """(name, correlation with the film view, picture with the message dark) for every
    view, the ones showing most of the message first."""
    rgb = np.asarray(band.convert("RGB"))
    paper = np.asarray((rgb >= PAPER).all(axis=-1))
    target = _blurred(np.asarray(film).astype(float))
    target = target - target.mean()
    out = []
    for name, values in channels(band, film).items():
        seen = _blurred(values)
        seen = seen - seen.mean()
        norm = np.sqrt((seen * seen).sum() * (target * target).sum())
        corr = float((seen * target).sum() / norm) if norm else 0.0
        out.append((name, corr, values))
    out.sort(key=lambda v: (-abs(v[1]), v[0]))
    return [(name, round(corr, 3), stretched(values, paper, invert=corr < 0)) for name, corr, values in out]


def worst(band: Image.Image, film: Image.Image, read=None, count: int = READ) -> tuple[float, str, dict]:
    """The naked eye's best reading of `band`: `read(picture) -> score` on the `count`
    views that show most of the message. (best score, its view, every view's correlation)."""
    ranked = views(band, film)
    scores = {name: read(picture) for name, _, picture in ranked[:count]}
    name = max(scores, key=lambda n: (scores[n], n)) if scores else ""
    return (scores.get(name, 0.0), name, {n: c for n, c, _ in ranked})
