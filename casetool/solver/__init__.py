"""Solving: compile cases to CP-SAT (compile.py, the only ortools importer) and check them."""
