"""A hand-written CP-SAT model of bench/check.py's generated cases: the yardstick.

Written the way an author who knows CP-SAT would write this one puzzle by hand (as the
peer checker of issue 14 does): a boolean per answer item and per whereabouts cell,
`exactly one` per cell, the setting's rules as clauses, each clue as direct constraints
on those booleans (a clue a witness says is reified once, as "true unless they lie"),
and uniqueness as solve, block the answer, solve again. No language, no gates for what
is not used in a reified context.
"""

from __future__ import annotations

from ortools.sat.python import cp_model

AWAY = "away"


class Peer:
    def __init__(self, setting: dict, case: dict, specs: list):
        cats = setting["categories"]
        self.sus, self.pla, self.tim = (list(cats[c]["items"]) for c in ("suspect", "place", "time"))
        self.m = m = cp_model.CpModel()
        self.ans = {c: {i: m.new_bool_var(f"{c}={i}") for i in items}
                    for c, items in (("suspect", self.sus), ("place", self.pla), ("time", self.tim))}
        for lits in self.ans.values():
            m.add_exactly_one(lits.values())
        self.at = {}
        for s in self.sus:
            for t in self.tim:
                cell = {z: m.new_bool_var(f"at({s},{t})={z}") for z in self.pla + [AWAY]}
                m.add_exactly_one(cell.values())
                self.at[(s, t)] = cell
        self._crime()
        self.lies = {w: m.new_bool_var(f"lies({w})") for w in setting["characters"]
                     if setting["characters"][w]["role"] == "witness"}
        m.add_at_most_one(self.lies.values())
        for speaker, spec in specs:
            self._clue(speaker, spec)
        self.solution = {c: case["solution"][c] for c in self.ans}

    def _crime(self):
        m, a = self.m, self.ans
        for (s, t), cell in self.at.items():
            for z in self.pla:  # the culprit was at the scene at the crime time
                m.add_bool_or([~a["suspect"][s], ~a["time"][t], ~a["place"][z], cell[z]])
        for t in self.tim:  # everyone together: not the crime time
            for z in self.pla:
                m.add_bool_or([~self.at[(s, t)][z] for s in self.sus] + [~a["time"][t]])

    def _clue(self, speaker, spec):
        kind, *args = spec
        if speaker in self.lies:  # a witness: the clue holds exactly when they do not lie
            holds = self.m.new_bool_var("")
            self._reified(kind, args, holds)
            self.m.add(holds != self.lies[speaker])
        else:
            self._direct(kind, args)

    def _direct(self, kind, args):
        m, a = self.m, self.ans
        if kind == "times":
            m.add_bool_or([a["time"][t] for t in args[0]])
        elif kind == "places":
            m.add_bool_or([a["place"][z] for z in args[0]])
        elif kind == "together":
            for t in args[0]:
                here = [m.new_bool_var("") for _ in self.pla]
                m.add_bool_or(here)
                for z, h in zip(self.pla, here, strict=True):
                    m.add_bool_and([self.at[(s, t)][z] for s in self.sus]).only_enforce_if(h)
        elif kind == "nobody":
            crime, decoy = args
            m.add_bool_and([~self.at[(s, crime)][decoy] for s in self.sus])
        elif kind == "cells":
            m.add_bool_and([self.at[(s, t)][z] for s, t, z in args[0]])
        elif kind == "lies":
            m.add_bool_and([self.lies[args[0]]])
        else:
            raise ValueError(kind)

    def _reified(self, kind, args, holds):
        m = self.m
        if kind == "cells":
            lits = [self.at[(s, t)][z] for s, t, z in args[0]]
            m.add_bool_and(lits).only_enforce_if(holds)
            m.add_bool_or([~lit for lit in lits]).only_enforce_if(~holds)
        elif kind == "all_in":
            men, t, places = args
            ins = []
            for s in men:
                b = m.new_bool_var("")
                cell = [self.at[(s, t)][z] for z in places]
                m.add_bool_or(cell).only_enforce_if(b)
                m.add_bool_and([~lit for lit in cell]).only_enforce_if(~b)
                ins.append(b)
            m.add_bool_and(ins).only_enforce_if(holds)
            m.add_bool_or([~b for b in ins]).only_enforce_if(~holds)
        else:
            raise ValueError(kind)

    def unique(self, seconds: float) -> bool:
        """Solve, block the answer found, solve again: the peer's whole check."""
        solver = cp_model.CpSolver()
        solver.parameters.num_workers = 1
        solver.parameters.max_time_in_seconds = seconds
        if solver.solve(self.m) not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return False
        found = [next(lit for lit in lits.values() if solver.boolean_value(lit)) for lits in self.ans.values()]
        self.m.add_bool_or([~lit for lit in found])
        return solver.solve(self.m) == cp_model.INFEASIBLE
