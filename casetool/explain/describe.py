"""Explanations and hints as text a player can follow, and as JSON."""

from __future__ import annotations

from .steps import Explanation, Fact, Step


class Namer:
    def __init__(self, case):
        self.case = case
        self.setting = case.setting
        self.clues = {c.id: c for c in case.clues}

    def item(self, item_id: str) -> str:
        return self.setting.item_name(item_id)

    def person(self, who: str) -> str:
        return self.setting.person_name(who)

    def clue(self, clue_id: str) -> str:
        clue = self.clues[clue_id]
        who = f"{self.person(clue.speaker)}: " if clue.speaker else ""
        return f"clue '{clue_id}' ({who}\u201c{' '.join(clue.text.split())}\u201d)"

    def fact(self, fact: Fact) -> str:
        if fact.kind == "lies":
            return f"{self.person(fact.subject)} lies"
        if fact.kind == "truthful":
            return f"{self.person(fact.subject)} tells the truth"
        label = self.setting.categories[fact.subject].label.lower()
        return f"the {label} is not {self.item(fact.value)}"

    def ruled_out(self, facts: list[Fact]) -> list[str]:
        return [f"{label}: not {_join(names)}" for label, names in self.ruled_out_by_category(facts)]

    def ruled_out_by_category(self, facts: list[Fact]) -> list[tuple[str, list[str]]]:
        """The 'not' facts grouped by category, in first-seen order: (label in lower case, item names)."""
        by_cat: dict[str, list[str]] = {}
        for f in facts:
            if f.kind == "not":
                by_cat.setdefault(f.subject, []).append(self.item(f.value))
        return [(self.setting.categories[cat].label.lower(), names) for cat, names in by_cat.items()]


