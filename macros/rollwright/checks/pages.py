"""The pages check: every page a system declares is written, in the site's nav and built; a system with a
character builder has it on a page, laid out at build time with a new character (what the browser shows
before Python is up, and keeps once it is).

Also, for the whole site (the ``build`` line): no page loads anything from another host.
"""

from __future__ import annotations

import re

from rollwright.checks.html import read
from rollwright.checks.report import CheckResult, outcome
from rollwright.checks.site import BuiltSite, Site, SystemPackage, url_path
from rollwright.kit.builder_page import first_render, html_key
from rollwright.kit.system import System

CHECK = "pages"
REGIONS = (("editor", "data-rw-editor-region"), ("report", "data-rw-report-region"), ("sheet", "data-rw-sheet-region"))
LOADING_LINK_RELS = {"stylesheet", "preload", "modulepreload", "prefetch", "icon", "manifest", "import"}
_REMOTE = re.compile(r"(https?:)?//", re.IGNORECASE)
_CSS_REMOTE = re.compile(r"""(?:@import|url\()\s*["']?(https?:)?//""", re.IGNORECASE)


def remote_loads(html: str) -> list[str]:
    """Every URL on another host that the page would fetch (not mere links like ``rel=canonical``).

    >>> remote_loads('<link rel="canonical" href="https://example.org/"><link rel="stylesheet" '
    ...              'href="https://fonts.example/x.css"><script src="//cdn.example/a.js"></script>')
    ['https://fonts.example/x.css', '//cdn.example/a.js']
    """
    found = []
    for tag, attrs in read(html).attributes:
        if tag in ("script", "img", "iframe", "source", "audio", "video", "embed"):
            url = attrs.get("src") or ""
        elif tag == "link" and set((attrs.get("rel") or "").split()) & LOADING_LINK_RELS:
            url = attrs.get("href") or ""
        else:
            continue
        if _REMOTE.match(url):
            found.append(url)
    return found


def site_problems(built: BuiltSite) -> list[str]:
    """What every Rollwright site must hold to: nothing loaded from another host (pages and stylesheets)."""
    problems = [f"{page} loads {', '.join(urls)} from another host: a Rollwright site serves everything itself"
                for page in built.pages() + built.editions() if (urls := remote_loads(built.text(page)))]
    for sheet in sorted(built.directory.rglob("*.css")):
        if _CSS_REMOTE.search(sheet.read_text(encoding="utf-8")):
            problems.append(f"{sheet.relative_to(built.directory)} imports from another host (@import or url())")
    return problems


def _declared(system: System, site: Site, built: BuiltSite) -> list[str]:
    if not system.pages:
        return [f"SYSTEM declares no pages: list them in pages=(Page(\"{system.docs}/index.md\", ...), ...)"]
    problems = []
    for declared in system.pages:
        path = declared.path
        if not path.startswith(f"{system.docs}/"):
            where = (f"docs = \"...\" in the [game] table of {system.declared_in}" if system.declared_in
                     else "docs= in its SYSTEM")
            problems.append(f"the page {path} is outside the game's docs folder {system.docs}/: keep its pages "
                            f"there, or change the folder ({where})")
        source = site.docs_dir / path
        if not source.is_file():
            problems.append(f"the page {path} is declared but {source.relative_to(site.root)} does not exist")
            continue
        if site.nav is not None and path not in site.nav:
            problems.append(f"the page {path} is not in the nav of {site.config_file.name}: add it under the "
                            f"system's section (e.g. \"- {declared.title}: {path}\")")
        built_file = site.page_file(built.directory, path)
        if not built_file.is_file() or "<article" not in built_file.read_text(encoding="utf-8"):
            problems.append(f"the page {path} was not built (no article at /{url_path(path, site.directory_urls)})")
    return problems


def _builder(system: System, built: BuiltSite) -> list[str]:
    if system.character_schema is None:
        return []
    marker = f'data-rw-builder="{system.id}"'
    holders = [page for page in built.pages() if marker in built.text(page)]
    if not holders:
        return [f"no page shows the character builder: add {{{{ character_builder(\"{system.id}\") }}}} to a "
                f"page of {system.docs}/"]
    try:
        first = first_render(system)
    except Exception as error:  # the system's contract calls failed: the contract check says more
        return [f"a new character's builder cannot be laid out ({type(error).__name__}: {error})"]
    problems = []
    if 'name="' not in first["editor"] and "data-rw-path" not in first["editor"]:
        problems.append(f"{system.id}.character.editor gives no form for a new character (no named field)")
    for page in holders:
        html = built.text(page)
        for region, attribute in REGIONS:
            tag = re.search(rf"<[a-z]+ [^>]*\b{attribute}\b[^>]*>", html)
            if tag is None:
                problems.append(f"{page}: the builder has no {region} region")
                continue
            if f'data-rw-html="{html_key(first[region])}"' not in tag.group(0):
                problems.append(f"{page}: the builder's {region} is not a new character's (the build and the "
                                f"engine give different HTML; is {system.id}.character.new the same every time?)")
            if not re.search(r"\binert\b", tag.group(0)):
                problems.append(f"{page}: the builder's {region} must wait for Python (inert)")
            tight = re.sub(r">\s+<", "><", first[region])
            if not first[region] or tight not in re.sub(r">\s+<", "><", html):
                problems.append(f"{page}: the builder's {region} HTML is missing from the page")
    return problems


def check_pages(package: SystemPackage, site: Site, built: BuiltSite) -> CheckResult:
    """The pages check of one system on the built site."""
    system = package.system
    problems = _declared(system, site, built) + _builder(system, built)
    count = len(system.pages)
    summary = f"{count} page{'' if count == 1 else 's'}" + (", a builder" if system.character_schema else "")
    return outcome(system.id, CHECK, problems, summary)
