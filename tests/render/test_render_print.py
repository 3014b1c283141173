"""The casebook set as a publisher would (issue 12 items 4 and 5), read back from the PDF:
deductions in the player's words, no page holding a lone heading, a two-page solution
in turned order, room for notes, printer's marks outside the bleed, a screen edition."""

import re
import shutil
import subprocess
from pathlib import Path

import numpy as np
import pytest
from casetool.explain.steps import explain_case
from casetool.load.project import load_paths
from PIL import Image

from render_support import (
    TITLES,
    VILLAGE,
    build,
    index_pages,
    page_texts,
    reader,
    text_runs,
    upside_down,
)

pytestmark = pytest.mark.slow  # builds PDFs: the inner loop `-m "not slow"` skips it

SAMPLES = Path(__file__).resolve().parents[2] / "cases"
MM = 72 / 25.4


def clue_ids(folder: Path) -> dict[int, list[str]]:
    return {c.number: [clue.id for clue in c.clues] for c in load_paths([folder]).cases}


def solution_texts(texts: list[str]) -> dict[int, str]:
    """Mystery number -> the text of its solution (from its heading to the next one)."""
    parts = re.split(r"Solution to Mystery (\d+):", "\n".join(texts))
    return {int(number): text for number, text in zip(parts[1::2], parts[2::2], strict=True)}


@pytest.fixture(scope="module")
def village_deduced(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("deduced")
    result = build(VILLAGE, out, "--with-deductions")
    assert result.exit_code == 0, result.output
    return out / "casebook.pdf"


def test_deductions_name_wheels_by_their_setting_never_by_id(village_deduced):
    texts = page_texts(village_deduced)
    everything = "\n".join(texts)
    assert "How to deduce it" in everything
    for number, ids in clue_ids(VILLAGE).items():
        for cid in ids:
            assert f"'{cid}'" not in everything, f"clue id '{cid}' of mystery {number} is printed"
    index = next(t for t in texts if t.startswith("Mystery Index"))
    heads = next(line for line in index.splitlines() if line.startswith("No. Mystery")).split()[2:-2]
    for number, text in solution_texts(texts).items():
        row = re.search(rf"^{number} {re.escape(TITLES[number])} (.*?) \d+$", index, re.M).group(1).split()
        named = re.findall(r"(\w+)'s wheel at (\d+)", " ".join(text.split()))
        assert named, f"solution {number} names no wheel"
        for who, setting in named:  # the number the player turned that wheel to
            assert row[heads.index(who)] == setting, (number, who, setting)


def poppler_texts(pdf: Path) -> list[str]:
    """Each page's text as pdftotext reads it: unlike pypdf it keeps the list numbers."""
    out = subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, check=True, text=True).stdout
    return out.split("\f")


def test_deductions_name_printed_clues_by_the_number_on_the_mystery_page(tmp_path):
    """Each numbered step's "Clue N" is, on the mystery page, a clue that the step uses."""
    out = tmp_path / "out"
    assert build(SAMPLES / "supercluedo", out, "--with-deductions", "--no-decoders").exit_code == 0
    texts = poppler_texts(out / "casebook.pdf")
    everything = " ".join(" ".join(texts).split())
    for ids in clue_ids(SAMPLES / "supercluedo").values():
        assert not [cid for cid in ids if f"'{cid}'" in everything]
    cases = {c.number: c for c in load_paths([SAMPLES / "supercluedo"]).cases}
    checked = 0
    for number, text in solution_texts(texts).items():
        case = cases[number]
        mystery = next(t for t in texts if case.title in t and "Solution appears" in t)
        printed = {n: " ".join(t.split()) for n, t in re.findall(r"^(\d+)\. (.*)$", mystery, re.M)}
        steps = explain_case(case).steps
        said = re.findall(r"^(\d+)\. (.*?)(?=^\d+\. |\Z)", text.split("How to deduce it", 1)[1], re.M | re.S)
        assert len(said) == len(steps), f"mystery {number}: {len(said)} steps printed, {len(steps)} deduced"
        for (_, sentence), step in zip(said, steps, strict=True):
            used = {" ".join(c.text.split()) for c in case.clues if c.id in step.clues}
            for n in re.findall(r"[Cc]lue (\d+)", sentence):
                line = printed.get(n, "")   # its first printed line
                assert len(line) > 12 and any(u.startswith(line) for u in used), \
                    f"mystery {number}: clue {n} ({line!r}) is not one of {used}"
                checked += 1
    assert checked > 5


@pytest.fixture(scope="module")
def long_solution(tmp_path_factory) -> Path:
    """The village with every solution longer than a page: the first one too, so the
    Solutions heading above it has to go where it goes."""
    folder = tmp_path_factory.mktemp("long") / "village"
    shutil.copytree(VILLAGE, folder)
    for case in sorted(folder.glob("0*.yaml")):
        number = int(case.name[:3])
        words = " ".join(f"Sentence {k} of the long account explains one more thing the witness saw." for k in range(75))
        text = case.read_text()
        start = text.index("  text:")
        case.write_text(text[:start] + f"  text: {words} The end of solution {number}.\n")
    out = folder.parent / "out"
    result = build(folder, out)
    assert result.exit_code == 0, result.output
    return out / "casebook.pdf"


