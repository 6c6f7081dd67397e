"""A site's ``mkdocs.yml`` read as plain data, without any generator installed, and written back for one.

It reads what MkDocs reads: ``!ENV`` (a variable, or a list of them and a default), ``!relative`` (a path
from the config's folder, ``$config_dir``, or the docs folder, ``$docs_dir``), ``INHERIT`` (a parent file,
merged under this one) and any other tag (``!!python/name:...``), which is kept as :class:`Tagged` and
written back as it was. Every refusal names the file and the line.

>>> import tempfile
>>> folder = Path(tempfile.mkdtemp())
>>> _ = (folder / "mkdocs.yml").write_text(
...     "site_name: T\\nmarkdown_extensions:\\n  - pymdownx.snippets:\\n      base_path: !relative $config_dir/x\\n"
...     "  - pymdownx.emoji:\\n      emoji_index: !!python/name:material.extensions.emoji.twemoji\\n")
>>> config = load(folder / "mkdocs.yml")
>>> config["markdown_extensions"][0]["pymdownx.snippets"]["base_path"] == str(folder.resolve() / "x")
True
>>> print(dump({"emoji_index": config["markdown_extensions"][1]["pymdownx.emoji"]["emoji_index"]}).strip())
emoji_index: !!python/name:material.extensions.emoji.twemoji ''
>>> line_of(folder / "mkdocs.yml", ["markdown_extensions", 1, "pymdownx.emoji"])
5
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import yaml  # type: ignore[import-untyped]  # PyYAML ships no types

from rollwright.errors import RollwrightError

CONFIG_NAMES = ("mkdocs.yml", "mkdocs.yaml")
MAX_INHERIT = 10
"""How many ``INHERIT`` files deep a config may go (a loop of them is refused before that)."""


class ConfigFileError(RollwrightError):
    """``mkdocs.yml`` cannot be read; the message names the file, the line and what to do."""

    kind = "config"


class Tagged:
    """A value under a tag the site's generator resolves itself (``!!python/name:...``), kept to be written back."""

    def __init__(self, tag: str, value: Any) -> None:
        self.tag, self.value = tag, value

    def __repr__(self) -> str:
        return f"Tagged({self.tag!r}, {self.value!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Tagged) and (self.tag, self.value) == (other.tag, other.value)

    def __hash__(self) -> int:
        return hash((self.tag, repr(self.value)))


def find_config(start: Path | None = None) -> Path | None:
    """The ``mkdocs.yml`` in ``start`` (default: the working folder), or None."""
    folder = (start or Path.cwd()).resolve()
    return next((folder / name for name in CONFIG_NAMES if (folder / name).is_file()), None)


def _env(loader: yaml.SafeLoader, node: yaml.Node) -> Any:
    names = [loader.construct_scalar(node)] if isinstance(node, yaml.ScalarNode) else \
        [loader.construct_object(child) for child in node.value] if isinstance(node, yaml.SequenceNode) else None
    if not names:
        raise yaml.constructor.ConstructorError(None, None, "!ENV takes a variable's name, or a list of names "
                                                "and a default", node.start_mark)
    default = names.pop() if len(names) > 1 else None
    for name in names:
        if str(name) in os.environ:
            text = os.environ[str(name)]
            return yaml.safe_load(text) if text else text
    return default


def _loader(config_dir: Path) -> type[yaml.SafeLoader]:
    class Loader(yaml.SafeLoader):
        pass

    def relative(loader: yaml.SafeLoader, node: yaml.Node) -> str:
        text = str(loader.construct_scalar(node)) if isinstance(node, yaml.ScalarNode) else ""
        if text.startswith("$docs_dir"):
            return str(config_dir / "docs" / text.removeprefix("$docs_dir").lstrip("/"))
        return str(config_dir / text.removeprefix("$config_dir").lstrip("/"))

    def other(loader: yaml.SafeLoader, suffix: str, node: yaml.Node) -> Tagged:
        value: Any = loader.construct_scalar(node) if isinstance(node, yaml.ScalarNode) else \
            loader.construct_sequence(node) if isinstance(node, yaml.SequenceNode) else \
            loader.construct_mapping(node)  # type: ignore[arg-type]
        return Tagged(suffix, value)

    Loader.add_constructor("!ENV", _env)
    Loader.add_constructor("!relative", relative)
    Loader.add_multi_constructor("!", lambda loader, suffix, node: other(loader, "!" + suffix, node))
    Loader.add_multi_constructor("tag:yaml.org,2002:python/",
                                 lambda loader, suffix, node: other(loader, "tag:yaml.org,2002:python/" + suffix, node))
    return Loader


