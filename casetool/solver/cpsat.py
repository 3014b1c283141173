"""The CP-SAT backend: one solver over one compiled model, asked under assumptions.

With circuit.py and compile.py, the only modules that import ortools (they build the model, this
solves it); the session asks it, and the SAT mirror (incremental.py), through the
Backend protocol (backend.py).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ortools.sat.python import cp_model

from .circuit import Compiled, Lit


class Engine:
    """One CP-SAT solver over one compiled model, questions asked by assumption literals.

    The model is never copied: each question replaces the assumptions. Everything above
    this class (casetool.solver.session) talks to CP-SAT only through it."""

    def __init__(self, compiled: Compiled):
        self.model = compiled.model
        self.solver = new_solver()

    def solve(self, assumptions: Sequence[int], seconds: float, pinned: Sequence[int] = ()) -> bool | None:
        """Solve with the literals `assumptions` (by index) assumed (a core can be asked for
        after) and `pinned` literals fixed in their variables' domains for this one solve
        (as if added as constraints: CP-SAT then finds the same world a copy of the model
        with them added would). None: not decided within `seconds`."""
        self.model.clear_assumptions()
        self.model.proto.assumptions.extend(assumptions)
        self.solver.parameters.max_time_in_seconds = max(seconds, 0.001)
        saved = self._pin(pinned)
        try:
            status = self.solver.solve(self.model)
        finally:
            for domain, low, high in reversed(saved):
                domain[0], domain[1] = low, high
            self.model.clear_assumptions()
        if status in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return True
        return False if status == cp_model.INFEASIBLE else None

    def _pin(self, lits: Sequence[int]) -> list[tuple[Any, int, int]]:
        saved = []
        for lit in lits:
            index, value = (lit, 1) if lit >= 0 else (-lit - 1, 0)  # ~x has index -x-1
            domain = self.model.proto.variables[index].domain
            saved.append((domain, domain[0], domain[1]))
            domain[0] = domain[1] = value
        return saved

    def value(self, lit: Lit) -> bool:
        """A literal's value in the last feasible solve (constants are their own value)."""
        return lit if isinstance(lit, bool) else bool(self.solver.boolean_value(lit))

    def core(self) -> list[int]:
        """After an infeasible solve: indices of assumptions that suffice for infeasibility."""
        return list(self.solver.sufficient_assumptions_for_infeasibility())

    def snapshot(self) -> Snapshot:
        """The model's variables and constraints, parsed from its serialized form: reading a
        big model's constraints from it is about 10x faster than through cp_model's own proto
        (0.02 s against 0.23 s for the 30,000 constraints of a 30 x 30 x 30 timeline)."""
        return Snapshot(self._serialized())

    def _serialized(self) -> bytes:
        """CP-SAT writes its model only to a file. On Linux that is a file in memory (a
        temporary folder cost 4 ms of wall time to create and remove here, more than the
        rest of a small case's warnings); elsewhere a temporary folder."""
        if hasattr(os, "memfd_create") and Path("/proc/self/fd").is_dir():
            fd = os.memfd_create("casetool-model.pb")
            try:
                self._export(f"/proc/self/fd/{fd}")
                with open(f"/proc/self/fd/{fd}", "rb") as f:
                    return f.read()
            finally:
                os.close(fd)
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "model.pb"
            self._export(str(path))
            return path.read_bytes()

    def _export(self, path: str) -> None:
        # not named .txt: export_to_file writes the binary form then
        if not self.model.export_to_file(path):
            raise OSError(f"CP-SAT could not write its model to {path}")

    def guarded_clause(self, lits: list[Lit]) -> Lit:
        """A fresh literal g and the clause (not g) or lits[0] or ...: assuming g enforces
        the clause, not assuming it leaves the model as it was."""
        guard = self.model.new_bool_var("")
        self.model.add_bool_or([~guard] + list(lits))
        return guard


# Fields of CpModelProto read by a snapshot, by number; and how many of them are parsed at once.
VARIABLES, CONSTRAINTS = 2, 3
CHUNK = 512


