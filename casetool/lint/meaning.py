"""Whether a clue's text carries its meaning (L008, L009).

The `means:` is read as its author wrote it (the syntax tree, before quantifiers are
unrolled), and each part of it becomes a need the text must meet:

* L008, arithmetic: every number (a bound, a count, an offset such as `time + 1`, a value
  such as `weight == 3`), every comparison (`<`, `>=`, `between`) and every `+`/`-` must be
  said; a bound may be said the other way round ("at least eight" for `> 7`); a time
  compared with `<` must not be said "after" it;
* L009, content: every item, person, player and value the means names, every attribute it
  compares, a liar, a negation: each must be in the text, by its name, a word of its name
  no other item shares ("the Colonel"), the setting's phrase for it (`templates:`), a
  synonym (cues.SYNONYMS), or, for a time, its neighbour ("just before lunch" for the late
  morning); and a text that denies what a negation-free meaning asserts ("not red" for
  `hair == red`) is a finding.

Words are compared stem to stem (cues.stem), so "rides", "riding" and "rider" meet.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..diagnostics import Diagnostic, Pos, warning
from ..language.syntax import ClueSyntaxError, Node, parse
from ..load.model import Category, Clue
from . import cues
from .rules import NUMBERED
from .vocabulary import Vocabulary

ORDER = {"<", ">", "<=", ">="}
COMPARATIVE = re.compile(r"\b\w+er\s+than\b|\bas\s+\w+\s+as\b", re.I)
NEGATED = "a negation (`not`, `!=`, `no`)"
EARLY = {"before", "until", "till", "by", "earlier"}
LATE = {"after", "since", "later", "past"}
LEAD = {"a", "an", "the", "have", "has", "had", "be", "been", "is", "was", "any", "wear", "wore", "of", "it"}


@dataclass
class Need:
    code: str            # L008 (arithmetic) or L009 (content)
    what: str            # what the text must say, for the message
    at: int              # its offset in the `means:` text
    stems: set[str] = field(default_factory=set)
    number: int | None = None
    bound: bool = False  # a comparison's bound: n - 1 or n + 1 says it the other way round
    item: str = ""       # an item: its time neighbours carry it too
    positive: bool = False  # an item or a value asserted (checked against a text that denies it)


class Needs:
    """The needs of one `means:`, read from its syntax tree."""

    def __init__(self, vocab: Vocabulary, clue: Clue, players: dict[str, str]):
        self.vocab = vocab
        self.setting = vocab.setting
        self.clue = clue
        self.players = players
        self.vars: dict[str, str] = {}
        self.out: list[Need] = []
        self.directions: list[tuple[str, str, int]] = []   # (expected word class, item, offset)

    # ---- formulas -----------------------------------------------------------------
    def formula(self, n: Node) -> None:
        method = getattr(self, "f_" + n.kind, None)
        if method is not None:
            method(n)
            return
        for a in n.args:
            if isinstance(a, Node):
                self.formula(a)

    def f_not(self, n: Node) -> None:
        self.negation(n.start, self._denied_by_phrase(n.args[0]))
        self.formula(n.args[0])

    def _denied_by_phrase(self, n: Node) -> set[str]:
        """`not place.indoor`, `not x.hobbies has riding`: the setting's negative phrase
        ("happened outdoors") says the negation without a "not"."""
        if n.kind == "bool_term" and n.args[0].kind == "attr":
            attr = n.args[0]
            return self.vocab.negative(self.category_of(attr.args[0]), attr.op, True)
        if n.kind == "has" and n.args[0].kind == "attr" and n.args[1].kind in ("name", "number"):
            attr = n.args[0]
            return self.vocab.negative(self.category_of(attr.args[0]), attr.op, n.args[1].op)
        return set()

    def f_compare(self, n: Node) -> None:
        left, right = n.args
        if n.op == "!=":
            attr, value = (left, right) if left.kind == "attr" else (right, left)
            phrase = set()
            if attr.kind == "attr" and value.kind in ("name", "number"):
                phrase = self.vocab.negative(self.category_of(attr.args[0]), attr.op, value.op)
            self.negation(n.start, phrase)
        only = self._one_moment(n) if n.op in ORDER else None
        if only:   # 'after night' of a night ending at midnight is said 'at midnight' (english.atoms)
            self.term(left)
            self.name(Node(kind="name", start=right.start, op=only), None)
            return
        if n.op in ORDER:
            self.comparison(n.start, n.op)
            self.direction(n.op, left, right)
        self.term(left, other=right, op=n.op)
        self.term(right, other=left, op=n.op)

    def f_member(self, n: Node) -> None:
        self.term(n.args[0])
        for x in n.args[1]:
            self.term(x, other=n.args[0], op="==")

    def f_not_member(self, n: Node) -> None:
        self.negation(n.start)
        self.f_member(n)

    def f_has(self, n: Node) -> None:
        self.term(n.args[0], other=n.args[1])
        self.term(n.args[1], other=n.args[0], op="==")

    def f_between(self, n: Node) -> None:
        self.comparison(n.start, "between")
        for a in n.args:
            self.term(a)

    def f_lies(self, n: Node) -> None:
        self.need("L009", "that someone lies (`lies`)", n.start, cues.LIES)
        self.term(n.args[0])

    def f_holds(self, n: Node) -> None:
        self.need("L009", "a card held (`holds`)", n.start, cues.CARDS)
        self.term(n.args[0])
        self.term(n.args[1])

    def f_together(self, n: Node) -> None:
        self.need("L009", "that everyone was together (`together`)", n.start, cues.TOGETHER)
        self.term(n.args[0])

    def f_bool_term(self, n: Node) -> None:
        self.term(n.args[0])

    def f_quantifier(self, n: Node) -> None:
        var, cat, where, body = n.args
        self.vars[var.op] = cat.op
        word = n.op.split()
        if word[0] == "no":
            self.negation(n.start)
        if len(word) > 1:
            self.count(n.start, n.op)
        if where is not None:
            self.formula(where)
        self.formula(body)

    def f_counting(self, n: Node) -> None:
        self.count(n.start, n.op)
        for a in n.args:
            self.formula(a)

    # ---- terms --------------------------------------------------------------------
    def term(self, n: Node, other: Node | None = None, op: str = "") -> None:
        if n.kind == "name":
            self.name(n, other)
        elif n.kind == "attr":
            if other is None or not self._literal(other):
                cat = self.category_of(n.args[0])
                self.need("L009", f"the {self._label(cat, n.op)} (`.{n.op}`)", n.start,
                          self.vocab.attribute(cat, n.op))
            self.term(n.args[0])
        elif n.kind == "number":
            value = int(n.op)
            bound = op in ORDER
            self.out.append(Need("L008", f"the number {value}", n.start, number=value, bound=bound))
        elif n.kind == "arith":
            words = cues.PLUS if n.op == "+" else cues.MINUS
            self.need("L008", f"the arithmetic `{n.op}`", n.start, words)
            self.term(n.args[0])
            self.term(n.args[1])
        elif n.kind == "at":
            self.term(n.args[0])
            self.term(n.args[1])
        elif n.kind == "liars":
            self.need("L009", "the liars (`liars`)", n.start, cues.LIES)

    def name(self, n: Node, other: Node | None) -> None:
        nm = n.op
        if nm in self.vars or nm in self.setting.categories:
            return
        if other is not None and other.kind == "attr" and not self._item_valued(other):
            cat = self.category_of(other.args[0])
            self.need("L009", f"'{nm.replace('_', ' ')}' (`{nm}`)", n.start, self.vocab.value(cat, other.op, nm),
                      positive=True)
            return
        if self.setting.find_item(nm) is not None:
            self.need("L009", f"{self.setting.item_name(nm)} (`{nm}`)", n.start, self._own(self.vocab.item(nm), nm),
                      item=nm, positive=True)
        elif nm in self.setting.characters:
            ch = self.setting.characters[nm]
            self.need("L009", f"{ch.name} (`{nm}`)", n.start, self._own(self.vocab.person(nm), ch.item or nm))
        elif nm in self.players:
            self.need("L009", f"{self.players[nm]} (`{nm}`)", n.start, {cues.stem(self.players[nm])})

    # ---- parts --------------------------------------------------------------------
    def need(self, code: str, what: str, at: int, words, item: str = "", positive: bool = False) -> None:
        """`words`: plain words (cues.LIES), or a set of stems from the vocabulary (kept as they are)."""
        found = set(words) if isinstance(words, set) else {cues.stem(w) for w in words}
        self.out.append(Need(code, what, at, found, item=item, positive=positive))

    def negation(self, at: int, phrase: set[str] | None = None) -> None:
        """One need for every negation of the clue (the text says "not" once for them all),
        met by a negation word or by the setting's negative phrase of what is denied."""
        found = next((n for n in self.out if n.what == NEGATED), None)
        if found is None:
            found = Need("L009", NEGATED, at, {cues.stem(w) for w in cues.NEGATION})
            self.out.append(found)
        found.stems |= phrase or set()

    def comparison(self, at: int, token: str) -> None:
        words = cues.LESS | cues.MORE | cues.BETWEEN
        self.out.append(Need("L008", f"a comparison (`{token}`)", at, {cues.stem(w) for w in words}))

    def count(self, at: int, op: str) -> None:
        value = int(op.split()[-1])
        self.out.append(Need("L008", f"the count `{op}`", at, number=value))

    def _one_moment(self, n: Node) -> str | None:
        """The one item an order of the answer's item leaves (`time > night` of a night whose
        last moment is midnight: 'midnight'), else None."""
        left, right = n.args
        cat = self.setting.categories.get(left.op) if left.kind == "name" and left.op not in self.vars else None
        if cat is None or not cat.ordered or right.kind != "name" or right.op not in cat.ids:
            return None
        ids, k = cat.ids, cat.ids.index(right.op)
        left_over = {"<": ids[:k], "<=": ids[:k + 1], ">": ids[k + 1:], ">=": ids[k:]}[n.op]
        return left_over[0] if len(left_over) == 1 else None

    def direction(self, op: str, left: Node, right: Node) -> None:
        """`time < nine` must not read "after nine": the word before the item's name."""
        early = op in ("<", "<=")
        for side, flip in ((right, False), (left, True)):
            if side.kind == "name" and self.setting.find_item(side.op):
                self.directions.append(("early" if early != flip else "late", side.op, side.start))

    def category_of(self, n: Node) -> Category | None:
        cats = self.setting.categories
        if n.kind == "name":
            cid = self.vars.get(n.op) or (n.op if n.op in cats else None)
            item = self.setting.find_item(n.op)
            cid = cid or (item.category if item else None)
            return cats.get(cid) if cid else None
        if n.kind == "at" and self.setting.timeline:
            return cats.get(self.setting.timeline.places)
        if n.kind == "attr":
            owner = self.category_of(n.args[0])
            spec = owner.attributes.get(n.op) if owner else None
            return cats.get(spec.category) if spec and spec.category else None
        return None

    def _item_valued(self, attr: Node) -> bool:
        cat = self.category_of(attr.args[0])
        spec = cat.attributes.get(attr.op) if cat else None
        return bool(spec and spec.category)

    def _literal(self, n: Node) -> bool:
        """A value, which carries the attribute it is compared with ("red" says the hair); a
        number does not ("two" is no weight until the text says "two pounds")."""
        return n.kind == "name" and n.op not in self.vars and n.op not in self.setting.categories

    def _label(self, cat: Category | None, attr: str) -> str:
        spec = cat.attributes.get(attr) if cat else None
        return re.sub(r"\s*\(.*\)", "", spec.label).lower() if spec and spec.label else attr.replace("_", " ")

    def _own(self, words: set[str], item: str) -> set[str]:
        """The speaker's own item is 'I' and 'me'."""
        ch = self.setting.characters.get(self.clue.speaker or "")
        return words | {"i", "me", "my", "myself"} if ch is not None and ch.item == item else words


