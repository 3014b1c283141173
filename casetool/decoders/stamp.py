"""Put the wheels' rings on their laid-out pages: the last step of writing decoders.pdf.

WeasyPrint lays out the sheets (labels, cut lines, rulers, text pages); the rings of
statements are drawn by casetool itself as vector operators (see `ring`), and this adds
each to its wheel page with pypdf: one compressed content stream per ring, after the
page's own content, and one form XObject per glyph, shared by every page that uses it.
"""

from __future__ import annotations

import io
import zlib

from pypdf import PdfReader, PdfWriter
from pypdf.generic import (
    ArrayObject,
    DictionaryObject,
    NameObject,
    NumberObject,
    StreamObject,
)

from .pdfglyphs import face_of
from .redfilter import MULTIPLY
from .ring import Ring

PT_PER_MM = 72 / 25.4


def stamp(pdf: bytes, rings: dict[int, tuple[Ring, tuple[float, float]]]) -> bytes:
    """`pdf` with each ring drawn on its page: {page index from 0: (ring, disc centre in mm)}."""
    if not rings:
        return pdf
    reader = PdfReader(io.BytesIO(pdf))
    writer = PdfWriter(clone_from=reader)
    writer.pdf_header = reader.pdf_header   # pypdf would write 1.3; a PDF/X-4 must say 1.6
    forms: dict[str, object] = {}
    for index in sorted(rings):
        ring, (cx, cy) = rings[index]
        page = writer.pages[index]
        # from the trimmed page's top left corner: with a bleed the media box reaches past it
        left, top = float(page.trimbox.left), float(page.trimbox.top)
        content = (f"q {PT_PER_MM:.6f} 0 0 {-PT_PER_MM:.6f} {left + cx * PT_PER_MM:.4f} {top - cy * PT_PER_MM:.4f} cm\n"
                   .encode() + ring.content + b"Q\n")
        resources = page.setdefault(NameObject("/Resources"), DictionaryObject())
        xobjects = resources.setdefault(NameObject("/XObject"), DictionaryObject())
        states = resources.setdefault(NameObject("/ExtGState"), DictionaryObject())
        states[NameObject("/" + MULTIPLY)] = DictionaryObject({NameObject("/BM"): NameObject("/Multiply")})
        for name in sorted(ring.forms):
            if name not in forms:
                forms[name] = writer._add_object(_form(name))
            xobjects[NameObject("/" + name)] = forms[name]
        before, after = _stream(b"q\n"), _stream(b"Q\n" + content)
        old = page.get("/Contents")
        if old is None:
            old = []
        elif isinstance(old.get_object(), ArrayObject):
            old = list(old.get_object())
        else:
            old = [old]
        page[NameObject("/Contents")] = ArrayObject([writer._add_object(before), *old, writer._add_object(after)])
    out = io.BytesIO()
    writer.write(out)
    return out.getvalue()


def _stream(data: bytes) -> StreamObject:
    stream = StreamObject()
    stream[NameObject("/Filter")] = NameObject("/FlateDecode")
    stream._data = zlib.compress(data, 6)
    return stream


def _form(name: str) -> StreamObject:
    """A glyph's outline as a form XObject, in font units; it fills with the caller's colour."""
    f = face_of(name)
    stream = _stream(f.outline(name))
    stream[NameObject("/Type")] = NameObject("/XObject")
    stream[NameObject("/Subtype")] = NameObject("/Form")
    stream[NameObject("/BBox")] = ArrayObject([NumberObject(n) for n in f.bbox()])
    return stream
