"""Hypothesis strategies for small random settings and cases of every kind.

Each strategy draws a (setting, case) pair of plain dicts, written as real YAML and
loaded with `load_paths`, so the whole pipeline (YAML, schema, names and types, clue
parser and resolver, compiler, check) runs on them.

Kinds:
* traits: suspect (single, set and bool attributes) + scene (sometimes ordered)
  [+ weapon]; witnesses who are suspects, an inspector (sometimes also a suspect
  item, who must still never lie), a locator, a narrator; every liar rule.
* timeline: suspect + place + time with whereabouts, together, away, quantifiers over
  people, places and times, order on times; liars too.
* cards: suspect + weapon + room dealt to 2-3 players, known hands and a suggestion
  log (drawn from a hidden deal, with some noise), plus clues over holds().
"""

from __future__ import annotations

from dataclasses import dataclass, field

from hypothesis import strategies as st

SUSPECTS = ["amy", "bob", "cal", "dee"]
SCENES = ["fair", "pier", "park"]
WEAPONS = ["rope", "knife", "pipe"]
PLACES = ["hall", "yard", "cellar"]
TIMES = ["dawn", "noon", "dusk"]
ROOMS = ["study", "lounge", "attic"]
VARS = ["v1", "v2", "v3"]


@dataclass
class Cat:
    id: str
    items: list[str]
    ordered: bool = False
    attrs: dict = field(default_factory=dict)   # attr -> (kind, values); kind enum|set|bool
    values: dict = field(default_factory=dict)  # item -> attr -> value


@dataclass
class Spec:
    kind: str
    cats: dict
    answer: list
    characters: dict                              # id -> {name, role, item?}
    timeline: dict | None = None
    players: list = field(default_factory=list)  # (id, hand)
    deck: list = field(default_factory=list)


class G:
    """Helpers over a hypothesis `draw`."""

    def __init__(self, draw):
        self.draw = draw

    def pick(self, seq):
        return self.draw(st.sampled_from(list(seq)))

    def int(self, lo, hi):
        return self.draw(st.integers(lo, hi))

    def flip(self, p=0.5):
        # a biased coin that still shrinks towards False
        return self.draw(st.integers(0, 99)) < int(p * 100)

    def subset(self, seq, lo=0, hi=None):
        seq = list(seq)
        hi = len(seq) if hi is None else min(hi, len(seq))
        chosen = self.draw(st.lists(st.sampled_from(seq), min_size=lo, max_size=hi, unique=True)) if seq else []
        return [x for x in seq if x in chosen]


# ---- settings ------------------------------------------------------------------
def _attr_values(g: G, cat: Cat):
    for item in cat.items:
        vals = {}
        for a, (kind, values) in cat.attrs.items():
            if kind == "bool":
                vals[a] = g.flip()
            elif kind == "set":
                vals[a] = g.subset(values)
            else:
                # the last value is sometimes left unused: quantifiers over no items
                vals[a] = g.pick(values[:-1] if g.flip(0.7) else values)
        cat.values[item] = vals


def _characters(g: G, suspects: list[str], liars: bool = True) -> dict:
    chars = {}
    if liars:
        for s in suspects[: g.int(1, len(suspects))]:
            chars[s] = {"name": s.title(), "role": "witness", "item": s}
        if g.flip(0.3):
            chars["gossip"] = {"name": "Gossip", "role": "witness"}  # a witness who is no suspect
    chars["insp"] = {"name": "Inspector", "role": "inspector"}
    if g.flip(0.2):
        chars["insp"]["item"] = g.pick(suspects)  # an oracle with an item still never lies
    chars["loc"] = {"name": "Locator", "role": "locator"}
    chars["narr"] = {"name": "Narrator", "role": "narrator"}
    return chars