class Snapshot:
    """A serialized model read a slice at a time: `variables` and `constraints` are
    sequences whose items are parsed CHUNK at a time (a run of one repeated field is itself
    a serialized CpModelProto), so the model is never held parsed whole. Parsed whole, a
    model is 6 to 7 times its serialized size (an 8x8x10x8 board generation's pool: 0.57 MB
    serialized, 3.9 MB parsed, on top of the SAT solver being filled from it)."""

    def __init__(self, data: bytes):
        starts = _field_starts(data, (VARIABLES, CONSTRAINTS))
        view = memoryview(data)
        self.variables = _Slices(view, starts[VARIABLES], "variables")
        self.constraints = _Slices(view, starts[CONSTRAINTS], "constraints")


class _Slices:
    """One repeated field of a serialized model, by index: item i is parsed with its chunk
    (CHUNK items), one chunk kept at a time (read in order, as the SAT mirror reads them)."""

    def __init__(self, view: memoryview, starts: list[int], field: str):
        self.view, self.starts, self.field = view, starts, field   # starts[-1]: the end of the last item
        self._chunk = -1
        self._items: Any = ()

    def __len__(self) -> int:
        return len(self.starts) - 1

    def __getitem__(self, i: int) -> Any:
        if not 0 <= i < len(self):
            raise IndexError(i)
        chunk = i // CHUNK
        if chunk != self._chunk:
            # protobuf: imported only when the warnings ask for it
            from ortools.sat import cp_model_pb2

            first = chunk * CHUNK
            last = min(first + CHUNK, len(self))
            part = cp_model_pb2.CpModelProto.FromString(self.view[self.starts[first]:self.starts[last]])
            self._items, self._chunk = getattr(part, self.field), chunk
        return self._items[i % CHUNK]


def _field_starts(data: bytes, numbers: tuple[int, ...]) -> dict[int, list[int]]:
    """Where each top-level field numbered in `numbers` starts in a serialized message, in
    order, with the end of the last one after them (protobuf's wire format: a varint key,
    then a varint, or a varint length and that many bytes, or 4 or 8 bytes)."""
    out: dict[int, list[int]] = {n: [] for n in numbers}
    ends: dict[int, int] = {n: 0 for n in numbers}
    i, size = 0, len(data)
    while i < size:
        start = i
        key, i = _varint(data, i)
        number, wire = key >> 3, key & 7
        if wire == 2:
            length, i = _varint(data, i)
            i += length
        elif wire == 0:
            _, i = _varint(data, i)
        elif wire in (1, 5):
            i += 8 if wire == 1 else 4
        else:
            raise ValueError(f"wire type {wire} in a serialized model")
        if number in out:
            out[number].append(start)
            ends[number] = i
    for n in numbers:
        out[n].append(ends[n] if out[n] else 0)
    return out


def _varint(data: bytes, i: int) -> tuple[int, int]:
    byte = data[i]
    if byte < 0x80:   # most keys and lengths here are one byte
        return byte, i + 1
    value, shift = 0, 0
    while True:
        byte = data[i]
        i += 1
        value |= (byte & 0x7F) << shift
        if byte < 0x80:
            return value, i
        shift += 7


def new_solver() -> cp_model.CpSolver:
    """One worker and a fixed seed, for the same answer every run. These models are many
    small boolean ones: presolve, linearization, probing and symmetry detection cost more
    than they save (measured: 40 ms -> 3 ms per call on the tudor cases, see bench/).
    Presolve also has open bugs with assumptions (or-tools #2649, #5141)."""
    solver = cp_model.CpSolver()
    p = solver.parameters
    p.num_workers = 1
    p.random_seed = 0
    p.cp_model_presolve = False
    p.linearization_level = 0
    p.symmetry_level = 0
    p.cp_model_probing_level = 0
    # By default CP-SAT takes over SIGINT during a solve and then resets it, so Python
    # never sees Ctrl-C; leave it to Python (each solve is bounded by its time limit).
    p.catch_sigint_signal = False
    return solver
