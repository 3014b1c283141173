"""Two witnesses whose truth is still open, under a rule that lets no more than one witness lie
(grange: 'exactly one of the guests lies'; the inspector's 'no more than one'): one of the two
must be telling the truth, so a suspect of whom neither statement would be true is cleared.
Told as a player argues it: 'Ada Vane says that the murderer usually keeps to the Library,
and Basil Crane that if the murderer has fair hair, they do not usually keep to the Hall; only
one witness lies, so one of them must be telling the truth. Neither would be true of Basil
Crane, who has fair hair and usually keeps to the Hall, so he is not the murderer.' (was
'Whether or not Ada Vane or Basil Crane is lying, their statements together tell us that ...',
a bare result). Also the inspector's note, which settles who lies on its own (inspector_sentence).
"""

from __future__ import annotations

from ..explain.steps import Fact, Step
from ..language import ir
from ..load.model import Case, Character, Clue
from .chain import Chain, Reading, with_known
from .claims import if_words, in_words, joined, left_of, opposite, outcome
from .names import clue_ref, join, name_item, person, referent, role, whose
from .reasons import clash_with_all, with_suspect, with_traits

RULES = {"exactly_one": "only one witness lies", "inspector": "no more than one witness lies"}


def one_of_two(case: Case, step: Step, known: set[Fact], clues: list[Clue]) -> str:
    """The step as that argument (without a lead), or '' when it is not one: two statements,
    a rule of one liar, and suspects cleared by their looks alone."""
    culprit = case.setting.culprit
    rule = RULES.get(case.effective_liar_rule.kind)
    out = [f.value for f in step.derived if f.kind == "not" and f.subject == culprit]
    if not (rule and culprit and len(clues) == 2 and out) or any(f.kind == "not" and f.subject != culprit for f in step.derived):
        return ""
    words = [_words(case, c) for c in clues]
    cleared = [_cleared(case, clues, s) for s in out]
    if not all(words) or not all(cleared) or any(c.speaker is None for c in clues):
        return ""
    first, second = (person(case, c.speaker or "") for c in clues)
    said = f"{first} says that {words[0]}, and {second} that {words[1]}; {rule}, so one of them must be telling the truth"
    return f"{said}. Neither would be true of {', nor of '.join(cleared)}, so {_so(case, step, known, out, cleared[-1])}"


def _words(case: Case, clue: Clue) -> str:
    expr = clue.expr
    return (if_words(case, expr) if isinstance(expr, ir.Implies) else in_words(case, expr)) or ""


def _cleared(case: Case, clues: list[Clue], item: str) -> str:
    """'Basil Crane, who has fair hair and usually keeps to the Hall': the looks that undo the
    statements not undone by the names they say ('the murderer is Ada Vane or Basil Crane' is
    plainly not true of Cora Lisle); the bare name when the names undo both; '' when neither
    looks nor names undo one."""
    name = name_item(case, item)
    suspect = case.setting.categories[case.setting.culprit].item(item)
    by_looks = [c.expr for c in clues if suspect is None or with_traits(c.expr, suspect, set(), who=True) is not False]
    if not by_looks:
        return name
    looks = clash_with_all(case, by_looks, item)
    return f"{name}, who {looks.removeprefix(name + ' ')}" if looks.startswith(name + " ") else ""


def _so(case: Case, step: Step, known: set[Fact], out: list[str], last: str) -> str:
    """What the step concludes, the one suspect cleared just named said again as 'he' or 'she';
    a culprit found is said after who is cleared: 'so neither of them is the murderer, which
    leaves Basil Crane as the murderer' (never 'so Basil Crane must be the murderer', the result
    before the clearing it stands on)."""
    so = joined(outcome(case, step, known))
    left = left_of(case, case.setting.culprit, known | set(step.derived))
    name = name_item(case, out[0])
    if len(left) == 1 and all(f.subject == case.setting.culprit for f in step.derived if f.kind == "not"):
        cleared = f"{referent(case.setting, out[0], last)} is not" if len(out) == 1 else \
            "neither of them is" if len(out) == 2 else "none of them is"
        return f"{cleared} {role(case)}, which leaves {name_item(case, left[0])} as {role(case)}"
    if len(out) == 1 and len(left) > 1 and so.startswith(name + " "):
        return f"{referent(case.setting, out[0], last)} {so[len(name) + 1:]}"
    return so


def told_truth(case: Case, step: Step, known: set[Fact], clues: list[Clue]) -> tuple[str, list[Fact]]:
    """Why a speaker of the two is found truthful (or lying) once the suspects are cleared:
    'Basil Crane's statement is true of everyone else, so it was the truth.' Said only when
    the statement, read by looks and names, is true (false) of every suspect left; the facts
    said this way are returned beside the text, the rest are left to the plain 'X told the truth'."""
    culprit = case.setting.culprit
    left = left_of(case, culprit, known | set(step.derived))
    suspects = [case.setting.categories[culprit].item(i) for i in left]
    out: list[str] = []
    said: list[Fact] = []
    for fact in (f for f in step.derived if f.kind in ("truthful", "lies")):
        clue = next((c for c in clues if c.speaker == fact.subject), None)
        if clue is None or any(with_suspect(clue.expr, s) is not (fact.kind == "truthful") for s in suspects if s):
            continue
        whom = _whom(case, left, case.setting.characters[fact.subject].item)
        out.append(f"{person(case, fact.subject)}'s statement is "
                   + (f"true of {whom}, so it was the truth." if fact.kind == "truthful" else f"not true of {whom}, so it was a lie."))
        said.append(fact)
    rest = [f for f in step.derived if f.kind == "truthful" and f not in said and f.subject not in {c.speaker for c in clues}]
    if rest and case.effective_liar_rule.kind in RULES and _not_both(case, step, known, clues):
        # the liar is one of the two, so everyone else told the truth (never a bare 'C and D told the truth')
        out.append(f"Nor can both statements be true, so one of those two lies, and "
                   f"{join([person(case, f.subject) for f in rest], 'and')} told the truth.")
        said += rest
    return " ".join(out), said


