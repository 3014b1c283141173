"""casetool.api: results, never printing or exiting; the commands' exit codes come from one place."""

import ast
from pathlib import Path

from casetool import api

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"


def test_check_returns_verdicts_and_prints_nothing(capsys):
    report = api.check(FIXTURES / "mini", api.Options(warnings=False), jobs=1)
    assert {Path(r.file).name: r.status for r in report.results} == {
        "001-ok.yaml": api.Status.OK, "002-ambiguous.yaml": api.Status.AMBIGUOUS,
        "003-contradiction.yaml": api.Status.CONTRADICTION, "004-wrong.yaml": api.Status.WRONG}
    assert not report.ok and len(report.failing) == 3
    assert capsys.readouterr() == ("", "")


def test_input_errors_are_diagnostics_not_an_exit(capsys):
    report = api.check(FIXTURES / "bad", jobs=1)
    assert report.results == [] and not report.ok
    assert {"E015", "T002"} <= {d.code for d in report.input_errors}
    explained = api.explain(FIXTURES / "bad")
    assert explained.explained == [] and not explained.ok
    assert capsys.readouterr() == ("", "")


def test_explain_gives_steps_only_for_ok_cases():
    report = api.explain(FIXTURES / "mini", time_limit=30)
    by_name = {Path(e.case.display).name: e for e in report.explained}
    assert by_name["001-ok.yaml"].ok and by_name["001-ok.yaml"].grade.level
    assert by_name["002-ambiguous.yaml"].explanation is None
    assert by_name["002-ambiguous.yaml"].result.status == api.Status.AMBIGUOUS


def test_a_build_that_cannot_start_says_why(tmp_path, capsys):
    built = api.build(tmp_path / "missing", tmp_path / "out")
    assert built.stopped == "input" and "no such folder" in built.message
    assert not (tmp_path / "out").exists() and capsys.readouterr() == ("", "")


def test_only_the_cli_edge_exits():
    """sys.exit is called in casetool/cli.py only; every other module returns or raises."""
    offenders = []
    for path in sorted((ROOT / "casetool").rglob("*.py")):
        if path.name == "cli.py" and path.parent.name == "casetool":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and ast.unparse(node.func) in ("sys.exit", "exit", "quit"):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert offenders == []


def test_exit_codes_are_defined_once():
    """No command module defines its own EXIT_* numbers: they use commands.edge.ExitCode."""
    defined = []
    for path in sorted((ROOT / "casetool").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Assign):
                names = [n.id for t in node.targets for n in ast.walk(t) if isinstance(n, ast.Name)]
                defined += [f"{path.relative_to(ROOT)}: {n}" for n in names if n.startswith("EXIT_")]
    assert defined == []


def test_difficulty_levels_are_listed_once():
    """The schema's `difficulty` names are the model's Level, in order; grading and generating use it."""
    import json

    from casetool.commands.generate import LEVELS as CLI_LEVELS
    from casetool.explain.grade import LEVEL_NAMES as GRADES
    from casetool.generate.engine import LEVELS as GENERATED
    from casetool.load.model import Level
    schema = json.loads((ROOT / "schemas" / "case.schema.json").read_text())
    assert schema["properties"]["difficulty"]["enum"] == [level.value for level in Level]
    assert list(GRADES) == list(Level) == list(GENERATED) == list(CLI_LEVELS)


def test_importing_the_api_loads_neither_solver_nor_printer():
    """A script that only validates does not pay for OR-Tools or WeasyPrint."""
    import subprocess
    import sys
    code = ("import sys, casetool.api; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'ortools', 'weasyprint'}))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_generate_says_why_not_without_printing_or_writing(tmp_path, capsys):
    """The generate command's refusals come from the API: a level the kind does not reach
    (G006), a casebook folder that already holds YAML (G004, nothing written)."""
    report = api.generate(ROOT / "cases" / "hampshire", kind="traits", difficulty="fiendish")
    assert not report.ok and [d.code for d in report.diagnostics] == ["G006"]
    (tmp_path / "old.yaml").write_text("kept: true\n")
    book = api.generate_book(ROOT / "cases" / "murdle", tmp_path, 2)
    assert not book.ok and [d.code for d in book.diagnostics] == ["G004"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["old.yaml"] and capsys.readouterr() == ("", "")


def test_the_generate_command_and_the_editor_verdict_go_through_the_api():
    """commands/generate.py and lsp/verdict.py reach the generator and the solver only via casetool.api."""
    for name in ("commands/generate.py", "lsp/verdict.py"):
        tree = ast.parse((ROOT / "casetool" / name).read_text())
        imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
        assert not {m for m in imported if m.split(".")[0] in ("generate", "solver") and m != "solver.status"
                    and m != "solver.options"}, (name, imported)
