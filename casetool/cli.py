"""The `casetool` command line: one small module per command in casetool.commands."""

from __future__ import annotations

import sys

import click

from . import __version__
from .commands import build, check, explain, hint, new, pacing, serve, validate, wheels
from .commands import generate, playtest


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="casetool")
def cli() -> None:
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
cli.add_command(playtest.command)


def main() -> None:
    try:
        cli.main(prog_name="casetool", standalone_mode=True)
    except KeyboardInterrupt:
        click.echo("interrupted", err=True)
        sys.exit(130)
