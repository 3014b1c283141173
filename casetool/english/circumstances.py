"""A conditional said as a circumstance of the scene: a fact that is true whether or not its
premise happened, as a casebook hides a conditional ("The dog was never indoors.").

`room == hall implies time > eight` is "The Hall was locked until nine o'clock", `suspect
== dev implies room == hall` is "Dev Marlow never left the Hall", `weapon == spanner
implies suspect == ada` is "Nobody but Ada Vane touched the Spanner", `time == nine implies
room == kitchen` is "At nine o'clock every room but the Kitchen was locked". Each means
exactly its conditional under casetool's model, where only the culprit's deed is the
crime (the weapon they used, the place and time they struck): "the Hall was locked until
nine" rules out a crime in the Hall before nine and nothing else. That holds only where the
case says nothing else of where people and things were (a case without a timeline of
whereabouts: traits and liars); there "the Hall was locked" would also empty the Hall of
every guest's whereabouts, so the caller asks only for those cases.

Each side is read as the set of its category's items it admits (`extent`), so a trait
side ("in a room next to the Hall") is said by the rooms it leaves out ("The Spanner was
never taken into the Hall or the Cellar"); a set no short sentence names is None, and the
caller keeps its "Whoever ..." words."""

from __future__ import annotations

import re

from ..language.evaluate import Evaluator, answer_only
from ..language.text import resolve_text
from ..load.model import Setting
from . import observed
from .forms import they
from .phrases import Templates, item_name, join_and, join_or, one_preposition

WEAPON = "the weapon"
MOST_NAMES = 3         # the longest list of things or people a circumstance names ("A, B and C were away")
MOST_PLACES = 2        # of places ("never set foot in the Hall or the Cellar")
ONTO = {"in": "into", "on": "onto", "at": "to"}   # where a thing is taken: "into the Hall", "onto the Jetty"


def circumstance(a, b, setting: Setting, templates: Templates) -> str | None:
    """`a implies b` (two atoms, english.atoms.Atom) said as a circumstance, its first
    word lower case as a clause ("the Hall was locked until nine o'clock"), or None."""
    if not a.category or not b.category or a.category == b.category:
        return None
    premise, result = _side(a, setting, templates), _side(b, setting, templates)
    if premise is None or result is None:
        return None
    say = SAYERS.get((premise.role, result.role))
    return say(premise, result) if say else None


