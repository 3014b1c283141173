"""Read pictures with tesseract (through pytesseract) and score what was read.

A statement is scored by its words: the share of the statement's words (as a multiset,
after normalising case, punctuation and curly quotes) that OCR found. That is a fair
model of "could a player read it": OCR misreading a letter loses one word, not the
statement, and reading stray noise letters gains nothing.
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from dataclasses import dataclass
from difflib import SequenceMatcher

import pytesseract
from PIL import Image, ImageFilter, ImageOps

from . import clock

UPSCALE = 3  # tesseract reads best at a cap height of 20-40 px; the bands are printed at 300 dpi
# tesseract 5 dies of SIGFPE on a few noisy pictures (seen on a grange card's B view); the
# same picture with a white border is read.
CRASH_PADS = (0, 10, 24)
WORD = re.compile(r"[a-z0-9]+")


class Crash(Exception):
    """tesseract died (a signal) on a picture with every border of CRASH_PADS."""


@dataclass(frozen=True)
class Word:
    text: str
    left: int
    top: int
    width: int
    height: int
    line: tuple[int, int, int]   # (block, paragraph, line): words of one printed line

    @property
    def centre_x(self) -> float:
        return self.left + self.width / 2


def read(picture: Image.Image, psm: int = 6, upscale: int = UPSCALE, letters: str | None = None,
         dictionary: bool = True) -> str:
    """The text tesseract reads in `picture` (psm 6: one block of text; 7: one line).
    `letters`: the only characters to read. `dictionary` False: no English word lists,
    for letters that spell no word of them (a key's letters, a page number), which the
    lists would "correct"."""
    text, _ = _run(pytesseract.image_to_string, _prepare(picture, upscale), _config(psm, letters, dictionary))
    return text


def words(picture: Image.Image, psm: int = 3, upscale: int = 1, letters: str | None = None,
          dictionary: bool = True) -> list[Word]:
    """Every word read on a page, with its box in the picture's pixels."""
    data, pad = _run(lambda p, config, timeout: pytesseract.image_to_data(p, config=config, timeout=timeout,
                                                                      output_type=pytesseract.Output.DICT),
                     _prepare(picture, upscale), _config(psm, letters, dictionary))
    out = []
    for i, text in enumerate(data["text"]):
        if text.strip():
            left, top = data["left"][i] - pad, data["top"][i] - pad
            left, top, width, height = (v // upscale for v in (left, top, data["width"][i], data["height"][i]))
            out.append(Word(text.strip(), left, top, width, height,
                            line=(data["block_num"][i], data["par_num"][i], data["line_num"][i])))
    return out


def _config(psm: int, letters: str | None, dictionary: bool) -> str:
    config = f"--psm {psm}" + (f" -c tessedit_char_whitelist={letters}" if letters else "")
    return config if dictionary else config + " -c load_system_dawg=0 -c load_freq_dawg=0"


def _run(call, picture: Image.Image, config: str):
    """`call(picture, config=...)` and the border it needed (see CRASH_PADS)."""
    for pad in CRASH_PADS:
        try:
            return call(ImageOps.expand(picture, pad, fill="white") if pad else picture, config=config,
                        timeout=clock.left() or 0), pad
        except pytesseract.TesseractError as exc:  # first: it is a RuntimeError too
            if exc.status >= 0:  # tesseract's own error, not a crash: nothing a border changes
                raise
        except RuntimeError as exc:  # pytesseract's way of saying its timeout ran out
            if "timeout" not in str(exc).lower():
                raise
            raise clock.out_of_time() from None
    raise Crash(f"tesseract crashed reading a {picture.width} x {picture.height} px picture, with every border tried")


def _prepare(picture: Image.Image, upscale: int) -> Image.Image:
    """Enlarged, then softened by half the enlargement: the eye blends the printed dots
    and specks of the encodings into strokes, and so does this (measured on hampshire:
    91% of words read without the blur, 96% with it)."""
    if upscale > 1:
        picture = picture.resize((picture.width * upscale, picture.height * upscale), Image.Resampling.LANCZOS)
        picture = picture.filter(ImageFilter.GaussianBlur(upscale / 2))
    return picture


def normal_words(text: str) -> list[str]:
    """Lower case, accents and curly quotes folded, punctuation dropped."""
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    # OCR reads a lone capital I as a bar; apostrophes join ("I'm" is one word)
    return WORD.findall(text.replace("'", "").replace("|", "i"))


def normal(text: str) -> str:
    return " ".join(normal_words(text))


def recall(expected: str, read_text: str) -> float:
    """The share of `expected`'s words that `read_text` holds (1.0 for an empty statement).

    A word of four or more letters also counts when OCR got one letter of it wrong
    ("hait" for "hair"): a reader's eye mends a smudged letter, tesseract cannot, and
    without this 4 pt type scores a statement wrong for one blotted letter.
    """
    want = normal_words(expected)
    if not want:
        return 1.0
    got = Counter(normal_words(read_text))
    found = 0
    for word in sorted(want, key=lambda w: -got[w]):  # exact matches first
        match = word if got[word] else next((g for g in got if got[g] and _one_edit(word, g)), None)
        if match is not None:
            got[match] -= 1
            found += 1
    return found / len(want)


def exact_recall(expected: str, read_text: str, shortest: int = 1) -> float:
    """The share of `expected`'s words read exactly: the measure of what shows through noise,
    where a near miss is noise that happens to look like a word, not reading. Only words
    of `shortest` letters or more count (0.0 when there are none)."""
    want = Counter(w for w in normal_words(expected) if len(w) >= shortest)
    got = Counter(normal_words(read_text))
    return sum((want & got).values()) / sum(want.values()) if want else 0.0


def letters_match(expected: str, read_text: str) -> float:
    """The share of the letters read in order, word spaces ignored: OCR of small type often
    runs two words together ("witha") or splits one, which says nothing about whether the
    text can be read. One letter is given as slack, so that "ii was a woman" (11 letters,
    one misread) is a reading of "It was a woman", as it is to a person."""
    a, b = "".join(normal_words(expected)), "".join(normal_words(read_text))
    if not a:
        return 1.0
    same = sum(block.size for block in SequenceMatcher(None, a, b, autojunk=False).get_matching_blocks())
    return min(1.0, (same + 1) / max(len(a), len(b)))


def _one_edit(a: str, b: str) -> bool:
    """One letter changed, added or dropped, in a word of at least three letters."""
    if min(len(a), len(b)) < 4 or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        return sum(x != y for x, y in zip(a, b, strict=True)) == 1
    short, long_ = sorted((a, b), key=len)
    return any(long_[:i] + long_[i + 1:] == short for i in range(len(long_)))


def available() -> str | None:
    """tesseract's version, or None when it is not installed."""
    try:
        return str(pytesseract.get_tesseract_version())
    except (pytesseract.TesseractNotFoundError, OSError):
        return None
