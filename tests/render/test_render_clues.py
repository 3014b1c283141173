"""Who said the printed clues (render/context.one_speaker): named once when one speaker
says them all (the mansion's narrator, classic's notebook), clue by clue otherwise."""

from pathlib import Path

from casetool.load.project import load_paths
from casetool.render.casebook import assemble
from casetool.render.context import one_speaker

CASES = Path(__file__).resolve().parents[2] / "cases"


def _book(folder: Path):
    loaded = load_paths(sorted(p for p in folder.iterdir() if p.suffix == ".yaml"))
    book, _ = assemble(folder, loaded)
    return book


def test_one_speaker_is_named_once_mid_sentence():
    assert one_speaker(_book(CASES / "mansion" / "small").cases[0], set()) == "the narrator"
    assert one_speaker(_book(CASES / "classic").cases[2], set()) == "the Narrator"  # the notebook mystery


def test_several_speakers_or_a_single_clue_are_named_clue_by_clue():
    murdle = _book(CASES / "murdle")
    assert all(one_speaker(case, set()) is None for case in murdle.cases)  # suspects and the narrator
    assert one_speaker(_book(CASES / "classic").cases[0], set()) is None    # one clue only
