"""A whole-renderer CPU slowdown for the phone row (bench/phone_bench.py, row 12b): Chromium's own CPU
throttling (CDP Emulation.setCPUThrottlingRate) slows only a page's main thread, never its dedicated
workers (CDP refuses it on worker targets), so Python's boot in the worker would run at desktop speed.

This throttle stops and continues every Chromium renderer process started by THIS process (its
descendants with ``--type=renderer``; never another process on the machine) with SIGSTOP/SIGCONT: in
each period of PERIOD_S the renderers run 1/rate of it, the page's main thread, its workers and its
compositor alike. Chromium's browser and network processes run freely (the network emulation is theirs).
It is coarse (a phone is not a stopped desktop), so the bench reports it beside the CDP row, not instead.

>>> duty(4)
(0.005, 0.015)
"""

from __future__ import annotations

import os
import signal
import threading
import time
from pathlib import Path

PERIOD_S = 0.020
RESCAN_S = 0.2


def duty(rate: float) -> tuple[float, float]:
    """Seconds running and seconds stopped in each period, for a slowdown of ``rate``."""
    run = round(PERIOD_S / rate, 6)
    return run, round(PERIOD_S - run, 6)


def _children() -> dict[int, list[int]]:
    tree: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        parent = int(stat.rsplit(")", 1)[1].split()[1])
        tree.setdefault(parent, []).append(int(entry.name))
    return tree


def my_renderers(root: int | None = None) -> list[int]:
    """Chromium renderer processes among the descendants of ``root`` (this process by default)."""
    tree, found, todo = _children(), [], [root or os.getpid()]
    while todo:
        for child in tree.get(todo.pop(), []):
            todo.append(child)
            try:
                if b"--type=renderer" in Path(f"/proc/{child}/cmdline").read_bytes():
                    found.append(child)
            except OSError:
                continue
    return found


class RendererThrottle:
    """``with RendererThrottle(4):`` every renderer this process started runs a quarter of the time.

    Signals go through pidfds, so a renderer that exits is never mistaken for a process that takes its pid.
    """

    def __init__(self, rate: float) -> None:
        self.run_s, self.stop_s = duty(rate)
        self.rate = rate
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="renderer-throttle", daemon=True)
        self._fds: dict[int, int] = {}

    def __enter__(self) -> RendererThrottle:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._done.set()
        self._thread.join()
        self._signal(signal.SIGCONT)
        for fd in self._fds.values():
            os.close(fd)
        self._fds.clear()

    def _signal(self, sig: int) -> None:
        for fd in self._fds.values():
            try:
                signal.pidfd_send_signal(fd, sig)
            except ProcessLookupError:
                pass

    def _rescan(self) -> None:
        pids = set(my_renderers())
        for pid in set(self._fds) - pids:
            os.close(self._fds.pop(pid))
        for pid in pids - set(self._fds):
            try:
                self._fds[pid] = os.pidfd_open(pid)
            except ProcessLookupError:
                continue

    def _loop(self) -> None:
        scanned = 0.0
        while not self._done.is_set():
            if time.monotonic() - scanned > RESCAN_S:
                self._rescan()
                scanned = time.monotonic()
            time.sleep(self.run_s)
            self._signal(signal.SIGSTOP)
            time.sleep(self.stop_s)
            self._signal(signal.SIGCONT)