def _join(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " or " + names[-1]


def _and(names: list[str]) -> str:
    if len(names) <= 1:
        return "".join(names)
    return ", ".join(names[:-1]) + " and " + names[-1]


def known_facts(facts: list[Fact], namer: Namer, origin: dict[Fact, int]) -> list[str]:
    """Facts used, grouped by category: 'the time is Night (steps 1, 5, 6)'."""
    out: list[str] = []
    by_cat: dict[str, list[Fact]] = {}
    for f in facts:
        if f.kind == "not":
            by_cat.setdefault(f.subject, []).append(f)
        else:
            out.append(f"{namer.fact(f)} (step {origin[f]})")
    for cat, group in by_cat.items():
        category = namer.setting.categories[cat]
        label = category.label.lower()
        steps = sorted({origin[f] for f in group})
        where = f"step{'s' if len(steps) > 1 else ''} {_and([str(n) for n in steps])}"
        left = [i.id for i in category.items if Fact("not", cat, i.id) not in group]
        if len(left) == 1:
            out.append(f"the {label} is {namer.item(left[0])} ({where})")
        else:
            out.append(f"the {label} is not {_join([namer.item(f.value) for f in group])} ({where})")
    return out


def _culprit_pair(step: Step, namer: Namer) -> list[str]:
    """Under the culprit rule, a step whose clues contradict each other with every speaker
    truthful (the explainer's `clash`): the suspects who speak in it, one of whom lies."""
    if not step.clash:
        return []
    chars = namer.setting.characters
    speakers = [namer.clues[c].speaker for c in step.clues if namer.clues[c].speaker in chars]
    return [s for s in dict.fromkeys(speakers) if chars[s].item and chars[s].may_lie]


def _suspects_out(step: Step, namer: Namer) -> list[str]:
    """Under the culprit rule, the suspects a step rules out when one of its clues is spoken by
    a suspect: each is out because, were they the culprit (the only liar), the clues fail."""
    case = namer.case
    if case.effective_liar_rule.kind != "culprit":
        return []
    chars = namer.setting.characters
    if not any(chars.get(namer.clues[c].speaker) and chars[namer.clues[c].speaker].item for c in step.clues):
        return []
    culprit = namer.setting.culprit
    return [namer.item(f.value) for f in step.derived if f.kind == "not" and f.subject == culprit]


def _sources(step: Step, namer: Namer) -> str:
    """What the step reasons from: its clues, or (a step no clue takes part in) the rules."""
    if step.clues:
        return _and([namer.clue(c) for c in step.clues])
    rule = namer.case.effective_liar_rule
    if rule.kind == "custom":
        return f"the liar rule (\u201c{' '.join(str(rule.expression).split())}\u201d)"
    return "the setting's fixed rules"


def step_text(step: Step, namer: Namer, origin: dict[Fact, int]) -> str:
    clues = _sources(step, namer)
    known = known_facts(step.facts, namer, origin)
    given = f", given that {_and(known)}," if known else ""
    clash = _culprit_pair(step, namer)
    if clash and not known:
        who = _join([namer.person(s) for s in clash])
        return (f"{clues[0].upper() + clues[1:]} cannot {'both' if len(step.clues) == 2 else 'all'} be true, so {who} is lying, and only the culprit lies. "
                f"This rules out {'; '.join(namer.ruled_out(step.derived))}.")
    suspects = _suspects_out(step, namer)
    if suspects:
        who, one = _join(suspects), len(suspects) == 1
        hold = "could not all hold" if len(step.clues) + len(known) > 1 else "could not hold"
        return (f"If {'' if one else 'any of '}{who} were the culprit, everyone else would be telling the truth "
                f"(only the culprit lies), and then {clues}{given} {hold}. "
                f"This rules out {'; '.join(namer.ruled_out(step.derived))}.")
    liar_facts = [f for f in step.derived if f.kind in ("lies", "truthful")]
    lines = []
    if step.assumption and step.assumption.kind in ("lies", "truthful"):
        who = namer.person(step.assumption.subject)
        supposed = "lied" if step.assumption.kind == "truthful" else "told the truth"
        verdict = "tells the truth" if step.assumption.kind == "truthful" else "is lying"
        hold = "could not all hold" if len(step.clues) + len(known) > 1 else "could not hold"
        lines.append(f"Suppose {who} {supposed}: then {clues}{given} {hold}. So {who} {verdict}.")
        others = [namer.fact(f) for f in liar_facts if f != step.assumption]
        if others:
            lines.append(f"The same reasoning shows: {_and(others)}.")
    else:
        verb = "rules out" if len(step.clues) <= 1 and not known else "together rule out"
        lines.append(f"{clues[0].upper() + clues[1:]}{given} {verb}: {'; '.join(namer.ruled_out(step.derived))}.")
        if liar_facts:
            lines.append(f"It also follows that {_and([namer.fact(f) for f in liar_facts])}.")
    eliminated = namer.ruled_out([f for f in step.derived if f.kind == "not"])
    if step.assumption and step.assumption.kind in ("lies", "truthful") and eliminated:
        lines.append(f"This rules out {'; '.join(eliminated)}.")
    return " ".join(lines)


def origins(explanation: Explanation) -> dict[Fact, int]:
    return {f: s.number for s in explanation.steps for f in s.derived}


def explanation_text(explanation: Explanation) -> str:
    namer = Namer(explanation.case)
    origin = origins(explanation)
    case = explanation.case
    lines = [f"{case.display}: case {case.number} '{case.title}': {len(explanation.steps)} steps"]
    for step in explanation.steps:
        lines.append(f"  {step.number}. {step_text(step, namer, origin)}")
    if explanation.complete:
        answer = ", ".join(f"{namer.setting.categories[c].label.lower()} {namer.item(i)}" for c, i in explanation.answer.items())
        lines.append(f"  Only one answer remains: {answer}.")
    else:
        lines.append("  The steps stop here: the clues do not single out one answer.")
    return "\n".join(lines) + "\n"


def fact_json(fact: Fact) -> dict:
    return {"kind": fact.kind, "subject": fact.subject, "value": fact.value} if fact.value else \
        {"kind": fact.kind, "subject": fact.subject}


def explanation_json(explanation: Explanation) -> dict:
    namer = Namer(explanation.case)
    origin = origins(explanation)
    clue_pos = {c.id: c.pos for c in explanation.case.clues}
    return {
        "file": explanation.case.display, "case": explanation.case.number, "title": explanation.case.title,
        "complete": explanation.complete, "answer": explanation.answer,
        "steps": [{
            "step": s.number,
            "clues": [{"id": c, "line": clue_pos[c].line, "col": clue_pos[c].col} for c in s.clues],
            "facts": [dict(fact_json(f), step=origin[f]) for f in s.facts],
            "derives": [fact_json(f) for f in s.derived],
            "kinds": s.kinds,
            "text": step_text(s, namer, origin),
        } for s in explanation.steps],
    }


def hint_text(explanation: Explanation, level: int, step_number: int = 1) -> str:
    """Level 1: where to look; 2: what it rules out; 3: the whole step."""
    if not explanation.steps:
        return "No hint: the clues do not lead anywhere yet.\n"
    step = explanation.steps[min(step_number, len(explanation.steps)) - 1]
    namer = Namer(explanation.case)
    origin = origins(explanation)
    if level <= 1:
        return f"Look at {_sources(step, namer)}.\n"
    if level == 2:
        found = namer.ruled_out(step.derived) or [namer.fact(f) for f in step.derived]
        return f"Look at {_sources(step, namer)}: it tells you {'; '.join(found)}.\n"
    return step_text(step, namer, origin) + "\n"
