"""Paper, bleed, author templates, proof copies, input errors and reproducible output."""

import os
import shutil
import subprocess
import sys
import time

import pytest
from casetool.printing.environment import package_templates

from render_support import TITLES, build, index_pages, page_texts, reader, upside_down

pytestmark = pytest.mark.slow  # builds PDFs (or sweeps the brute force): the inner loop `-m "not slow"` skips it

MM = 72 / 25.4


@pytest.mark.parametrize("paper, width, height", [("a4", 210 * MM, 297 * MM), ("letter", 612, 792)])
def test_paper_sizes(village, tmp_path, paper, width, height):
    out = tmp_path / "out"
    assert build(village, out, "--paper", paper).exit_code == 0
    for page in reader(out / "casebook.pdf").pages:
        assert float(page.mediabox.width) == pytest.approx(width, abs=0.01)
        assert float(page.mediabox.height) == pytest.approx(height, abs=0.01)


def test_bleed_and_crop_marks_for_a_print_shop(village, tmp_path):
    out = tmp_path / "out"
    assert build(village, out, "--bleed", "3mm", "--marks", "crop").exit_code == 0
    page = reader(out / "casebook.pdf").pages[2]
    assert float(page.trimbox.width) == pytest.approx(210 * MM, abs=0.01)
    assert float(page.bleedbox.width) == pytest.approx((210 + 6) * MM, abs=0.01)
    # the marks lie outside the bleed, in a zone of their own (paper.MARK_ZONE_MM)
    assert float(page.mediabox.width) == pytest.approx((210 + 6 + 20) * MM, abs=0.01)


def test_bad_bleed_is_a_usage_error(village, tmp_path):
    result = build(village, tmp_path / "out", "--bleed", "3 furlongs")
    assert result.exit_code == 2 and "--bleed" in result.output


def test_author_template_overrides_one_part(village, tmp_path):
    theme = tmp_path / "theme"
    theme.mkdir()
    (theme / "cover.html").write_text('<section class="cover"><h1 class="bookmark">{{ book.title }}: Deluxe Edition</h1></section>\n')
    out = tmp_path / "out"
    result = build(village, out, "--templates", theme)
    assert result.exit_code == 0, result.output
    texts = page_texts(out / "casebook.pdf")
    assert "Village Tales: Deluxe Edition" in texts[0]
    assert "A casebook of 3 mysteries" not in "".join(texts)
    assert any("Mystery Index" in t for t in texts)  # the other parts still come from the package


def test_template_error_names_the_template_line(village, tmp_path):
    theme = tmp_path / "theme"
    theme.mkdir()
    (theme / "cover.html").write_text("<p>\n{{ book.no_such_field }}\n</p>\n")
    result = build(village, tmp_path / "out", "--templates", theme)
    assert result.exit_code == 2
    assert "cover.html:2:1: error[R001]: template error:" in result.stderr


def test_a_wrong_page_reference_is_an_error(village, tmp_path):
    """A style that prints something other than the real page is caught after layout."""
    theme = tmp_path / "theme"
    theme.mkdir()
    original = (package_templates() / "casebook.css").read_text()
    (theme / "casebook.css").write_text(original + '\n.index a.page-ref::after { content: "99"; }\n')
    result = build(village, tmp_path / "out", "--templates", theme)
    assert result.exit_code == 2
    assert "error[R021]" in result.stderr and "names page '99'" in result.stderr


def test_failing_case_is_refused_unless_allowed(village, tmp_path, fixtures):
    shutil.copy(fixtures / "mini" / "002-ambiguous.yaml", village / "004-ambiguous.yaml")
    text = (village / "004-ambiguous.yaml").read_text().replace("setting: mini", "setting: village")
    (village / "004-ambiguous.yaml").write_text(text.replace("case: 2", "case: 4"))
    (village / "casebook.yaml").write_text((village / "casebook.yaml").read_text().replace(
        "003-the-lost-putter.yaml]", "003-the-lost-putter.yaml, 004-ambiguous.yaml]"))
    out = tmp_path / "out"
    refused = build(village, out)
    assert refused.exit_code == 1
    assert "error[ambiguous]" in refused.stderr and "nothing was written" in refused.stderr
    assert not out.exists()
    allowed = build(village, out, "--allow-failing")
    assert allowed.exit_code == 0, allowed.output
    text = "".join(page_texts(out / "casebook.pdf"))
    assert "Proof copy: this mystery is ambiguous" in text
    assert "Solution to Mystery 4" in text


