"""`casetool generate`: new cases with a guaranteed unique answer (docs/generate.md).

source     load the setting and its optional `templates:`; which kinds it supports
world      pick an answer and a world (liars, whereabouts, a deal) from a seeded Random
story      titles, stories, dates and events from the setting's templates
candidates candidate clues, one module per kind on a shared builder, with meanings and their
           English (casetool.english)
table      truth tables (a clue's meaning in one world: language/evaluate.py)
rules      the setting's printed rules, checked on every draft
pool       one compiled model holding every candidate, asked by assumption literals
minimize   add clues until the answer is unique, then remove while it stays unique
schedule   reveal schedules for timed cases, within `casetool pacing`'s rules
writer     commented case YAML, byte for byte the same for the same seed
engine     one case: attempts until one is unique, irredundant and graded as asked
casebook   `--count N`: a whole casebook with culprits, scenes and liars spread
listing    the generated case named in its casebook.yaml's `cases:`
acceptance what a written case must be (unique, irredundant, lint-clean, graded as asked)
"""