def needs_of(vocab: Vocabulary, clue: Clue, players: dict[str, str]) -> Needs | None:
    try:
        tree = parse(str(clue.means))
    except ClueSyntaxError:
        return None   # validation reports it
    needs = Needs(vocab, clue, players)
    needs.formula(tree)
    return needs


# ---- the text against the needs ------------------------------------------------------
class Said:
    """A clue text, as words and stems (a counter's label taken out)."""

    def __init__(self, text: str):
        self.text = NUMBERED.sub(  # a counter's own number says nothing
           lambda m: " " * len(m.group(0)), text)
        self.words = [w for _, w in cues.words(self.text)]
        self.stems = [cues.stem(w) for w in self.words]
        self.stem_set = set(self.stems)

    def carries(self, need: Need, vocab: Vocabulary) -> bool:
        if need.number is not None:
            return self._number(need)
        if need.what.startswith("a comparison") and COMPARATIVE.search(self.text):
            return True
        if need.stems & self.stem_set:
            return True
        return bool(need.item) and self._neighbour(need.item, vocab)

    def _number(self, need: Need) -> bool:
        n = need.number
        assert n is not None
        if cues.says_number(self.text, n):
            return True
        return need.bound and (cues.says_number(self.text, n - 1) or cues.says_number(self.text, n + 1))

    def _neighbour(self, item: str, vocab: Vocabulary) -> bool:
        for word, other in vocab.neighbours(item):
            names = vocab.item(other)
            for i, w in enumerate(self.words):
                if w == word and names & set(self.stems[i + 1:i + 4]):
                    return True
        return False

    def denies(self, need: Need) -> bool:
        """Every mention of the need's words is denied: "not red", "did not have red hair"."""
        hits = [i for i, s in enumerate(self.stems) if s in need.stems]
        return bool(hits) and all(self._denied(i) for i in hits)

    def _denied(self, i: int) -> bool:
        before = self.words[max(0, i - 3):i]
        while before and before[-1] in LEAD:
            before.pop()
        return bool(before) and before[-1] in cues.DENIERS

    def says_direction(self, names: set[str]) -> str:
        """'early' or 'late' when the word before a mention of `names` is one, else ''."""
        for i, s in enumerate(self.stems):
            if s in names:
                j = i - 1
                while j >= 0 and self.words[j] in ("the", "a", "an"):
                    j -= 1
                if j >= 0 and self.words[j] in EARLY:
                    return "early"
                if j >= 0 and self.words[j] in LATE:
                    return "late"
        return ""


