"""`casetool lint`: prose checks on the texts of cases (docs/lint.md).

texts    every text of a case (title, story, clues, events, solution) with its position
words    what the setting allows: place and time phrases, names, ids
rules    the checks, one function each, over one case or one casebook
"""
