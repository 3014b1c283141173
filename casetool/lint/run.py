"""Lint loaded cases: every check on every text, case by case, then across each casebook
folder; findings sorted by position (deterministic)."""

from __future__ import annotations

from pathlib import Path

from ..diagnostics import CasetoolError, Diagnostic, sort_diagnostics
from ..load.loader import load_yaml
from ..load.model import Case
from ..load.project import SETTING_FILE
from . import clues, fiction, printed, rules, stub, titles
from .texts import case_texts
from .words import Words, setting_words


def lint_cases(cases: list[Case], casebook_docs: dict[Path, dict] | None = None) -> list[Diagnostic]:
    """`casebook_docs` (folder -> casebook.yaml, as loaded): their introductions are read too."""
    out: list[Diagnostic] = stub.intro_stubs(casebook_docs or {})
    words_of: dict = {}
    for folder, group in sorted(rules.by_folder(cases).items()):
        book = []
        for case in group:
            if case.setting is None:
                continue
            key = case.setting.id
            if key not in words_of:
                words_of[key] = setting_words(case.setting, _templates(folder))
            texts = case_texts(case)
            book.append(texts)
            out += lint_texts(case, texts, words_of[key])
        out += rules.repeats_in_book(book)
        out += fiction.dates([c for c in group if c.setting is not None], _templates(folder))
    return sort_diagnostics(out)


def lint_texts(case: Case, texts, words: Words) -> list[Diagnostic]:
    clue_ids = {c.id for c in case.clues}
    out = []
    for t in texts:
        out += rules.articles(t) + rules.scope(t) + rules.self_naming(t, case.setting)
        out += rules.phrases(t, words) + rules.ids(t, words, clue_ids)
    out += rules.numbers(texts) + rules.repeats_in_case(texts) + printed.every_case(case) + fiction.meta(texts)
    out += titles.titles(case, texts)
    out += clues.clue_findings(case, texts)
    return out


def _templates(folder: Path) -> dict:
    """The setting's `templates:` (its words), read with the same loader as everything else."""
    path = folder / SETTING_FILE
    try:
        doc = load_yaml(path, str(path))
    except (CasetoolError, OSError):
        return {}
    templates = doc.get("templates") if isinstance(doc, dict) else None
    return templates if isinstance(templates, dict) else {}
