"""A difficulty grade by the reasoning a case needs, from its step-wise explanation.

Counting steps measures length, not difficulty: placing eight people one clue at a time
is long and easy. Each step is instead scored by the techniques a player needs for it
(docs/explain.md, "Difficulty", has the scale with examples):

  combine   +1 for every clue read together beyond the first; a card clue (a hand, a
            suggestion) already read in an earlier step is on the player's note sheet,
            so reading it again adds nothing
  chain     +1 for a conditional ("if", "either ... or", "both or neither") whose
            condition an earlier step settled; +2 when the step reads two or more
  liar      +1 for a supposition: a case split on who lies (or, under the culprit rule,
            supposing a suspect is the culprit and so the only liar)
  hand      +1 for reasoning about cards a player must hold or cannot: a suggestion
            answered with one card of three, or a player's hand read with other clues

A step with neither a supposition nor a chain is plain elimination: crossing items off
from marked clues, however many, is at most depth 3. So depth 4 needs a supposition or a
chained conditional on top of clues read together.

Each level is the depth of the deepest step it needs (medium also by a run of chains):

  easy      every step is depth 0, but for at most two of depth 1
  medium    the deepest step is 2, or three or more steps are depth 1
  hard      the deepest step is 3
  fiendish  the deepest step is 4 or more: never plain elimination

so a fiendish case is strictly deeper than every hard one. The score (the sum of the
steps' depths) orders cases of one level, e.g. in a casebook.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..language import ir
from ..load.model import Level
from .steps import Explanation, Step

LEVEL_NAMES = tuple(str(level) for level in Level)  # easiest first; the names are the model's


@dataclass
class Grade:
    level: str
    score: int
    steps: int
    most_clues: int
    liar_analysis: bool
    timeline: bool
    cards: bool
    depth: int = 0                                      # the deepest step's depth
    techniques: list[str] = field(default_factory=list)  # those used, in scale order
    suppositions: int = 0                               # steps that suppose someone lies
    chains: int = 0                                     # steps that chain a conditional

    @property
    def rank(self) -> int:
        return LEVEL_NAMES.index(self.level)

    def reasons(self) -> str:
        """'deepest step 3: combine, liar' for messages and headers."""
        used = f": {', '.join(self.techniques)}" if self.techniques else ""
        return f"deepest step {self.depth}{used}"


@dataclass
class StepDepth:
    number: int
    depth: int
    techniques: dict[str, int]


def grade(explanation: Explanation) -> Grade:
    depths = step_depths(explanation)
    steps = explanation.steps
    deepest = max((d.depth for d in depths), default=0)
    used = [t for t in TECHNIQUES if any(d.techniques.get(t) for d in depths)]
    return Grade(level_of([d.depth for d in depths]), sum(d.depth for d in depths), len(steps),
                 max((len(s.clues) for s in steps), default=0), "liar" in used,
                 any("timeline" in s.kinds for s in steps), any("cards" in s.kinds for s in steps),
                 deepest, used, sum(1 for d in depths if d.techniques["liar"]),
                 sum(1 for d in depths if d.techniques["chain"]))


TECHNIQUES = ("combine", "chain", "liar", "hand")
PLAIN_MAX = 3   # the deepest plain elimination (no supposition, no chain) can go


def level_of(depths: list[int]) -> str:
    """The level of a case whose steps have these depths: its deepest step, and for medium
    also a run of three steps that each read a clue with what an earlier one found."""
    deepest = max(depths, default=0)
    if deepest > PLAIN_MAX:
        return "fiendish"
    if deepest == PLAIN_MAX:
        return "hard"
    if deepest == 2 or sum(1 for d in depths if d >= 1) >= 3:
        return "medium"
    return "easy"


def step_depths(explanation: Explanation) -> list[StepDepth]:
    case = explanation.case
    by_id = {c.id: c for c in case.clues}
    out: list[StepDepth] = []
    read: set[str] = set()   # clues read in earlier steps
    for step in explanation.steps:
        out.append(_depth(case, by_id, step, read))
        read.update(step.clues)
    return out


def _depth(case, by_id, step: Step, read: set[str]) -> StepDepth:
    clues = [by_id[c] for c in step.clues]
    answer_facts = [f for f in step.facts if f.kind == "not"]
    conditionals = sum(1 for c in clues if _conditional(c.expr))
    chain = 2 if conditionals >= 2 else (1 if conditionals and answer_facts else 0)
    held = [c for c in clues if not (c.id in read and _card_clue(c))]   # the rest is on the note sheet
    techniques = {"combine": max(len(held) - 1, 0), "chain": chain,
                  "liar": 1 if _liar_split(case, clues, step) else 0,
                  "hand": 1 if _hand(clues, step) else 0}
    depth = sum(techniques.values())
    if not (techniques["chain"] or techniques["liar"]):   # plain elimination
        depth = min(depth, PLAIN_MAX)
    return StepDepth(step.number, depth, techniques)


def _card_clue(clue) -> bool:
    """A hand, a suggestion, or a fact about who holds a card: marks on the note sheet."""
    return clue.synthetic or (clue.expr is not None and any(isinstance(n, ir.Holds) for n in ir.walk(clue.expr)))


# what a condition reads of the world; a part without any (`t > ten` of a quantifier's hour) is
# settled by the clue's own words
WORLD = (ir.AnswerRef, ir.At, ir.FactOf, ir.Liars, ir.Lies, ir.LiesOf, ir.Holds, ir.HoldsOf, ir.Together)


def _conditional(expr) -> bool:
    """Does the clue say 'if', 'either ... or' or 'both or neither' (a condition to settle)?
    Not an 'if' whose condition reads nothing of the world, nor a denied 'or' (a board's "Nobody
    set foot in the Hall after ten o'clock" is, hour by hour, 'if t > ten, none of them was in
    the Hall': plain elimination, which graded a small board fiendish)."""
    if expr is None:
        return False
    if isinstance(expr, ir.Implies) and not _reads_world(expr.left):
        return _conditional(expr.right)
    if isinstance(expr, ir.Not) and isinstance(expr.arg, ir.Or):
        return any(_conditional(a) for a in expr.arg.args)
    if isinstance(expr, (ir.Implies, ir.Iff, ir.Or, ir.Xor)):
        return True
    return any(_conditional(n) for n in ir.children(expr))


def _reads_world(node) -> bool:
    return any(isinstance(n, WORLD) for n in ir.walk(node))


def _liar_split(case, clues, step: Step) -> bool:
    """A case split on who lies. Exactly-one rule: a step that supposes someone lies or not.
    Inspector and custom rules: the step settles someone's
    truthfulness from a statement by a witness who may lie (an oracle's note naming the
    liar is read, not split). Culprit rule: the step rules out a suspect
    when a suspect speaks in it (supposing someone the culprit, the one liar), or its
    statements clash."""
    rule = case.effective_liar_rule.kind
    chars = case.setting.characters
    speakers = [chars[c.speaker] for c in clues if c.speaker in chars]
    if rule == "culprit":
        culprit = case.setting.culprit
        suspect_speaks = any(ch.item and ch.may_lie for ch in speakers)
        return step.clash or (suspect_speaks and any(f.kind == "not" and f.subject == culprit for f in step.derived))
    settles = any(f.kind in ("lies", "truthful") for f in step.derived)
    if rule == "exactly_one" and step.assumption is not None and step.assumption.kind in ("lies", "truthful"):
        return True   # one of them lies and nobody says who: the player supposes, whoever's note refutes it
    return settles and any(ch.may_lie and ch.role == "witness" for ch in speakers)


def _hand(clues, step: Step) -> bool:
    """Cards: a suggestion (one card of three shown) or a hand read together with another
    clue or fact, so the player counts what a hand can still hold."""
    cardish = [c for c in clues if c.synthetic or "cards" in step.kinds]
    return bool(cardish) and (len(clues) + len(step.facts) >= 2) and "cards" in step.kinds
