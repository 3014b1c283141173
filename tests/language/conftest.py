# The fixture folder holds deliberately failing cases: keep the casetool plugin off them.
collect_ignore = ["fixtures"]
