"""The screen edition's fonts: casebook.html carries the shipped fonts inside itself.

The PDF gets its fonts from casetool/fonts through fonts.css; a browser opening
casebook.html from a mail attachment or a USB stick has no such folder, and fell back
to whatever serif it had. So each @font-face of fonts.css is written into the page's
head with its font as a data: URL, cut down (fontTools' subsetter) to the characters
the page uses: the four fonts are 1.7 MB whole, a few tens of kB cut down. The cut font
keeps the original's timestamps, so the same book gives the same bytes.
"""

from __future__ import annotations

import base64
import io
import re
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

FACE = re.compile(r"@font-face\s*{[^}]*}")
SOURCE = re.compile(r"url\(\s*['\"]?([^'\")]+)['\"]?\s*\)")
ALWAYS = "".join(chr(c) for c in range(0x20, 0x7F))   # ASCII, for text a reader types into a form or finds


def embed_fonts(html: str, fonts_css: str, folder: Path) -> str:
    """`html` with fonts.css's faces in its head, each font a data: URL of the glyphs it needs."""
    text = set(html) | set(ALWAYS)
    faces = []
    for face in FACE.findall(fonts_css):
        found = SOURCE.search(face)
        if found is None:
            continue
        data = base64.b64encode(_subset(folder / found.group(1), text)).decode("ascii")
        faces.append(SOURCE.sub(f'url("data:font/ttf;base64,{data}") format("truetype")', face, count=1))
    style = "<style>\n/* the shipped fonts (SIL OFL 1.1), cut down to this page's characters */\n" + "\n".join(faces) + "\n</style>\n"
    return html.replace("</head>", style + "</head>", 1)


def _subset(path: Path, text: set[str]) -> bytes:
    font = TTFont(path, recalcTimestamp=False)
    options = subset.Options()
    options.layout_features = ["*"]          # ligatures, kerning and old-style figures, as in print
    options.name_IDs = ["*"]                 # the licence and copyright names stay with the font
    options.notdef_outline = True
    options.drop_tables = [*options.drop_tables, "FFTM"]   # FontForge's build stamp: nothing to draw with
    subsetter = subset.Subsetter(options)
    subsetter.populate(text="".join(sorted(text)))
    subsetter.subset(font)
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()
