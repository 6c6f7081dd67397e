"""The roll log's shell: the reader's own rolls on this site, listed by the browser (``widgets/roll-log.js``).

Every roll the site makes in a reader's browser (a roller, the Dice page, an inline roll, a tracker that
rolls) is added to a log kept in that browser only (``localStorage``), each with the link that
reproduces it (its inputs and seed). This shell is what the page holds before the script runs: a title,
a line saying what the log is, an empty list, and the export buttons (disabled until there is a roll).
Nothing is sent anywhere: the export buttons make a file, the copy buttons put a link on the clipboard.

>>> html = roll_log_shell("rw-log1")
>>> 'data-rw-roll-log' in html and 'data-rw-roll-log-export="markdown"' in html
True
"""

from __future__ import annotations

from rollwright.kit.markup import Html, el


def roll_log_shell(log_id: str) -> Html:
    """The log's build-time markup (the browser fills the list and enables the buttons)."""
    title_id = f"{log_id}-title"
    buttons = [el("button", {"type": "button", "class": "md-button", "data-rw-roll-log-export": kind,
                             "disabled": True}, label)
               for kind, label in (("markdown", "Export as Markdown"), ("json", "Export as JSON"))]
    clear = el("button", {"type": "button", "class": "md-button", "data-rw-roll-log-clear": True, "disabled": True},
               "Clear the log…")
    return el("section", {"class": "rw-roll-log", "id": log_id, "data-rw-roll-log": True,
                          "aria-labelledby": title_id},
              el("p", {"class": "rw-widget__title", "id": title_id}, "Your roll log"),
              el("p", {"class": "rw-roll-log__status", "data-rw-roll-log-status": True, "role": "status"},
                 "With JavaScript on, every roll you make on this site is listed here, newest first, with a link "
                 "that shows exactly that roll again. The log stays in this browser: nothing is sent anywhere."),
              el("ol", {"class": "rw-roll-log__list", "data-rw-roll-log-list": True, "aria-labelledby": title_id}),
              el("p", {"class": "rw-roll-log__actions"}, buttons, clear,
                 el("span", {"class": "rw-roll-log__ask", "data-rw-roll-log-ask": True, "hidden": True})))
