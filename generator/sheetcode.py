"""Sheet codes: the short text in a sheet's QR code and printed beside it.

``RINGS-1-000042-A4-P3R3N6C16-U`` = game, field version, seed (``STD`` for the standard field),
page (``A4`` or ``LT``), sheet options (one capital letter + integer each, in the game's
declared order) and an ISO 7064 MOD 37,36 check character, which catches every single mistyped
character and every swap of two neighbours. Only QR "alphanumeric" characters are used, so the
QR code stays small and a person can type the code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "SheetCode",
    "SheetCodeError",
    "check_char",
    "field_id_of",
    "parse_field_id",
    "parse_sheet_code",
]

_ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
_CODE_RE = re.compile(
    r"^(?P<game>[A-Z]+)-(?P<version>[0-9]+)-(?P<seed>STD|[0-9]{6,})-(?P<page>A4|LT)"
    r"-(?P<opts>(?:[A-Z][0-9]+)*)-(?P<check>[0-9A-Z])$"
)
_OPT_RE = re.compile(r"([A-Z])([0-9]+)")


class SheetCodeError(ValueError):
    """A sheet code that cannot be read; the message says what is wrong."""


def check_char(body: str) -> str:
    """ISO 7064 MOD 37,36 check character over the letters and digits of ``body``."""
    p = 36
    for ch in body:
        if ch in _ALNUM:
            s = (p + _ALNUM.index(ch)) % 36 or 36
            p = (s * 2) % 37
    return _ALNUM[(37 - p) % 36]


@dataclass(frozen=True)
class SheetCode:
    """The parsed parts of a sheet code."""

    game: str
    field_version: int
    seed: int | None
    page: str
    options: tuple[tuple[str, int], ...]

    def body(self) -> str:
        seed = "STD" if self.seed is None else f"{self.seed:06d}"
        opts = "".join(f"{k}{v}" for k, v in self.options)
        return f"{self.game.upper()}-{self.field_version}-{seed}-{self.page}-{opts}"

    def field_id(self) -> str:
        """The field's identity, independent of paper size: ``RINGS-1-000042-P3R3N6C16``.

        The same field printed on A4 and on Letter is one field (the topology is the same), so
        game records name it without the page.
        """
        seed = "STD" if self.seed is None else f"{self.seed:06d}"
        opts = "".join(f"{k}{v}" for k, v in self.options)
        return f"{self.game.upper()}-{self.field_version}-{seed}-{opts}"

    def __str__(self) -> str:
        body = self.body()
        return f"{body}-{check_char(body)}"


_FIELD_RE = re.compile(
    r"^(?P<game>[A-Z]+)-(?P<version>[0-9]+)-(?P<seed>STD|[0-9]{6,})-(?P<opts>(?:[A-Z][0-9]+)*)$"
)


def parse_field_id(text: str, page: str = "A4") -> SheetCode:
    """Read a field id (see :meth:`SheetCode.field_id`); ``page`` completes it to a sheet."""
    m = _FIELD_RE.match(text.strip().upper())
    if not m:
        raise SheetCodeError(
            f"'{text}' is not a field id; it looks like GAME-1-000042-P3 "
            "(game, field version, seed or STD, options)"
        )
    options = tuple((k, int(v)) for k, v in _OPT_RE.findall(m["opts"]))
    seed = None if m["seed"] == "STD" else int(m["seed"])
    return SheetCode(m["game"].lower(), int(m["version"]), seed, page, options)


def parse_sheet_code(text: str) -> SheetCode:
    """Parse and verify a sheet code (case and surrounding blanks are forgiven)."""
    code = text.strip().upper()
    m = _CODE_RE.match(code)
    if not m:
        raise SheetCodeError(
            f"'{text}' is not a sheet code; it looks like GAME-1-000042-A4-P3-K "
            "(game, field version, seed or STD, page A4/LT, options, check character)"
        )
    body = code[: code.rfind("-")]
    if check_char(body) != m["check"]:
        raise SheetCodeError(
            f"sheet code '{text}' fails its check character: a character is mistyped; "
            "compare it with the code printed on the sheet"
        )
    options = tuple((k, int(v)) for k, v in _OPT_RE.findall(m["opts"]))
    seed = None if m["seed"] == "STD" else int(m["seed"])
    return SheetCode(m["game"].lower(), int(m["version"]), seed, m["page"], options)


def field_id_of(text: str) -> str:
    """The field id a game record names: a field id as given, or the sheet code printed on
    a sheet (its check character verified, then its page and check character dropped)."""
    if isinstance(text, str) and _CODE_RE.match(text.strip().upper()):
        return parse_sheet_code(text).field_id()
    return text
