# The lint fixtures are a casebook with prose faults on purpose (and an ambiguous case): not cases to check.
collect_ignore = ["fixtures"]
