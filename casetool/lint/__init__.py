"""`casetool lint`: prose checks on the texts of cases (docs/lint.md).

texts    every text of a case (title, story, clues, events, solution) with its position
words    what the setting allows: place and time phrases, names, ids
rules    the checks, one function each, over one case or one casebook
clues    the checks on how each clue is said (below), for lint, the LSP hover and the preview
meaning  does a clue's text carry its `means:` (L008, L009), with cues (words) and vocabulary
         (a setting's names, values and attributes as English says them)
sayable  notation, raw setting words, frames (L010, L011, L013)
premise  a conditional whose premise the setting makes false (L012, by the solver)
"""
