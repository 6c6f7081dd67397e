"""The site's name reaches every page escaped, whichever generator writes it.

Material's templates (and Zensical's, made from them) print ``config.site_name`` as it is in the page's
``<title>``, the header, the navigation and a logo's ``alt``, and escape it only in ``title=""``; neither
template engine escapes by itself here. So ``site_name: Tom & Jerry`` broke the markup and ``site_name:
<script>...`` ran. Before a build, :func:`escaped_templates` copies each template of the generator's theme
that prints ``config.site_name`` bare, with ``| e`` added there, into a folder that the generator reads
before its theme (and after the site's own ``custom_dir`` and Rollwright's overrides). The copies are made
from the installed theme each build, so they follow its version; the places already escaped are left as
they are (no double escaping). ``copyright`` is HTML by Material's design and is left alone.

>>> escaped("<title>{{ config.site_name }}</title> <a title=\\"{{ config.site_name | e }}\\">")
'<title>{{ config.site_name | e }}</title> <a title="{{ config.site_name | e }}">'
>>> escaped("<h1>{{ page.title | d(config.site_name, true)}}</h1>")
'<h1>{{ page.title | d(config.site_name | e, true)}}</h1>'
>>> escaped("{% if config.site_name %}x{% endif %}") is None
True
"""

from __future__ import annotations

import re
from pathlib import Path

_EXPRESSION = re.compile(r"\{\{.*?\}\}", re.DOTALL)
_BARE = re.compile(r"config\.site_name(?!\s*\|\s*e\b)")


def escaped(template: str) -> str | None:
    """``template`` with ``| e`` after each bare ``config.site_name`` printed by ``{{ }}``; None if it has none."""
    def _fix(match: re.Match[str]) -> str:
        return _BARE.sub("config.site_name | e", match.group(0))

    fixed = _EXPRESSION.sub(_fix, template)
    return None if fixed == template else fixed


def escaped_templates(theme: Path, target: Path) -> Path:
    """Write into ``target`` the templates of ``theme`` (the generator's own) that print the site's name bare, each
    with it escaped; files no longer needed there go. Returns ``target``."""
    wanted: dict[Path, str] = {}
    for path in sorted(theme.rglob("*.html")):
        fixed = escaped(path.read_text(encoding="utf-8"))
        if fixed is not None:
            wanted[path.relative_to(theme)] = fixed
    target.mkdir(parents=True, exist_ok=True)
    for relative, text in wanted.items():
        destination = target / relative
        if not destination.is_file() or destination.read_text(encoding="utf-8") != text:
            destination.parent.mkdir(parents=True, exist_ok=True)
            destination.write_text(text, encoding="utf-8")
    for path in sorted(target.rglob("*.html"), reverse=True):
        if path.relative_to(target) not in wanted:
            path.unlink()
    return target
