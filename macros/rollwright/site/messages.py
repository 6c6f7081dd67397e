"""What a build says: the warnings and errors logged meanwhile, each once, with no path of the machine.

>>> with collecting() as said:
...     logging.getLogger("mkdocs.plugins.rollwright").warning("a warning")
>>> said
['a warning']
>>> shown("/home/ada/srd/docs/a.md: broken", Path("/home/ada/srd"))
'docs/a.md: broken'
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path

LOGGERS = ("mkdocs", "properdocs", "zensical")
NOISE = ("Error reading page", "Error building page", "Aborted with")
"""A generator's own lines around a problem, which add nothing to it."""
BUILD_ERROR = "Aborted with a BuildError!"
"""What MkDocs raises after logging a plugin's error."""


class _Said(logging.Handler):
    def __init__(self, said: list[str]) -> None:
        super().__init__(logging.WARNING)
        self.said = said

    def emit(self, record: logging.LogRecord) -> None:
        text = record.getMessage().strip()
        if text and not text.startswith(NOISE) and text not in self.said:
            self.said.append(text)


@contextmanager
def collecting() -> Iterator[list[str]]:
    """The warnings and errors the generator, its theme and plugins say meanwhile, each once, in order."""
    said: list[str] = []
    handler = _Said(said)
    loggers = [logging.getLogger(name) for name in LOGGERS]
    for logger in loggers:
        logger.addHandler(handler)
    try:
        yield said
    finally:
        for logger in loggers:
            logger.removeHandler(handler)


def shown(text: str, root: Path | None) -> str:
    """``text`` with the site's folder (and the home folder) left out of every path in it."""
    if root is not None:
        for prefix in {str(root.resolve()), str(root)}:
            text = text.replace(prefix + os.sep, "").replace(prefix, ".")
    home = str(Path.home())
    if len(home) > 1:
        text = text.replace(home + os.sep, "~" + os.sep)
    return text


def problems(error: BaseException, said: Iterable[str], root: Path | None = None) -> list[str]:
    """What a failed build says: what was logged, else the error itself; paths shown from the site's folder."""
    found = list(said)
    if not found:
        found.append(str(error) or type(error).__name__)
    return [shown(text, root) for text in found]
