"""The only way the layout reads anything: files inside the allowed folders, or data: URLs.

WeasyPrint fetches every image, stylesheet and font through this object. A casebook is
input from an author we need not trust (a shared case file, a downloaded template), so
nothing is fetched from the network and nothing is read outside the casebook folder and
the package. WeasyPrint catches ordinary exceptions from a fetcher and only logs them
(the image would silently vanish), so a refusal raises a FatalURLFetchingError, which
stops the layout; the pipeline turns it into a CasetoolError.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable
from urllib.parse import unquote, urlsplit
from urllib.request import url2pathname

from weasyprint.urls import FatalURLFetchingError, URLFetcher, URLFetcherResponse

from ..diagnostics import Diagnostic, Pos, error

# A fixed table rather than the mimetypes module, which reads the machine's mime.types:
# the same casebook must lay out the same everywhere.
MIME_TYPES = {".css": "text/css", ".svg": "image/svg+xml", ".png": "image/png", ".jpg": "image/jpeg",
              ".jpeg": "image/jpeg", ".gif": "image/gif", ".webp": "image/webp", ".ttf": "font/ttf",
              ".otf": "font/otf", ".woff": "font/woff", ".woff2": "font/woff2"}


class Refused(FatalURLFetchingError):
    """A fetch we will not do; carries the diagnostic that explains it."""

    def __init__(self, diagnostic: Diagnostic):
        super().__init__(diagnostic.text())
        self.diagnostic = diagnostic


class RestrictedFetcher(URLFetcher):
    def __init__(self, roots: list[Path], locate: Callable[[str], Pos]):
        super().__init__(allowed_protocols=["file", "data"])
        self.roots = [r.resolve() for r in roots]
        self.locate = locate  # url -> where it came from, for the error position

    def fetch(self, url, headers=None):
        scheme = urlsplit(url).scheme.lower()
        if scheme == "data":  # inline bytes: neither the network nor a file
            return super().fetch(url, headers)
        if scheme != "file":
            self._refuse(url, "R010", f"'{url}' is a network address; a casebook fetches nothing from the network",
                         "copy the file into the casebook folder and give its path relative to the folder")
        path = Path(url2pathname(unquote(urlsplit(url).path))).resolve()  # resolve: no escape by symlink or '..'
        if not any(path == root or root in path.parents for root in self.roots):
            self._refuse(url, "R011", f"'{path}' is outside the casebook folder; a casebook reads no file outside it",
                         "copy the file into the casebook folder")
        if not path.is_file():
            self._refuse(url, "R012", f"no such file '{path}'", "check the path; it is relative to the casebook folder")
        mime = MIME_TYPES.get(path.suffix.lower(), "application/octet-stream")
        return URLFetcherResponse(path.as_uri(), body=path.read_bytes(), headers={"Content-Type": mime})

    def _refuse(self, url: str, code: str, message: str, hint: str) -> None:
        raise Refused(error(self.locate(url), code, message, hint))
