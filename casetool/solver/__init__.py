"""Solving: compile a case to CP-SAT, ask it questions, and give the verdict of a check.

- compile (the Compiler), circuit (gates, literals, the Compiled model) and quantifiers
  (quantifiers kept whole, decided facts, board pieces) build the model from the typed IR
  (casetool.language.ir);
- cpsat (CP-SAT) and incremental (the SAT mirror) answer under assumptions, behind the
  backend.Backend protocol; session is one solver session over one model, every question
  check, explain, pacing and generate ask; budget is its time limit;
- check proves a case (unique, alternatives, conflicts, warnings W001-W003), whole_world
  reads the worlds it shows, verdicts turns a result into lines and diagnostics, runner
  checks many cases (on every core when that pays); options and status are their plain data;
- lean_ortools imports CP-SAT without pandas for the command line.
"""
