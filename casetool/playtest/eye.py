"""What the naked eye can pick a hidden message out by: the page as a person sees it at
reading distance (S-CIELAB), then views of it in colour.

**The eye's spatial limits (S-CIELAB).** No per-pixel colour test can hide red-filter
text: the film itself is one (message colours have little red, noise a lot). What hides
it from a person is that the eye does not see pixels: at reading distance it blurs
colour detail far more than lightness detail. `seen` models that with S-CIELAB (Zhang &
Wandell, "A spatial extension of CIELAB for digital color image reproduction", SID 1996;
the parameters of their Table 1, as in Wandell's reference scielab code):

1. sRGB to CIE XYZ (D65), then to three opponent channels,
   O1 (luminance) = 0.279 X + 0.72 Y - 0.107 Z, O2 (red-green) = -0.449 X + 0.29 Y - 0.077 Z,
   O3 (blue-yellow) = 0.086 X - 0.59 Y + 0.501 Z;
2. each channel blurred with the eye's spatial sensitivity, a sum of Gaussians
   w * exp(-(x^2 + y^2) / s^2) (each of unit sum, the sum of them scaled to unit sum),
   spreads s in degrees of visual angle:
   luminance   weights 0.921, 0.105, -0.108  spreads 0.0283, 0.133, 4.336
   red-green   weights 0.531, 0.330          spreads 0.0392, 0.494
   blue-yellow weights 0.488, 0.371          spreads 0.0536, 0.386
   (the chromatic channels' wide parts carry 38-43% of their weight: the eye resolves
   chromatic detail at about a third of luminance acuity);
3. back to XYZ, and from there to CIELAB and sRGB for the views.

Degrees become pixels by the viewing distance and the raster's resolution:
pixels per degree = dpi / 25.4 * distance_mm * tan(1 degree). At 35 cm (a book held to
read) and 300 dpi that is 72.2 px per degree: the luminance core spread is 2.0 px
(0.17 mm), red-green 2.8 px and 36 px, blue-yellow 3.9 px and 28 px, the luminance
surround 313 px (spreads s; a Gaussian's sigma is s / sqrt 2).

**The judge's distance.** OCR reads blurred text in clutter far worse than a person:
at 35 cm it reads 8% of a near-black statement among the wheel noise, which any reader
sees (tests/decoders/test_red_filter.py). So the judge looks from `DISTANCE_MM` 150,
the near point of a young eye (the closest a page is held without a magnifier), where
it is 30.9 px per degree (luminance core 0.88 px, red-green 1.2 px and 15 px, blue-yellow 1.7 px and 12 px): there
OCR reads 58% of that black statement and at most 8% (one word of 12) of the real one in any view. Its
limit: a player with a magnifier, or an eye closer than 15 cm, resolves finer colour
detail and is outside the model (without any blur OCR reads half the patch's words
in the a* view); so is a camera. A screen is inside it: a page at zoom z seen from 50 cm
looks as paper does from 50/z cm, so 15 cm is the 300 dpi render at 1:1 (3.1x) and
`hiding` puts this eye at 25 and 16.7 cm for 2x and 3x. What the eye could pick out
pixel by pixel, unblurred, is `separable`'s question.

**Views.** A person can attend to one aspect of colour at a time ("the bluish letters",
"the pale ones", "the strong colours"). Each view is one such aspect of the seen picture,
as one grey picture that OCR can read, contrast-stretched as the eye adapts to whatever
contrast there is:

* ``grey``: Rec. 601 luma, the lightness a photocopier sees;
* ``L``, ``a``, ``b``: CIELAB lightness and its two opponent colour axes (red-green,
  yellow-blue), the channels human vision itself separates colour into;
* ``hue``: closeness of each pixel's hue to the message's own hue (the observer looking
  for "the bluish letters"); pixels of too little chroma to have a hue count as far;
* ``saturation``: HSV saturation, "the strong colours against the pale ones";
* ``G``, ``B``: the green and blue channels, what green or blue film (or a colour-blind
  eye that loses the red-green axis) would show.

The red channel is left out: it is the film's view, what the decoder is for.

Reading all eight with tesseract would make playtest several times slower, so they are
ranked first by how much of the message each shows: the correlation of the view with
the film view (which shows the message and nothing else, blurred as the luminance
channel is). A view where the message is faint against the noise scores low, and reads
worse. Only the `READ` views ranked highest are read (tests/decoders/test_red_filter.py
reads all eight on a patch). The sign of the correlation also says which way round the
message shows: a view where it shows light on dark is inverted first, so OCR always
meets dark text on a light ground.
"""

from __future__ import annotations

import numpy as np
from PIL import Image

ATTEND = 30         # percentile of the ink taken to white (see `stretched`)
READ = 3            # views read by OCR, the ones showing most of the message
DISTANCE_MM = 150.0  # the distance the eye is modelled at (see `seen`): the near point, closer than reading
DPI = 300           # the playtest's rasters of decoder pages
PAPER = 248         # every channel this light or more: bare paper
MIN_CHROMA = 12.0   # CIELAB chroma below which a pixel has no hue a person can see
NAMES = ("grey", "L", "a", "b", "hue", "saturation", "G", "B")

RGB_TO_XYZ = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
WHITE = np.array([0.95047, 1.0, 1.08883])   # D65
XYZ_TO_OPP = np.array([[0.279, 0.72, -0.107], [-0.449, 0.29, -0.077], [0.086, -0.59, 0.501]])
# S-CIELAB (Zhang & Wandell 1996, Table 1): (weight, spread in degrees) per opponent channel
FILTERS = (((0.921, 0.0283), (0.105, 0.133), (-0.108, 4.336)),
           ((0.531, 0.0392), (0.330, 0.494)),
           ((0.488, 0.0536), (0.371, 0.386)))


