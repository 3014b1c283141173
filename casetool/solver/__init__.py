"""Solving: compile cases to CP-SAT (compile, circuit and quantifiers build the model; cpsat and
the SAT mirror, incremental, answer the session behind backend.Backend) and check them."""
