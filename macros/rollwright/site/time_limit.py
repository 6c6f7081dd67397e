"""A game's code that runs too long is stopped, and said where it was.

A site builds by calling its games' code (macros, tables, widgets' first answers). Code stuck in an endless
loop would hang ``rollwright build`` and every page of ``rollwright serve``; instead, each call runs under
:func:`limited`: past the limit, :class:`CallTimedOut` is raised inside the call, in the thread running it
(between two lines of Python, so a single long C operation finishes first), again each second should the
game's code catch it. The traceback then ends where the game's code was.

>>> import time
>>> def forever():
...     while True:
...         time.sleep(0.01)
>>> try:
...     limited(forever, seconds=0.2)
... except CallTimedOut as error:
...     print(error)
this call was still running after 0.2 s, so it was stopped
>>> limited(lambda: 42, seconds=1)
42
"""

from __future__ import annotations

import ctypes
import os
import threading
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")
ENVIRONMENT = "ROLLWRIGHT_CALL_LIMIT"
"""Seconds a page's call may run (default :data:`DEFAULT_SECONDS`); 0 turns the limit off."""
DEFAULT_SECONDS = 20.0
RAISE_AGAIN = 1.0
"""Seconds between two raises, should the game's code catch the first."""


class CallTimedOut(Exception):
    """A call ran past its limit and was stopped (raised inside it, so its traceback shows where it was)."""

    seconds: float = 0.0

    def __str__(self) -> str:
        return f"this call was still running after {self.seconds:g} s, so it was stopped"


def limit_seconds() -> float:
    """The limit in force: ``$ROLLWRIGHT_CALL_LIMIT`` seconds, else :data:`DEFAULT_SECONDS` (0: none)."""
    try:
        return max(0.0, float(os.environ.get(ENVIRONMENT, DEFAULT_SECONDS)))
    except ValueError:
        return DEFAULT_SECONDS


def _raise_in(thread_id: int, seconds: float) -> None:
    error = type("CallTimedOut", (CallTimedOut,), {"seconds": seconds})
    ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread_id), ctypes.py_object(error))


def limited(work: Callable[[], T], seconds: float | None = None) -> T:
    """``work()``, stopped with CallTimedOut if it runs past ``seconds`` (default :func:`limit_seconds`).

    Calls nest: an inner limit only ever shortens the outer one's, never stops it.
    """
    seconds = limit_seconds() if seconds is None else seconds
    if seconds <= 0 or getattr(_state, "active", False):
        return work()
    thread_id = threading.get_ident()
    done = threading.Event()
    lock = threading.Lock()
    fired: list[bool] = []

    def watch() -> None:
        if done.wait(seconds):
            return
        while True:
            with lock:
                if done.is_set():
                    return
                fired.append(True)
                _raise_in(thread_id, seconds)
            if done.wait(RAISE_AGAIN):
                return

    watcher = threading.Thread(target=watch, name="rollwright-call-limit", daemon=True)
    _state.active = True
    watcher.start()
    try:
        return work()
    finally:
        with lock:
            done.set()
        _state.active = False
        if fired:  # only a call that was stopped can have a raise still pending
            _clear_pending(thread_id)


class _Drained(Exception):
    """Sent to this thread and caught at once: see :func:`_clear_pending`."""


def _clear_pending(thread_id: int) -> None:
    """Withdraw a raise that was sent but not yet delivered (the call ended just then), in the thread itself.

    Withdrawing it with NULL would leave Python 3.11's "pending" flag set for good, and a profiler started later in
    this thread (the macro cache's, :mod:`rollwright.mkdocs.call_uses`) would then spin at a function's first line.
    So a harmless exception takes its place and is delivered here at once, which clears it.
    """
    try:  # delivered as the call returns, or at the loop's first jump back
        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread_id), ctypes.py_object(_Drained))
        for _ in range(1_000_000):
            pass
    except _Drained:
        pass


_state = threading.local()
