"""W002 and W003, the declared-liar warnings, from real case files through `check`."""

from pathlib import Path

from cli_support import run

LIARS = Path(__file__).resolve().parent / "fixtures" / "liars"


def test_a_declared_liar_who_never_speaks_is_w002():
    result = run("check", "-j", "1", LIARS / "001-undeclared-witness.yaml")
    assert result.exit_code == 0, result.output
    assert ("001-undeclared-witness.yaml:15:3: warning[W002]: declared liar(s) green cannot lie in this case "
            "(only the case's witnesses can)") in result.output
    assert "W003" not in result.output


def test_declared_liars_the_clues_do_not_force_are_w003():
    result = run("check", "-j", "1", LIARS / "002-unforced-liar.yaml")
    assert result.exit_code == 0, result.output
    assert ("002-unforced-liar.yaml:15:3: warning[W003]: the clues do not force the declared liars (plum): "
            "a world where nobody lie(s) also fits") in result.output
    assert "W002" not in result.output
