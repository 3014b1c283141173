"""The `casetool` command line: one small module per command in casetool.commands."""

from __future__ import annotations

import os
import sys
import traceback

import click

from . import __version__
from .commands import (
    build,
    check,
    codes,
    explain,
    generate,
    hint,
    lint,
    lsp,
    new,
    pacing,
    playtest,
    serve,
    validate,
    wheels,
)
from .commands.edge import ExitCode, Stop, internal_error
from .files import OutputError


class _Group(click.Group):
    """The one place a command's outcome becomes the exit status: the ExitCode it returns,
    a `Stop` it raises (its lines printed first), an output that cannot be written
    (one diagnostic line and exit 2), or a bug in casetool (one line saying so, exit 3;
    the traceback with --debug or CASETOOL_DEBUG=1)."""

    def invoke(self, ctx):
        try:
            code = super().invoke(ctx)
        except (click.exceptions.Exit, click.ClickException, click.Abort):
            raise  # click's own ways out: usage errors and ctx.exit
        except OutputError as exc:
            for d in exc.diagnostics:
                click.echo(d.text(), err=True)
            ctx.exit(ExitCode.INPUT)
        except Stop as stop:
            click.echo(stop.text(), err=not stop.to_stdout, nl=False)
            ctx.exit(stop.code)
        except Exception as exc:  # anything else is a bug in casetool, never "a case is not ok"
            if ctx.params.get("debug") or os.environ.get("CASETOOL_DEBUG"):
                traceback.print_exc()
            click.echo(internal_error(exc), err=True)
            ctx.exit(ExitCode.INTERNAL)
        ctx.exit(ExitCode.OK if code is None else int(code))


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="casetool")
@click.option("--debug", is_flag=True, help="On an internal error, print the whole traceback (or set CASETOOL_DEBUG=1).")
def cli(debug: bool) -> None:
    """Validate, prove unique and print deduction-mystery casebooks."""


cli.add_command(validate.command)
cli.add_command(check.command)
cli.add_command(explain.command)
cli.add_command(hint.command)
cli.add_command(pacing.command)
cli.add_command(new.command)
cli.add_command(build.command)
cli.add_command(generate.command)
cli.add_command(serve.command)
cli.add_command(wheels.command)
cli.add_command(lint.command)
cli.add_command(playtest.command)
cli.add_command(lsp.command)
cli.add_command(codes.command)


def main() -> None:
    try:
        cli.main(prog_name="casetool", standalone_mode=True)
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(ExitCode.INTERRUPTED)
