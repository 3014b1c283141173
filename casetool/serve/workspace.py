"""The served casebook: every file's diagnostics and every case's check result, kept
up to date one changed file at a time.

`Workspace.load_all()` loads and checks the whole folder (at start, and when
setting.yaml changes: every case depends on it). `Workspace.apply(paths)` re-validates
and re-checks only the case files among `paths`, re-reads casebook.yaml, and recomputes
the cheap cross-case checks (wheel positions, case numbers) over the cases in memory.
Nothing here raises on bad input: a broken file becomes diagnostics on its entry, and
an unexpected failure (a bug) becomes an `error` text on the entries it touched, so
the server keeps running and the page shows what went wrong.

Explanations and pacing (`Analysis`) can take seconds on a timed case, so they are
computed by one background thread, for the cases just saved and the cases whose page
is asked for, newest first; a page waits a moment for them (`Workspace.analysis`) and
otherwise says they are on the way, and reloads when they are (its stamp changes).
"""

from __future__ import annotations

import collections
import itertools
import threading
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Iterable

from .. import api
from ..diagnostics import Diagnostic, sort_diagnostics
from ..files import display_path
from ..load.model import Case
from ..load.project import (
    BOOK_FILES,
    CASEBOOK_FILE,
    SETTING_FILE,
    YAML_SUFFIXES,
    Loaded,
    number_collisions,
    wheel_collisions,
)
from ..solver.options import Options
from ..solver.status import Status

if TYPE_CHECKING:  # only for the annotations: importing the checker imports OR-Tools
    from ..solver.check import CaseResult

INVALID = "invalid"  # an entry's status when its file does not load (or checking it failed)

EXPLAIN_TIME_LIMIT = 10.0  # seconds for a case's explanation (and again for its pacing); a page should not hang


def is_watched(path: Path) -> bool:
    """A YAML file the server watches: every visible one of the served folder, which is
    where its setting.yaml lives or lived (so that while setting.yaml is gone, its cases show
    V050 rather than vanish; elsewhere that rule is load.project.is_casebook_file)."""
    return path.suffix in YAML_SUFFIXES and not path.name.startswith(".")


@dataclass
class Analysis:
    """What an ok case's page adds: the explanation, its grade and the pacing."""
    explanation: dict | None = None      # casetool.english.explain.explanation_json
    explanation_text: str = ""
    grade: object | None = None          # casetool.explain.grade.Grade
    pacing: object | None = None         # casetool.explain.pacing.Pacing
    error: str | None = None


@dataclass(eq=False)
class Entry:
    """One case file in the folder, as last loaded and checked."""
    name: str                            # file name in the folder: the page's key
    path: Path
    display: str                         # the path diagnostics name
    version: int                         # changes whenever what the page shows may change
    case: Case | None = None             # None when the file does not load
    load_diagnostics: list[Diagnostic] = field(default_factory=list)
    cross_diagnostics: list[Diagnostic] = field(default_factory=list)  # wheel and number collisions
    result: CaseResult | None = None
    error: str | None = None             # an unexpected failure, as text
    analysis: Analysis | None = None
    last_good: Case | None = None        # while the file does not load: the case as last loaded

    @property
    def diagnostics(self) -> list[Diagnostic]:
        return sort_diagnostics(self.load_diagnostics + self.cross_diagnostics)

    @property
    def errors(self) -> list[Diagnostic]:
        return [d for d in self.diagnostics if d.is_error]

    @property
    def status(self) -> str:
        """A Status (ok, ambiguous, ...); INVALID when it does not load."""
        if self.error or self.errors or self.case is None or self.result is None:
            return INVALID
        return self.result.status

    @property
    def number(self) -> int | None:
        return self.case.number if self.case else None

    @property
    def title(self) -> str:
        return self.case.title if self.case else ""