def traits_spec(g: G) -> Spec:
    n = g.int(2, 4)
    suspect = Cat("suspect", SUSPECTS[:n], attrs={
        "gender": ("enum", ["male", "female"]),
        "hair": ("enum", ["gray", "brown", "red"]),
        "glasses": ("bool", None),
        "hobbies": ("set", ["chess", "golf", "opera"]),
    })
    scene = Cat("scene", SCENES[: g.int(2, 3)], ordered=g.flip(), attrs={
        "outdoor": ("bool", None), "wings": ("set", ["north", "south"])})
    cats = {"suspect": suspect, "scene": scene}
    answer = ["suspect", "scene"]
    if g.flip(0.25):
        cats["weapon"] = Cat("weapon", WEAPONS[:2], attrs={"size": ("enum", ["small", "large"])})
        answer.append("weapon")
    for c in cats.values():
        _attr_values(g, c)
    return Spec("traits", cats, answer, _characters(g, suspect.items))


def timeline_spec(g: G) -> Spec:
    suspect = Cat("suspect", SUSPECTS[: g.int(2, 3)], attrs={"gender": ("enum", ["male", "female"])})
    place = Cat("place", PLACES[: g.int(2, 3)], attrs={"indoor": ("bool", None), "wings": ("set", ["east", "west"])})
    time = Cat("time", TIMES[: g.int(2, 3)], ordered=True, attrs={"daylight": ("bool", None)})
    cats = {"suspect": suspect, "place": place, "time": time}
    for c in cats.values():
        _attr_values(g, c)
    timeline = {"people": "suspect", "places": "place", "times": "time",
                "together_excludes_crime": g.flip()}
    return Spec("timeline", cats, ["suspect", "place", "time"], _characters(g, suspect.items, g.flip(0.6)),
                timeline=timeline)


def cards_spec(g: G) -> Spec:
    cats = {
        "suspect": Cat("suspect", SUSPECTS[: g.int(2, 3)], attrs={"gender": ("enum", ["male", "female"])}),
        "weapon": Cat("weapon", WEAPONS[: g.int(2, 3)]),
        "room": Cat("room", ROOMS[: g.int(1, 3)], ordered=g.flip(0.3)),
    }
    for c in cats.values():
        _attr_values(g, c)
    deck = [i for c in cats.values() for i in c.items]
    nplayers = g.int(2, 3)
    rest = len(deck) - 3
    hands = []
    for _ in range(nplayers - 1):
        h = g.int(0, rest)
        hands.append(h)
        rest -= h
    hands.append(rest)
    players = list(zip(["you", "ann", "bob"][:nplayers], hands, strict=True))
    return Spec("cards", cats, ["suspect", "weapon", "room"], _characters(g, cats["suspect"].items, g.flip(0.3)),
                players=players, deck=deck)


def setting_doc(spec: Spec, liar_rule) -> dict:
    cats = {}
    for c in spec.cats.values():
        attrs = {}
        for a, (kind, values) in c.attrs.items():
            attrs[a] = {"type": "bool"} if kind == "bool" else (
                {"values": values, "multi": True} if kind == "set" else {"values": values})
        doc = {"label": c.id.title()}
        if c.ordered:
            doc["ordered"] = True
        if attrs:
            doc["attributes"] = attrs
        doc["items"] = {i: {"name": i.title(), **c.values[i]} for i in c.items}
        cats[c.id] = doc
    out = {"setting": "gen", "title": "Generated", "answer": spec.answer, "culprit": "suspect",
           "categories": cats, "characters": spec.characters}
    if liar_rule is not None:
        out["liar_rule"] = liar_rule
    if spec.timeline:
        out["timeline"] = spec.timeline
    if spec.kind == "cards":
        out["cards"] = True
    return out