def _not_both(case: Case, step: Step, known: set[Fact], clues: list[Clue]) -> bool:
    """Whether the two statements, read as true beside what the page has found, cannot both
    hold (chain.py reads them to a clash)."""
    return Chain(case, with_known(step, known), {}).run([Reading(c, "true") for c in clues])


def _whom(case: Case, left: list[str], speaker: str | None) -> str:
    """'everyone else' (every suspect but the speaker is left), else the suspects left by name."""
    everyone = [i for i in case.setting.categories[case.setting.culprit].ids if i != speaker]
    return "everyone else" if left == everyone and len(left) > 1 else join([name_item(case, i) for i in left], "and")


def inspector_note(case: Case, step: Step) -> Character | None:
    """The inspector's note, when the step reads it alone (inspector rule): the inspector never
    lies and at most one witness does, so the note settles who lies on its own."""
    if case.effective_liar_rule.kind != "inspector" or len(step.clues) != 1 or step.facts:
        return None
    clue = next(c for c in case.clues if c.id == step.clues[0])
    ch = case.setting.characters.get(clue.speaker) if clue.speaker else None
    return ch if ch and ch.role == "inspector" else None


def inspector_sentence(case: Case, step: Step, inspector: Character) -> str | None:
    """'Inspector Brown (wheel 37) tells us that Mrs. Peacock is lying. Inspector Brown never
    lies and only one witness ever does, so ... told the truth.' What the note tells us, never
    words put in his mouth ('says nobody lies except Mrs. Peacock', when the wheel reads 'It
    always surprises me that Mrs. Peacock tells so many lies': the 'nobody else' is the rule's)."""
    ref = clue_ref(case, step.clues[0])
    lying = [person(case, f.subject) for f in step.derived if f.kind == "lies"]
    truthful = [person(case, f.subject) for f in step.derived if f.kind == "truthful"]
    rule = f"{inspector.name} never lies"
    if lying:
        text = f"{ref} tells us that {join(lying, 'and')} {'is' if len(lying) == 1 else 'are'} lying."
        if truthful:
            text += f" {rule} and only one witness ever does, so {join(truthful, 'and')} told the truth."
        return text
    clue = next(c for c in case.clues if c.id == step.clues[0])
    if not truthful or "liars == 0" not in " ".join(clue.means.split()):
        return None   # not the note's whole word (read the usual way)
    return f"{ref} tells us that no witness lies, and {rule}: {join(truthful, 'and')} told the truth."


def lied_against(case: Case, step: Step, known: set[Fact], supposed: Fact) -> str:
    """A supposition on who lies, told with what breaks, under a rule of one liar: 'Suppose Ada
    Vane lied: then, turned round, Ada Vane's statement about the murderer says that the murderer
    neither usually keeps to the Library nor has fair hair. But only one witness lies, so Dev
    Marlow would be telling the truth, and he says that the murderer has fair hair. So Ada Vane
    told the truth.' (was '... would not fit together. So Ada Vane told the truth.', a result
    with no reason); 'Everyone but Dev Marlow told the truth, and one witness always lies, so
    Dev Marlow is lying.' (was 'Suppose Dev Marlow told the truth: then the rule ... would not
    fit what we already know'). '' when the step is not one of these."""
    rule, kind = RULES.get(case.effective_liar_rule.kind), case.effective_liar_rule.kind
    who = person(case, supposed.subject)
    others = [f for f in step.derived if f != supposed]
    if rule is None or others:
        return ""
    if supposed.kind == "lies" and kind == "exactly_one" and not step.clues:
        told = [f.subject for f in step.facts if f.kind == "truthful"]
        can_lie = {c.speaker for c in case.clues if c.speaker in case.who_can_lie()}
        if len(step.facts) != len(told) or set(told) | {supposed.subject} != can_lie:
            return ""
        return f"Everyone but {who} told the truth, and one witness always lies, so {who} is lying."
    clues = [next(c for c in case.clues if c.id == cid) for cid in step.clues]
    own = [c for c in clues if c.speaker == supposed.subject]
    rest = [c for c in clues if c.speaker != supposed.subject]
    if supposed.kind != "truthful" or step.facts or len(own) != 1 or not rest or any(c.speaker is None for c in rest):
        return ""
    turned, said = opposite(case, own[0]), [_words(case, c) for c in rest]
    if not turned or not all(said):
        return ""
    speakers = list(dict.fromkeys(c.speaker or "" for c in rest))
    if len(speakers) != len(rest):
        return ""
    ch = case.setting.characters.get(speakers[0])
    first = referent(case.setting, ch.item) if len(speakers) == 1 and ch and ch.item else person(case, speakers[0])
    tell = f"{join([person(case, s) for s in speakers], 'and')} would be telling the truth"
    says = f"{first or person(case, speakers[0])} says that {said[0]}" + "".join(f", and {person(case, s)} that {w}" for s, w in zip(speakers[1:], said[1:], strict=True))
    ref = whose(case, own[0].id)
    words = f"{who}'s words on {ref} say" if ref.startswith("wheel ") else f"{ref} says"
    return (f"Suppose {who} lied: then, turned round, {words} that {turned}. But {rule}, so {tell}, and {says}. "
            f"So {who} told the truth.")