class Side:
    """One side of the conditional: the items of its category it admits (`items`, in the
    category's order), the rest (`left`), its category's role (person, weapon, place, time)
    and the words to speak of it."""

    def __init__(self, atom, setting: Setting, templates: Templates, role: str, items: list[str]):
        self.atom, self.setting, self.templates, self.role = atom, setting, templates, role
        cat = setting.categories[atom.category]
        self.all = cat.ids
        self.items = items
        self.left = [i for i in cat.ids if i not in items]
        # said by its items' names only when it names them (an item, or a time's order):
        # "Whoever struck after seven has dark hair" said as "Basil Crane and Cora Lisle were
        # away after seven" would spare the player the trait the clue is about
        self.named = atom.topic.endswith(("=", "<"))

    def group(self, ids: list[str]) -> str | None:
        """The setting's noun for `ids` when they are the people of one trait ('the
        dark-haired guests' for the items of `suspect.hair == dark`, or the rest of
        `suspect.hair != dark`)."""
        got = re.match(r"^\w+\.(\w+) (==|!=) (\w+)$", self.atom.means)
        if got is None or ids != (self.items if got[2] == "==" else self.left):
            return None
        return self.templates.group_noun(got[1], got[3])

    def people(self, ids: list[str], most: int = 2) -> tuple[str, bool] | None:
        """`ids` (people) as a subject and whether they are many: 'Dev Marlow', 'Basil Crane and
        Cora Lisle', 'the dark-haired guests'; None when neither a short list nor a group says them."""
        noun = self.group(ids)
        if noun:
            return noun, True
        return (self.names(ids), len(ids) > 1) if self.named and len(ids) <= most else None

    def things(self, ids: list[str], most: int = 2) -> str | None:
        return self.names(ids) if self.named and len(ids) <= most else None

    def kind(self) -> tuple[bool, str, str] | None:
        """A trait of things in its own words: (holds, one, many) - (True, 'heavy weapon',
        'heavy weapons') for 'was heavy', (False, 'weapon made of metal', 'weapons made of
        metal') for 'was not made of metal'; None for an item."""
        done = None if self.named else observed.deed(self.atom, "")
        if done is None or done.verbs is None or done.name:
            return None
        one = re.sub(r"^an? ", "", done.rest)
        many = re.sub(r"^(\w+ )?(weapon)\b", r"\1\2s", one).replace(" that was ", " that were ")
        return not done.negative, one, many

    def habit(self) -> tuple[bool, str] | None:
        """A trait of people in its own words: (True, 'has blue eyes') for the people who have
        it, (False, 'has blue eyes') for 'does not have blue eyes'; None for names or a group."""
        if self.named or self.group(self.items) or self.group(self.left):
            return None
        pred = self.atom.neg_pred if self.atom.negative else self.atom.pred
        return (not self.atom.negative, pred) if pred else None

    def trait(self) -> tuple[bool, str] | None:
        """A place trait in its own words: (True, 'in the East wing') for 'happened in the
        East wing', (False, 'on the grass') for 'did not happen on the grass'; None for an item."""
        if self.named:
            return None
        for head, inside in (("happened ", True), ("did not happen ", False)):
            if self.atom.pred.startswith(head):
                return inside, self.atom.pred.removeprefix(head)
        return None

    def name(self, item_id: str) -> str:
        """'the Hall', 'Ada Vane', 'the poisoned teacup' (a thing spoken of is a known one)."""
        words = item_name(self.setting, item_id, self.setting.culprit)
        return re.sub(r"^an? ", "the ", words)

    def names(self, ids: list[str], join=join_and) -> str:
        return join([self.name(i) for i in ids])

    def where(self, ids: list[str]) -> str:
        """'in the Hall or the Cellar', 'on the Jetty'."""
        return join_or(one_preposition([self.templates.where(self.setting, i) for i in ids]))

    def into(self, ids: list[str]) -> str | None:
        """'into the Hall or the Cellar', 'onto the Jetty', or None."""
        heads = []
        for i in ids:
            head, _, rest = self.templates.where(self.setting, i).partition(" ")
            if head not in ONTO:
                return None
            heads.append((ONTO[head], rest))
        if len({h for h, _ in heads}) == 1:
            return f"{heads[0][0]} {join_or([r for _, r in heads])}"
        return join_or([f"{h} {r}" for h, r in heads])

    def moment(self, item_id: str) -> str:
        return self.templates.moment(self.setting, item_id)

    def when(self, ids: list[str]) -> str | None:
        """A set of times said as one span: 'at nine o'clock', 'before nine o'clock', 'after
        eight o'clock'; None for any other set (two times apart, or every time)."""
        k = len(ids)
        if k == 1:
            return self.templates.when(self.setting, ids[0])
        if 1 < k < len(self.all) and ids == self.all[:k]:
            return f"before {self.moment(self.all[k])}"
        if 1 < k < len(self.all) and ids == self.all[-k:]:
            return f"after {self.moment(self.all[-k - 1])}"
        return None

    def lockable(self, ids: list[str]) -> bool:
        """Can these places be locked: rooms, or places the setting marks as indoors (an
        orchard or a jetty is not locked; nobody 'set foot' there instead)."""
        cat = self.setting.categories[self.atom.category]
        for i in ids:
            item = cat.item(i)
            indoor = item.attrs.get("indoor") if item else None
            if not (indoor is True or (indoor is None and cat.id == "room")):
                return False
            if not self.templates.where(self.setting, i).startswith("in "):
                return False
        return True


def _role(setting: Setting, templates: Templates, cid: str) -> str | None:
    """person (the culprit's category), weapon (the thing they used; a stolen object is not
    said to stay anywhere: it was taken), place or time (where and when they struck)."""
    if cid == setting.culprit:
        return "person"
    cat = setting.categories[cid]
    if templates.subject(cat) == WEAPON or cid == "weapon":
        return "weapon"
    if templates.item_phrases(cat)[0].startswith("happened "):   # the crime "happened in the Hall", "at nine"
        return "time" if cat.ordered else "place"
    return None


_EXTENTS: dict[tuple[int, str, str], list[str] | None] = {}