def test_input_error_exits_2_with_a_diagnostic(village, tmp_path):
    case = village / "003-the-lost-putter.yaml"
    case.write_text(case.read_text().replace("suspect: green", "suspect: gren"))
    out = tmp_path / "out"
    result = build(village, out)
    assert result.exit_code == 2
    assert "003-the-lost-putter.yaml:" in result.stderr and "error[V022]: unknown suspect 'gren'" in result.stderr
    assert not out.exists()


def test_same_input_same_bytes(village, tmp_path):
    """Built twice, a second apart (embedded fonts once carried the time), and once in
    another process with another hash seed: the same bytes every time."""
    assert build(village, tmp_path / "a").exit_code == 0
    time.sleep(1.1)
    assert build(village, tmp_path / "b").exit_code == 0
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    env.pop("SOURCE_DATE_EPOCH", None)
    subprocess.run([sys.executable, "-m", "casetool", "build", str(village), "-o", str(tmp_path / "c")],
                   check=True, env=env, capture_output=True)
    for name in ("casebook.pdf", "casebook.html"):
        first = (tmp_path / "a" / name).read_bytes()
        assert first == (tmp_path / "b" / name).read_bytes() == (tmp_path / "c" / name).read_bytes(), name
    assert b"/CreationDate" not in (tmp_path / "a" / "casebook.pdf").read_bytes()


def test_source_date_epoch_stamps_the_pdf(village, tmp_path, monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "946684800")
    assert build(village, tmp_path / "out").exit_code == 0
    assert reader(tmp_path / "out" / "casebook.pdf").metadata["/CreationDate"].startswith("D:20000101")


def test_no_progress_when_not_a_terminal(village, tmp_path):
    result = build(village, tmp_path / "out")
    assert result.exit_code == 0
    assert result.stderr == ""
    assert result.stdout.strip().endswith("3 mysteries, 11 pages")  # a spread to each solution


def test_long_solutions_run_over_pages_and_the_index_follows(village, tmp_path):
    """Long solution texts fill several pages; every index entry still names the right one."""
    for case in village.glob("0*.yaml"):
        text = case.read_text()
        long = "\n\n    ".join(["A long explanation of every clue, written out at length for the reader."
                                " " * 1 + "It goes on." * 20] * 6)
        case.write_text(text.replace("  text: ", f"  text: |\n    {long}\n\n    ", 1)
                        if "  text: |" not in text else text)
    out = tmp_path / "out"
    result = build(village, out)
    assert result.exit_code == 0, result.output
    pdf = out / "casebook.pdf"
    named = index_pages(pdf, TITLES)
    assert len(set(named.values())) > 1  # the solutions really are on different pages
    pages = reader(pdf).pages
    for number, page in named.items():
        heading = f"Solution to Mystery {number}: {TITLES[number]}"
        assert heading in pages[page - 1].extract_text()
        assert upside_down(pages[page - 1], heading)


def test_yaml_in_sub_folders_is_not_part_of_the_book(village, tmp_path):
    drafts = village / "drafts"
    drafts.mkdir()
    (drafts / "broken.yaml").write_text("case: [unfinished\n")
    result = build(village, tmp_path / "out")
    assert result.exit_code == 0, result.output


def test_progress_on_a_terminal(monkeypatch, capsys):
    from casetool.commands import progress
    monkeypatch.setattr(progress, "isatty", lambda: True)
    with progress.Progress("build", unit="step") as bar:
        bar.step("laying out pages")
        assert "build: " in (err := capsys.readouterr().err) and "laying out pages" in err
