"""The system packages in system-packages.txt: which are missing, and what a missing one stops.

Standard library only: .ci/run runs it before anything is pip-installed,
`python tests/system_packages.py missing stop` (or `skip`) printing the missing packages'
names for apt-get; tests/conftest.py stops the test run on a missing `stop` package (the
tests that need a `skip` one skip themselves, naming it). CASETOOL_SYSTEM_PACKAGES names
another list (the tests of this check use one with a package that is never there).
"""

from __future__ import annotations

import ctypes
import glob
import os
import shutil
import sys
from dataclasses import dataclass
from pathlib import Path

LIST = Path(__file__).resolve().parent.parent / "system-packages.txt"
WHEN = ("stop", "skip")


@dataclass(frozen=True)
class Package:
    name: str
    when: str               # "stop" or "skip"
    probes: tuple[str, ...]  # "lib:SONAME", "bin:PROGRAM", "file:GLOB"
    why: str

    def present(self) -> bool:
        return all(_present(probe) for probe in self.probes)


def _present(probe: str) -> bool:
    kind, _, what = probe.partition(":")
    if kind == "lib":
        try:
            ctypes.CDLL(what)
        except OSError:
            return False
        return True
    if kind == "bin":
        return shutil.which(what) is not None
    if kind == "file":
        return bool(glob.glob(what))
    raise ValueError(f"unknown probe {probe!r}: lib:, bin: or file:")


def packages(path: Path | None = None) -> list[Package]:
    path = path or Path(os.environ.get("CASETOOL_SYSTEM_PACKAGES", LIST))
    out = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        words = line.split()
        probes = tuple(w for w in words[2:] if w.partition(":")[0] in ("lib", "bin", "file"))
        if len(words) < 3 or words[1] not in WHEN or not probes:
            raise ValueError(f"{path}:{number}: expected 'package stop|skip probe... why', got {line!r}")
        out.append(Package(words[0], words[1], probes, " ".join(words[2 + len(probes):])))
    return out


def missing(when: str, path: Path | None = None) -> list[Package]:
    return [p for p in packages(path) if p.when == when and not p.present()]


def stop_message(gone: list[Package]) -> str:
    names = " ".join(p.name for p in gone)
    return ("missing system packages (system-packages.txt): "
            + "; ".join(f"{p.name} ({p.why})" for p in gone)
            + f". On Debian or Ubuntu: sudo apt-get install {names}")


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] != "missing" or sys.argv[2] not in WHEN:
        sys.exit("usage: python tests/system_packages.py missing stop|skip")
    print(" ".join(p.name for p in missing(sys.argv[2])))
