"""Liars and traits pages tell every finding with its grounds, before it (issue 24, session 14):

1. a supposition on who lies says which known fact it breaks (english/liar_suppose.py; was
   'Suppose Basil Crane lied: then Cora Lisle's statement about the murderer would not fit what
   we already know', 36 times over 191 generated pages);
2. a culprit found by clearing the others is said after them ('so neither of them is the
   murderer, which leaves Basil Crane as the murderer'; was 'so Basil Crane must be the
   murderer', 25 times);
3. no finding without its reason ('Cora Lisle is lying.', 'Dev Marlow told the truth.',
   '...; the crime must have happened on the Jetty, and ...' after a supposition: 20 bare
   verdicts, 11 bare findings);
4. 'With what we already know' opens only a step that names no grounds of its own (was 47
   of 191 pages, before 'X is not the murderer and so tells the truth', 'suppose ...').

Each sentence is checked by the brute force (page_truth.py, chain_truth.py, one_true_truth.py)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import chain_truth
import one_true_truth
from casetool.english.leads import LEADS, lead
from casetool.english.solution import solution_prose
from casetool.explain.steps import explain_case
from casetool.load.project import load_paths
from page_truth import assert_page_true

ROOT = Path(__file__).resolve().parents[2]


# Fixtures read beside the grange setting as it was when they were drawn (heights in hands,
# rooms in paces, a measure never denied): each is here for a reading that setting gave
# (a liar found through another witness's words, a statement with no words for its
# opposite), which grange's heights and room sizes said in words no longer give.
FIGURES = {"grange-liars-2-hard", "grange-liars-3-hard", "grange-liars-4-medium"}


def _kept(tmp_path: Path, fixture: str):
    setting = ROOT / "tests" / "fixtures" / "grange-figures" / "setting.yaml" if fixture in FIGURES else \
        ROOT / "cases" / fixture.split("-")[0] / "setting.yaml"
    shutil.copy(setting, tmp_path / "setting.yaml")
    shutil.copy(Path(__file__).parent / "fixtures" / f"{fixture}.yaml", tmp_path / "001.yaml")
    return load_paths([tmp_path / "001.yaml"]).cases[0]


def _page(case) -> str:
    return " ".join(solution_prose(explain_case(case, 60)).split())


def _counted(monkeypatch, module, name: str) -> list:
    checked: list = []
    real = getattr(module, name)
    monkeypatch.setattr(module, name, lambda *a, **k: checked.append(real(*a, **k)) or checked[-1])
    return checked


def test_a_liar_supposition_says_which_fact_it_breaks(tmp_path, monkeypatch):
    case = _kept(tmp_path, "grange-liars-2-hard")
    page = _page(case)
    assert "fit what we already know" not in page, page
    assert ("Suppose Basil Crane lied: then, as only one witness lies, Cora Lisle's statement about the murderer would "
            "be true, meaning that the murderer stands three hands high, but Basil Crane, the murderer, stands four "
            "hands high. So Basil Crane told the truth.") in page, page
    checked = _counted(monkeypatch, chain_truth, "_assert_liar_chain")
    assert_page_true(case)
    assert sum(checked) == 1, checked


def test_a_supposition_against_the_rule_names_who_told_the_truth(tmp_path, monkeypatch):
    """'Suppose Dev Marlow told the truth: then the rule that one witness always lies would not
    fit what we already know' left the reader to find who told the truth; and a liar's own
    words turned round clash with the culprit found before, said with who the culprit is."""
    case = _kept(tmp_path, "grange-liars-2-medium")
    page = _page(case)
    assert "fit what we already know" not in page, page
    assert ("Suppose Dev Marlow told the truth: then nobody would be lying, as Ada Vane, Basil Crane and Cora Lisle "
            "told the truth, but one witness always lies. So Dev Marlow is lying.") in page, page
    assert ("Suppose Basil Crane lied: then Basil Crane's statement about the murderer would be a lie, meaning that the "
            "murderer does not usually keep to the Kitchen, but Cora Lisle, the murderer, usually keeps to the Kitchen.") in page
    checked = _counted(monkeypatch, chain_truth, "_assert_liar_chain")
    assert_page_true(case)
    assert sum(checked) == 2, checked


BARE = re.compile(r"(?:^|\. )(?!So |Only )[A-Z][\w.]*(?: [A-Z][\w.]*)*(?:(?:, | and )[A-Z][\w.]*(?: [A-Z][\w.]*)*)* "
                  r"(?:told the truth(?: as well)?|is lying|are lying)\.")


def test_each_witness_found_lying_or_truthful_is_told_why(tmp_path, monkeypatch):
    """'So Dev Marlow told the truth. Cora Lisle told the truth as well. Ada Vane is lying.'
    gave two findings with no reason: Ada Vane's own statement is what broke the supposition,
    and the rule of one liar clears the rest."""
    case = _kept(tmp_path, "grange-liars-3-hard")
    page = _page(case)
    assert not BARE.search(page), BARE.search(page)
    assert ("So Dev Marlow told the truth. The same reading shows that Ada Vane's statement about the murderer cannot "
            "be true, so Ada Vane is lying. Only one witness lies, so Cora Lisle told the truth as well.") in page, page
    assert_page_true(case)


def test_two_witnesses_who_cannot_both_be_right_clear_the_rest(tmp_path, monkeypatch):
    """'... so Ada Vane is not the murderer. Cora Lisle and Dev Marlow told the truth.': why
    they did is that the two statements cannot both hold, so the one liar is one of those two;
    and a culprit left by clearing the others is said after them."""
    case = _kept(tmp_path, "grange-liars-10-hard")
    page = _page(case)
    assert not BARE.search(page), BARE.search(page)
    assert ("so she is not the murderer. Nor can both statements be true, so one of those two lies, and Cora Lisle "
            "and Dev Marlow told the truth.") in page, page
    checked = _counted(monkeypatch, one_true_truth, "assert_not_both")
    assert_page_true(case)
    assert sum(checked) == 1, checked


def test_the_culprit_is_found_after_who_is_cleared(tmp_path):
    case = _kept(tmp_path, "grange-liars-2-hard")
    page = _page(case)
    assert not re.search(r"Neither would be true of [^.]*, so [A-Z]\w+ [A-Z]\w+ must be the murderer", page), page
    assert ("nor of Dev Marlow, who stands five hands high, so neither of them is the murderer, which leaves Basil "
            "Crane as the murderer.") in page, page


def test_a_refuted_supposition_gives_its_other_findings_with_their_reason(tmp_path, monkeypatch):
    """'So Vicar Vermilion is not the murderer; the crime must have happened on the Jetty, and
    Sergeant Olive must be the murderer.': the Jetty had no reason. Now the statements are read
    again with him cleared (chain_truth.assert_cleared_true checks the reading)."""
    case = _kept(tmp_path, "murdle-traits-10-hard")
    page = _page(case)
    assert "; the crime must have happened on the Jetty" not in page, page
    assert ("So Vicar Vermilion is not the murderer, and Sergeant Olive must be the murderer. With that, her statement about "
            "the place is a lie, meaning that the crime happened on a wooden floor and outdoors, so the crime happened "
            "on the Jetty.") in page, page
    checked = _counted(monkeypatch, chain_truth, "assert_cleared_true")
    assert_page_true(case)
    assert sum(checked) == 1, checked


GROUNDS = re.compile(r"^(?:[Ss]uppose |[Ss]ince |[\w. ]+ (?:is|are) not the \w+ and so tells? the truth|[\w. ]+ is lying)")


def test_what_we_already_know_opens_only_a_step_that_names_no_grounds(tmp_path):
    """'With what we already know, Professor Ochre is not the murderer and so tells the truth'
    said its grounds twice, the first time vaguely."""
    case = _kept(tmp_path, "murdle-liars-2-easy")
    page = _page(case)
    assert "Professor Ochre is not the murderer and so tells the truth" in page, page
    for sentence in page.split(". "):
        if sentence.startswith(LEADS[0]):
            assert not GROUNDS.match(sentence.removeprefix(LEADS[0])), sentence
    for case in load_paths([ROOT / "cases"]).cases:   # the lead in its place: none of the steps around it
        for n in range(1, 10):
            got = lead(case, n, grounds=True)
            assert got != LEADS[0]
            around = [lead(case, k) for k in range(max(1, n - 3), n + 4) if k != n]
            assert got == lead(case, n) or got not in around, (case.display, n, got, around)


def test_a_statement_that_cannot_be_true_says_what_it_runs_into(tmp_path, monkeypatch):
    """'Sergeant Olive's statement about the murderer cannot be true, so Sergeant Olive is lying'
    (19 times over the murdle pages, most with ', with what we already know') left the clash to
    the reader; chain_truth.assert_cannot_hold reads the words and the clash by the brute force,
    and catches a clash that is not one."""
    from casetool.english.chain import with_known
    case = _kept(tmp_path, "murdle-liars-2-easy")
    page = _page(case)
    said = ("Sergeant Olive's statement about the murderer cannot be true: it says that the murderer has brown eyes, "
            "but the murderer is Sergeant Olive, who has hazel eyes, or Professor Ochre, who has gray eyes, "
            "so Sergeant Olive is lying")
    assert said in page, page
    checked = _counted(monkeypatch, chain_truth, "assert_cannot_hold")
    assert_page_true(case)
    assert sum(checked) == 1, checked
    steps = explain_case(case, 60).steps
    known = set().union(*(s.derived for s in steps[:2]))
    wrong = said.replace("Professor Ochre, who has gray eyes", "Vicar Vermilion, who has brown eyes")
    try:
        chain_truth.assert_cannot_hold(case, with_known(steps[2], known), wrong + ".", "wrong")
    except AssertionError:
        return
    raise AssertionError("a clash that is not one passed")


def test_a_statement_with_no_words_for_its_opposite_is_read_by_the_suspects_left(tmp_path, monkeypatch):
    """'Suppose Cora Lisle lied: then Cora Lisle's statement about the murderer would not fit what
    we already know' (her 'if fair hair, two hands high' turned round needs 'does not stand two
    hands high', which the setting has no words for): said as what it comes to of the two
    suspects left, checked by chain_truth._assert_by_those_left."""
    case = _kept(tmp_path, "grange-liars-4-medium")
    page = _page(case)
    assert "fit what we already know" not in page, page
    assert ("Suppose Cora Lisle lied: then Cora Lisle's statement about the murderer would be a lie, yet it holds "
            "whether the murderer is Ada Vane or Dev Marlow. So Cora Lisle told the truth.") in page, page
    checked = _counted(monkeypatch, chain_truth, "_assert_by_those_left")
    assert_page_true(case)
    assert len(checked) == 1, checked
