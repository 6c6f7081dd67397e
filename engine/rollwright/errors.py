"""One error hierarchy for everything the engine rejects.

Every error carries a message written for the person who made the call, and
says how to fix it where it can. ``to_dict`` gives the plain form that the
registry, the CLI and the browser worker pass on.

>>> NotationError("unexpected ')'", text="2d6)", position=3).to_dict()["position"]
3
"""

from __future__ import annotations

TYPE_CHECKING = False  # typing.TYPE_CHECKING without importing typing (a few ms of a fresh process); mypy reads it
if TYPE_CHECKING:
    from typing import Any


class RollwrightError(Exception):
    """Base of every error the engine raises on purpose."""

    kind = "error"

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message

    def to_dict(self) -> dict[str, Any]:
        """The error as a plain dict: ``{"kind", "message", ...}``."""
        return {"kind": self.kind, "message": self.message}


class NotationError(RollwrightError):
    """A dice expression that cannot be parsed; ``position`` is 0-based.

    ``field`` (optional) names the call parameter that held the text, so a form can
    show the message under that control.
    """

    kind = "notation"

    def __init__(self, message: str, *, text: str = "", position: int = 0, field: str | None = None) -> None:
        super().__init__(message)
        self.text = text
        self.position = position
        self.field = field

    def __str__(self) -> str:
        return f"{self.message} at position {self.position + 1}"

    def to_dict(self) -> dict[str, Any]:
        out = {**super().to_dict(), "message": str(self), "position": self.position}
        if self.field is not None:
            out["field"] = self.field
        return out


class LimitError(RollwrightError):
    """Input that would cost too much work (huge pools, deep nesting, ...).

    Raised before any work is done; ``limit`` names the cap that was hit;
    ``field`` (optional) the call parameter whose value hit it.
    """

    kind = "limit"

    def __init__(self, message: str, *, limit: str, position: int | None = None, field: str | None = None) -> None:
        super().__init__(message)
        self.limit = limit
        self.position = position
        self.field = field

    def __str__(self) -> str:
        if self.position is None:
            return self.message
        return f"{self.message} at position {self.position + 1}"

    def to_dict(self) -> dict[str, Any]:
        out = {**super().to_dict(), "message": str(self), "limit": self.limit}
        if self.position is not None:
            out["position"] = self.position
        if self.field is not None:
            out["field"] = self.field
        return out


class ParameterError(RollwrightError):
    """A registry call given a missing, unknown or out-of-range parameter."""

    kind = "parameter"

    def __init__(self, message: str, *, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field

    def to_dict(self) -> dict[str, Any]:
        out = super().to_dict()
        if self.field is not None:
            out["field"] = self.field
        return out


class UnknownCallError(RollwrightError):
    """A registry call name that does not exist."""

    kind = "unknown-call"


class DiceError(RollwrightError):
    """A dice construction that makes no sense (d0, a die that only explodes)."""

    kind = "dice"


class FormulaError(RollwrightError):
    """A formula of a game declared as data that cannot be read or worked out; ``position`` is 0-based.

    >>> str(FormulaError("unknown name 'mihgt' in 'mihgt + 1'", text="mihgt + 1", position=0).with_hint(
    ...     "; did you mean 'might'?"))
    "unknown name 'mihgt' in 'mihgt + 1' (position 1); did you mean 'might'?"
    """

    kind = "formula"

    def __init__(self, message: str, *, text: str = "", position: int = 0, hint: str = "") -> None:
        super().__init__(message)
        self.text = text
        self.position = position
        self.hint = hint

    def with_hint(self, hint: str) -> FormulaError:
        """The same error, its message ending with ``hint`` (e.g. "; did you mean 'might'?")."""
        self.hint = hint
        return self

    def __str__(self) -> str:
        return f"{self.message} (position {self.position + 1}){self.hint}"

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "message": str(self), "position": self.position}


class DeclarationError(RollwrightError):
    """A game's declaration file that cannot be loaded: it names the file, the line, the key and the fix.

    >>> str(DeclarationError("bands overlap at 7", file="lanternfall/game.toml", line=12, key="checks.move.bands"))
    'lanternfall/game.toml, line 12, checks.move.bands: bands overlap at 7'
    """

    kind = "declaration"

    def __init__(self, message: str, *, file: str, line: int | None, key: str) -> None:
        super().__init__(message)
        self.file = file
        self.line = line
        self.key = key

    def __str__(self) -> str:
        where = self.file + (f", line {self.line}" if self.line else "")
        return f"{where}, {self.key}: {self.message}" if self.key else f"{where}: {self.message}"

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "message": str(self), "file": self.file, "line": self.line, "key": self.key}
