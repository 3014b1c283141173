"""A small `casetool check` imports only what it runs (issue 27 item 17, bench/startup.py).

The check runs as an author runs it, `python -m casetool` in a fresh process, which writes
the names of every module it imported (sys.modules) as it exits. (`-X importtime` would miss
the modules imported through importlib, as the commands and the api's lazy names are.)"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import casetool.api as api
import pytest

ROOT = Path(__file__).resolve().parents[1]
CASE = "tests/fixtures/mini/001-ok.yaml"

# What a check of a valid case never needs: the printing side (Jinja, WeasyPrint, Pillow and
# casetool's layers for them), the editor's server, the generator, the prose checks, the
# progress bar off a terminal, the step-wise explanation when no difficulty is declared, a
# process pool for one case, and jsonschema (a valid document is answered by the validators
# generated from the schemas, casetool/load/schema_valid.py), nor Lark and the `regex` module it
# takes (the clue parser is Lark's standalone one, casetool/language/parser_cache.py), nor pandas
# (OR-Tools' cp_model imports it for helpers casetool never calls: casetool/solver/lean_ortools.py).
NEVER = [
    "jinja2", "weasyprint", "PIL", "pygls", "tqdm", "jsonschema", "fastjsonschema", "multiprocessing",
    "lark", "regex", "pandas",
    "casetool.render", "casetool.printing", "casetool.decoders", "casetool.generate", "casetool.lint",
    "casetool.english", "casetool.playtest", "casetool.lsp", "casetool.serve", "casetool.scaffold",
    "casetool.explain.steps", "casetool.explain.grade", "casetool.api.book", "casetool.api.generated",
    "casetool.api.playing", "casetool.api.insight", "casetool.api.authoring",
]


RUN = ("import atexit, runpy, sys\n"
       "listed = sys.argv.pop(1)\n"
       "atexit.register(lambda: open(listed, 'w').write('\\n'.join(sorted(sys.modules))))\n"
       "runpy.run_module('casetool', run_name='__main__', alter_sys=True)\n")


def imported_by(tmp_path: Path, *argv: str) -> set[str]:
    listed = tmp_path / "modules.txt"
    done = subprocess.run([sys.executable, "-c", RUN, str(listed), *argv], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stdout + done.stderr
    return set(listed.read_text().split())


@pytest.mark.parametrize("argv", [["check", CASE], ["check", "--world", CASE]], ids=" ".join)
def test_a_small_check_imports_nothing_it_does_not_run(argv, tmp_path):
    modules = imported_by(tmp_path, *argv)
    assert "ortools.sat.python.cp_model" in modules and "casetool.solver.check" in modules  # it did check
    heavy = sorted(m for m in modules if any(m == n or m.startswith(n + ".") for n in NEVER))
    assert not heavy, f"`casetool {' '.join(argv)}` imported {heavy}: import them where they are used"


def _typed_names() -> dict[str, set[str]]:
    """The names casetool/api/__init__.py imports under TYPE_CHECKING, by module."""
    tree = ast.parse((ROOT / "casetool" / "api" / "__init__.py").read_text())
    block = next(n for n in tree.body if isinstance(n, ast.If) and ast.unparse(n.test) == "TYPE_CHECKING")
    return {n.module: {a.name for a in n.names} for n in block.body if isinstance(n, ast.ImportFrom) and n.module}


def test_the_lazy_api_names_are_those_typed_and_all_resolve():
    assert _typed_names() == {module: set(names) for module, names in api._LAZY.items()}
    missing = [name for name in api.__all__ if not hasattr(api, name)]
    assert not missing, missing
    assert callable(api.wheels) and callable(api.check) and api.build.__module__ == "casetool.api.book"


def test_the_sat_mirror_is_imported_only_when_a_warning_asks_it(tmp_path):
    quiet = imported_by(tmp_path, "check", "--no-warnings", CASE)
    assert not sorted(m for m in quiet if m.split(".")[0] == "pysat")
    warned = imported_by(tmp_path, "check", CASE)
    assert "pysat.solvers" in warned
    assert "pysat.card" not in warned   # its encodings only for a constraint the solver cannot take natively


# lean_ortools on a module of our own, in a fresh process: `pd.Index` is stood in for, anything
# else of pandas read at import falls back to the real pandas.
LEAN = ("import sys\n"
        "sys.path.insert(0, sys.argv[1])\n"
        "from casetool.solver import lean_ortools\n"
        "lean_ortools.install('fakeor.uses')\n"
        "import fakeor.uses as uses\n"
        "print(uses.hint.__name__, 'pandas' in sys.modules)\n"
        "import pandas\n"
        "print(pandas is uses.pd, hasattr(pandas, 'DataFrame') and pandas.DataFrame is not uses.hint)\n")


def _lean_import(tmp_path: Path, body: str) -> list[str]:
    (tmp_path / "fakeor").mkdir()
    (tmp_path / "fakeor" / "__init__.py").write_text("")
    (tmp_path / "fakeor" / "uses.py").write_text("import pandas as pd\n" + body)
    done = subprocess.run([sys.executable, "-c", LEAN, str(tmp_path)], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return done.stdout.split("\n")


def test_the_lean_import_stands_in_for_pandas_and_leaves_the_real_one_for_later(tmp_path):
    first, later, _ = _lean_import(tmp_path, "hint = pd.Index\n")
    assert first == "_Absent False"     # the module's hint is the stand-in; no pandas loaded
    assert later == "False True"        # a later `import pandas` is the real one


def test_the_lean_import_falls_back_to_pandas_when_the_module_reads_more_of_it(tmp_path):
    first, later, _ = _lean_import(tmp_path, "hint = pd.Index\nframe = pd.DataFrame([1])\n")
    assert first == "Index True"        # run again with the real pandas
    assert later == "True True"


def test_a_library_user_gets_cp_model_as_ortools_ships_it(tmp_path):
    code = ("import sys, casetool.api as api\n"
            f"api.check(api.load([{str(ROOT / CASE)!r}]))\n"
            "print('ortools.sat.python.cp_model' in sys.modules, 'pandas' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True"]
