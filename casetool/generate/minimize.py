"""Choose the clues: add until the answer is unique, then remove while it stays unique.

Adding is counterexample-guided: ask the pool for another answer the chosen clues still
allow, and add a candidate that rules it out (candidates that rule it out on their own
are tried first, weighted by the difficulty style). Removing then drops every clue the
answer does not need, so the result is irredundant: without any one clue the answer is
no longer unique (what `casetool check` verifies as "no redundant clue").
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, replace

from ..english import observed
from ..language import ir
from ..language.evaluate import Evaluator, is_pure
from ..load.model import World
from . import variety
from .candidates.builder import Candidate
from .night import LINGERS
from .padding import Pads
from .pool import Pool
from .rules import required_speakers
from .source import truthful_if
from .table import Table
from .world import Plan


@dataclass(frozen=True)
class Style:
    name: str
    weights: tuple[float, float, float]   # preference for complexity levels 0, 1, 2 when adding
    keep_complex: bool                     # when removing, drop simple clues first
    strong: float                          # > 0 prefers clues that rule out much on their own, < 0 little
    alone: tuple[float, float, float]      # weight when a clue seems to rule out the other answer on its own
                                           # (yes, unknown, no): "no" clues make steps that combine clues
    inspector: float                       # weight of the inspector's word on the liar: without it,
                                           # players must reason about who lies (clues combine)
    linked: float = 1.0                    # weight of a clue tying two answer categories together
                                           # (it settles only in a chain, after another clue)
    lingers: float = LINGERS               # board nights: the chance the murderer waits with the victim
                                           # (night.LINGER): the notes then tell the hour a step each


STYLES = {
    "easy": Style("easy", (1.0, 0.15, 0.02), False, 1.0, (4.0, 1.0, 0.1), 20.0, 0.2, 1.0),
    "medium": Style("medium", (1.0, 0.5, 0.25), False, -0.5, (3.0, 1.0, 0.3), 5.0, 6.0, 1.0),
    "hard": Style("hard", (0.4, 1.0, 1.0), True, 0.0, (1.0, 1.0, 2.0), 0.02, 20.0, 0.5),
    "fiendish": Style("fiendish", (0.1, 0.6, 1.6), True, 0.0, (0.5, 1.0, 4.0), 0.0, 40.0, 0.0),
}


# A hard or fiendish liars case holds at most this many conditionals before the chooser turns
# to them only when nothing else will do: EDITOR.md calls them the least natural form, and
# with the one-category either/or no longer drawn (L016) liars cases took them in its place
# (bench/README.md, "Prose": 25.5% -> 33.9% of clues, fiendish over half). A preference, not
# a ban: a case whose chain needs a third conditional still gets one. Easy and medium are
# left alone: capped, hampshire's medium drafts graded easy (4 of 5 seeds failed in 20 drafts).
CONDITIONALS = 2
CAPPED = ("hard", "fiendish")
# The weight, in a hard or fiendish style, of a conditional or an either/or still said as a
# narrator's "If A, then B" / "Either A, or B" (english.observed could not say it of the
# culprit: a trait as the premise, a hiding place): the chooser prefers the same depth said
# as an observation ("Whoever used the anchor has hazel eyes"). bench/README.md, "Narrator
# forms at hard and fiendish".
NARRATED = 0.15


# The most parts of the answer a case of a level gives outright, in words nobody can lie in
# ("The weapon was the Rope.", "The crime happened at nine o'clock."), a theft's object given
# at the start counted: a hard grange liars case (seed 105) gave two of its four parts so and
# felt easy however deep its last step (issue 24, EDITOR.md item 9). Easy and medium may.
OUTRIGHT = {"hard": 1, "fiendish": 1}


def outright(setting, liar_rule: str, cand: Candidate) -> bool:
    """Does `cand` say a part of the answer outright ('The crime happened at nine o'clock'),
    spoken by nobody who can lie (a note, a fact, an oracle; anyone under the rule 'none')?"""
    return cand.truth and gives_part(setting, liar_rule, cand.expr, cand.speaker)


def gives_part(setting, liar_rule: str, expr, speaker: str | None) -> bool:
    """`answer.category == item`, said by a speaker who never lies (acceptance reads a written case so)."""
    if not (isinstance(expr, ir.Compare) and expr.op == ir.CompareOp.EQ):
        return False
    if {type(expr.left), type(expr.right)} != {ir.AnswerRef, ir.ItemConst}:
        return False
    ch = setting.characters.get(speaker) if speaker else None
    return liar_rule == "none" or ch is None or not ch.may_lie


def liar_named(cand: Candidate) -> str | None:
    return cand.means[5:-1] if cand.fragile and cand.means.startswith("lies(") else None


class Chooser:
    def __init__(self, pool: Pool, world: Plan, rng: random.Random, style: Style, level: str | None = None):
        self.pool = pool
        self.world = world
        self.rng = rng
        self.style = style
        self.level = level   # the level asked, whatever style this draft is made in
        self.setting = pool.source.setting
        self.evaluator = Evaluator(self.setting)
        self.cands: list[Candidate] = list(pool.candidates.values())
        self.strength = {c.key: self._strength(c) for c in self.cands}
        self.skeletons = {c.key: variety.skeleton(c.form, c.expr) for c in self.cands}
        # every character with a wheel speaks in every case (the seed sets every wheel
        # for every mystery), and so does every speaker the setting's `every_case:` names:
        # one statement each, chosen by `fill_wheels`
        wheel = required_speakers(self.setting)
        self.required = [w for w in wheel if any(c.speaker == w for c in self.cands)]
        self.q: Table | Pool = Table(pool) if self.required and Table.fits(pool) else pool  # fast questions
        self.pads = Pads(self.setting, world.liar_rule, world.answer)
        self._clash: dict[tuple[str, str], bool] = {}   # (key, key) -> clashes(), asked often

    def _strength(self, cand: Candidate) -> float | None:
        """The share of answers the clue rules out on its own (pure clues), else None."""
        if cand.expr is None or not is_pure(cand.expr):
            return None
        cats: list[str] = []
        for node in ir.walk(cand.expr):
            if isinstance(node, ir.AnswerRef) and node.category not in cats:
                cats.append(node.category)
        if not cats:
            return None
        facts = World(dict(self.world.answer))
        total = killed = 0
        for combo in itertools.product(*(self.setting.categories[c].ids for c in cats)):
            facts.answer.update(zip(cats, combo, strict=True))
            total += 1
            killed += self.evaluator.holds(cand.expr, facts) != cand.truth
        return killed / total if total else None

    def weight(self, cand: Candidate, guess: bool | None) -> float:
        yes, unknown, no = self.style.alone
        w = self.style.weights[cand.level] * (yes if guess else unknown if guess is None else no)
        if cand.family == "inspector":
            w *= self.style.inspector
        if cand.linked:
            w *= self.style.linked
        if self.world.liar_rule == "culprit" and cand.family in ("fact", "link"):
            w *= 0.3  # culprit-lies puzzles live on the suspects' statements
        if cand.family == "answer":
            w *= 0.4  # timeline puzzles live on the whereabouts
        if self.style.name != "easy" and self.tells_culprit(cand):
            return 0.0   # the easy style's own clue: in a deeper case it would settle the culprit plainly
        if self.style.name in CAPPED and cand.form in ("conditional", "either") and observed.narrated(cand.text):
            w *= NARRATED  # a narrator's "If A, then B" where a deep case can say it of a person
        s = self.strength.get(cand.key)
        if s is not None:
            w *= max(0.05, 1.0 + self.style.strong * (s - 0.4) * 2)
        return w

    def tells_culprit(self, cand: Candidate) -> bool:
        """Is `cand` a fact about the culprit told by someone who never lies, under "exactly one
        witness lies"? There every speaking witness may be the liar, so a statement settles
        nobody alone (the step splits on who lies: depth 2); an easy case needs such facts
        (grange traits easy: 7 of 11 seeds 71-81 with none in the pool, 11 of 11 with them),
        and only the easy style draws them: a deeper case settles the culprit by the
        witnesses (drafts per grange traits hard case unchanged with them in the pool)."""
        ch = self.setting.characters.get(cand.speaker) if cand.speaker else None
        if self.world.liar_rule != "exactly_one" or cand.family != "fact" or cand.expr is None or (ch and ch.may_lie):
            return False
        return any(isinstance(n, ir.AnswerRef) and n.category == self.setting.culprit for n in ir.walk(cand.expr))

    def over_cap(self, cand: Candidate, keys: list[str]) -> bool:
        """Would `cand` beside `keys` be a capped case's conditional past CONDITIONALS, or a
        clue past variety.SAME of its skeleton (any case)?"""
        cands = self.pool.candidates
        if self.repeats(cand, keys) or self.told_past_cap(cand, keys):
            return True
        if not self.capped() or cand.form != "conditional":
            return False
        return sum(cands[k].form == "conditional" for k in keys if k != cand.key) >= CONDITIONALS

    def outright_cap(self) -> int | None:
        """How many answer parts this case may give outright (OUTRIGHT), None: any."""
        return OUTRIGHT.get(self.level or self.style.name)

    def told_past_cap(self, cand: Candidate, keys: list[str]) -> bool:
        """Would `cand` beside `keys` give the answer outright in more parts than the level allows?"""
        cap, cands = self.outright_cap(), self.pool.candidates
        if cap is None or not outright(self.setting, self.world.liar_rule, cand):
            return False
        return sum(outright(self.setting, self.world.liar_rule, cands[k]) for k in keys if k != cand.key) >= cap

    def repeats(self, cand: Candidate, keys: list[str]) -> bool:
        """Would `cand` beside `keys` be a clue past variety.SAME of one skeleton in one wording
        (variety.py: the clues of a skeleton take its wordings in turn)?"""
        mine = self.skeletons[cand.key]
        same = sum(self.skeletons[k] == mine for k in keys if k != cand.key)
        return bool(mine) and same >= variety.SAME * (1 + len(cand.rewords))

    def allowed(self, cand: Candidate, chosen: list[str], groups: set[str]) -> bool:
        if cand.key in chosen or cand.barred or (cand.group and cand.group in groups):
            return False
        liar = liar_named(cand)
        return liar is None or any(self.pool.candidates[k].speaker == liar for k in chosen)

    def alone_kills(self, cand: Candidate, alt: dict[str, str]) -> bool | None:
        """A cheap guess: is the clue, read in the world moved to answer `alt`, wrong?"""
        if cand.expr is None:
            return None
        whole = self.world.complete()
        loc, liars = whole.loc, whole.liars
        tl = self.setting.timeline
        if tl and all(k in alt for k in (tl.people, tl.places, tl.times)):
            loc[(alt[tl.people], alt[tl.times])] = alt[tl.places]
        expected = cand.truth
        truthful = truthful_if(self.setting, cand.speaker, alt) if self.world.liar_rule == "culprit" else None
        if truthful is not None and cand.speaker:   # (a speaker the rule touches)
            expected = truthful
            liars = frozenset([cand.speaker]) if not expected else frozenset()
        facts = replace(whole, answer=dict(alt), loc=loc, liars=liars)
        try:
            return self.evaluator.holds(cand.expr, facts) != expected
        except KeyError:
            return None

    def add_until_unique(self, max_rounds: int = 80) -> list[str] | None:
        chosen = [c.key for c in self.cands if c.pinned]
        groups = {c.group for c in self.cands if c.pinned and c.group}
        tiered = self.style.alone[0] > self.style.alone[2]  # try clues that rule it out alone first
        for _ in range(max_rounds):
            alt = self.pool.alternative(chosen)
            if alt is None:
                return chosen
            options: list[tuple[int, float, Candidate, bool | None]] = []   # (tier, draw, candidate, guess)
            for cand in self.cands:
                if not self.allowed(cand, chosen, groups):
                    continue
                guess = self.alone_kills(cand, alt)
                w = self.weight(cand, guess)
                if w <= 0:
                    continue
                tier = (0 if (guess and tiered) else 1) + 2 * self.over_cap(cand, chosen)   # past the cap: last
                options.append((tier, -(self.rng.random() ** (1.0 / w)), cand, guess))
            if not options:
                return None
            options.sort(key=lambda row: row[:2])
            head = 25 if tiered else 8
            trial = options[:head]
            trial += [row for row in options[head:] if row[3]][:10]  # and some that seem to rule it out alone
            trial = [row for row in trial if not self.padding(row[2].key, chosen)]
            pick = next((row[2] for row in trial if self.pool.kills(chosen, row[2].key, alt)), None)
            if pick is None:
                # nothing tried rules it out yet (a witness might lie; card clues work together):
                # add the likeliest helper and go on; with none, this draw cannot single out the answer
                pick = next((row[2] for row in trial if row[3] is not False), None)
                if pick is None:
                    return None
            chosen.append(pick.key)
            if pick.group:
                groups.add(pick.group)
        return None

    def padding(self, key: str, keys: list[str]) -> bool:
        """Would clue `key` beside `keys` make one of them padding (a side another clue
        settles outright, EDITOR.md item 2), or sit beside a clue of its premise whose
        conclusion cannot hold with its own (`clashes`)? Such a clue is never added, so no
        case has one (removing clues never makes either)."""
        cands = self.pool.candidates
        return self.pads.clashes(cands[key], [cands[k] for k in keys]) or \
            any(self.clashes(key, k) for k in keys if k != key)

    def clashes(self, a: str, b: str) -> bool:
        """Are clues `a` and `b` two conditionals of one premise whose conclusions no answer
        makes true together ("Whoever struck in the Library used a heavy weapon." beside
        "... used a poisoned teacup", which is light)? Together they only say the premise is
        false, and a player reads them as a contradiction (EDITOR.md item 2)."""
        x, y = self.pool.candidates[a].expr, self.pool.candidates[b].expr
        if not (isinstance(x, ir.Implies) and isinstance(y, ir.Implies) and x.left == y.left):
            return False
        pair = (a, b) if a < b else (b, a)
        if pair not in self._clash:
            self._clash[pair] = self._apart(x.right, y.right)
        return self._clash[pair]

    def _apart(self, p, q) -> bool:
        """No answer makes both `p` and `q` true (answer-only conditions; anything else: False)."""
        both = ir.And((p, q))
        if not is_pure(both):
            return False
        cats = list(dict.fromkeys(n.category for n in ir.walk(both) if isinstance(n, ir.AnswerRef)))
        facts = World(dict(self.world.answer))
        for combo in itertools.product(*(self.setting.categories[c].ids for c in cats)):
            facts.answer.update(zip(cats, combo, strict=True))
            if self.evaluator.holds(both, facts):
                return False
        return True

    def remove_redundant(self, chosen: list[str]) -> list[str] | None:
        cands = self.pool.candidates
        sign = -1 if self.style.keep_complex else 1
        strong = 1 if self.style.strong > 0 else -1

        spare = self.over_cap_in(chosen)
        many = {self.skeletons[k] for k in chosen if self.repeats(cands[k], chosen)}   # tried first, as conditionals past the cap

        def keep_last(k: str) -> tuple[bool, bool, bool, int, float, float]:  # the clues this style wants to keep come last
            s = self.strength.get(k)
            inspector = cands[k].family == "inspector"
            first = inspector if self.style.inspector < 1 else not inspector
            return (self.skeletons[k] not in many, not (spare and cands[k].form == "conditional"), not first,
                    sign * cands[k].level, strong * (s if s is not None else 0.4), self.rng.random())
        order = sorted((k for k in chosen if not cands[k].pinned), key=keep_last)
        for key in order:
            if key not in chosen:
                continue
            trial = [k for k in chosen if k != key]
            named = self._naming(chosen, key)
            if named is None:
                if self.pool.unique(trial):
                    chosen = trial
                continue
            # `key` is the only statement of a witness the inspector names as the liar. The
            # case needs it (a silent witness cannot lie), but `casetool check` reads the
            # inspector's word without it as "everyone else is truthful": if that is enough,
            # check would call the statement redundant. Then both must go, or the case.
            rest = [k for k in trial if k != named]
            if self.pool.alternative_with(rest, self.pool.all_truthful()) is None:
                if not self.pool.unique(rest):
                    return None
                chosen = rest
        return chosen

    def over_cap_in(self, keys: list[str]) -> bool:
        """Does a capped case of `keys` hold more conditionals than CONDITIONALS? (then removing
        tries them first, whatever the style keeps)"""
        cands = self.pool.candidates
        return self.capped() and sum(cands[k].form == "conditional" for k in keys) > CONDITIONALS

    def capped(self) -> bool:
        """Is this case's count of conditionals held to CONDITIONALS? (hard and fiendish liars)"""
        return self.world.kind == "liars" and (self.style.name in CAPPED or self.level in CAPPED)

    def _naming(self, chosen: list[str], key: str) -> str | None:
        """The inspector clue naming `key`'s speaker as the liar, if `key` is that witness's only statement."""
        speaker = self.pool.candidates[key].speaker
        if speaker is None or any(k != key and self.pool.candidates[k].speaker == speaker for k in chosen):
            return None
        return next((k for k in chosen if liar_named(self.pool.candidates[k]) == speaker), None)

    def choose(self, tries: int = 3) -> list[str] | None:
        """Add until unique (a fresh order each try: with one statement per wheel, a greedy
        order can run out of speakers), then remove what is not needed; with wheel
        characters, then give every wheel its statement (`fill_wheels`)."""
        for _ in range(tries):
            chosen = self.add_until_unique()
            if chosen is not None:
                chosen = self.remove_redundant(chosen)
                if chosen is not None and self.required:
                    chosen = self.fill_wheels(chosen)
                if chosen is not None and self.acceptable(chosen):
                    return chosen
        return None

    # ---- every wheel speaks ---------------------------------------------------------
    def _speaks(self, keys: list[str]) -> dict[str, str]:
        """Wheel speaker -> their statement among `keys` (the last, if several)."""
        out: dict[str, str] = {}
        for k in keys:
            speaker = self.pool.candidates[k].speaker
            if speaker is not None and speaker in self.required:
                out[speaker] = k
        return out

    def _pick(self, speaker: str, avoid: str | None = None, keys: list[str] | None = None) -> str | None:
        """A statement for `speaker`, drawn by the style's weights, that makes none of `keys` padding."""
        options = [c for c in self.cands if c.speaker == speaker and c.key != avoid
                   and not self.padding(c.key, keys or [])]
        if not options:
            return None
        return max(options, key=lambda c: (not self.over_cap(c, keys or []),
                                           self.rng.random() ** (1.0 / max(self.weight(c, None), 1e-3)))).key

    def redundant(self, keys: list[str]) -> list[str]:
        """Clues the answer does not need, as `casetool check` (W001) asks it: one clue off,
        every speaker of the case still a possible liar."""
        speakers = {self.pool.candidates[k].speaker for k in keys}
        if isinstance(self.q, Table):
            return [k for k in keys if not self.pool.candidates[k].pinned
                    and self.q.unique([x for x in keys if x != k], speakers)]
        return [k for k in keys if not self.pool.candidates[k].pinned
                and self.q.unique([x for x in keys if x != k])]

    def fill_wheels(self, chosen: list[str], rounds: int = 120) -> list[str] | None:
        """A local search for a case where every wheel character has exactly one statement,
        the answer is unique and every clue is needed. A silent wheel gets a statement;
        when the answer is not unique, one speaker's statement is swapped for one that
        rules out the other answer; when a clue is redundant, another speaker's statement
        is swapped for a weaker one (or a clue without a wheel is dropped)."""
        cands = self.pool.candidates
        keys = list(chosen)
        for speaker in self.required:
            if speaker not in self._speaks(keys):
                pick = self._pick(speaker, keys=keys)
                if pick is None:
                    return None
                keys.append(pick)
        for _ in range(rounds):
            alt = self.q.alternative(keys)
            if alt is not None or not self.q.possible(keys, self.q.answer):
                swapped = self._swap_to_kill(keys, alt)
                if swapped is None:
                    return None
                keys = swapped
                continue
            extra = self.redundant(keys)
            if not extra:
                return keys
            loose = [k for k in extra if cands[k].speaker not in self.required]
            if loose:
                keys.remove(self.rng.choice(loose))
                continue
            weakened = self._weaken(keys, self.rng.choice(extra))
            if weakened is None:
                return None
            keys = weakened
        return None

    def _by_weight(self, options: list[tuple[str, str]]) -> list[tuple[str, str]]:
        """(speaker, key) swaps in a random order drawn by the style's weights, so a swap
        keeps to the clues this difficulty wants (a weighted shuffle)."""
        cands = self.pool.candidates
        keyed = [(-(self.rng.random() ** (1.0 / max(self.weight(cands[k], None), 1e-3))), n)
                 for n, (_, k) in enumerate(options)]
        return [options[n] for _, n in sorted(keyed)]

    def _capped(self, keys: list[str], speaks: dict[str, str],
                options: list[tuple[str, str]]) -> list[tuple[str, str]]:
        """`options` (speaker, key) with the swaps that leave a liars case past CONDITIONALS
        moved last, in their order (a stable sort)."""
        cands = self.pool.candidates

        def past(option: tuple[str, str]) -> bool:
            speaker, key = option
            return self.over_cap(cands[key], [k for k in keys if k != speaks[speaker]])
        return sorted(options, key=past)

    def _swap_to_kill(self, keys: list[str], alt: dict[str, str] | None) -> list[str] | None:
        speaks = self._speaks(keys)
        options = self._capped(keys, speaks, self._by_weight([(s, c.key) for s in self.required for c in self.cands
                                                              if c.speaker == s and c.key != speaks[s]]))
        for speaker, key in options[:60]:
            trial = [k for k in keys if k != speaks[speaker]] + [key]
            if self.padding(key, trial):
                continue
            if alt is None or self.q.kills([k for k in trial if k != key], key, alt):
                if self.q.possible(trial, self.q.answer):
                    return trial
        return None

    def _weaken(self, keys: list[str], extra: str) -> list[str] | None:
        """Swap one other speaker's statement so that the answer stays unique and `extra`
        is needed; failing that, any swap that keeps the answer unique (a random walk)."""
        speaks = self._speaks(keys)
        others = [s for s in self.required if s != self.pool.candidates[extra].speaker]
        options = self._capped(keys, speaks, self._by_weight(
            [(s, c.key) for s in others for c in self.cands
             if c.speaker == s and c.key != speaks[s] and not self.pool.candidates[speaks[s]].pinned]))
        fallback: list[str] | None = None
        for speaker, key in options[:80]:
            trial = [k for k in keys if k != speaks[speaker]] + [key]
            if self.padding(key, trial) or not self.q.unique(trial):
                continue
            if isinstance(self.q, Table):
                needed = not self.q.unique([k for k in trial if k != extra],
                                           {self.pool.candidates[k].speaker for k in trial})
            else:
                needed = not self.q.unique([k for k in trial if k != extra])
            if needed:
                return trial
            fallback = fallback or trial
        return fallback

    def acceptable(self, chosen: list[str]) -> bool:
        """Under "the culprit lies", the culprit's (false) statement is part of the puzzle; so is
        the liar's in any `liars` case (under "exactly one lies" the liar could be silent, and
        the case would be a traits case). A case never gives more of its answer outright than
        its level allows (OUTRIGHT)."""
        cap = self.outright_cap()
        if cap is not None and sum(outright(self.setting, self.world.liar_rule, self.pool.candidates[k])
                                   for k in chosen) > cap:
            return False
        if (self.world.liar_rule == "culprit" or self.world.kind == "liars") and self.world.liars:
            return any(self.pool.candidates[k].speaker in self.world.liars for k in chosen)
        return True