def extent(setting: Setting, cid: str, means: str) -> list[str] | None:
    """The items of category `cid` for which the meaning `means` holds, in the category's
    order; None when it does not speak of that category alone."""
    key = (id(setting), cid, means)
    if key not in _EXTENTS:
        expr, problem = resolve_text(means, setting, None)
        out: list[str] | None = None
        if problem is None:
            base = {c: setting.categories[c].ids[0] for c in setting.answer}
            evaluator = Evaluator(setting)
            try:
                out = [i for i in setting.categories[cid].ids if evaluator.holds(expr, answer_only({**base, cid: i}))]
            except (AttributeError, AssertionError, KeyError, TypeError):
                out = None   # it reads more than the answer (a liar, a whereabout): no extent
        _EXTENTS[key] = out
    return _EXTENTS[key]


def _side(atom, setting: Setting, templates: Templates) -> Side | None:
    role = _role(setting, templates, atom.category) if atom.category in setting.categories else None
    items = extent(setting, atom.category, atom.means) if role else None
    if role is None or not items or len(items) == len(setting.categories[atom.category].ids):
        return None
    return Side(atom, setting, templates, role, items)


def _plural(ids: list[str]) -> str:
    return "were" if len(ids) > 1 else "was"


def _into(where: str) -> str | None:
    """'in a room next to the Hall' -> 'into a room next to the Hall', 'indoors' as it is."""
    if where in ("indoors", "outdoors"):
        return where
    head, _, rest = where.partition(" ")
    return f"{ONTO[head]} {rest}" if head in ONTO else None


def _kept_to(where: str) -> str | None:
    """Where a person or thing that 'never left' a trait's places was: 'the East wing' of 'in
    the East wing', 'the rooms next to the Hall' of 'in a room next to the Hall'; 'indoors'
    is 'never went outdoors' (said by _kept_in); None for any other."""
    if re.match(r"(in|on|at) the ", where):    # 'never left the grass', 'never left the Fountain'
        return where.split(" ", 1)[1]
    return "the rooms " + where.removeprefix("in a room ") if where.startswith("in a room ") else None


def _place(side: Side) -> str | None:
    """Where a premise admits, for 'nobody set foot ...': a trait in its own words ('in a
    room next to the Hall', 'indoors', 'on the grass'), else one or two places by name."""
    trait = side.trait()
    if trait is not None:
        return trait[1] if trait[0] else None
    return side.where(side.items) if side.named and len(side.items) <= MOST_PLACES else None


def _times(t: Side, span: dict[str, str]) -> str | None:
    """The conclusion's times in the words of `span` ('only', 'not', 'from', 'until' -> a
    template on {when} or {moment}): the one time it admits, the one it leaves out, all from
    a time on, or all up to one."""
    if not t.named:
        return None
    when = t.templates.when
    if len(t.items) == 1 and "only" in span:
        return span["only"].format(when=when(t.setting, t.items[0]))
    if len(t.left) == 1 and "not" in span:
        return span["not"].format(when=when(t.setting, t.left[0]))
    if t.left == t.all[:len(t.left)]:
        return span["from"].format(moment=t.moment(t.items[0]))
    if t.left == t.all[-len(t.left):]:
        return span["until"].format(moment=t.moment(t.items[-1]), next=t.moment(t.left[0]))
    return None


def _those(s: Side, did: str) -> str | None:
    """People said by a trait of theirs, when no names or group say them: 'only those who
    have blue eyes {did}', 'nobody who has hazel eyes {did}'."""
    habit = s.habit()
    if habit is None:
        return None
    return f"only those who {they(habit[1])} {did}" if habit[0] else f"nobody who {habit[1]} {did}"


# ---- the sayers: (premise role, conclusion role) -> the clause, or None --------------
def _place_time(p: Side, t: Side) -> str | None:
    """'the Hall was locked until nine o'clock' (a room), 'nobody set foot on the Jetty
    before nine o'clock' (any place, or a trait of places)."""
    if p.named and len(p.items) == 1 and p.lockable(p.items):
        room = p.name(p.items[0])
        return _times(t, {"only": f"{room} was open only {{when}}", "not": f"{room} was locked {{when}}",
                          "from": f"{room} was locked until {{moment}}", "until": f"{room} was locked after {{moment}}"})
    place = _place(p)
    if place is None:
        return None
    nobody = f"nobody set foot {place}"
    return _times(t, {"only": f"{nobody} except {{when}}", "not": f"{nobody} {{when}}",
                      "from": f"{nobody} before {{moment}}", "until": f"{nobody} after {{moment}}"})


