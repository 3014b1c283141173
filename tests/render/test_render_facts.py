"""Decided facts in print (issue 26 item 1): mansion/small's motives (`unknown: true` with
`counts:`) decide its one answer, so the rules page must say them in words."""

import re
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest
from casetool.load.project import load_paths
from casetool.render.facts import fact_sentences

MANSION = Path(__file__).resolve().parents[2] / "cases" / "mansion"


def suspects(size: str):
    setting = next(iter(load_paths([MANSION / size]).settings.values()))
    return setting, setting.categories["suspect"]


def with_counts(cat, counts: dict):
    motive = cat.attributes["motive"]
    return replace(cat, attributes={"motive": replace(motive, counts=counts)})


def test_one_each_reads_as_all_different():
    setting, cat = suspects("small")
    assert fact_sentences(cat, setting) == ["The three suspects had three different motives: greed, revenge and jealousy."]


def test_counts_are_said_value_by_value():
    setting, cat = suspects("large")
    assert fact_sentences(cat, setting) == ["Each suspect had one motive: greed, revenge or jealousy. Of the five "
                                            "suspects, two had greed, two had revenge and one had jealousy."]
    assert fact_sentences(with_counts(cat, {"greed": 1, "revenge": 0}), setting) == [
        "Each suspect had one motive: greed, revenge or jealousy. Of the five suspects, exactly one had greed "
        "and none had revenge."]
    assert fact_sentences(with_counts(cat, {}), setting) == ["Each suspect had one motive: greed, revenge or jealousy."]


@pytest.mark.slow
def test_the_built_mansion_prints_its_motives_and_their_counts(built_book):
    pdf = built_book(MANSION / "small") / "casebook.pdf"
    text = " ".join(subprocess.run(["pdftotext", str(pdf), "-"], capture_output=True, text=True, check=True).stdout.split())
    for motive in ("greed", "revenge", "jealousy"):
        assert motive in text
    assert "The three suspects had three different motives: greed, revenge and jealousy." in text


@pytest.mark.slow
def test_a_book_that_does_not_print_the_counts_is_refused(tmp_path):
    """The print-sufficiency check: a rules template that drops the decided facts leaves
    mansion/small with seven answers on paper, so the build fails at the fact left out."""
    from casetool.printing.environment import package_templates

    from render_support import build

    theme = tmp_path / "theme"
    theme.mkdir()
    rules = (package_templates() / "rules.html").read_text()
    assert "cat.facts" in rules
    (theme / "rules.html").write_text(rules.replace("cat.facts", "[]").replace("other_facts", "[]"))
    result = build(MANSION / "small", tmp_path / "out", "--templates", theme)
    assert result.exit_code == 2, result.output
    title = load_paths([MANSION / "small"]).cases[0].title   # the sample is generated: its title is not pinned
    assert re.search(rf"setting\.yaml:20:9: error\[R023\]: mystery 1 '{re.escape(title)}': from what the book prints, "
                     r"(more than one|\d+) answers? fits?; the book leaves out how many suspects had each motive",
                     result.stderr), result.stderr
    assert not (tmp_path / "out" / "casebook.pdf").exists()
