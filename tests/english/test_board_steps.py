"""A board case's answer steps told as arguments (english/board_steps.py), for explain and a
level-3 hint: every claim of every sentence (the part of the answer argued, each step of a
supposition with only its clues and what it leans on, the clash) true by the brute force of
tests/solver, on board cases generated for a board small enough to search; what an argument
leans on is what the steps before it found."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from casetool.english.board_steps import board_step_lines
from casetool.english.sentences import step_sentence
from casetool.explain.steps import explain_case
from casetool.load.project import load_paths

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "solver"))
from test_board_solution import assert_claim, part_of, tiny_case  # noqa: E402

from bruteforce import feasible_values, possible_answers  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
# what the generic sentence says of a step that only many clues read together show
TOGETHER = re.compile(r"[Ww]hether or not|together tell|[Pp]ut the .{0,400}? beside |[Rr]ead side by side|[Tt]aken with")


def argued(case):
    """Each step's lines (None: not argued) with the parts of the answer known before it,
    as (category, item, is)."""
    known: set = set()
    out = []
    for step in explain_case(case).steps:
        parts = {(f.subject, f.value, False) for f in known if f.kind == "not"}
        for cat in case.setting.answer:
            left = [i for i in case.setting.categories[cat].ids if (cat, i, False) not in parts]
            parts |= {(cat, left[0], True)} if len(left) == 1 else set()
        out.append((step, board_step_lines(case, step, known), parts))
        known |= set(step.derived)
    return out


def assert_argued(case, steps) -> int:
    """Every claim true by the brute force; an argument leans only on what was known before
    its step, on its supposition and on the steps of it said before; returns the lines checked."""
    answers = possible_answers(case)
    values = feasible_values(case, dict(zip(case.setting.answer, next(iter(answers)), strict=True)))
    n = 0
    for _, lines, parts in steps:
        for line in lines or []:
            n += 1
            cat, item, yes = part_of(case, line.claims[0])   # the part argued; what it supposes is its opposite
            supposed: set = {(cat, item, not yes, "supposed")}
            for claim in line.claims:
                assert_claim(case, claim, answers, values)
                if claim[0] in ("by", "if"):
                    assert {g for g in claim[2] if len(g) < 5} == set(), (line.text, claim)   # explain tells no cell
                    assert {f for f in claim[3] if len(f) == 3} <= parts, (line.text, claim, parts)
                    leans = {f for f in claim[3] if len(f) == 4} | set(claim[2])
                    assert claim[0] == "if" or not leans, (line.text, claim)
                    assert leans <= supposed, (line.text, claim, supposed)
                if claim[0] == "if" and claim[4] != ("clash",):   # a step of the supposition: leaned on from here
                    kind = claim[4][0]
                    supposed.add((*part_of(case, claim[4]), "supposed") if kind in ("answer", "not_answer", "not_time")
                                 else (*claim[4][1:], kind == "cell", "supposed"))
            assert line.claims[0][0] in ("answer", "not_answer", "not_time"), line.claims
    return n


def test_every_claim_of_a_board_step_argued_is_true_by_the_brute_force(tmp_path):
    """On tiny boards (a second or so a case): the steps argued, their suppositions' steps
    (a room, or a part of the answer) and clashes all true; some arguments have steps."""
    links = lines = 0
    for seed in (1, 2, 3, 7):
        (tmp_path / str(seed)).mkdir()
        case = tiny_case(tmp_path / str(seed), seed)
        steps = argued(case)
        lines += assert_argued(case, steps)
        links += sum(c[0] == "if" and c[4] != ("clash",) for _, ls, _ in steps for line in ls or [] for c in line.claims)
    assert lines > 8 and links > 2, (lines, links)


def test_the_mansion_sample_explained_argues_its_steps():
    """cases/mansion/small, as `casetool explain` prints it: the motive step said as the
    motives, the rooms and the murderer argued by supposition, nothing read 'together'; each
    argument leaning only on what the steps before it found."""
    case = load_paths([ROOT / "cases" / "mansion" / "small"]).cases[0]
    steps = argued(case)
    said, known = [], set()
    for step, _, _ in steps:
        said.append(step_sentence(case, step, known))
        known |= set(step.derived)
    assert said[4] == "Dr Crane's motive was greed, and the murderer's was revenge, so the Doctor is not the murderer."
    # what the argument leans on is recalled before it supposes, not listed after its result
    assert re.match(r"(We know|Recall|We have seen) that the Dagger was the weapon and that the murder has been ruled "
                    r"out at six and seven o'clock\. Suppose the murder had happened in the Hall\. Then the fact ",
                    said[5]), said[5]
    assert said[5].endswith("So the murder did not happen in the Library."), said[5]
    assert said[9].endswith("which leaves nobody to be the murderer. So Mrs Bellamy was the murderer after all."), said[9]
    assert not [s for s in said if TOGETHER.search(s)], said
    for _, lines, parts in steps:   # the brute force of the mansion's night is too slow: the tiny boards check truth
        for line in lines or []:
            for claim in line.claims:
                if claim[0] in ("by", "if"):
                    assert {f for f in claim[3] if len(f) == 3} <= parts, (line.text, claim)
