"""Prove that each mystery plays as printed: the model rebuilt from what reaches the page.

`casetool check` proves a case against its whole setting. A player has only the book:
a fact the solver holds that the book never prints leaves the player more answers than
the check found (issue 26: mansion/small's motives and their counts). So after layout,
the build reads the printed text back and rebuilds each case from it: a decided fact
(`unknown: true`) keeps its `counts:` only when its sentence (facts.py) is printed, and
a fixed rule (`always:`, the setting's or the case's) stays only when its text is
printed. Clues keep their meaning (their text is printed on the page, a wheel or a
note; whether the English carries the meaning is the lint's question). When something
was left out, the case is proven again on what is left: more than one answer is R023,
at the first fact the book leaves out.

What this does not rebuild yet: attribute values in the category tables (a template
that drops a column is not caught), and the decoders' statements (decoders.pdf).
"""

from __future__ import annotations

import html as markup
import re
from dataclasses import dataclass, replace

from ..diagnostics import Diagnostic, Pos, error
from ..load.model import Case, Casebook
from ..solver.check import prove_case
from ..solver.options import Options
from ..solver.status import Status
from .facts import fact_sentence, plural

TAGS = re.compile(r"<[^>]*>")
HIDDEN = re.compile(r"<(style|script|head)\b.*?</\1>", re.S | re.I)


@dataclass(frozen=True)
class Left:
    """One fact the solver holds that the printed book does not say."""
    what: str
    pos: Pos


def printed_text(html: str) -> str:
    """The words of the book's HTML as a reader meets them: no markup, one space between words."""
    return " ".join(markup.unescape(TAGS.sub(" ", HIDDEN.sub(" ", html))).split())


def as_printed(case: Case, text: str) -> tuple[Case, list[Left]]:
    """The case as the book prints it, and what it leaves out."""
    setting, left = case.setting, []
    categories = {}
    for cid, cat in setting.categories.items():
        attrs = {}
        for aid, attr in cat.attributes.items():
            if attr.unknown and attr.counts and _said(fact_sentence(cat, attr, setting), text) is False:
                attrs[aid] = replace(attr, counts={})
                noun, what = (cat.label or cid).lower(), (attr.label or aid).replace("_", " ").lower()
                left.append(Left(f"how many {plural(noun)} had each {what}", attr.pos or setting.pos))
            else:
                attrs[aid] = attr
        categories[cid] = replace(cat, attributes=attrs)
    always = [r for r in setting.always if _said(r.text, text)]
    own = [r for r in case.always if _said(r.text, text)]
    left += [Left(f"the rule '{' '.join(r.text.split())}'", r.pos)
             for r in [*setting.always, *case.always] if not _said(r.text, text)]
    if not left:
        return case, []
    printed = replace(setting, categories=categories, always=always)
    return replace(case, setting=printed, always=own), left


def sufficiency(book: Casebook, statuses: dict[str, str], html: str, time_limit: float = 10.0) -> list[Diagnostic]:
    """R023 for each ok mystery that the printed book leaves with more than one answer."""
    text = printed_text(html)
    problems = []
    for case in book.cases:
        if statuses.get(case.display, Status.OK) != Status.OK:
            continue
        printed, left = as_printed(case, text)
        if not left:
            continue  # the book prints everything the check used: its proof stands
        result = prove_case(printed, Options(time_limit=time_limit, warnings=False, worlds=False, max_alternatives=2))
        if result.status == Status.OK:
            continue
        fits = {Status.AMBIGUOUS: (f"{result.count} answers fit" if result.count else "more than one answer fits"),
                Status.CONTRADICTION: "no answer fits", Status.WRONG: "another answer fits"}.get(
                    result.status, "one answer could not be proven in time")
        problems.append(error(left[0].pos, "R023", f"mystery {case.number} '{case.title}': from what the book prints, "
                              f"{fits}; the book leaves out {', '.join(gap.what for gap in left)}",
                              "print it: a template override may have dropped it (templates/rules.html)"))
    return problems


def _said(sentence: str, text: str) -> bool:
    return " ".join(sentence.split()) in text