# ---- expressions ---------------------------------------------------------------------
class Expr:
    """Draws well-typed clue-language text for a Spec."""

    def __init__(self, g: G, spec: Spec, liar_only: bool = False):
        self.g, self.spec, self.liar_only = g, spec, liar_only

    def item_term(self, cat: str, scope: dict) -> str:
        options = [v for v, c in scope.items() if c == cat] * 2
        if cat in self.spec.answer:
            options += [cat] * (2 + len(self.spec.cats[cat].items))  # mostly about the answer
        options += self.spec.cats[cat].items
        return self.g.pick(options)

    def cats_for_atoms(self, scope) -> list[str]:
        return list(dict.fromkeys(list(self.spec.answer) + list(scope.values())))

    def atom(self, scope: dict) -> str:
        g, spec = self.g, self.spec
        kinds = ["lies", "liars"] if self.liar_only else (
            ["item"] * 4 + ["member"] * 3 + ["attr"] * 5 + ["lies", "liars", "const"])
        if not self.liar_only:
            if spec.timeline:
                kinds += ["at"] * 8 + ["together"] * 2
            if spec.players:
                kinds += ["holds"] * 6
        k = g.pick(kinds)
        if k == "const":
            return g.pick(["true", "false"])
        if k == "lies":
            witnesses = [c for c, d in spec.characters.items() if d["role"] == "witness"]
            if self.liar_only and witnesses and g.flip(0.8):
                return f"lies({g.pick(witnesses)})"
            return f"lies({g.pick(spec.characters)})"
        if k == "liars":
            return f"liars {g.pick(['==', '!=', '<=', '>=', '<', '>'])} {g.int(0, 2)}"
        if k == "holds":
            player = g.pick([p for p, _ in spec.players])
            return f"holds({player}, {g.pick(spec.deck)})"
        if k == "together":
            return f"together({self.item_term(spec.timeline['times'], scope)})"
        if k == "at":
            tl = spec.timeline
            left = f"at({self.item_term(tl['people'], scope)}, {self.item_term(tl['times'], scope)})"
            r = g.int(0, 3)
            if r == 0:
                right = "away"
            elif r == 1:
                right = f"at({self.item_term(tl['people'], scope)}, {self.item_term(tl['times'], scope)})"
            else:
                right = self.item_term(tl["places"], scope)
            if g.flip(0.15) and right != "away" and not right.startswith("at("):
                return f"{left} in [{right}, away]"
            return f"{left} {g.pick(['==', '!='])} {right}"
        cat = self.spec.cats[g.pick(self.cats_for_atoms(scope))]
        if k == "attr" and not cat.attrs:
            k = "item"
        if k == "item":
            ops = ["==", "!="] + (["<", "<=", ">", ">="] if cat.ordered else [])
            if cat.ordered and g.flip(0.2):
                return (f"{self.item_term(cat.id, scope)} between {self.item_term(cat.id, scope)} "
                        f"and {self.item_term(cat.id, scope)}")
            left = self.item_term(cat.id, scope)
            right = g.pick(cat.items) if g.flip(0.6) else self.item_term(cat.id, scope)
            return f"{left} {g.pick(ops)} {right}"
        if k == "member":
            items = list(g.draw(st.permutations(cat.items)))[: g.int(1, 2)]
            word = g.pick(["in", "not in"])
            return f"{self.item_term(cat.id, scope)} {word} [{', '.join(items)}]"
        attr = g.pick(cat.attrs)
        kind, values = cat.attrs[attr]
        subject = f"{self.item_term(cat.id, scope)}.{attr}"
        if kind == "bool":
            r = g.int(0, 2)
            if r == 2:
                return f"{subject} {g.pick(['==', '!='])} {self.item_term(cat.id, scope)}.{attr}"
            return subject if r == 0 else f"not {subject}"
        if kind == "set":
            return f"{subject} has {g.pick(values)}"
        if g.flip(0.3):
            return f"{subject} {g.pick(['==', '!='])} {self.item_term(cat.id, scope)}.{attr}"
        if g.flip(0.1):
            return f"{g.pick(values)} == {subject}"
        return f"{subject} {g.pick(['==', '!='])} {g.pick(values)}"

    def expr(self, depth: int, scope: dict | None = None) -> str:
        scope = scope or {}
        g = self.g
        if depth <= 0 or g.flip(0.4):
            return self.atom(scope)
        k = g.pick(["not", "and", "or", "xor", "implies", "iff", "count", "quant", "quant"])
        if k == "not":
            return f"not ({self.expr(depth - 1, scope)})"
        if k in ("and", "or", "xor"):
            parts = [self.expr(depth - 1, scope) for _ in range(g.int(2, 3))]
            if k == "xor":
                # A bare xor chain is T009 (ambiguous to a reader): nest it, as an author must.
                joined = f"({parts[0]})"
                for part in parts[1:]:
                    joined = f"({joined} xor ({part}))"
                return joined
            return f" {k} ".join(f"({p})" for p in parts)
        if k in ("implies", "iff"):
            return f"({self.expr(depth - 1, scope)}) {k} ({self.expr(depth - 1, scope)})"
        if k == "count":
            parts = [self.expr(depth - 1, scope) for _ in range(g.int(2, 3))]
            word = g.pick(["exactly", "at most", "at least"])
            return f"{word} {g.int(0, len(parts))} of [{', '.join(parts)}]"
        if self.liar_only:
            return self.atom(scope)
        free = [v for v in VARS if v not in scope]
        if not free:
            return self.atom(scope)
        var = free[0]
        cat = g.pick(list(self.spec.cats))
        inner = {**scope, var: cat}
        word = g.pick(["all", "any", "no", "exactly", "at most", "at least"])
        if word in ("exactly", "at most", "at least"):
            word = f"{word} {g.int(0, 2)}"
        where = ""
        if g.flip(0.5):
            where = f" where {self.atom(inner)}"
        return f"{word} {var} in {cat}{where}: {self.expr(depth - 1, inner)}"


