"""`casetool playtest` on built books: the samples play, and broken books fail it.

The broken books are built here by the real `casetool build` with one render function
changed (monkeypatch): a decoder without noise, a wrong wheel number on a mystery page,
a solution printed on its mystery page. Playtest itself is never mocked.
"""

import json
import shutil
from collections import OrderedDict
from pathlib import Path

import pytest
from casetool.decoders import drawing
from casetool.decoders.ring import plain_wedge
from casetool.render import context

from cli_support import run

ROOT = Path(__file__).resolve().parent.parent.parent
VILLAGE = ROOT / "tests" / "fixtures" / "render" / "village"   # plain wheels: quick to draw
pytestmark = pytest.mark.slow


def one_mystery(source: Path, folder: Path, case_file: str) -> Path:
    """A copy of a sample casebook that prints only one of its mysteries."""
    shutil.copytree(source, folder)
    text = (folder / "casebook.yaml").read_text()
    head = text.split("\ncases:")[0]
    (folder / "casebook.yaml").write_text(f"{head}\ncases:\n  - {case_file}\n")
    return folder


def build_and_play(folder: Path, out: Path, *args) -> tuple[int, dict]:
    built = run("build", folder, "-o", out)
    assert built.exit_code == 0, built.output
    return play(out, folder, *args)


def play(out: Path, folder: Path, *args) -> tuple[int, dict]:
    played = run("playtest", out, "--source", folder, "--format", "json", *args)
    assert played.exit_code in (0, 1), played.output
    return played.exit_code, json.loads(played.output)


def checks(report: dict, component: str | None = None) -> list[dict]:
    return [c for cs in report["mysteries"].values() for c in cs if component is None or c["component"] == component]


def test_village_plays(built_book):
    code, report = play(built_book(VILLAGE), VILLAGE)
    assert code == 0, [c for c in checks(report) if not c["ok"]]
    assert len(report["mysteries"]) == 3
    assert all(c["measures"]["decoded"] >= 0.95 for c in checks(report) if c["component"].endswith("wheel"))


def test_wrong_wheel_number_on_a_mystery_page_fails(tmp_path, monkeypatch):
    real = context.mystery

    def off_by_one(case, wheels, *args, **kwargs):
        view = real(case, wheels, *args, **kwargs)
        if case.number == 1:
            view["wheel_numbers"] = [None if n is None else n % 100 + 1 for n in view["wheel_numbers"][:1]] \
                + view["wheel_numbers"][1:]
        return view
    monkeypatch.setattr(context, "mystery", off_by_one)
    code, report = build_and_play(VILLAGE, tmp_path / "out")
    assert code == 1
    wrong = [c for c in report["mysteries"]["1"] if not c["ok"]]
    assert [c["component"] for c in wrong] == ["Professor Plum's wheel"]
    assert wrong[0]["measures"]["printed"] == wrong[0]["measures"]["expected_number"] % 100 + 1


def test_solution_leaked_on_its_mystery_page_fails(tmp_path, monkeypatch):
    real = context.mystery

    def leaky(case, *args, **kwargs):
        view = real(case, *args, **kwargs)
        if case.number == 2:
            view["story"] = view["story"] + context.paragraphs(case.solution_text)[:1]
        return view
    monkeypatch.setattr(context, "mystery", leaky)
    code, report = build_and_play(VILLAGE, tmp_path / "out")
    assert code == 1
    failed = [(n, c["component"]) for n, cs in report["mysteries"].items() for c in cs if not c["ok"]]
    assert failed == [("2", "spoilers")]


def _no_noise(ops, wheel, number, fitted, rng):
    """The statement in plain ink where the red filter's wedge goes: readable by anyone."""
    plain_wedge(ops, wheel, number, fitted)


def test_red_filter_without_noise_fails(tmp_path, monkeypatch):
    monkeypatch.setattr(drawing, "red_wedge", _no_noise)
    monkeypatch.setattr(drawing, "_DRAWN", OrderedDict())  # draw the wheels again, with the broken encoding
    folder = one_mystery(ROOT / "cases" / "hampshire", tmp_path / "hampshire", "001-the-marrow-vanishes.yaml")
    code, report = build_and_play(folder, tmp_path / "out")
    assert code == 1
    red = [c for c in checks(report) if c["component"] in {"Professor Plum's wheel", "Mrs. White's wheel"}]
    assert red and all(not c["ok"] and c["measures"]["naked_eye"] >= 0.10 for c in red)


# Every bundled casebook folder (cases/mansion holds three).
SAMPLES = ["classic", "murdle", "supercluedo", "tudor", "grange", "hampshire",
           "mansion/small", "mansion/medium", "mansion/large"]


@pytest.mark.parametrize("sample", SAMPLES)
def test_every_sample_plays(built_book, sample):
    code, report = play(built_book(ROOT / "cases" / sample), ROOT / "cases" / sample)
    assert code == 0, [c for c in checks(report) if not c["ok"]]


def test_wrong_note_number_on_an_event_card_fails(tmp_path, monkeypatch):
    """A card that hides note 1 as 2 sends the player to the wrong note: playtest reads the
    card through the red film and says so, for that mystery's event cards only."""
    from casetool.decoders import document

    real = document.hidden_number
    monkeypatch.setattr(document, "hidden_number", lambda number, *a: real(2 if number == 1 else number, *a))
    code, report = build_and_play(ROOT / "cases" / "tudor", tmp_path / "out", "--mystery", "1")
    assert code == 1
    failed = [(n, c["component"]) for n, cs in report["mysteries"].items() for c in cs if not c["ok"]]
    assert failed == [("1", "event cards")]
    cards = next(c for c in report["mysteries"]["1"] if c["component"] == "event cards")
    assert 1 in cards["measures"]["expected"] and 1 not in cards["measures"]["read"]


def test_wrong_corner_under_a_flap_fails(tmp_path, monkeypatch):
    """A murder card whose corner under a flap is not its code fails that mystery."""
    from casetool.decoders import document

    real = document.murder_holders

    def wrong(book):
        out = real(book)
        out[0]["holders"][0]["parts"][-1] = dict(out[0]["holders"][0]["parts"][-1], value="99")
        return out
    monkeypatch.setattr(document, "murder_holders", wrong)
    code, report = build_and_play(ROOT / "cases" / "supercluedo", tmp_path / "out")
    assert code == 1
    failed = [(n, c["component"]) for n, cs in report["mysteries"].items() for c in cs if not c["ok"]]
    assert failed == [("1", "murder card holders")]
