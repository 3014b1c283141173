"""The YAML writer: every scalar reads back as written; long texts fold; modelines are relative."""

from __future__ import annotations

import pytest
import yaml
from casetool.generate.writer import (
    CaseDoc,
    ClueDoc,
    block_field,
    case_yaml,
    scalar,
    schema_line,
    text_field,
)

TRICKY = ["plain words", "yes", "no", "null", "~", "12", "1.5", "0x1f", "key: value", "a # not a comment",
          "#hash", "- dash", "[list]", "{map}", "'quoted'", '"double"', "trailing ", " leading", "",
          "all p in suspect: at(p, dawn) == away", "Miss O'Hara", "caf\u00e9 \u201cquotes\u201d", "@at", "`tick`",
          "%percent", "*star", "&amp", "!bang", "|pipe", ">fold", "tab\there", "line\nbreak", "?", "-", ":"]


@pytest.mark.parametrize("text", TRICKY)
def test_scalars_read_back_unchanged(text):
    assert yaml.safe_load(f"k: {scalar(text)}") == {"k": text}


def test_long_texts_fold_and_read_back():
    words = "The culprit either wears glasses or has red hair, but not both: ask Mrs. White #1."
    lines = text_field("text", (words + " ") * 4, 4)
    assert lines[0] == "    text: >-" and all(len(ln) <= 88 for ln in lines)
    assert yaml.safe_load("\n".join(lines).replace("    ", "", 1))["text"] == " ".join([words] * 4)


def test_blocks_keep_paragraphs():
    lines = block_field("story", "First paragraph\nwrapped.\n\nSecond one.", 0)
    assert yaml.safe_load("\n".join(lines) + "\n")["story"] == "First paragraph wrapped.\n\nSecond one.\n"


def test_a_case_reads_back_and_the_writer_refuses_a_mismatch():
    doc = CaseDoc(3, "A Title: With Colon", "mini", "Story.", [ClueDoc("c1", "No: really #2", "suspect != plum")],
                  {"suspect": "green"}, "Because.")
    data = yaml.safe_load(case_yaml(doc, "# modeline"))
    assert data["title"] == "A Title: With Colon" and data["clues"][0]["text"] == "No: really #2"


def test_schema_line_is_the_one_new_writes(tmp_path):
    # outside casetool's repository: the folder's own copy, never a path into the checkout
    assert schema_line("case", tmp_path / "a" / "b") == "# yaml-language-server: $schema=.casetool/schemas/case.schema.json"
    # inside it: the package's schema, relative to the folder
    from generate_helpers import CASES
    assert schema_line("case", CASES / "murdle") == "# yaml-language-server: $schema=../../schemas/case.schema.json"
