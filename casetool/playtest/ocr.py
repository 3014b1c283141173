"""Read pictures with tesseract (through pytesseract) and score what was read.

A statement is scored by its words: the share of the statement's words (as a multiset,
after normalising case, punctuation and curly quotes) that OCR found. That is a fair
model of "could a player read it": OCR misreading a letter loses one word, not the
statement, and reading stray noise letters gains nothing.
"""

from __future__ import annotations

import contextlib
import os
import re
import shlex
import subprocess
import tempfile
import unicodedata
from collections import Counter
from dataclasses import dataclass
from difflib import SequenceMatcher
from typing import Iterator

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


def read_all(pictures: list[Image.Image], psm: int = 6, upscale: int = UPSCALE, letters: str | None = None,
             dictionary: bool = True) -> list[str]:
    """What `read` reads in each picture, from one tesseract run over all of them.

    tesseract reads a list of picture files as the pages of one document, its text the
    pages' texts with a form feed before each but the first. One run, not one a picture:
    starting tesseract (loading its English model) costs 0.13 s of CPU, more than reading
    a wedge's window (hampshire's 40 pictures of a wheel: 7.5 s of CPU one by one, 3.1 s
    in one run; the texts are the same). Where the run fails (a crash, see CRASH_PADS)
    each picture is read on its own."""
    if len(pictures) < 2:
        return [read(p, psm, upscale, letters, dictionary) for p in pictures]
    with tempfile.TemporaryDirectory(prefix="casetool-ocr-") as folder:
        listing = os.path.join(folder, "pictures.txt")
        names = [os.path.join(folder, f"{i}.png") for i in range(len(pictures))]
        for name, picture in zip(names, pictures, strict=True):
            _prepare(picture, upscale).save(name, format="PNG")
        with open(listing, "w", encoding="utf-8") as out:
            out.write("\n".join(names) + "\n")
        argv = [pytesseract.pytesseract.tesseract_cmd, listing, os.path.join(folder, "read"),
                *shlex.split(_config(psm, letters, dictionary)), "txt"]
        try:
            done = subprocess.run(argv, capture_output=True, timeout=clock.left())
        except subprocess.TimeoutExpired:
            raise clock.out_of_time() from None
        texts = _pages(done, os.path.join(folder, "read.txt"), len(pictures))
    return texts if texts is not None else [read(p, psm, upscale, letters, dictionary) for p in pictures]


class Batch:
    """Pictures gathered to be read together: `add` one with the way to read it (the
    arguments of `read`), `run` once, then `text(handle)`. Each way of reading is one
    tesseract run (`read_all`)."""

    def __init__(self) -> None:
        self._wanted: dict[tuple, list[Image.Image]] = {}
        self._read: dict[tuple, list[str]] = {}

    def add(self, picture: Image.Image, **how) -> tuple[tuple, int]:
        key = tuple(sorted(how.items()))
        self._wanted.setdefault(key, []).append(picture)
        return key, len(self._wanted[key]) - 1

    def run(self) -> None:
        self._read = {key: read_all(pictures, **dict(key)) for key, pictures in self._wanted.items()}

    def text(self, handle: tuple[tuple, int]) -> str:
        key, index = handle
        return self._read[key][index]


def _pages(done: subprocess.CompletedProcess, path: str, count: int) -> list[str] | None:
    """The texts of a run of `read_all`, one a picture; None when it crashed (a signal)."""
    if done.returncode > 0:  # tesseract's own error: nothing reading one by one changes
        raise pytesseract.TesseractError(done.returncode, done.stderr.decode("utf-8", "replace").strip())
    if done.returncode < 0 or not os.path.exists(path):
        return None
    with open(path, encoding="utf-8") as read_back:
        texts = read_back.read().split("\f")
    return texts if len(texts) == count else None


@contextlib.contextmanager
def single_threaded() -> Iterator[None]:
    """tesseract without OpenMP threads, inside the block (unless OMP_THREAD_LIMIT is set).

    Its threads wait for work spinning, and playtest's pictures are small: on a busy
    machine they burn more CPU than they save (40 pictures of a wheel: 17.4 s of CPU
    with them, 7.5 s without, the same texts), and playtest runs its own workers."""
    old = os.environ.get("OMP_THREAD_LIMIT")
    os.environ.setdefault("OMP_THREAD_LIMIT", "1")
    try:
        yield
    finally:
        if old is None:
            os.environ.pop("OMP_THREAD_LIMIT", None)


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
