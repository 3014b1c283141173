"""One compiled model holding every candidate clue, asked many small questions.

Each candidate is a clue of one big draft case, so `compiled.enables[clue]` is its
assumption literal: a subset of clues is tested by assuming its literals, without ever
rebuilding or copying the model (about 1-10 ms a question).

Under the inspector rule only the case's speaking witnesses may lie. The big case has
every candidate speaker, so the pool adds "a witness lies only if one of their
candidates is in the case": any subset then has exactly the semantics of the case
written with just that subset.
"""

from __future__ import annotations

import time
from collections.abc import Collection, Iterable
from dataclasses import replace
from pathlib import Path

from ..diagnostics import Pos
from ..load.build_case import build_case, card_clues
from ..load.loader import load_yaml_text
from ..load.model import Case, Clue, LiarRule, Player, Suggestion
from ..load.schema import validate
from ..solver.circuit import Lit
from ..solver.compile import Compiled, compile_case
from ..solver.session import Oracle
from .candidates.builder import Draft
from .source import Source


class GenerateBug(AssertionError):
    pass


def parse_case(source: Source, text: str, display: str, allow: tuple[str, ...] = ()) -> Case:
    """A case from YAML text, through the real loader, schema and resolver."""
    doc = load_yaml_text(text, display)
    diags = validate(doc, "case", display)
    if diags:
        raise GenerateBug("generated case fails the schema: " + "; ".join(d.text() for d in diags))
    case, diags = build_case(doc, Path(display), display, source.setting)
    diags = [d for d in diags if d.is_error and d.code not in allow]
    if diags:
        raise GenerateBug("generated case does not validate: " + "; ".join(d.text() for d in diags))
    return case


def pool_case(source: Source, liar_rule: str, answer: dict[str, str], draft: Draft, players: list[Player]) -> Case:
    """The draft case with every candidate, built directly (no YAML: it is big and never
    written); card clues go through build_case's own translation, so they mean the same."""
    setting = source.setting
    pos = Pos("<pool>")
    case = Case(1, "pool", "", setting.id, "", LiarRule(liar_rule), [], dict(answer), None, "",
                [Player(p.id, p.name, p.hand, list(p.holds) if p.id == "you" and any(
                    c.family == "hand" for c in draft.candidates) else [], pos) for p in players],
                [], [], Path("<pool>"), "<pool>", pos, setting=setting)  # the resolver reads its players
    clues: list[Clue] = []
    suggestions: list[Suggestion] = []
    n = 0
    for cand in draft.candidates:
        if cand.suggestion is not None:
            n += 1
            s = cand.suggestion
            suggestions.append(Suggestion(n, s["by"], list(s["cards"]), list(s["passed"]), s["shown_by"],
                                          s["shown"], pos))
        elif cand.family != "hand":
            expr = cand.expr if cand.expr is not None else \
                source.resolve(cand.means, case if "holds(" in cand.means else None)
            clues.append(Clue(cand.key, cand.text, cand.means, cand.speaker, cand.kind, None, None, None, pos, pos, expr))
    return replace(case, clues=clues + card_clues(setting, case.players, suggestions), suggestions=suggestions)


class Pool:
    def __init__(self, source: Source, answer: dict[str, str], draft: Draft, case: Case):
        self.source = source
        self.answer = answer
        self.candidates = {c.key: c for c in draft.candidates}
        self.case = case
        self.compiled: Compiled = compile_case(case)
        self.model = self.compiled.model
        self.enable: dict[str, Lit] = {}
        n = 0
        for cand in draft.candidates:
            if cand.suggestion is not None:
                n += 1
                self.enable[cand.key] = self.compiled.enables[f"suggestion-{n}"]
            elif cand.family == "hand":
                self.enable[cand.key] = self.compiled.enables["hand-you"]
            else:
                self.enable[cand.key] = self.compiled.enables[cand.key]
        clue_by_id = {c.id: c for c in case.clues}
        for cand in draft.candidates:
            clue = clue_by_id.get(cand.key)
            cand.expr = clue.expr if clue is not None else None
        self.silent: list[str] = []   # candidates whose absence must be assumed (see lits)
        if case.effective_liar_rule.kind == "inspector":
            for who, lie in self.compiled.lies.items():
                spoken = [c.key for c in draft.candidates if c.speaker == who]
                self.model.add_bool_or([~lie] + [self.enable[k] for k in spoken])
                self.silent += spoken
        self.truth = [self.compiled.answer[c][i] for c, i in answer.items()]
        self.not_truth = self.model.new_bool_var("not-the-answer")
        self.model.add_bool_or([~self.not_truth] + [~lit for lit in self.truth])
        self.oracle = Oracle(self.compiled)
        self.time_limit = 20.0
        self.deadline: float | None = None   # time.monotonic() by which every question must be answered

    def release(self) -> None:
        """Free the compiled model and its solvers once the clues are chosen (a board case:
        the explanation, the check and the page each compile the case itself). The
        candidates stay; a question asked after this raises AttributeError."""
        self.oracle.close()
        for name in ("oracle", "compiled", "model", "enable", "truth", "not_truth"):
            delattr(self, name)

    def seconds(self) -> float:
        """The time one question may take: the limit, or what is left before the deadline."""
        if self.deadline is None:
            return self.time_limit
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise TimeoutError("the generation's time limit was reached")
        return min(self.time_limit, left)

    # ---- questions --------------------------------------------------------------
    @property
    def calls(self) -> int:
        return self.oracle.calls

    def _solve(self, lits: list[Lit]) -> bool:
        return self.oracle.feasible(lits, self.seconds())

    def lits(self, keys: Collection[str]) -> list[Lit]:
        """Assumptions for a case made of the clues `keys`. A witness's statements that are
        not in the case are assumed off too: otherwise the solver could switch one on to
        let that witness be the liar."""
        chosen = set(keys)
        return [self.enable[k] for k in keys] + [~self.enable[k] for k in self.silent if k not in chosen]

    def answer_lits(self, answer: dict[str, str]) -> list[Lit]:
        return [self.compiled.answer[c][i] for c, i in answer.items()]

    def alternative(self, keys: Collection[str]) -> dict[str, str] | None:
        """Another answer the clues `keys` allow, or None when the answer is unique."""
        if not self._solve(self.lits(keys) + [self.not_truth]):
            return None
        return self.oracle.last_answer()

    def alternative_with(self, keys: Collection[str], extra: Iterable[Lit]) -> dict[str, str] | None:
        if not self._solve(self.lits(keys) + list(extra) + [self.not_truth]):
            return None
        return self.oracle.last_answer()

    def all_truthful(self) -> list[Lit]:
        return [~lie for lie in self.compiled.lies.values() if not isinstance(lie, bool)]

    def possible(self, keys: Collection[str], answer: dict[str, str]) -> bool:
        return self._solve(self.lits(keys) + self.answer_lits(answer))

    def kills(self, keys: Iterable[str], key: str, answer: dict[str, str]) -> bool:
        """Does adding clue `key` to `keys` rule out `answer`?"""
        return not self._solve(self.lits(list(keys) + [key]) + self.answer_lits(answer))

    def unique(self, keys: Collection[str]) -> bool:
        """The intended answer fits the clues `keys`, and nothing else does."""
        if any(self.candidates[k].fragile for k in keys) and not self.possible(keys, self.answer):
            return False
        return self.alternative(keys) is None

    def item_possible(self, keys: Collection[str], category: str, item: str) -> bool:
        return self._solve(self.lits(keys) + [self.compiled.answer[category][item]])
