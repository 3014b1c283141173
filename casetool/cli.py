"""The `casetool` command line: one small module per command in casetool.commands.

A command's module is imported only when that command runs (or its help is shown): `casetool
check` on a small case should cost little more than OR-Tools' own start-up, so it must not
pay for WeasyPrint, the decoders, the generator or the LSP (issue 27 item 17)."""

from __future__ import annotations

import importlib
import os
import sys
import traceback

import click

from . import __version__
from .commands.edge import ExitCode, Stop, internal_error
from .files import OutputError
from .solver import lean_ortools

# name -> module in casetool.commands whose `command` it is; `casetool --help` lists them sorted.
COMMANDS = {
    "build": "build", "check": "check", "codes": "codes", "explain": "explain", "generate": "generate",
    "hint": "hint", "lint": "lint", "lsp": "lsp", "new": "new", "pacing": "pacing",
    "playtest": "playtest", "serve": "serve", "validate": "validate", "wheels": "wheels",
}


class _Group(click.Group):
    """The one place a command's outcome becomes the exit status: the ExitCode it returns,
    a `Stop` it raises (its lines printed first), an output that cannot be written
    (one diagnostic line and exit 2), a reader of standard output that went away (`| head`:
    silent, exit 141, as a tool killed by SIGPIPE), or a bug in casetool (one line saying
    so, exit 3; the traceback with --debug or CASETOOL_DEBUG=1)."""

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
        except BrokenPipeError:
            _silence_stdout()
            ctx.exit(ExitCode.CLOSED_PIPE)
        except Exception as exc:  # anything else is a bug in casetool, never "a case is not ok"
            if ctx.params.get("debug") or os.environ.get("CASETOOL_DEBUG"):
                traceback.print_exc()
            click.echo(internal_error(exc), err=True)
            ctx.exit(ExitCode.INTERNAL)
        ctx.exit(ExitCode.OK if code is None else int(code))

    def list_commands(self, ctx):
        return sorted({*COMMANDS, *self.commands})

    def get_command(self, ctx, name):
        if name in self.commands:
            return self.commands[name]
        if name not in COMMANDS:
            return None
        module = importlib.import_module(f".commands.{COMMANDS[name]}", __package__)
        self.add_command(module.command, name)
        return module.command


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="casetool")
@click.option("--debug", is_flag=True, help="On an internal error, print the whole traceback (or set CASETOOL_DEBUG=1).")
def cli(debug: bool) -> None:
    """Validate, prove unique and print deduction-mystery casebooks."""




def _silence_stdout() -> None:
    """Point standard output at the null device: the interpreter flushes it at exit, and
    a flush into the closed pipe would print 'Exception ignored ... BrokenPipeError'."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, sys.stdout.fileno())


def main() -> None:
    lean_ortools.install()   # this process is casetool's own: CP-SAT without pandas (0.2 s)
    try:
        cli.main(prog_name="casetool", standalone_mode=True)
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(ExitCode.INTERRUPTED)