class Workspace:
    """The state one server shows. Readers take `lock` (or use `snapshot`); loading and
    checking happen outside it, so a page is never held up by a check in progress."""

    def __init__(self, folder: Path, options: Options | None = None):
        self.folder = folder
        self.options = options or Options()
        self.lock = threading.RLock()
        self._queue: collections.deque[Entry] = collections.deque()  # entries to analyse, newest first
        self._analysed = threading.Condition(self.lock)  # notified when an analysis is done
        self._analyst: threading.Thread | None = None
        self._busy = False                                # the analyst is working on an entry
        self._closing = False                             # close(): the analyst leaves once the queue is empty
        self.on_analysis: Callable[[], object] = lambda: None  # the server publishes new stamps (result unused)
        self._write_lock = threading.Lock()              # one load_all or apply at a time
        self._versions = itertools.count(1)
        self.generation = 0                               # bumped on every change: the index's stamp
        self.entries: dict[str, Entry] = {}
        self.gone: dict[str, int] = {}                    # deleted case files -> version when deleted
        self.setting_diagnostics: list[Diagnostic] = []
        self.casebook_diagnostics: list[Diagnostic] = []
        self.title = folder.resolve().name
        self.setting_title = ""
        self.error: str | None = None                     # a failure not tied to one file

    # ---- what the pages read -------------------------------------------------------
    @property
    def book_diagnostics(self) -> list[Diagnostic]:
        return sort_diagnostics(self.setting_diagnostics + self.casebook_diagnostics)

    def stamps(self) -> dict:
        """What the pages compare against to know they are stale: sent to the browsers."""
        with self.lock:
            cases = {name: entry_stamp(e, e.analysis) for name, e in self.entries.items()}
            cases.update({name: f"gone-{v}" for name, v in self.gone.items()})
            return {"index": str(self.generation), "cases": cases}

    def stamp_of(self, name: str | None) -> str:
        stamps = self.stamps()
        return stamps["index"] if name is None else stamps["cases"].get(name, "missing")

    def ordered(self) -> list[Entry]:
        with self.lock:
            return sorted(self.entries.values(), key=lambda e: (e.number is None, e.number or 0, e.name))

    def analysis(self, entry: Entry, wait: float = 0.0) -> Analysis | None:
        """An ok case's explanation and pacing: asked for if need be, waited for up to `wait` s.

        None while it is being worked out (or for a case that is not ok).
        """
        if entry.status != Status.OK:
            return None
        with self.lock:
            if entry.analysis is None:
                self._want(entry)
                self._analysed.wait_for(lambda: entry.analysis is not None, wait)
            return entry.analysis

    def await_analysis(self, names: Iterable[str], timeout: float) -> bool:
        """Wait up to `timeout` s for the ok cases among `names` to be analysed; True if they are."""
        with self.lock:
            wanted = [e for e in (self.entries.get(n) for n in names) if e is not None and e.status == Status.OK]
            return self._analysed.wait_for(lambda: all(e.analysis is not None for e in wanted), timeout)

    def wait_idle(self, timeout: float) -> bool:
        """Wait until no analysis is queued or running (tests, and a clean shutdown)."""
        with self.lock:
            return self._analysed.wait_for(lambda: not self._queue and not self._busy, timeout)

    def close(self) -> None:
        """Stop the analysis thread (a clean shutdown): it leaves after the entry it is on,
        rather than idling a minute for more; a later request starts a new one."""
        with self.lock:
            self._closing = True
            self._analysed.notify_all()
            analyst = self._analyst
        if analyst is not None:
            analyst.join()
        with self.lock:
            self._closing = False

    def _want(self, entry: Entry) -> None:
        """Queue `entry` for analysis, ahead of older requests (caller holds the lock)."""
        if entry.status != Status.OK or entry.analysis is not None:
            return
        if entry in self._queue:
            self._queue.remove(entry)
        self._queue.appendleft(entry)
        if self._analyst is None or not self._analyst.is_alive():
            self._analyst = threading.Thread(target=self._analyse_queue, name="casetool-analysis", daemon=True)
            self._analyst.start()
        self._analysed.notify_all()

    def _analyse_queue(self) -> None:
        while True:
            with self.lock:
                self._analysed.wait_for(lambda: bool(self._queue) or self._closing, 60.0)
                if not self._queue or self._closing:
                    self._analyst = None
                    return  # idle: a new request starts a new thread
                entry = self._queue.popleft()
                if self.entries.get(entry.name) is not entry or entry.analysis is not None:
                    self._analysed.notify_all()
                    continue  # saved again since it was asked for
                case, self._busy = entry.case, True
                assert case is not None  # only ok entries are queued (_want), and an ok entry loaded
            analysis = _analyse(case)  # never raises: a failure is the analysis's `error`
            with self.lock:
                self._busy = False
                if entry.analysis is None:
                    entry.analysis = analysis
                # Publish before waking the waiters, in the same critical section: whoever
                # sees the analysis done also sees it announced (the lock is re-entrant, and
                # publishing takes only the broadcaster's own lock after this one).
                if self.entries.get(entry.name) is entry:
                    self.on_analysis()
                self._analysed.notify_all()

    # ---- changes -------------------------------------------------------------------
    def case_paths(self) -> list[Path]:
        return sorted(p for p in self.folder.iterdir()
                      if p.is_file() and is_watched(p) and p.name not in BOOK_FILES)

    def load_all(self) -> set[str]:
        """Load and check every file of the folder. Returns the names of the case files."""
        with self._write_lock:
            return self._load_all()

    def _load_all(self) -> set[str]:
        if not self.folder.is_dir():
            with self.lock:
                self.error = (f"the folder {display_path(self.folder)} is not there any more (moved or deleted?); "
                              "the pages show it as it was and come back when it does")
                self.generation += 1
            return set()
        try:
            files = sorted(p for p in self.folder.iterdir() if p.is_file() and is_watched(p))
            loaded = api.load(files) if files else Loaded()
            setting_display = display_path(self.folder / SETTING_FILE)
            setting_diags = [d for d in loaded.diagnostics if d.pos.file == setting_display]
            entries = self._entries(loaded, [p for p in files if p.name not in BOOK_FILES])
            setting = loaded.settings.get(self.folder / SETTING_FILE)
        except Exception:  # noqa: BLE001 - a bug must not stop the server
            with self.lock:
                self.error = traceback.format_exc()
                self.generation += 1
            return set()
        with self.lock:
            self.error = None
            old = set(self.entries)
            for entry in entries:
                self._carry(entry)
            self.entries = {e.name: e for e in entries}
            self.gone = {name: next(self._versions) for name in old - set(self.entries)}
            self.setting_diagnostics = setting_diags
            self.setting_title = setting.title if setting else ""
            self._casebook(loaded)
            self._cross()
            self.generation += 1
            return set(self.entries) | old

    def apply(self, paths: Iterable[Path]) -> set[str]:
        """Bring the state up to date after `paths` changed (saved, added or deleted).

        Returns the names of the case files whose pages changed.
        """
        names = {Path(p).name for p in paths
                 if is_watched(Path(p)) and Path(p).parent.resolve() == self.folder.resolve()}
        if not names:
            return set()
        with self._write_lock:
            if SETTING_FILE in names:
                return self._load_all()
            return self._apply(names)

    def _apply(self, names: set[str]) -> set[str]:
        case_names = sorted(names - {CASEBOOK_FILE})
        present = [self.folder / n for n in case_names if (self.folder / n).is_file()]
        casebook = self.folder / CASEBOOK_FILE
        try:
            files = present + ([casebook] if casebook.is_file() else [])
            loaded = api.load(files) if files else Loaded()
            entries = self._entries(loaded, present)
        except Exception:  # noqa: BLE001 - a bug must not stop the server
            text = traceback.format_exc()
            entries = [Entry(p.name, p, display_path(p), next(self._versions), error=text) for p in present]
            loaded = None
        with self.lock:
            changed = set(case_names)
            for name in case_names:
                if not (self.folder / name).is_file() and name in self.entries:
                    del self.entries[name]
                    self.gone[name] = next(self._versions)
            for entry in entries:
                self._carry(entry)
                self.entries[entry.name] = entry
                self.gone.pop(entry.name, None)
            if loaded is not None:
                self._casebook(loaded)
            changed |= self._cross()
            for entry in reversed(entries):
                self._want(entry)  # the author is most likely looking at what they just saved
            self.generation += 1
            return changed

    # ---- helpers -------------------------------------------------------------------
    def _entries(self, loaded: Loaded, paths: list[Path]) -> list[Entry]:
        """One entry per case file in `paths`, checked when it loaded (outside the lock)."""
        cross = set(wheel_collisions(loaded.cases) + number_collisions(loaded.cases))  # _cross keeps these
        by_display: dict[str, list[Diagnostic]] = {}
        for d in loaded.diagnostics:
            if d not in cross:
                by_display.setdefault(d.pos.file, []).append(d)
        cases = {c.display: c for c in loaded.cases}
        entries = []
        for path in paths:
            display = display_path(path)
            entry = Entry(path.name, path, display, next(self._versions),
                          case=cases.get(display), load_diagnostics=by_display.get(display, []))
            if entry.case is not None and not entry.errors:
                try:
                    entry.result = api.verdict(entry.case, self.options)  # imports ortools on the first check
                except Exception:  # noqa: BLE001
                    entry.error = traceback.format_exc()
            entries.append(entry)
        return entries

    def _carry(self, entry: Entry) -> None:
        """A file that no longer loads keeps showing its mystery as last loaded."""
        old = self.entries.get(entry.name)
        if entry.case is None and old is not None:
            entry.last_good = old.case or old.last_good

    def _casebook(self, loaded: Loaded) -> None:
        """casebook.yaml's diagnostics and the book's title, from a load that included it."""
        display = display_path(self.folder / CASEBOOK_FILE)
        self.casebook_diagnostics = [d for d in loaded.diagnostics if d.pos.file == display]
        doc = loaded.casebook_docs.get(self.folder)
        self.title = str(doc.get("title") or "") if doc else ""
        self.title = self.title or self.setting_title or self.folder.resolve().name

    def _cross(self) -> set[str]:
        """Recompute wheel and number collisions between the cases in memory; returns the
        names of entries whose collisions changed (their pages must reload too)."""
        cases = [e.case for e in self.entries.values() if e.case is not None]
        by_file: dict[str, list[Diagnostic]] = {}
        for d in wheel_collisions(cases) + number_collisions(cases):
            by_file.setdefault(d.pos.file, []).append(d)
        changed = set()
        for entry in self.entries.values():
            new = sort_diagnostics(by_file.get(entry.display, []))
            if new != sort_diagnostics(entry.cross_diagnostics):
                entry.cross_diagnostics = new
                entry.version = next(self._versions)
                changed.add(entry.name)
        return changed


def entry_stamp(entry: Entry, analysis: Analysis | None) -> str:
    """A case page's stamp: its version, and whether it shows the explanation yet."""
    return f"{entry.version}:{int(analysis is not None)}"


def _analyse(case: Case) -> Analysis:
    from ..english.explain import explanation_json, explanation_text
    from ..explain.grade import grade
    from ..explain.pacing import pacing
    from ..explain.steps import explain_case
    from ..solver.budget import OutOfTime
    out = Analysis()
    try:
        explanation = explain_case(case, EXPLAIN_TIME_LIMIT)
        out.explanation = explanation_json(explanation)
        out.explanation_text = explanation_text(explanation)
        out.grade = grade(explanation)
        if any(c.reveal for c in case.clues) or case.events:
            timed = pacing(case, EXPLAIN_TIME_LIMIT)
            if timed.unknown:
                out.error = f"pacing: {timed.unknown}"
            else:
                out.pacing = timed
    except OutOfTime:
        out.error = f"no explanation: the time limit ({EXPLAIN_TIME_LIMIT:g} s) was reached before it was worked out"
    except Exception:  # noqa: BLE001 - shown on the page; the server goes on
        out.error = traceback.format_exc()
    return out
