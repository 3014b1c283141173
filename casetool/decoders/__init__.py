"""The physical parts of a casebook: character wheels, decoders, notepad, cards, note sheets.

One module per job. `allocation` gives every wheel statement its number (pinned numbers
kept, the rest spread at random, decoys in the gaps) and `pinning` writes numbers back
into the YAML; `decoys` makes the decoy texts. `printing.geometry` holds every printed size,
`textfit` fits a statement into a wedge of the disc, `bands` draws one wedge's picture
in the decoder's encoding (`noise` for the red filter, `grille` for the location key),
`disc` wraps the wedges round a disc and `drawing` does all that for one wheel; `glyphs` turns labels into outlines and `svg` /
`pages` draw the printable pages. `timed` makes the inspector's notepad and event cards,
`sheets` the players' note sheets, and `document` renders decoders.pdf; `manifest` states
its wheels' layout as data (decoders.layout.json, for playtest).

Secret text (wheel statements, hidden note numbers) only ever reaches the PDF as
pictures or outlines, never as text a PDF reader can search or copy.
"""