@pytest.mark.parametrize("book", ["village_deduced", "long_solution"])
def test_no_page_holds_only_the_solutions_heading(book, request):
    for number, text in enumerate(page_texts(request.getfixturevalue(book)), 1):
        if "SOLUTIONS" in text.upper().replace("SOLUTIONS \u2014", ""):
            assert "Solution to Mystery" in text, f"page {number} holds only the Solutions heading"


def test_a_two_page_solution_reads_on_when_the_book_is_turned(long_solution):
    """Turned round, the book shows page P on the left of P-1, and leafs on to P-2: the
    solution named on page P must go on, not on P+1, but on P-1."""
    pages = reader(long_solution).pages
    texts = [p.extract_text() for p in pages]
    for number, page in index_pages(long_solution, TITLES).items():
        assert f"Solution to Mystery {number}" in texts[page - 1] and "Sentence 0 " in texts[page - 1]
        [end] = [n for n, text in enumerate(texts, 1) if f"The end of solution {number}." in text]
        assert end == page - 1, f"solution {number} starts on page {page} and ends on page {end}"
        assert upside_down(pages[page - 1], f"Solution to Mystery {number}")
        assert upside_down(pages[end - 1], f"The end of solution {number}")
    for number, page in enumerate(pages, 1):  # printed page numbers are the pages' places in the PDF
        if "Solutions \u2014" in texts[number - 1]:  # the running head of a solutions page
            assert [t for t, a, d in text_runs(page) if t.isdigit() and a > 0] == [str(number)]


def raster(pdf: Path, page: int, dpi: int) -> np.ndarray:
    """One page in grey levels, as poppler prints it."""
    base = pdf.parent / f"raster-{page}-{dpi}"
    subprocess.run(["pdftoppm", "-r", str(dpi), "-gray", "-png", "-singlefile", "-f", str(page), "-l", str(page),
                    str(pdf), str(base)], capture_output=True, check=True)
    return np.asarray(Image.open(f"{base}.png").convert("L"))


def ink_rows(pdf: Path, page: int) -> np.ndarray:
    """For each pixel row of the page area (inside the margins), whether it holds any ink."""
    picture = raster(pdf, page, 60)
    dpmm = 60 / 25.4
    area = picture[int(24 * dpmm):-int(22 * dpmm), int(18 * dpmm):-int(18 * dpmm)]
    return (area < 240).any(axis=1)  # the ruled lines are light grey, thin


def test_mystery_pages_leave_room_for_notes_not_blank_paper(tmp_path):
    out = tmp_path / "out"
    assert build(SAMPLES / "hampshire", out, "--no-decoders").exit_code == 0
    pdf = out / "casebook.pdf"
    texts = page_texts(pdf)
    for number, text in enumerate(texts, 1):
        if "Solution appears on page" in text:
            assert "NOTES" in text.upper(), f"page {number}"
            rows = ink_rows(pdf, number)
            reach = np.flatnonzero(rows).max() / len(rows)  # how far down the page area is used
            assert reach > 0.9, f"mystery page {number} is blank below {reach:.0%}"  # was about 40%


def test_printers_marks_sit_outside_the_bleed_with_a_slug(village, tmp_path):
    out = tmp_path / "out"
    assert build(village, out, "--bleed", "3mm", "--marks", "both").exit_code == 0
    pdf = out / "casebook.pdf"
    page = reader(pdf).pages[3]
    trim, bleed, media = page.trimbox, page.bleedbox, page.mediabox
    assert float(bleed.left) == pytest.approx(float(trim.left) - 3 * MM, abs=0.01)
    assert float(media.left) == pytest.approx(float(trim.left) - 13 * MM, abs=0.01)
    ink = raster(pdf, 4, 100) < 128
    dpmm = 100 / 25.4
    trim, bleed = round(13 * dpmm), round(10 * dpmm)  # from the media edge: the trim line, the bleed line
    height, width = ink.shape

    def inside(margin: int) -> np.ndarray:
        mask = np.zeros_like(ink)
        mask[margin:height - margin, margin:width - margin] = True
        return mask
    assert ink[~inside(bleed)].sum() > 100, "no marks outside the bleed"
    assert ink[inside(bleed + 1) & ~inside(trim - 1)].sum() == 0, "something is drawn in the bleed"
    assert "casebook \u00b7 A4, bleed 3mm" in reader(pdf).pages[3].extract_text()


def test_the_plain_build_has_no_slug(built):
    assert "trim at the crop marks" not in " ".join(page_texts(built / "casebook.pdf"))


def test_casebook_html_is_a_screen_edition(built, tmp_path):
    html = (built / "casebook.html").read_text()
    written = {int(n): int(p) for n, p in re.findall(r'href="#solution-(\d+)">(\d+)</a>', html)}
    assert written == index_pages(built / "casebook.pdf", TITLES)
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        pytest.skip("chromium is not installed")
    shot = tmp_path / "shot.png"
    subprocess.run([chromium, "--headless", "--no-sandbox", "--disable-gpu", "--window-size=1200,900",
                    f"--screenshot={shot}", (built / "casebook.html").as_uri()], capture_output=True, timeout=120)
    picture = np.asarray(Image.open(shot).convert("L"))
    text_columns = np.flatnonzero((picture < 100).any(axis=0))
    assert text_columns.min() > 100 and text_columns.max() < 1100, "the text runs to the window's edge"
