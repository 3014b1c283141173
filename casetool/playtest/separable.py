"""Whether a looking eye can tell red-film message pixels from noise pixels: a classifier
on the colour cues a person sees, at print 1:1 and at screen zooms.

OCR is a poor model of a person looking for text: it reads nothing where a person, told
"the darker turquoise letters", picks fragments out (issue 26 item 5). So the judge asks
a sharper question than "does OCR read it": are the message's pixels *separable* from the
noise's by what the eye sees of a pixel and its neighbourhood? The message mask comes
from the drawing's own colours (red channel under `palette.FILM_DARK`: what the film
shows); the judge uses it to score, never to read.

Cues (each a number per pixel, on the window resampled to the zoom looked at):

* ``lightness``: CIELAB L*;
* ``hue``: closeness of the pixel's hue to the message's mean hue, cos(h - h0); pixels
  too grey to have a hue (chroma under `eye.MIN_CHROMA`) count as far (-1);
* ``chroma``: CIELAB C*, "the strong colours";
* ``contrast``: the L* spread in a window about a stroke wide (the crisp, dark-edged
  strokes against the soft ones);
* ``regularity``: the a*b* spread in the same window: a stroke of one even colour against
  strokes crossed by others (the hampshire message's tell: "more regular");
* ``all``: the five together.

Classifiers: a decision stump per cue (the best threshold, either way round: a person
attending to one cue) and a logistic regression on all five (a person combining them).
Both are fitted on balanced samples of message and noise pixels and scored by
`FOLDS`-fold cross-validated accuracy, so chance is 0.5.

The threshold `CHANCE_AT_MOST` 0.60: a message drawn with no noise scores 1.0, and
pixels are not independent (a stroke's pixels share their colour), so a sample of a few
thousand wanders a few points from 0.5 on its own; 0.60 leaves room for that and for
edge pixels that mix both inks, and nothing more.

Zooms: ``print`` is the 300 dpi render looked at 1:1 (about 310 % on a 96 dpi screen);
``screen 200%`` and ``screen 150%`` resample it to 192 and 144 pixels per inch, as a PDF
viewer shows the page on a 96 dpi screen.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from PIL import Image

from ..printing.film import INK_BELOW as FILM_DARK
from . import eye

CHANCE_AT_MOST = 0.60
FOLDS = 5
SAMPLE = 2000        # pixels of each class per fit: enough for five numbers, fast
NOISE_RED = 190      # red channel this high or more: an ink the film drops
WINDOW_MM = 0.25     # the neighbourhood of the texture cues: about a stroke wide
ZOOMS = (("print", 300.0), ("screen 200%", 192.0), ("screen 150%", 144.0))
CUES = ("lightness", "hue", "chroma", "contrast", "regularity")


@dataclass(frozen=True)
class Separation:
    zoom: str
    cue: str          # one of CUES, or "all"
    accuracy: float   # cross-validated, balanced classes: 0.5 is chance

    @property
    def hidden(self) -> bool:
        return self.accuracy <= CHANCE_AT_MOST


def judge(band: Image.Image, dpi: float = eye.DPI) -> list[Separation]:
    """Every (zoom, cue) separation of the message in `band` (a red-film window, RGB at
    `dpi`), the worst first. Empty when the window holds no message or no noise."""
    out = []
    for zoom, target in ZOOMS:
        if target > dpi:
            continue
        picture, message, noise = _resampled(band, target / dpi)
        cues = _cues(picture, message, target)
        x = np.stack([cues[c] for c in CUES], axis=-1)
        rows = _sample(message, noise)
        if rows is None:
            continue
        out += [Separation(zoom, cue, acc) for cue, acc in accuracies(x[rows[0]], rows[1]).items()]
    return sorted(out, key=lambda s: (-s.accuracy, s.zoom, s.cue))


def accuracies(x: np.ndarray, y: np.ndarray) -> dict[str, float]:
    """Cross-validated accuracy per cue (a column of `x`, named as CUES) and for all
    together, of telling y 1 (message) from y 0 (noise)."""
    found = {cue: _stump_accuracy(x[:, i], y) for i, cue in enumerate(CUES[:x.shape[1]])}
    found["all"] = _logistic_accuracy(x, y)
    return found


def worst(band: Image.Image, dpi: float = eye.DPI) -> Separation | None:
    """The separation a looking eye does best with (None: nothing to separate)."""
    found = judge(band, dpi)
    return found[0] if found else None


def _resampled(band: Image.Image, factor: float) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(RGB floats, message mask, noise mask) at `factor` of the band's size; a pixel is
    message or noise when at least 60% of what it covers is (edge pixels mix both inks)."""
    rgb = np.asarray(band.convert("RGB")).astype(float)
    message = (rgb[..., 0] < FILM_DARK).astype(float)
    noise = ((rgb[..., 0] >= NOISE_RED) & (rgb < eye.PAPER).any(axis=-1)).astype(float)
    if factor == 1.0:
        return rgb, message > 0.5, noise > 0.5
    size = (max(1, round(band.width * factor)), max(1, round(band.height * factor)))

    def shrink(values: np.ndarray) -> np.ndarray:
        return np.asarray(Image.fromarray(values.astype(np.float32), "F").resize(size, Image.Resampling.BOX))

    rgb = np.stack([shrink(rgb[..., i]) for i in range(3)], axis=-1)
    return rgb, shrink(message) >= 0.6, shrink(noise) >= 0.6