# ---- cases -----------------------------------------------------------------------------
LIAR_RULES = ["none", "inspector", "culprit", "custom"]


def liar_rule_value(g: G, spec: Spec):
    kind = g.pick(LIAR_RULES)
    if kind == "custom":
        return {"custom": Expr(g, spec, liar_only=True).expr(2)}
    return kind


def _deal(g: G, spec: Spec):
    """A hidden deal: the envelope (one card per category) and each player's hand."""
    envelope = [g.pick(spec.cats[c].items) for c in spec.answer]
    rest = [c for c in spec.deck if c not in envelope]
    order = g.draw(st.permutations(rest))
    hands, i = {}, 0
    for p, h in spec.players:
        hands[p] = list(order[i:i + h])
        i += h
    return envelope, hands


def _cards_doc(g: G, spec: Spec, envelope, hands) -> dict:
    ids = [p for p, _ in spec.players]
    players = []
    for p, h in spec.players:
        doc = {"id": p, "name": p.title(), "hand": h}
        if p == "you" and g.flip(0.8):
            known = hands[p] if g.flip(0.7) else g.subset(spec.deck, 0, h)  # sometimes a wrong hand
            if known:
                doc["holds"] = known
        players.append(doc)
    suggestions = []
    for _ in range(g.int(0, 4)):
        by = g.pick(ids)
        cards = [g.pick(spec.cats[c].items) for c in spec.answer] if g.flip(0.8) else g.subset(spec.deck, 1, 3)
        others = ids[ids.index(by) + 1:] + ids[: ids.index(by)]
        s = {"by": by, "cards": cards}
        if g.flip(0.85):  # follow the hidden deal: pass until someone can show
            passed, shower = [], None
            for q in others:
                if any(c in hands[q] for c in cards):
                    shower = q
                    break
                passed.append(q)
            if passed:
                s["passed"] = passed
            if shower:
                s["shown_by"] = shower
                if by == "you" or g.flip(0.3):
                    s["shown"] = g.pick([c for c in cards if c in hands[shower]])
        else:            # noise: any log at all
            passed = g.subset(others)
            if passed:
                s["passed"] = passed
            rest = [q for q in others if q not in passed]
            if rest and g.flip():
                s["shown_by"] = g.pick(rest)
                if g.flip():
                    s["shown"] = g.pick(cards)
        suggestions.append(s)
    out = {"players": players}
    if suggestions:
        out["suggestions"] = suggestions
    return out


@st.composite
def generated(draw, kind: str):
    """(setting_doc, case_doc) for a random small case of `kind`."""
    g = G(draw)
    spec = {"traits": traits_spec, "timeline": timeline_spec, "cards": cards_spec}[kind](g)
    setting_rule = liar_rule_value(g, spec) if g.flip(0.7) else None
    case_rule = liar_rule_value(g, spec) if g.flip(0.6) else None
    speakers = [None] + list(spec.characters)
    clues = []
    nclues = g.int(0 if kind == "cards" else 1, 7)
    expr = Expr(g, spec)
    for i in range(nclues):
        clue = {"id": f"c{i + 1}", "text": f"Clue {i + 1}.", "means": expr.expr(g.int(0, 3))}
        speaker = g.pick(speakers)
        if speaker:
            clue["speaker"] = speaker
        clues.append(clue)
    # the declared solution is any answer at all: it must never influence solving
    solution = {c: g.pick(spec.cats[c].items) for c in spec.answer}
    case = {"case": 1, "title": "Generated", "setting": "gen", "story": "Generated.", "clues": clues}
    if case_rule is not None:
        case["liar_rule"] = case_rule
    hidden = None
    if kind == "cards":
        envelope, hands = _deal(g, spec)
        case["cards"] = _cards_doc(g, spec, envelope, hands)
        hidden = {"envelope": envelope, "hands": hands}
    case["solution"] = {**solution, "text": "Generated."}
    # most cases are planted: clues false in a hidden world get negated (see plant())
    plant_seed = g.int(0, 2**16) if g.flip(0.75) else None
    return setting_doc(spec, setting_rule), case, (plant_seed, hidden)