def _time_place(t: Side, p: Side) -> str | None:
    """'at nine o'clock every room but the Kitchen was locked', 'the Hall and the Cellar were
    locked before nine o'clock', 'at nine o'clock everybody was on the Jetty', 'nobody set
    foot on the grass at nine o'clock'."""
    when = t.when(t.items) if t.named else None
    if when is None:
        return None
    trait = p.trait()
    if trait is not None:
        return f"{when} everybody was {trait[1]}" if trait[0] else f"nobody set foot {trait[1]} {when}"
    if len(p.left) <= MOST_PLACES and p.lockable(p.left):
        return f"{p.names(p.left)} {_plural(p.left)} locked {when}"
    if len(p.items) == 1:
        if p.lockable(p.all):
            return f"{when} every room but {p.name(p.items[0])} was locked"
        return f"{when} everybody was {p.where(p.items)}"
    return f"nobody set foot {p.where(p.left)} {when}" if len(p.left) == 1 else None


def _kept_in(subject: str, p: Side, taken: str = "", no: bool = False) -> str | None:
    """`subject` kept to the conclusion's places: a person ('never left the Hall', 'never
    set foot in the Hall or the Cellar', 'never went outdoors', 'never left the East wing'),
    or things, `taken` their verb ('was': 'was never taken into the Hall or the Cellar',
    'was never taken outdoors'); `no`: the subject is 'no heavy weapon' ('ever left')."""
    never = "ever" if no else "never"
    gone = f"{taken} {never} taken" if taken else f"{never} set foot"
    trait = p.trait()
    if trait is not None:
        inside, where = trait
        if where in ("indoors", "outdoors"):
            other = "outdoors" if (where == "indoors") == inside else "indoors"
            return f"{subject} {gone if taken else never + ' went'} {other}"
        if inside:
            kept = _kept_to(where)
            return f"{subject} {never} left {kept}" if kept else None
        into = _into(where) if taken else where
        return f"{subject} {gone} {into}" if into else None
    if len(p.items) == 1:
        return f"{subject} {never} left {p.name(p.items[0])}"
    if len(p.left) > MOST_PLACES:
        return None
    into = p.into(p.left) if taken else p.where(p.left)
    return f"{subject} {gone} {into}" if into else None


def _person_place(s: Side, p: Side) -> str | None:
    """'Dev Marlow never left the Hall', 'the dark-haired guests never set foot in the Hall'."""
    who = s.people(s.items)
    if who is None:
        return None
    return _kept_in(who[0], p)


def _person_time(s: Side, t: Side) -> str | None:
    """'Dev Marlow did not arrive until nine o'clock', 'Dev Marlow had gone by nine o'clock',
    'Dev Marlow was away at eight o'clock'."""
    who = s.people(s.items)
    if who is None:
        return None
    subject, many = who
    away = f"{subject} {'were' if many else 'was'} away"
    # one time in the middle: 'away except at nine'; the first or last reads as coming or going
    only = {"only": f"{away} except {{when}}"} if t.items[0] not in (t.all[0], t.all[-1]) else {}
    return _times(t, {**only, "not": f"{away} {{when}}",
                      "from": f"{subject} did not arrive until {{moment}}", "until": f"{subject} had gone by {{next}}"})


def _person_weapon(s: Side, w: Side) -> str | None:
    """'Dev Marlow never touched the Rope or the Spanner', 'Dev Marlow never touched
    anything but the Candlestick'."""
    who, kind = s.people(s.items), w.kind()
    if who is None:
        return None
    if kind is not None:   # 'never touched anything but heavy weapons', 'never touched a heavy weapon'
        return f"{who[0]} never touched anything but {kind[2]}" if kind[0] else f"{who[0]} never touched a {kind[1]}"
    if not w.named:
        return None
    if len(w.items) == 1:   # the one weapon named, not the rest (lint L009: the text says what it means)
        return f"{who[0]} never touched anything but {w.name(w.items[0])}"
    return f"{who[0]} never touched {w.names(w.left, join_or)}" if len(w.left) <= 2 else None


def _weapon_place(w: Side, p: Side) -> str | None:
    """'the Spanner never left the Kitchen', 'the Spanner was never taken into the Hall or
    the Cellar', 'the anchor was never taken indoors'."""
    things, kind = w.things(w.items), w.kind()
    if kind is not None and kind[0]:     # 'no heavy weapon ever left the Greenhouse'
        return _kept_in(f"no {kind[1]}", p, taken="was", no=True)
    return _kept_in(things, p, taken=_plural(w.items)) if things else None