def carried(text: str, clue: Clue, vocab: Vocabulary, players: dict[str, str], pos_at, english: str) -> list[Diagnostic]:
    """The findings on one clue: what its `means:` has that its text does not say."""
    needs = needs_of(vocab, clue, players)
    if needs is None:
        return []
    said = Said(text)
    out: list[Diagnostic] = []
    seen: set[str] = set()
    negates = any(n.what == NEGATED for n in needs.out)
    for need in needs.out:
        if need.what in seen:
            continue
        seen.add(need.what)
        if not said.carries(need, vocab):
            out.append(_finding(pos_at(need.at), need.code, f"the text does not say {need.what}", english))
        elif need.positive and not negates and said.denies(need):
            out.append(_finding(pos_at(need.at), "L009", f"the text denies {need.what}, which the meaning asserts",
                                english))
    for expected, item, at in needs.directions:
        says = said.says_direction(vocab.item(item))
        if says and says != expected:
            word = "before" if expected == "early" else "after"
            out.append(_finding(pos_at(at), "L008", f"the text says the opposite of '{word} "
                                f"{vocab.setting.item_name(item)}'", english))
    return out


READS = "; the meaning reads: "   # a finding's message: what is wrong, then the meaning in English


def _finding(pos: Pos, code: str, message: str, english: str) -> Diagnostic:
    return warning(pos, code, f"{message}{READS}'{english}'",
                   "say it in the text, or write the `means:` that the text says")