def _where(path: Path, root: Path | None) -> str:
    try:
        return path.resolve().relative_to((root or Path.cwd()).resolve()).as_posix()
    except ValueError:
        return path.name


def _merge(parent: Any, child: Any) -> Any:
    """MkDocs' INHERIT: mappings merged key by key, anything else taken from the child."""
    if isinstance(parent, dict) and isinstance(child, dict):
        merged = dict(parent)
        for key, value in child.items():
            merged[key] = _merge(parent.get(key), value) if key in parent else value
        return merged
    return child


def load(path: Path, *, root: Path | None = None, _seen: Sequence[Path] = ()) -> dict[str, Any]:
    """``mkdocs.yml`` (and the files it inherits) as data; ConfigFileError naming the file and the line."""
    path = path.resolve()
    shown = _where(path, root or path.parent)
    if path in _seen or len(_seen) >= MAX_INHERIT:
        raise ConfigFileError(f"{shown}: INHERIT goes round in a loop or deeper than {MAX_INHERIT} files: "
                              f"inherit from a file that inherits nothing")
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeError) as error:
        raise ConfigFileError(f"{shown} cannot be read ({error.__class__.__name__}: {error})") from None
    try:
        data = yaml.load(text, Loader=_loader(path.parent)) or {}  # noqa: S506 - a SafeLoader with our tags
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None) or getattr(error, "context_mark", None)
        where = f"{shown}, line {mark.line + 1}" if mark is not None else shown
        problem = getattr(error, "problem", None) or str(error)
        raise ConfigFileError(f"{where}: this is not valid YAML ({problem}); check the indentation and the "
                              f"quotes on that line") from None
    if not isinstance(data, dict):
        raise ConfigFileError(f"{shown}: the file must be a mapping of settings (site_name: ..., nav: ...), "
                              f"not a {type(data).__name__}")
    parent = data.pop("INHERIT", None)
    if parent is not None:
        base = load(path.parent / str(parent), root=root or path.parent, _seen=[*_seen, path])
        data = _merge(base, data)
    return data


def line_of(path: Path, keys: Sequence[str | int]) -> int | None:
    """The line (from 1) where ``keys`` (mapping keys and list indexes) lead in the file, or None.

    A mapping key is found by its own line; a list item by its first line.
    """
    try:
        node: Any = yaml.compose(path.read_text(encoding="utf-8"), Loader=_loader(path.parent))
    except (OSError, UnicodeError, yaml.YAMLError):
        return None
    line = None
    for key in keys:
        if isinstance(node, yaml.MappingNode):
            found = [(k, v) for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == key]
            if not found:
                return line
            line, node = found[0][0].start_mark.line + 1, found[0][1]
        elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and 0 <= key < len(node.value):
            node = node.value[key]
            line = node.start_mark.line + 1
        else:
            return line
    return line


def line_of_value(path: Path, value: str) -> int | None:
    """The first line holding ``value`` as a scalar (a nav entry's page, say), or None."""
    try:
        events = yaml.parse(path.read_text(encoding="utf-8"), Loader=_loader(path.parent))
        for event in events:
            if isinstance(event, yaml.ScalarEvent) and event.value == value:
                return int(event.start_mark.line) + 1
    except (OSError, UnicodeError, yaml.YAMLError):
        return None
    return None


class _Dumper(yaml.SafeDumper):
    pass


_Dumper.add_representer(Tagged, lambda dumper, data: (
    dumper.represent_scalar(data.tag, str(data.value)) if not isinstance(data.value, (list, dict)) else
    dumper.represent_sequence(data.tag, data.value) if isinstance(data.value, list) else
    dumper.represent_mapping(data.tag, data.value)))


def dump(data: dict[str, Any]) -> str:
    """The config as YAML again, its kept tags as they were."""
    return str(yaml.dump(data, Dumper=_Dumper, sort_keys=False, allow_unicode=True, default_flow_style=False))
