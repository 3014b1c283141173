"""A clue's meaning read back in English, with the phrases the case generator writes
clues with (casetool.generate: "the culprit has red hair", the setting's `templates:`
first), and plain words for what it has no phrase for."""

from __future__ import annotations

from ..language import ir
from ..language.text import resolve_text
from ..load.model import Setting
from .atoms import category_atoms
from .phrases import Templates, cap, item_name, join_and, join_or, value_word

MAX_CHARS = 600  # small quantifiers are unrolled: a long reading is cut, the hover stays readable
OPS = {"==": "is", "!=": "is not", "<": "is before", "<=": "is at or before", ">": "is after", ">=": "is at or after"}
NUMBER_OPS = {"==": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than", ">=": "is at least"}
COUNT_WORDS = {"==": "exactly", "<=": "at most", ">=": "at least"}
# a quantifier kept whole (ir.Quant): its variable keeps its name in the reading
QUANT_WORDS = {"all": "for every {noun}{where}, {body}", "any": "for some {noun}{where}, {body}",
               "no": "there is no {noun}{where} such that {body}",
               "count": "{count} {noun}{where} {verb} such that {body}"}


class Reader:
    def __init__(self, setting: Setting, templates: dict | None = None, players: dict[str, str] | None = None):
        self.setting = setting
        self.players = players or {}  # a card case's player ids -> names
        self.templates = Templates(templates or {})
        self.people = setting.people_category
        self.phrases = self._phrases()

    def _phrases(self) -> dict:
        """The generator's atoms, keyed by what their `means` resolves to."""
        out: dict = {}
        for cid in self.setting.answer:
            for atom in category_atoms(self.setting, self.templates, cid):
                for means, text in ((atom.means, atom.text), (atom.neg_means, atom.neg_text if atom.neg_pred else None)):
                    expr, problem = resolve_text(means, self.setting, None)
                    if text and problem is None:
                        out.setdefault(expr, text)
        return out

    def sentence(self, expr) -> str:
        text = cap(self.read(expr))
        if len(text) > MAX_CHARS:
            text = text[:MAX_CHARS].rsplit(" ", 1)[0] + " ..."
        return text + "."

    # ---- conditions ---------------------------------------------------------------
    def read(self, node) -> str:
        if node in self.phrases:
            return self.phrases[node]
        method = getattr(self, "c_" + type(node).__name__, None)
        return method(node) if method else str(node)

    def c_Const(self, n):
        return "always true" if n.value else "never true"

    def c_Not(self, n):
        if isinstance(n.arg, ir.Holds):
            return f"{self.player(n.arg.player)} does not hold {item_name(self.setting, n.arg.card, self.people)}"
        if isinstance(n.arg, ir.Or) and len(n.arg.args) > 1:
            return f"none of these hold: {'; '.join(self.read(a) for a in n.arg.args)}"
        return f"it is not so that {self.read(n.arg)}"

    def c_And(self, n):
        parts = [a for a in n.args if a != ir.Const(True)]
        return join_and([self.read(a) for a in parts]) if parts else "always true"

    def c_Or(self, n):
        return join_or([self.read(a) for a in n.args]) if n.args else "never true"

    def c_Xor(self, n):
        parts = [self.read(a) for a in n.args]
        if len(parts) == 2:
            return f"{parts[0]} or {parts[1]}, but not both"
        return f"an odd number of these hold: {'; '.join(parts)}"

    def c_Implies(self, n):
        if n.left == ir.Const(True):
            return self.read(n.right)
        return f"if {self.read(n.left)}, then {self.read(n.right)}"

    def c_Iff(self, n):
        return " if and only if ".join(self.read(a) for a in n.args)

    def c_Count(self, n):
        return f"{COUNT_WORDS[n.op]} {n.n} of these hold: {'; '.join(self.read(a) for a in n.args)}"

    def c_Quant(self, n):
        category = self.setting.categories[n.category]
        many = n.word == ir.QuantWord.COUNT and n.n != 1
        noun = f"{category.label.lower()}{'s' if many else ''} {n.var}"
        left_out = [i for i in category.ids if i not in n.items]   # a step along the order leaves out an end
        if left_out:
            names = [item_name(self.setting, i, self.people) for i in left_out]
            noun += f" other than {join_or(names)}"
        where = "" if n.where == ir.Const(True) else f" where {self.read(n.where)}"
        count = f"{COUNT_WORDS.get(n.op, '')} {n.n}"
        return QUANT_WORDS[n.word].format(noun=noun, where=where, body=self.read(n.body), count=count,
                                          verb="are" if many else "is")

    def c_Lies(self, n):
        return f"{self.person(n.character)} lies"

    def c_LiesOf(self, n):
        return f"{self.term(n.term)} lies"

    def c_HoldsOf(self, n):
        return f"{self.player(n.player)} holds {self.term(n.term)}"

    def c_Contains(self, n):
        return f"{self.term(n.term)} include {self.term(n.value)}"

    def c_Holds(self, n):
        return f"{self.player(n.player)} holds {item_name(self.setting, n.card, self.people)}"

    def c_Together(self, n):
        return f"everyone was in one place at {self.term(n.time)}"

    def c_Has(self, n):
        return f"{self.term(n.term)} include {value_word(n.value.value)}"

    def c_Truthy(self, n):
        return f"{self.term(n.term)} is true"

    def c_Compare(self, n):
        if isinstance(n.left, ir.Liars) and isinstance(n.right, ir.Number):
            return self.liars(n.op, n.right.value)
        if isinstance(n.left, ir.At):
            return self.at(n)
        words = NUMBER_OPS if _numeric(n.left) or _numeric(n.right) else OPS
        return f"{self.term(n.left)} {words[n.op]} {self.term(n.right)}"

    def liars(self, op: str, count: int) -> str:
        if op == "==" and count == 0:
            return "nobody lies"
        return f"the number of liars {NUMBER_OPS[op]} {count}"

    def at(self, n):
        who, when = self.term(n.left.person), self.term(n.left.time)
        if isinstance(n.right, ir.At):
            other = f"{self.term(n.right.person)} was at {self.term(n.right.time)}"
            return f"at {when}, {who} {'was' if n.op == ir.CompareOp.EQ else 'was not'} where {other}"
        where = "away" if isinstance(n.right, ir.AwayConst) else f"at {self.term(n.right)}"
        verb = "was" if n.op == ir.CompareOp.EQ else "was not"
        return f"{who} {verb} {where} at {when}"

    # ---- terms ----------------------------------------------------------------------
    def term(self, node) -> str:
        if isinstance(node, ir.AnswerRef):
            return self.templates.subject(self.setting.categories[node.category])
        if isinstance(node, ir.ItemConst):
            return item_name(self.setting, node.item, self.people)
        if isinstance(node, (ir.AttrOf, ir.FactOf)):
            return f"{self.term(node.term)}'s {self.label(node.term, node.attribute)}"
        if isinstance(node, ir.Var):
            return node.name
        if isinstance(node, ir.Step):
            return self.step(node)
        if isinstance(node, ir.Arith):
            return f"{self.term(node.left)} {'plus' if node.op == ir.ArithOp.PLUS else 'minus'} {self.term(node.right)}"
        if isinstance(node, ir.ValueConst):
            return value_word(node.value)
        if isinstance(node, ir.At):
            return f"where {self.term(node.person)} was at {self.term(node.time)}"
        if isinstance(node, ir.AwayConst):
            return "away"
        if isinstance(node, ir.Liars):
            return "the number of liars"
        if isinstance(node, ir.Number):
            return str(node.value)
        return str(node)

    def step(self, node) -> str:
        category = getattr(node.term, "category", None)
        noun = self.setting.categories[category].label.lower() if category else "one"
        side = "after" if node.by > 0 else "before"
        count = f"the {noun}" if abs(node.by) == 1 else f"{abs(node.by)} {noun}s"
        return f"{count} {side} {self.term(node.term)}"

    def label(self, term, attribute: str) -> str:
        category = getattr(term, "category", None)
        attr = self.setting.categories[category].attributes.get(attribute) if category else None
        return (attr.label if attr and attr.label else attribute.replace("_", " ")).lower()

    def player(self, who: str) -> str:
        return self.players.get(who, who)

    def person(self, who: str) -> str:
        return self.setting.person_name(who)


def _numeric(node) -> bool:
    return isinstance(node, (ir.Liars, ir.Number, ir.Arith)) or (isinstance(node, ir.AttrOf) and node.kind == "number")
