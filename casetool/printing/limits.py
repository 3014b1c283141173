"""Bounds on rendering an untrusted template: time, the size of what it builds, its output.

Jinja's sandbox stops a template reaching Python's internals, not one that loops for ever
(`{% for i in range(99999) %}{% for j in range(99999) %}...`) or asks for a huge value
(`'a' * 3000000000`, `9 ** 9 ** 9`). The sandbox's operator intercepts (`call_binop`)
refuse values over MAX_ITEMS items or MAX_BITS bits before Python builds them; a watchdog
thread stops a render that runs past its seconds, and the output is counted as it is
made. Each becomes one R-code diagnostic at the template's line (environment.py).
"""

from __future__ import annotations

import ctypes
import operator
import threading
from typing import Callable, TypeVar

MAX_ITEMS = 10_000_000      # characters of a string, items of a list: far beyond any page
MAX_BITS = 100_000          # an integer of 30,000 digits
MAX_OUTPUT = 64_000_000     # characters one template may write
RENDER_SECONDS = 30.0       # one template's render; the samples take milliseconds

T = TypeVar("T")


class RenderLimit(Exception):
    """A template went past a bound; `code` says which (R006 time, R007 size)."""

    def __init__(self, code: str, message: str):
        super().__init__(message)
        self.code = code
        self.message = message


class _OutOfTime(BaseException):
    """Raised into the rendering thread by the watchdog. A BaseException, so that no
    template-level `except Exception` in Jinja's runtime swallows it."""


def too_large(what: str) -> RenderLimit:
    return RenderLimit("R007", f"the template asks for {what}, more than a casebook page can use")


def checked_binop(op: str, left, right):
    """`left op right` for the intercepted operators, refused when the result would be huge."""
    if op == "*":
        for seq, n in ((left, right), (right, left)):
            if isinstance(seq, (str, list, tuple)) and isinstance(n, int) and len(seq) * n > MAX_ITEMS:
                raise too_large(f"a value of {len(seq) * n:,} items")
        if isinstance(left, int) and isinstance(right, int) and left.bit_length() + right.bit_length() > MAX_BITS:
            raise too_large("a number of more than 30,000 digits")
        return operator.mul(left, right)
    if op == "**":
        if isinstance(left, int) and isinstance(right, int) and abs(left) > 1 and right > 0 \
                and right * left.bit_length() > MAX_BITS:
            raise too_large("a number of more than 30,000 digits")
        return operator.pow(left, right)
    raise AssertionError(op)  # only the operators the environment intercepts come here


def bounded(render: Callable[[], T], seconds: float) -> T:
    """`render()`, stopped with RenderLimit(R006) when it runs longer than `seconds`.

    A Python loop cannot be stopped from outside but by an exception raised into its
    thread (PyThreadState_SetAsyncExc, CPython's C API); the lock makes sure none is
    raised, or left pending, once the render has finished."""
    me = threading.get_ident()
    lock = threading.Lock()
    running = [True]

    def stop() -> None:
        with lock:
            if running[0]:
                _raise_in(me, _OutOfTime)

    timer = threading.Timer(seconds, stop)
    timer.daemon = True
    timer.start()
    try:
        try:
            return render()
        finally:
            with lock:
                running[0] = False
                _raise_in(me, None)  # a stop that came as the render ended is dropped
            timer.cancel()
            timer.join()   # gone, not just told to go: a process with a second thread alive does not fork (workers.py)
    except _OutOfTime as exc:  # its traceback says where the template was (environment.template_error)
        raise RenderLimit("R006", f"the template did not finish rendering in {seconds:g} s") \
            .with_traceback(exc.__traceback__) from None


def _raise_in(thread_id: int, exc: type[BaseException] | None) -> None:
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread_id), ctypes.py_object(exc) if exc else None)


def counted(chunks, limit: int = MAX_OUTPUT) -> str:
    """The template's output, joined; RenderLimit(R007) once it passes `limit` characters."""
    parts, size = [], 0
    for chunk in chunks:
        size += len(chunk)
        if size > limit:
            raise too_large(f"an output of more than {limit:,} characters")
        parts.append(chunk)
    return "".join(parts)
