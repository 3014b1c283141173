"""The clue language: grammar, syntax tree, and the typed expression tree (IR)."""
