"""Issue 24, session 16: a quote said again is cut at a phrase's end, never inside a noun
phrase ('“Whoever struck in the second-smallest…”' left the reader with half a room), and every
quote on a page is made one way (names.quote), which page_truth reads back."""

from __future__ import annotations

import pytest
from casetool.english.names import _cut, quote


@pytest.mark.parametrize("text, said", [
    # 'of' goes on with the noun before it: no cut before it, and past it the clue is short: whole
    ("Whoever struck in the second-smallest of the four rooms used the Rope",
     "the fact “Whoever struck in the second-smallest of the four rooms used the Rope”"),
    # a clue that opens on its premise is quoted whole: cut, it is the premise alone (issue 24,
    # session 17: '“Whoever struck before midnight did so…”' told the reader nothing)
    ("Whoever struck in the second-smallest of the four rooms did so at nine o'clock or at ten o'clock",
     "the fact “Whoever struck in the second-smallest of the four rooms did so at nine o'clock or at ten o'clock”"),
    ("If the crime happened after seven o'clock, then it happened in the Hall or the Cellar",
     "the fact “If the crime happened after seven o'clock, then it happened in the Hall or the Cellar”"),
    ("The murderer either used the Rope or struck in the second-smallest of the four rooms",
     "the fact “The murderer either used the Rope…”"),
    # a relative 'that' goes on with its noun; 'did so' closes a clause ('whoever struck ... did so')
    ("The murderer either used a weapon that weighed one pound or struck in the Hall",
     "the fact “The murderer either used a weapon that weighed one pound…”"),
    ("Whoever struck before ten o'clock did so in the Hall or in the Cellar",
     "the fact “Whoever struck before ten o'clock did so in the Hall or in the Cellar”"),
])
def test_a_cut_quote_ends_where_a_phrase_does(text, said):
    assert _cut(f"the fact {quote(text)}", 7) == said


def test_a_quote_is_one_line_without_its_last_stop():
    assert quote("  The crime happened\n   after dusk. ") == "\u201cThe crime happened after dusk\u201d"
