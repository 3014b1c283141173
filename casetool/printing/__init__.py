"""The printing layer that the casebook (casetool.render) and the decoders (casetool.decoders)
share, so neither imports the other.

`paper` holds the print profiles, `environment` the sandboxed Jinja environment,
`fetcher` the restricted URL fetcher every layout reads through, `pdf` lays out HTML and
writes reproducible PDF bytes, `verify` reads anchors and printed page references back
from a laid-out document, and `book` the facts about a casebook that every printed
component agrees on (who has a wheel, which clues go on the notepad, how values print);
`layout` the decoders' layout as data, which the build writes and playtest reads, and
`geometry` every printed size of the decoder sheets and a wheel's geometry (drawn by
casetool.decoders, measured by casetool.playtest).
"""
