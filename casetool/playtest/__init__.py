"""`casetool playtest`: play a built casebook from its PDFs, as a person with the pieces would.

One module per job: `raster` turns PDF pages into pictures and reads their text layer
(poppler), `ocr` reads pictures (tesseract) and scores what it read, `decode` turns the
wheel to a mystery's number and reads it through the decoder, `book` finds what a
player looks at (mystery pages, wheel settings, solution pages), `play` runs every check,
and `report` prints the result as text or JSON.
"""
