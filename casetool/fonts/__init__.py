"""Fonts shipped with casetool (open licences; see LICENSES.md)."""
