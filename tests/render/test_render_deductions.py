"""'How to deduce it' in a player's words (casetool/render/deductions.py): what a step
rules out reads as a sentence ("the times Dawn and Dusk"), never as explain's
"time: not Dawn or Dusk", and every clue by where the player found it."""

from pathlib import Path

from casetool.explain.steps import Fact
from casetool.project import load_paths
from casetool.render.casebook import assemble
from casetool.render.deductions import PlayerNamer, insights, plural

TUDOR = Path(__file__).resolve().parents[2] / "cases" / "tudor"


def _book(folder: Path):
    loaded = load_paths(sorted(p for p in folder.iterdir() if p.suffix == ".yaml"))
    book, _ = assemble(folder, loaded)
    return book


def test_what_a_step_rules_out_reads_as_a_sentence():
    book = _book(TUDOR)
    namer = PlayerNamer(book.cases[0], {})
    facts = [Fact("not", "time", "dawn"), Fact("not", "time", "dusk"), Fact("not", "time", "night"),
             Fact("not", "suspect", "plum"), Fact("lies", "plum")]
    assert namer.ruled_out(facts) == ["the times Dawn, Dusk and Night", "the suspect Professor Plum"]


def test_plurals_of_category_labels():
    assert [plural(w) for w in ("time", "suspect", "glass", "activity", "day", "box")] == \
        ["times", "suspects", "glasses", "activities", "days", "boxes"]


def test_printed_steps_name_no_category_as_a_label():
    book = _book(TUDOR)
    first = book.cases[0]  # the only case marked ok: the only one explained
    steps = insights(book, {first.display: "ok"}, {})[first.number]["steps"]
    assert steps and not any(": not " in s or "time: " in s for s in steps)
    assert any("the times " in s for s in steps)
