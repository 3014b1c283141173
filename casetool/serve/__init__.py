"""`casetool serve`: a live preview of a casebook folder while writing it.

`workspace` keeps every file's diagnostics and every case's check result, updated one
changed file at a time; `pages` renders the index and case pages (templates/serve/);
`server` is the HTTP server, the Server-Sent Events that reload the pages, and the
file watcher.
"""
