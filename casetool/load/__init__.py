"""Load and validate: the front of the pipeline (load -> validate -> compile -> check -> render).

loader reads YAML keeping every node's file:line:col; schema checks a document against
the JSON Schemas; build_setting and build_case turn valid documents into the frozen
model (model), with fixed_rules for the `always:` lists; project finds a casebook folder's
files and loads them all, collecting the diagnostics.
"""