def _weapon_time(w: Side, t: Side) -> str | None:
    """'the Candlestick was locked away until nine o'clock', '... after eight o'clock',
    '... at eight o'clock', '... except at eight o'clock'."""
    things, kind = w.things(w.items), w.kind()
    if kind is not None and kind[0]:     # 'every heavy weapon was locked away until nine o'clock'
        locked = f"every {kind[1]} was locked away"
    elif things:
        locked = f"{things} {_plural(w.items)} locked away"
    else:
        return None
    return _times(t, {"only": f"{locked} except {{when}}", "not": f"{locked} {{when}}",
                      "from": f"{locked} until {{moment}}", "until": f"{locked} after {{moment}}"})


def _weapon_person(w: Side, s: Side) -> str | None:
    """'nobody but Ada Vane touched the Spanner', 'Ada Vane and Dev Marlow never touched
    the Spanner', 'nobody but the dark-haired guests touched the Spanner'."""
    things, kind = w.things(w.items), w.kind()
    if kind is not None and kind[0]:     # 'nobody but Ada Vane touched a heavy weapon'
        things = f"a {kind[1]}"
    if things is None:
        return None
    return _only_or_never(s, f"touched {things}")


def _place_person(p: Side, s: Side) -> str | None:
    """'nobody but Ada Vane set foot in the Hall', 'Ada Vane never set foot in the Hall'."""
    place = _place(p)
    if place is None:
        return None
    return _only_or_never(s, f"set foot {place}")


def _only_or_never(s: Side, did: str) -> str | None:
    """What the people side's one admitted person alone did ('nobody but Ada Vane touched the
    Spanner'), or what the rest never did ('Ada Vane and Dev Marlow never touched ...'), or by
    a trait of theirs (_those)."""
    only, out = s.people(s.items, 1), s.people(s.left)
    if only:
        return f"nobody but {only[0]} {did}"
    return f"{out[0]} never {did}" if out else _those(s, did)


def _place_weapon(p: Side, w: Side) -> str | None:
    """'the Rope and the Spanner were never taken into the Hall', 'only weapons made of metal
    were ever taken into the Library', 'no heavy weapon was ever taken into the Library'."""
    into = _into(_place(p) or "")
    kind = w.kind()
    if kind is not None and into:
        return f"only {kind[2]} were ever taken {into}" if kind[0] else f"no {kind[1]} was ever taken {into}"
    one = w.things(w.items, 1)   # one weapon admitted: name it ('only the anchor'), not the rest
    if one and into:
        return f"only {one} was ever taken {into}"
    things = w.things(w.left, MOST_NAMES)
    return f"{things} {_plural(w.left)} never taken {into}" if into and things else None


def _time_person(t: Side, s: Side) -> str | None:
    """'Ada Vane, Basil Crane and Cora Lisle were away at nine o'clock'."""
    when = t.when(t.items) if t.named else None
    out, habit = s.people(s.left, MOST_NAMES), s.habit()
    if when and out is None and habit and not habit[0]:   # 'everybody who has blue eyes was away at nine'
        return f"everybody who {habit[1]} was away {when}"
    return f"{out[0]} {'were' if out[1] else 'was'} away {when}" if when and out else None


def _time_weapon(t: Side, w: Side) -> str | None:
    """'the Rope and the Spanner were locked away at nine o'clock', 'at nine o'clock every
    heavy weapon was locked away', 'at nine o'clock only heavy weapons were to hand'."""
    when = t.when(t.items) if t.named else None
    kind = w.kind()
    if kind is not None and when:   # 'at ten o'clock only weapons that weighed three pounds were to hand'
        return f"{when} only {kind[2]} were to hand" if kind[0] else f"{when} every {kind[1]} was locked away"
    things = w.things(w.left, MOST_NAMES)
    return f"{things} {_plural(w.left)} locked away {when}" if when and things else None


SAYERS = {
    ("place", "time"): _place_time, ("time", "place"): _time_place,
    ("person", "place"): _person_place, ("person", "time"): _person_time, ("person", "weapon"): _person_weapon,
    ("weapon", "place"): _weapon_place, ("weapon", "time"): _weapon_time, ("weapon", "person"): _weapon_person,
    ("place", "person"): _place_person, ("place", "weapon"): _place_weapon,
    ("time", "person"): _time_person, ("time", "weapon"): _time_weapon,
}
