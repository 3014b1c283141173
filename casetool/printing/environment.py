"""The one place the Jinja environment is built: autoescaping, and author overrides."""

from __future__ import annotations

import traceback
from importlib import resources
from pathlib import Path

import jinja2
from jinja2.loaders import split_template_path
from jinja2.sandbox import ImmutableSandboxedEnvironment

from ..diagnostics import CasetoolError, Diagnostic, Pos, error
from ..files import display_path
from . import limits


def package_templates() -> Path:
    """The templates shipped in the package (`templates/`, installed as casetool.templates)."""
    return Path(str(resources.files("casetool.templates")))


class ConfinedLoader(jinja2.FileSystemLoader):
    """A FileSystemLoader that will not follow a symlink out of its folder.

    A downloaded theme is untrusted: `mystery.html -> /etc/passwd` would otherwise
    print that file into the casebook.
    """

    def get_source(self, environment, template):
        for searchpath in self.searchpath:
            root = Path(searchpath).resolve()
            path = root.joinpath(*split_template_path(template))
            if path.is_file() and root not in path.resolve().parents:
                raise CasetoolError(error(Pos(display_path(Path(searchpath) / template)), "R005",
                                          f"template '{template}' is a link to '{path.resolve()}', outside "
                                          "the templates folder; a template reads no file outside it",
                                          "copy the file into the templates folder"))
            if path.is_file() and path.stat().st_nlink > 1:
                # a hard link's other names cannot be found; one may be outside the folder (/etc/passwd)
                raise CasetoolError(error(Pos(display_path(Path(searchpath) / template)), "R005",
                                          f"template '{template}' is a hard link (the file has "
                                          f"{path.stat().st_nlink} names), maybe to a file outside the templates "
                                          "folder; a template reads no file outside it",
                                          "copy the file into the templates folder (cp, not ln)"))
            if path.is_file():
                break
        return super().get_source(environment, template)


class _Sandbox(ImmutableSandboxedEnvironment):
    """The sandbox, with `*` and `**` refusing huge values (limits.checked_binop); its
    `range` already refuses more than 100,000 items (an OverflowError, made R007)."""

    intercepted_binops = frozenset({"*", "**"})

    def call_binop(self, context, operator, left, right):
        return limits.checked_binop(operator, left, right)


def make_environment(override: Path | None = None) -> jinja2.Environment:
    """Templates from `override` first, then the package's, as mkdocs themes allow.

    An author may replace any one template (`mystery.html`, `casebook.css`, ...) by
    putting a file of that name in their folder; the rest still come from the package.
    Autoescaping is on for every template: story text can never become markup.
    The environment is a sandbox: a template (a downloaded theme, say) is untrusted
    input and must not reach Python's internals (`cycler.__init__.__globals__`...),
    open files or run commands; the sandbox makes that a SecurityError (R001). Nor may it
    run for ever or fill the memory (limits.py: R006, R007).
    """
    loaders: list[jinja2.BaseLoader] = [ConfinedLoader(str(override))] if override else []
    loaders.append(jinja2.FileSystemLoader(str(package_templates())))
    return _Sandbox(
        loader=jinja2.ChoiceLoader(loaders),
        autoescape=True,
        undefined=jinja2.StrictUndefined,  # a typo in a template is an error, not a blank
        trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True,
    )


def render_template(env: jinja2.Environment, name: str, context: dict) -> str:
    """Template `name` rendered with `context`; a template's mistake is a CasetoolError (R-code, position),
    and so is one that runs too long or builds too much (limits.py)."""
    template = env.get_template(name)
    try:
        return limits.bounded(lambda: limits.counted(template.generate(context)), limits.RENDER_SECONDS)
    except jinja2.TemplateError as exc:
        raise CasetoolError(template_error(exc)) from None
    except limits.RenderLimit as exc:
        if exc.code == "R006":  # stopped from outside, so Jinja did not map its lines: map them here
            raise CasetoolError(error(_stopped_at(env, template, exc), exc.code, exc.message,
                                      f"loop over fewer items (a template may render for {limits.RENDER_SECONDS:g} s)")) from None
        raise CasetoolError(template_error(exc, exc.code)) from None
    except (OverflowError, MemoryError, RecursionError) as exc:  # range(10**10), a macro calling itself
        message = str(exc) or type(exc).__name__
        raise CasetoolError(template_error(exc, "R007", f"the template asks for too much: {message}")) from None


def template_error(exc: Exception, code: str = "R001", message: str = "") -> Diagnostic:
    """A Jinja error (or a bound a template passed) as a diagnostic at the template's file and line."""
    filename = getattr(exc, "filename", None)
    line = getattr(exc, "lineno", None)
    if not filename:  # runtime errors: Jinja puts template frames in the traceback
        for frame in reversed(traceback.extract_tb(exc.__traceback__)):
            if frame.filename.endswith((".html", ".css", ".j2")):
                filename, line = frame.filename, frame.lineno
                break
    pos = Pos(display_path(Path(filename)) if filename else "<template>", line or 1, 1)
    if code != "R001":
        return error(pos, code, message or str(exc))
    return error(pos, code, f"template error: {getattr(exc, 'message', None) or exc}")


def _stopped_at(env: jinja2.Environment, template: jinja2.Template, exc: BaseException) -> Pos:
    """The template line a render was running when stopped: in the deepest template of
    the traceback (an included one too), mapped from its compiled Python line."""
    loaded = {t.filename: t for t in [template, *(env.cache.values() if env.cache is not None else [])] if t.filename}
    for frame in reversed(traceback.extract_tb(exc.__traceback__)):
        if frame.filename in loaded and frame.lineno:
            return Pos(display_path(Path(frame.filename)), loaded[frame.filename].get_corresponding_lineno(frame.lineno), 1)
    return Pos(display_path(Path(template.filename)) if template.filename else name_of(template), 1, 1)


def name_of(template: jinja2.Template) -> str:
    return template.name or "<template>"


def locate_in_templates(env: jinja2.Environment, needles: list[str]) -> Pos | None:
    """Where a string first appears in the casebook's templates (for error positions).

    The casebook's templates are the top-level ones; sub-folders hold other commands'
    templates (scaffolds, the preview server), which a casebook never includes.
    """
    if env.loader is None:
        return None
    for name in sorted(n for n in env.list_templates() if "/" not in n):
        try:
            source, filename, _ = env.loader.get_source(env, name)
        except jinja2.TemplateNotFound:
            continue
        for needle in needles:
            at = source.find(needle) if needle else -1
            if at >= 0:
                line = source.count("\n", 0, at) + 1
                col = at - (source.rfind("\n", 0, at) + 1) + 1
                return Pos(display_path(Path(filename)) if filename else name, line, col)
    return None
