"""How playtest goes fast without reading differently: many pictures in one tesseract run
(ocr.read_all), the wheel's windows read in two passes (wheels.py), parts in forked
workers (pool.py). Each is held to the slow way it replaces: the same texts, the same
score, the same results in the same order."""

import io
import os
import random
import subprocess
import time

import pytest
from casetool.decoders import manifest
from casetool.decoders.redfilter import red_wedge
from casetool.decoders.ring import Ops
from casetool.decoders.stamp import stamp
from casetool.decoders.textfit import fit
from casetool.playtest import clock, decode, eye, ocr, pool, wheels
from casetool.playtest.raster import Pdf
from casetool.printing.geometry import Wheel, disc_centre
from PIL import Image, ImageDraw
from pypdf import PdfWriter

TEXT = "If the thief is middle-aged, the thief is no painter; those were all at their easels."
A4 = (595.2756, 841.8898)


def need_tesseract():
    if ocr.available() is None:
        pytest.skip("tesseract is not installed")


def printed(text: str, size: int = 40) -> Image.Image:
    picture = Image.new("L", (40 + 22 * len(text), 90), 255)
    ImageDraw.Draw(picture).text((20, 20), text, fill=0, font_size=size)
    return picture


def counting(monkeypatch) -> list[str]:
    """The programs started from here on (observed, not replaced)."""
    started: list[str] = []
    real = subprocess.Popen.__init__

    def count(self, args, *rest, **kwargs):
        started.append(os.path.basename(args[0]))
        real(self, args, *rest, **kwargs)
    monkeypatch.setattr(subprocess.Popen, "__init__", count)
    return started


def test_read_all_reads_what_read_reads_in_one_run(monkeypatch):
    need_tesseract()
    pictures = [printed("The thief wore a hat"), Image.new("L", (200, 60), 255), printed("Seven swans")]
    one_by_one = [ocr.read(p) for p in pictures]
    started = counting(monkeypatch)
    together = ocr.read_all(pictures)
    assert together == one_by_one
    assert "thief" in together[0] and together[1].strip() == "" and "swans" in together[2]
    assert started == ["tesseract"]


def test_read_all_reads_a_picture_tesseract_crashes_on_one_by_one(fixtures):
    need_tesseract()
    crash = Image.open(fixtures / "playtest" / "tesseract-sigfpe.png")
    how = {"psm": 7, "upscale": 1, "letters": "0123456789", "dictionary": False}
    digits = printed("4127")
    assert ocr.read_all([digits, crash], **how) == [ocr.read(digits, **how), ocr.read(crash, **how)]


def _patch(folder, colour=None) -> Image.Image:
    """One wedge of a 100-position wheel holding TEXT in the real red-film noise (message
    in `colour` when given), printed and rasterised at 300 dpi, seen through the window."""
    import casetool.decoders.redfilter as redfilter

    wheel, ops = Wheel(100), Ops()
    real, redfilter.MESSAGE = redfilter.MESSAGE, ((colour,) * 6 if colour else redfilter.MESSAGE)
    try:
        red_wedge(ops, wheel, 1, fit(TEXT, wheel), random.Random("speed/1"))
    finally:
        redfilter.MESSAGE = real
    writer, blank = PdfWriter(), io.BytesIO()
    writer.add_blank_page(*A4)
    writer.write(blank)
    (folder / "patch.pdf").write_bytes(stamp(blank.getvalue(), {0: (ops.ring(), disc_centre("a4"))}))
    pdf = Pdf(folder / "patch.pdf")
    return decode.window(decode.Sheet(pdf.picture(1, 300), pdf.trims[0]), wheel, 1, "a4")


class Said:
    number, text = 1, TEXT


@pytest.mark.slow
def test_the_naked_eye_scores_in_two_passes_as_eye_worst_does_in_one(tmp_path):
    """A message printed near-black (read naked) and the real palette (hidden): the score and
    view wheels.py gets from its batch are eye.worst's with OCR reading each view at once."""
    need_tesseract()
    for colour in ((30, 30, 30), None):
        band = _patch(tmp_path, colour)
        film = decode.through_red_film(band, manifest.film())
        boxes = decode.pieces(film)
        score, view, _ = eye.worst(band, film, lambda p, boxes=boxes: ocr.exact_recall(
            TEXT, ocr.read(decode.stacked(p, boxes)), wheels.NAKED_SHORTEST))
        turn, batch = wheels.Turn(1, Said(), 1, band), ocr.Batch()
        wheels._gather(turn, band, "red_filter", None, Wheel(100), manifest.film(), batch)
        batch.run()
        assert wheels._naked(turn, batch) == (score, view)
        assert (score >= 0.4) == (colour is not None), (colour, score)


def _pid(tag):
    if tag == 0:
        time.sleep(1.0)   # the first part finishes last
    return tag, os.getpid()


def _late(seconds):
    raise clock.TimeUp(seconds)


def test_the_pool_plays_parts_in_workers_and_keeps_their_order():
    finished = []
    parts = [(f"part {i}", lambda i=i: _pid(i)) for i in range(5)]
    results = pool.run(parts, 2, finished.append)
    assert [tag for tag, _ in results] == list(range(5))
    assert os.getpid() not in {pid for _, pid in results}   # played in forked workers
    assert sorted(finished) == [f"part {i}" for i in range(5)]
    assert pool.run(parts, 1, finished.append)[0][1] == os.getpid()   # one job: here


def test_a_time_limit_reached_in_a_worker_stops_the_play_here():
    with pytest.raises(clock.TimeUp) as stopped:
        pool.run([("a", lambda: 1), ("b", lambda: _late(30.0))], 2, lambda what: None)
    assert stopped.value.seconds == 30.0


def test_one_run_of_pdftotext_gives_each_page_its_own_text(tmp_path):
    from casetool.playtest.raster import missing_tools
    if missing_tools():
        pytest.skip("poppler is not installed")
    from weasyprint import HTML
    pdf = tmp_path / "three.pdf"
    words = ("Alpha", "Bravo", "Charlie")
    HTML(string="".join(f'<p style="break-after: page">{w} page</p>' for w in words)).write_pdf(pdf)
    one_by_one = Pdf(pdf)
    together = Pdf(pdf)
    together.read_text()
    assert together.texts == {p: one_by_one.text(p) for p in (1, 2, 3)}
    assert [together.texts[p].split()[0] for p in (1, 2, 3)] == list(words)


def _dies_in_a_worker(parent):
    if os.getpid() != parent:
        os._exit(3)   # as a worker killed by the system would
    return "here"


def test_a_part_whose_worker_dies_is_played_here():
    parent = os.getpid()
    parts = [("fine", lambda: 1), ("dies", lambda: _dies_in_a_worker(parent)), ("fine too", lambda: 2)]
    assert pool.run(parts, 2, lambda what: None) == [1, "here", 2]