def plant(case, case_doc: dict, plant_seed: int, hidden: dict | None) -> dict:
    """A copy of case_doc where every clue holds in a hidden world drawn from plant_seed
    (a clue that is false there is negated), so the case has at least that answer; half
    the time the declared solution is the hidden answer. `case` is case_doc, loaded."""
    import random

    from casetool.language.text import resolve_text
    from casetool.load.model import Clue

    from bruteforce import AWAY, Evaluator, Problem, World, liar_sets

    rng = random.Random(plant_seed)
    s = case.setting
    problem = Problem(case)
    if hidden:
        answer = dict(zip(s.answer, hidden["envelope"], strict=True))
        owners = {c: p for p, cards in hidden["hands"].items() for c in cards}
    else:
        answer = {c: rng.choice(s.categories[c].ids) for c in s.answer}
        owners = {}
    cells = {}
    tl = s.timeline
    if tl:
        for p in s.categories[tl.people].ids:
            for t in s.categories[tl.times].ids:
                cells[(p, t)] = rng.choice(problem.places)
        crime = (answer[tl.people], answer[tl.times])
        cells[crime] = answer[tl.places]
        others = [p for p in s.categories[tl.people].ids if p != crime[0]]
        if tl.together_excludes_crime and others and len({cells[(p, crime[1])] for p in s.categories[tl.people].ids}) == 1:
            cells[(rng.choice(others), crime[1])] = AWAY
    rule = case.effective_liar_rule
    options = liar_sets(case, answer)
    if rule.kind == "custom":
        options = [ls for ls in options
                   if Evaluator(case, World(answer, ls, cells, owners)).cond(rule.resolved)] or options
    liars = rng.choice(options)
    world = World(answer, liars, cells, owners)
    doc = dict(case_doc)
    doc["clues"] = []
    by_id = {c.id: c for c in case.clues}
    pins = []
    if rng.random() < 0.6:  # pin some answer categories (a pin may still be a lie)
        k = len(s.answer) if rng.random() < 0.5 else rng.randint(1, len(s.answer))
        for i, c in enumerate(rng.sample(s.answer, k)):
            others = [x for x in s.categories[c].ids if x != answer[c]]
            items = [answer[c]] + rng.sample(others, 1 if others and rng.random() < 0.3 else 0)
            speaker = rng.choice([None] + sorted(s.characters))
            pin = {"id": f"pin{i + 1}", "text": "A pin.", "means": f"{c} in [{', '.join(sorted(items))}]"}
            if speaker:
                pin["speaker"] = speaker
            pins.append(pin)
    for clue in case_doc["clues"] + pins:
        if clue in pins:
            expr, problem = resolve_text(clue["means"], s, case)
            assert problem is None, problem
            loaded = Clue(clue["id"], "", clue["means"], clue.get("speaker"), "fact", None, None, None, None, None, expr)
        else:
            loaded = by_id[clue["id"]]
        meaning = Evaluator(case, world).cond(loaded.expr)
        assert meaning is not None
        lying = loaded.speaker in liars if loaded.speaker else False
        clue = dict(clue)
        if meaning == lying:  # the clue does not hold in the hidden world
            clue["means"] = f"not ({clue['means']})"
        doc["clues"].append(clue)
    if rng.random() < 0.5:
        doc["solution"] = {str(c): str(i) for c, i in answer.items()} | {"text": "Generated."}
    return doc