def px_per_degree(dpi: float = DPI, distance_mm: float = DISTANCE_MM) -> float:
    return dpi / 25.4 * distance_mm * float(np.tan(np.radians(1.0)))


def xyz(rgb: np.ndarray) -> np.ndarray:
    """sRGB (0-255, ... x 3) to CIE XYZ (D65, Y of white 1)."""
    c = rgb.astype(float) / 255
    lin = np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)
    return lin @ RGB_TO_XYZ.T


def luminance(rgb) -> float | np.ndarray:
    """CIE Y of sRGB colours (0-255), 0 black to 1 white."""
    return xyz(np.asarray(rgb, float))[..., 1]


def lab_of_xyz(xyz_: np.ndarray) -> np.ndarray:
    t = xyz_ / WHITE
    f = np.where(t > 0.008856, np.cbrt(t), 7.787 * t + 16 / 116)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], axis=-1)


def lab(rgb: np.ndarray) -> np.ndarray:
    """sRGB (0-255, ... x 3) to CIELAB (D65)."""
    return lab_of_xyz(xyz(rgb))


def rgb_of_xyz(xyz_: np.ndarray) -> np.ndarray:
    lin = np.clip(xyz_ @ np.linalg.inv(RGB_TO_XYZ).T, 0, 1)
    c = np.where(lin <= 0.0031308, 12.92 * lin, 1.055 * lin ** (1 / 2.4) - 0.055)
    return c * 255


def _gauss(values: np.ndarray, sigma: float, axis: int) -> np.ndarray:
    """A Gaussian blur along `axis` (by FFT: the eye's wide kernels are hundreds of
    pixels), edges mirrored."""
    pad = min(int(3 * sigma) + 1, values.shape[axis] - 1)
    widths = [(0, 0)] * values.ndim
    widths[axis] = (pad, pad)
    padded = np.pad(values, widths, mode="reflect") if pad > 0 else values
    n = padded.shape[axis]
    freq = np.fft.rfftfreq(n)
    response = np.exp(-2 * (np.pi * freq * sigma) ** 2)   # the Gaussian's transform, unit sum
    shape = [1] * values.ndim
    shape[axis] = response.size
    out = np.fft.irfft(np.fft.rfft(padded, axis=axis) * response.reshape(shape), n=n, axis=axis)
    return np.take(out, range(pad, pad + values.shape[axis]), axis=axis)


def _filtered(channel: np.ndarray, terms, px_deg: float) -> np.ndarray:
    total = sum(w for w, _ in terms)
    out = np.zeros_like(channel)
    for weight, spread in terms:
        sigma = spread * px_deg / np.sqrt(2)   # exp(-x^2 / s^2) has sigma s / sqrt 2
        out += weight / total * _gauss(_gauss(channel, sigma, 0), sigma, 1)
    return out


def seen(rgb: np.ndarray, dpi: float = DPI, distance_mm: float = DISTANCE_MM) -> np.ndarray:
    """The picture (sRGB 0-255, H x W x 3) as the eye sees it at `distance_mm`, as XYZ: S-CIELAB."""
    opp = xyz(rgb) @ XYZ_TO_OPP.T
    px_deg = px_per_degree(dpi, distance_mm)
    opp = np.stack([_filtered(opp[..., i], FILTERS[i], px_deg) for i in range(3)], axis=-1)
    return opp @ np.linalg.inv(XYZ_TO_OPP).T


def channels(band: Image.Image, film: Image.Image, dpi: float = DPI,
             distance_mm: float = DISTANCE_MM) -> dict[str, np.ndarray]:
    """Every view of `band` as the eye sees it (`seen`), as floats (any scale and sign);
    `film` (the red-film view, message dark) gives the message's hue for the hue view."""
    xyz_ = seen(np.asarray(band.convert("RGB")).astype(float), dpi, distance_mm)
    lab_ = lab_of_xyz(np.maximum(xyz_, 0))
    rgb = rgb_of_xyz(xyz_)
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


def views(band: Image.Image, film: Image.Image, dpi: float = DPI,
          distance_mm: float = DISTANCE_MM) -> list[tuple[str, float, Image.Image]]:
    """(name, correlation with the film view, picture with the message dark) for every
    view, the ones showing most of the message first."""
    rgb = np.asarray(band.convert("RGB"))
    paper = np.asarray((rgb >= PAPER).all(axis=-1))
    target = _filtered(np.asarray(film).astype(float), FILTERS[0], px_per_degree(dpi, distance_mm))
    target = target - target.mean()
    out = []
    for name, values in channels(band, film, dpi, distance_mm).items():
        shown = values - values.mean()
        norm = np.sqrt((shown * shown).sum() * (target * target).sum())
        corr = float((shown * target).sum() / norm) if norm else 0.0
        out.append((name, corr, values))
    out.sort(key=lambda v: (-abs(v[1]), v[0]))
    return [(name, round(corr, 3), stretched(values, paper, invert=corr < 0)) for name, corr, values in out]


def worst(band: Image.Image, film: Image.Image, read=None, count: int = READ, dpi: float = DPI,
          distance_mm: float = DISTANCE_MM) -> tuple[float, str, dict]:
    """The naked eye's best reading of `band`: `read(picture) -> score` on the `count`
    views that show most of the message. (best score, its view, every view's correlation)."""
    ranked = views(band, film, dpi, distance_mm)
    scores = {name: read(picture) for name, _, picture in ranked[:count]}
    name = max(scores, key=lambda n: (scores[n], n)) if scores else ""
    return (scores.get(name, 0.0), name, {n: c for n, c, _ in ranked})
