"""OR-Tools' CP-SAT module without pandas, for the `casetool` process (issue 27 item 17).

`ortools.sat.python.cp_model` imports pandas at its top, for its `*_series` helpers and for
the type hints that name `pd.Index` and `pd.Series`; casetool calls none of them. Importing
pandas is 0.2 s of CPU in every process (more than half of a small case's whole check,
bench/startup.py), so the command line imports cp_model with a stand-in module bound to
the name `pandas` while cp_model's own code runs, and takes it away after: a later
`import pandas` anywhere gets the real one.

Only the command line asks for this (`install`, from casetool.cli.main): a program that
imports casetool as a library may use cp_model's pandas helpers itself, so there cp_model
is imported as OR-Tools ships it. If a release of OR-Tools reads anything of pandas at import
beyond the names stood in for, the stand-in raises, and cp_model is run again with the real
pandas: slower, never wrong.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
import types
from collections.abc import Sequence
from typing import Any

TARGET = "ortools.sat.python.cp_model"


class _Absent:
    """What `pd.Index` and `pd.Series` are in cp_model's type hints: nothing is ever one."""


def _stand_in() -> types.ModuleType:
    module = types.ModuleType("pandas", "casetool's stand-in while cp_model is imported (lean_ortools.py)")
    module.Index = module.Series = module.DataFrame = _Absent   # type: ignore[attr-defined]

    def missing(name: str) -> Any:
        raise AttributeError(f"pandas.{name} is not stood in for (casetool/solver/lean_ortools.py)")
    module.__getattr__ = missing   # type: ignore[method-assign]
    return module


class _Loader(importlib.abc.Loader):
    """The module's own loader, run with the stand-in in place."""

    def __init__(self, real: importlib.abc.Loader):
        self.real = real

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType | None:
        return self.real.create_module(spec)

    def exec_module(self, module: types.ModuleType) -> None:
        if "pandas" in sys.modules:   # imported meanwhile: nothing left to save
            self.real.exec_module(module)
            return
        stand_in = sys.modules["pandas"] = _stand_in()
        try:
            self.real.exec_module(module)
        except Exception:
            del sys.modules["pandas"]
            self.real.exec_module(module)   # the same module again, with the real pandas
        finally:
            if sys.modules.get("pandas") is stand_in:
                del sys.modules["pandas"]


class _Finder(importlib.abc.MetaPathFinder):
    def __init__(self, target: str):
        self.target = target
        self.done = False

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: types.ModuleType | None = None) -> importlib.machinery.ModuleSpec | None:
        # One import only (the module is cached from then on). The finder stays in
        # sys.meta_path: the import system is walking that list while it asks.
        if fullname != self.target or self.done:
            return None
        self.done = True
        if "pandas" in sys.modules:
            return None   # loaded already: nothing to save
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is not None and spec.loader is not None:
            spec.loader = _Loader(spec.loader)
        return spec


def install(target: str = TARGET) -> None:
    """Import `target` (when something first does) with the stand-in for pandas."""
    if target not in sys.modules and not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, _Finder(target))