def _cues(rgb: np.ndarray, message: np.ndarray, dpi: float) -> dict[str, np.ndarray]:
    lab = eye.lab(rgb)
    chroma = np.hypot(lab[..., 1], lab[..., 2])
    hue = np.arctan2(lab[..., 2], lab[..., 1])
    coloured = message & (chroma >= eye.MIN_CHROMA)
    # a grey message has no hue: every pixel's hue cue is then its greyness alone
    h0 = np.arctan2(np.sin(hue[coloured]).mean(), np.cos(hue[coloured]).mean()) if coloured.any() else 0.0
    size = max(3, round(WINDOW_MM * dpi / 25.4) | 1)
    return {
        "lightness": lab[..., 0],
        "hue": np.where(chroma >= eye.MIN_CHROMA, np.cos(hue - h0), -1.0),
        "chroma": chroma,
        "contrast": _local_spread(lab[..., :1], size),
        "regularity": _local_spread(lab[..., 1:], size),
    }


def _local_spread(values: np.ndarray, size: int) -> np.ndarray:
    """The root-mean-square spread of `values` (H x W x channels) in a size x size window."""
    total = np.zeros(values.shape[:2])
    for i in range(values.shape[-1]):
        v = values[..., i]
        mean = _box(v, size)
        total += np.maximum(_box(v * v, size) - mean * mean, 0)
    return np.sqrt(total)


def _box(values: np.ndarray, size: int) -> np.ndarray:
    """Mean over a size x size window (edges repeated), by summed-area table."""
    pad = size // 2
    padded = np.pad(values, pad, mode="edge")
    table = np.pad(padded.cumsum(0).cumsum(1), ((1, 0), (1, 0)))
    h, w = values.shape
    sums = table[size:size + h, size:size + w] - table[:h, size:size + w] - table[size:size + h, :w] + table[:h, :w]
    return sums / (size * size)


def _sample(message: np.ndarray, noise: np.ndarray):
    """((row, col) index arrays, labels) of a balanced sample, the same for the same band."""
    rng = np.random.default_rng(0)
    m, n = np.flatnonzero(message), np.flatnonzero(noise & ~message)
    count = min(SAMPLE, m.size, n.size)
    if count < FOLDS * 4:
        return None
    picked = np.concatenate([rng.choice(m, count, replace=False), rng.choice(n, count, replace=False)])
    labels = np.concatenate([np.ones(count), np.zeros(count)])
    order = rng.permutation(picked.size)
    return np.unravel_index(picked[order], message.shape), labels[order]


def _folds(n: int):
    index = np.arange(n)
    for k in range(FOLDS):
        test = index % FOLDS == k
        yield ~test, test


def _stump_accuracy(x: np.ndarray, y: np.ndarray) -> float:
    hits = 0
    for train, test in _folds(y.size):
        cut, sign = _stump(x[train], y[train])
        hits += int(((sign * (x[test] - cut) > 0) == (y[test] > 0)).sum())
    return round(hits / y.size, 3)


def _stump(x: np.ndarray, y: np.ndarray) -> tuple[float, float]:
    """The threshold and side (+1: message above) that classify the training set best."""
    order = np.argsort(x, kind="stable")
    xs, ys = x[order], y[order]
    pos, neg = ys.sum(), ys.size - ys.sum()
    below_pos, below_neg = np.cumsum(ys), np.cumsum(1 - ys)
    above = (below_neg + (pos - below_pos)) / ys.size        # message above the cut
    below = (below_pos + (neg - below_neg)) / ys.size        # message below it
    i_up, i_down = int(np.argmax(above)), int(np.argmax(below))
    if above[i_up] >= below[i_down]:
        return float(xs[i_up]), 1.0
    return float(xs[i_down]), -1.0


def _logistic_accuracy(x: np.ndarray, y: np.ndarray) -> float:
    hits = 0
    for train, test in _folds(y.size):
        mean, scale = x[train].mean(axis=0), x[train].std(axis=0) + 1e-9
        w = _logistic((x[train] - mean) / scale, y[train])
        z = np.c_[np.ones(test.sum()), (x[test] - mean) / scale] @ w
        hits += int(((z > 0) == (y[test] > 0)).sum())
    return round(hits / y.size, 3)


def _logistic(x: np.ndarray, y: np.ndarray, steps: int = 25, ridge: float = 1e-3) -> np.ndarray:
    """Logistic regression weights (bias first) by Newton's method with a small ridge."""
    a = np.c_[np.ones(len(x)), x]
    w = np.zeros(a.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-np.clip(a @ w, -30, 30)))
        grad = a.T @ (p - y) + ridge * w
        hess = (a * (p * (1 - p))[:, None]).T @ a + ridge * np.eye(a.shape[1])
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-6:
            break
    return w


def describe(found: Separation | None) -> str:
    """One line for the playtest report: how well the eye's best cue tells message from noise."""
    if found is None:
        return "no message pixels to judge"
    verdict = "hidden" if found.hidden else "SEPARABLE"
    return (f"{verdict} to a looking eye: message vs noise pixels {found.accuracy:.0%} by {found.cue} "
            f"at {found.zoom} (chance 50%, at most {CHANCE_AT_MOST:.0%})")
