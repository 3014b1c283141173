"""Generate a case, or a whole casebook, for a setting: the library face of `casetool generate`."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Callable

from ..diagnostics import Diagnostic, Pos, error

if TYPE_CHECKING:  # importing the generator imports OR-Tools
    from ..generate.casebook import Book
    from ..generate.engine import Generated
    from ..generate.source import Source


@dataclass
class GenerateReport:
    """`generated` is the case (its YAML in `generated.text`), or None: then `diagnostics`
    (the setting does not load, or cannot make this kind or level) or `failure` (no draft
    was good enough within the attempts) say why."""
    generated: Generated | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    failure: str = ""

    @property
    def ok(self) -> bool:
        return self.generated is not None


@dataclass
class BookReport:
    """`book` is the casebook written (its cases, `book.files`), or None: then `diagnostics`
    (the setting, kind, level or folder will not do) or `failure` say why; nothing is
    written then."""
    book: Book | None = None
    diagnostics: list[Diagnostic] = field(default_factory=list)
    failure: str = ""

    @property
    def ok(self) -> bool:
        return self.book is not None


def generate(setting: str | Path, seed: int = 1, kind: str | None = None, difficulty: str | None = None,
             number: int | None = None, attempts: int = 60, *, beside: Path | None = None,
             modeline: bool = False, progress: Callable | None = None, unique: str | None = None,
             time_limit: float | None = None) -> GenerateReport:
    """A new case for the setting at `setting` (a setting.yaml, or its folder) whose answer is
    unique and whose every clue is needed. The same arguments give the same case, byte for byte.

    `beside`: the case file it is to be written to, or the casebook folder it is to be
    written into (default: the setting's folder, where a case must sit to be checked); the
    case is numbered after the cases in that folder (unless `number` is given) and avoids
    their wheel numbers and titles. `modeline`: start the YAML with the editor's schema
    line, relative to that folder (scaffold.schema_ref, as `casetool new` writes it).
    `progress(attempt, attempts, tally)` is called before each draft."""
    from ..generate.engine import GenerateFailed, Request, taken_in
    from ..generate.engine import generate as draft
    from ..generate.writer import schema_line

    source, kind, diags = _source_and_kind(setting, kind, difficulty)
    if source is None or kind is None:
        return GenerateReport(diagnostics=diags)
    beside = Path(beside) if beside else source.path.parent
    folder, file = (beside, None) if beside.is_dir() else (beside.parent, beside)
    taken, next_number = taken_in(folder, source, file)
    schema = schema_line("case", folder) if modeline else ""
    try:
        return GenerateReport(draft(Request(source, seed, kind, difficulty, number or next_number, taken=taken,
                                            max_attempts=attempts, schema=schema, unique=unique,
                                            time_limit=time_limit,
                                            command=_command(source, seed, kind, difficulty, unique),
                                            progress=progress)))
    except GenerateFailed as exc:
        return GenerateReport(failure=str(exc))


LISTED, NOT_LISTED = "listed", "not listed"  # Written.listed: what was done to casebook.yaml


@dataclass
class Written:
    """Where `write_generated` put a case; `listed` is LISTED when it was added to the
    folder's casebook.yaml, NOT_LISTED when it could not be (the author must), else ''.
    With `diagnostics` nothing was written."""
    path: Path
    listed: str = ""
    diagnostics: list[Diagnostic] = field(default_factory=list)


def write_generated(generated: Generated, output: Path) -> Written:
    """Write a generated case to the file `output`, or into the folder `output` as
    NNN-title.yaml, as `casetool new` writes a case: with the schema copies its `$schema`
    line points at outside casetool's repository, and listed in the folder's casebook.yaml
    when that lists its cases (written with the case, as one set: casetool.fileset).
    OutputError (E020) when it cannot be written."""
    from ..files import write_atomic
    from ..fileset import replace_files
    from ..generate.listing import listed
    from ..load.project import CASEBOOK_FILE
    from ..scaffold import slug, write_schemas

    into = Path(output).is_dir()
    path = Path(output) / f"{generated.doc.number:03d}-{slug(generated.title)}.yaml" if into else Path(output)
    if into and path.exists():
        return Written(path, diagnostics=[error(Pos(str(path)), "G007", "a file of this name is already there",
                                                "give -o FILE or --number")])
    folder, book, data = path.parent, path.parent / CASEBOOK_FILE, generated.text.encode("utf-8")
    text = book.read_text("utf-8") if book.is_file() and not book.is_symlink() else None
    new = listed(text, path.name, folder) if text is not None else None
    if text is None or new is None or new == text:
        write_atomic(path, data)  # first: an output that cannot be written is named as the user gave it
        written = Written(path, NOT_LISTED if text is not None and new is None else "")
    else:
        replace_files(folder, {path: (data, None), book: (new.encode("utf-8"), _mode(book))})
        written = Written(path, LISTED)
    write_schemas(folder)
    return written


def _mode(path: Path) -> int:
    import stat
    return stat.S_IMODE(path.stat().st_mode)


def generate_book(setting: str | Path, folder: Path, count: int, seed: int = 1, kind: str | None = None,
                  difficulty: str | None = None, attempts: int = 60, *,
                  progress: Callable | None = None, unique: str | None = None,
                  time_limit: float | None = None) -> BookReport:
    """A casebook of `count` new cases written into `folder` (new or empty): the setting,
    casebook.yaml and the cases, numbered by difficulty. `progress(done, generated)` is
    called as each case is made."""
    from ..generate.casebook import write_casebook
    from ..generate.engine import GenerateFailed, Request

    folder = Path(folder)
    source, kind, diags = _source_and_kind(setting, kind, difficulty)
    if source is None or kind is None:
        return BookReport(diagnostics=diags)
    if folder.exists() and not folder.is_dir():
        return BookReport(diagnostics=[error(Pos(str(folder)), "G003", "not a folder; --count writes a casebook folder")])
    if folder.is_dir() and any(p.suffix in (".yaml", ".yml") for p in folder.iterdir()):
        return BookReport(diagnostics=[error(Pos(str(folder)), "G004", "the folder already holds YAML files",
                                             "write the casebook into a new or empty folder")])
    req = Request(source, seed, kind, difficulty, 1, max_attempts=attempts, unique=unique, time_limit=time_limit,
                  command=f"{_command(source, seed, kind, difficulty, unique)} --count {count}")
    try:
        return BookReport(write_casebook(req, count, folder, progress))
    except GenerateFailed as exc:
        return BookReport(failure=str(exc))


def _command(source: Source, seed: int, kind: str, difficulty: str | None, unique: str | None = None) -> str:
    """The command line that makes the same case again (the case file's comment says it)."""
    words = [f"casetool generate --setting {source.setting.id} --seed {seed} --kind {kind}"]
    return " ".join(words + ([f"--difficulty {difficulty}"] if difficulty else []) + ([f"--unique {unique}"] if unique else []))


def _source_and_kind(setting: str | Path, kind: str | None,
                     difficulty: str | None) -> tuple[Source | None, str | None, list[Diagnostic]]:
    """The setting to generate for and the kind of case, or the errors that say why not."""
    from ..generate.source import (
        default_kind,
        load_source,
        offered_levels,
        supported_kinds,
    )

    source, diags = load_source(Path(setting))
    if source is None:
        return None, None, [d for d in diags if d.is_error]
    kinds = supported_kinds(source.setting)
    kind = kind or default_kind(source.setting)
    if kind is None or kinds.get(kind):
        why = kinds.get(kind) if kind else "it supports no kind of generated case (" + "; ".join(
            f"{k}: {v}" for k, v in kinds.items()) + ")"
        return source, None, [error(source.setting.pos, "G002", f"cannot generate {kind or 'any'} cases for setting "
                                    f"'{source.setting.id}': {why}", "kinds this setting supports: "
                                    f"{', '.join(k for k, v in kinds.items() if not v) or 'none'}")]
    levels = offered_levels(source.setting, kind)
    if difficulty and difficulty not in levels:
        return source, None, [error(source.setting.pos, "G006", f"{kind} cases for setting '{source.setting.id}' do "
                                    f"not reach '{difficulty}' (docs/generate.md, 'Which levels a setting reaches')",
                                    f"levels offered: {', '.join(levels)}")]
    return source, kind, []
