"""`casetool lsp`: a Language Server Protocol server for casebook folders (pygls, stdio).

server.py wires the features; framing.py cuts the editor's bytes into frames (and
recovers from a broken one) and rpc.py answers every malformed message with a JSON-RPC
error before pygls sees it; documents.py turns an editor buffer into the loaded case or
setting (the same loader, schema, builders and resolver as `casetool validate`);
positions.py converts casetool's 1-based `Pos` to LSP ranges; diagnostics.py, verdict.py
(the solver's check on save, in the background), completion.py, hover.py, reading.py
(a clue's meaning in English), navigation.py (definition, rename), actions.py (quick
fixes) and outline.py (document symbols) are one feature each.
"""
