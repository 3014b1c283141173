"""Every sentence casetool prints for a player or an author, in one place: the setting's
words for its items and attributes (phrases.py), clue clauses (atoms.py), a clue's meaning
read back (reading.py, the editor's hover), the solution page (solution.py over claims,
names, sentences and cards; its opening, the story's ending, in ending.py), hints (hints.py),
`casetool explain`'s steps (explain.py) and a timeline case's events (events.py).

The generator, explain, hint, the printed book, serve and the LSP all import their words
from here, so one fix reaches every reader.
"""
