"""Live reload without MkDocs: the build's state, the script every served page gets, and the error page.

Every HTML page the dev server sends ends with ``<script src="/.rollwright/reload.js"
data-epoch="N">``, where N counts the builds finished so far. The script (a constant: no text
of the site's is ever put in it) long-polls ``/.rollwright/reload?epoch=N``, which answers once
a build has finished since (or after a while, and the script asks again), and whether every build
since may be taken in place (:func:`in_place`). Then it fetches the page as built again and swaps it
in place, as the theme's instant navigation does, with the tab's Python brought up to date
(``runtime/hot-refresh.js``), when the page and its memory snapshot allow; else it reloads the page,
keeping where the reader had scrolled to.

>>> inject(b"<html><body><p>Hi</p></body></html>", 3).decode()
'<html><body><p>Hi</p><script src="/.rollwright/reload.js" data-epoch="3"></script></body></html>'
>>> state = BuildState()
>>> state.finished(["docs/a.md, line 3: {{ x }}"]); state.epoch, state.problems
(1, ['docs/a.md, line 3: {{ x }}'])
>>> state.wait_past(0, timeout=0.0), state.in_place_since(0)
(1, False)
>>> print(error_page(["<b>"]).decode()[:15])
<!doctype html>
"""

from __future__ import annotations

import html
import re
import threading
import time
from collections.abc import Iterable
from pathlib import Path

from rollwright.site.sources import read_value

RELOAD_PATH = "/.rollwright/reload"
"""Where the script long-polls (``?epoch=N``); answers ``{"epoch": M, "inPlace": bool}``."""
SCRIPT_PATH = "/.rollwright/reload.js"
"""Where the script itself is served."""
ERROR_CLASS = "rw-build-error"
"""The class of the error page's ``<main>`` (tests find the page by it)."""
SLOW_BUILD = 10.0
"""Seconds after which a running build is said to be still running."""

RELOAD_SCRIPT = (Path(__file__).with_name("reload.js")).read_bytes()
"""The script (``reload.js`` beside this module): it swaps a page built again in place, or reloads it."""

IN_PLACE = frozenset({".md", ".py", ".toml", ".csv", ".json", ".yaml", ".yml", ".txt"})
"""What a page may take in place when edited: Markdown anywhere, and a game's code and data (outside the docs and the
theme's folders: nothing the pages load as a file of its own, like a stylesheet or an image, which only a reload
fetches again)."""


def in_place(changed: Iterable[Path] | None, config_file: Path) -> bool:
    """Whether pages built after ``changed`` (None: everything) may be swapped in place rather than reloaded.

    >>> site = Path("/site/mkdocs.yml")
    >>> in_place([Path("/site/docs/a.md"), Path("/site/game/rules.py"), Path("/site/game/game.toml")], site)
    True
    >>> [in_place(edit, site) for edit in (None, [site], [Path("/site/docs/x.css")], [Path("/site/docs/d.json")])]
    [False, False, False, False]
    """
    if changed is None:
        return False
    here = config_file.parent
    try:
        text = config_file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        text = ""
    pages = [here / (read_value(text, ("docs_dir",)) or "docs")]
    pages += [here / theme for theme in [read_value(text, ("theme", "custom_dir"))] if theme]
    for path in changed:
        suffix = path.suffix.lower()
        if path == config_file or suffix not in IN_PLACE:
            return False
        if suffix != ".md" and any(path.is_relative_to(folder) for folder in pages):
            return False
    return True


_BODY_END = re.compile(rb"</body\s*>", re.IGNORECASE)


def inject(page: bytes, epoch: int) -> bytes:
    """``page`` with the reload script before its last ``</body>`` (or at its end)."""
    tag = f'<script src="{SCRIPT_PATH}" data-epoch="{int(epoch)}"></script>'.encode()
    ends = list(_BODY_END.finditer(page))
    at = ends[-1].start() if ends else len(page)
    return page[:at] + tag + page[at:]


class BuildState:
    """What the last build left (its problems, or None), the builds finished (``epoch``), and the one running."""

    def __init__(self) -> None:
        self.epoch = 0
        self.reloaded_at = 0
        """The last epoch whose build the pages must be loaded again for (not :func:`in_place`; or failed)."""
        self.problems: list[str] | None = None
        self.running_since: float | None = None
        self.stopped = False
        self._changed = threading.Condition()

    def started(self) -> None:
        """A build has started."""
        with self._changed:
            self.running_since = time.monotonic()

    def finished(self, problems: list[str] | None, in_place: bool = False) -> None:
        """A build has finished, well (``None``) or with ``problems``; wake every waiting page. ``in_place``: its
        pages may be swapped in place of those before."""
        with self._changed:
            self.problems, self.running_since = problems, None
            self.epoch += 1
            if problems is not None or not in_place:
                self.reloaded_at = self.epoch
            self._changed.notify_all()

    def in_place_since(self, epoch: int) -> bool:
        """Whether a page of ``epoch`` may take every build finished since in place."""
        return self.reloaded_at <= epoch < self.epoch

    def running_for(self) -> float | None:
        """Seconds the running build has taken so far (None: none runs)."""
        since = self.running_since
        return None if since is None else time.monotonic() - since

    def wait_past(self, epoch: int, timeout: float) -> int:
        """The epoch, once it is not ``epoch``, ``timeout`` seconds have passed or the server stops."""
        with self._changed:
            self._changed.wait_for(lambda: self.epoch != epoch or self.stopped, timeout=timeout)
            return self.epoch

    def wake(self) -> None:
        """Wake every waiting page for good (the server is stopping)."""
        with self._changed:
            self.stopped = True
            self._changed.notify_all()


def still_building(seconds: float | None) -> str | None:
    """The note for a build running longer than :data:`SLOW_BUILD`.

    >>> still_building(12.4), still_building(3.0), still_building(None)
    ('Still building (12 s) ...', None, None)
    """
    if seconds is None or seconds < SLOW_BUILD:
        return None
    return f"Still building ({seconds:.0f} s) ..."


def _page(title: str, lead: str, found: Iterable[str], note: str | None) -> bytes:
    items = "\n".join(f"<li><pre>{html.escape(text)}</pre></li>" for text in found)
    listed = f"<ol>\n{items}\n</ol>" if items else ""
    noted = f'<p class="rw-build-note">{html.escape(note)}</p>' if note else ""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>{html.escape(title)}</title>
<style>body{{font:16px/1.5 system-ui,sans-serif;margin:2rem auto;max-width:60rem;padding:0 1rem;color:#222}}
h1{{color:#b00020;font-size:1.5rem}} li{{margin:0 0 1rem}}
pre{{white-space:pre-wrap;background:#fdf0f0;border-left:4px solid #b00020;padding:.75rem;margin:0}}</style>
</head><body><main class="{ERROR_CLASS}" role="alert">
<h1>{html.escape(title)}</h1>
<p>{html.escape(lead)}</p>
{noted}
{listed}</main></body></html>
""".encode()


def error_page(found: Iterable[str], note: str | None = None) -> bytes:
    """A plain page listing a failed build's problems (their text escaped), with an optional note."""
    return _page("The site did not build", "Rollwright stopped at this error. Fix it and save: this page "
                 "reloads by itself once the site builds again.", found, note)


def building_page(note: str | None = None) -> bytes:
    """What a page shows before the first build has finished."""
    return _page("The site is being built", "This page shows the site as soon as its first build has "
                 "finished.", [], note).replace(b' class="rw-build-error" role="alert"', b' role="status"')
