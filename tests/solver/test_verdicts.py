"""One conversion of a verdict: the diagnostics carry a registered code per status, where
the status says (a contradiction at each clue of its conflict set), after the warnings;
the text form is what `casetool check` prints."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from casetool import api, codes
from casetool.diagnostics import Pos, warning
from casetool.solver.verdicts import CODES, verdict_diagnostics, verdict_lines

from cli_support import run

MINI = Path(__file__).resolve().parents[1] / "fixtures" / "mini"


def results():
    return {Path(r.file).name: r for r in api.check(api.load([MINI])).results}


def test_every_status_has_a_registered_code():
    assert all(code in codes.REGISTRY for code in CODES.values())
    assert sorted(CODES) == sorted(api.Status)


def test_each_verdict_becomes_its_diagnostics():
    by_name = results()
    ok, ambiguous = by_name["001-ok.yaml"], by_name["002-ambiguous.yaml"]
    contradiction, wrong = by_name["003-contradiction.yaml"], by_name["004-wrong.yaml"]
    [note] = [d for d in verdict_diagnostics(ok) if d.code == "K001"]
    assert note.severity == "note" and note.message.startswith("check: ok, exactly one answer fits: ")
    [amb] = verdict_diagnostics(ambiguous)
    assert (amb.code, amb.severity, amb.pos.line) == ("K002", "error", ambiguous.line)
    assert "answer 1: " in amb.message and "answer 2: " in amb.message
    marked = verdict_diagnostics(contradiction)
    assert [d.code for d in marked] == ["K003"] * len(contradiction.conflict) and len(marked) >= 2
    assert [(d.pos.line, d.pos.col) for d in marked] == [(c.line, c.col) for c in contradiction.conflict]
    [bad] = verdict_diagnostics(wrong)
    assert (bad.code, bad.severity) == ("K004", "error") and "declared: " in bad.message
    warned = replace(ok, warnings=[warning(Pos(ok.file, 9, 5), "W001", "clue 'c1' is redundant")])
    for result in [*by_name.values(), warned]:   # the warnings come first, as they are
        diags = verdict_diagnostics(result)
        assert diags[:len(result.warnings)] == result.warnings
        assert all(d.code in codes.REGISTRY for d in diags)
    assert [d.code for d in verdict_diagnostics(warned)] == ["W001", "K001"]


def test_the_text_form_is_what_check_prints():
    printed = run("check", MINI).output.splitlines()
    for result in results().values():
        lines = verdict_lines(result)
        start = printed.index(lines[0])
        assert printed[start:start + len(lines)] == lines
