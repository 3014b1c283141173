"""The solver layer stands alone: it never imports the explanation layer (W004, which
needs an explanation, is a step after the verdict, in casetool.explain.verdict), and
it stops within its budget there too."""

import ast
import dataclasses
import subprocess
import sys
from pathlib import Path

import pytest
from casetool.explain.verdict import difficulty_warnings
from casetool.load.project import load_paths
from casetool.solver.budget import Budget

ROOT = Path(__file__).resolve().parents[2]
SOLVER = ROOT / "casetool" / "solver"


def imported_modules(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            names.add("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            names |= {a.name for a in node.names}
    return names


def test_no_solver_module_imports_explain():
    for path in sorted(SOLVER.glob("*.py")):
        bad = [m for m in imported_modules(path) if "explain" in m]
        assert not bad, f"{path.name} imports {bad}"


@pytest.mark.slow
def test_checking_a_case_loads_no_explanation_code():
    code = ("import sys; from pathlib import Path; from casetool.load.project import load_paths; "
            "from casetool.solver.check import prove_case; from casetool.solver.options import Options; "
            "case = load_paths([Path('tests/fixtures/mini/001-ok.yaml')]).cases[0]; "
            "assert prove_case(case, Options()).status == 'ok'; "
            "print(sorted(m for m in sys.modules if m.startswith('casetool.explain')))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_the_difficulty_warning_stops_when_the_budget_is_spent():
    # The samples declare no difficulty: declare one, so the warning has something to grade.
    case = load_paths([ROOT / "cases" / "tudor" / "001-the-comet-party.yaml"]).cases[0]
    case = dataclasses.replace(case, difficulty="hard")
    [w] = difficulty_warnings(case, Budget(0.0))
    assert w.code == "W009" and "difficulty warning skipped" in w.message
