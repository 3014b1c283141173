# Fixture settings have no case files, but keep the casetool plugin away from them anyway.
collect_ignore = ["fixtures"]
