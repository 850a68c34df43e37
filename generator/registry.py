"""The games the generator knows, found by scanning ``artsheets.generator.games``.

Each game module defines ``GAME = GameSpec(...)``. A spec names the sheet options (each an
integer with a one-letter code in the sheet code), the field versions it can build (old versions
stay, so every printed sheet can be rebuilt from its code forever) and whether it has a frozen
standard field.
"""

from __future__ import annotations

import functools
import importlib
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from artsheets.generator import games as games_pkg
from artsheets.generator.furniture import body_rect, draw_frame
from artsheets.generator.layout import PAGES, Layout
from artsheets.generator.rng import Rng
from artsheets.generator.sheet import Sheet
from artsheets.generator.sheetcode import (
    SheetCode,
    SheetCodeError,
    parse_field_id,
    parse_sheet_code,
)
from artsheets.generator.validation import Check
from artsheets.rules.field import Field

__all__ = [
    "FieldBuilder",
    "GameSpec",
    "SheetOption",
    "UnknownGame",
    "build_field",
    "build_layout",
    "coloured_games",
    "field_from_id",
    "games",
    "get_game",
    "layout_from_code",
]

MAX_SEED = 999_999_999

# A field builder draws the field and the game's score areas into ``sheet.body`` and returns the
# topology. ``rng`` is None for the standard (frozen) field.
FieldBuilder = Callable[[Sheet, Rng | None, Mapping[str, int]], Field]


class UnknownGame(ValueError):
    """A game name that is not one of ours."""


@dataclass(frozen=True)
class SheetOption:
    """An integer option that changes the sheet (it goes into the sheet code)."""

    name: str
    code: str
    # An int, or a function of the options resolved so far (e.g. Rings: rounds = players).
    default: int | Callable[[Mapping[str, int]], int]
    low: int
    high: int
    help: str

    def check(self, value: int) -> int:
        if not self.low <= value <= self.high:
            raise ValueError(f"--{self.name} must be from {self.low} to {self.high}, got {value}")
        return value


@dataclass(frozen=True)
class GameSpec:
    name: str
    title: str
    order: int
    players: tuple[int, int]
    reminder: str
    options: tuple[SheetOption, ...]
    versions: Mapping[int, FieldBuilder]
    # The standard (frozen) field printed when no seed is given, frozen with field version 1.
    standard: FieldBuilder | None = None
    # Standards frozen anew with a later field version (e.g. Arp's free lines): new sheets
    # print the latest; the older ones still draw from their sheet codes.
    later_standards: Mapping[int, FieldBuilder] = field(default_factory=dict)
    colours: Callable[[Mapping[str, int]], int] = lambda o: o.get("players", 2)
    subtitle: Callable[[Mapping[str, int]], str] | None = None
    check_options: Callable[[Mapping[str, int]], None] | None = None
    # Labels under the colour-key swatches (default: the colour numbers), or a function of the
    # options, e.g. Mondrian marks its neutral colour "N".
    key_labels: tuple[str, ...] | Callable[[Mapping[str, int]], tuple[str, ...]] = ()
    # Checks a written layout against the game's constraints (counts, printability...):
    # what `artsheets check-field` prints. Random fields are validated while they are drawn.
    validate: Callable[[Layout], list[Check]] | None = None
    doc: str = ""
    extra: Mapping[str, object] = field(default_factory=dict)

    @property
    def current_version(self) -> int:
        return max(self.versions)

    @property
    def standard_versions(self) -> dict[int, FieldBuilder]:
        """Field version -> builder of the standard field frozen with it (empty: none)."""
        if self.standard is None:
            return {}
        return {1: self.standard, **self.later_standards}

    @property
    def standard_version(self) -> int:
        """The field version of the standard sheet printed now."""
        return max(self.later_standards, default=1)

    def standard_builder(self, version: int | None) -> tuple[FieldBuilder, int]:
        """The builder of the standard field of ``version`` (None: the one printed now)."""
        builders = self.standard_versions
        if not builders:
            raise ValueError(f"{self.name} has no standard field; give --seed N")
        if version is None:
            version = self.standard_version
        if version not in builders:
            known = ", ".join(str(v) for v in sorted(builders))
            raise ValueError(
                f"{self.name}'s standard field has no version {version}; known: {known}"
            )
        return builders[version], version

    @property
    def random_fields(self) -> bool:
        return bool(self.versions)

    def check_field_version(self, version: int) -> int:
        """``version`` if this game can still draw it (old versions stay forever)."""
        if version not in self.versions:
            known = ", ".join(str(v) for v in sorted(self.versions)) or "none (standard only)"
            raise ValueError(f"{self.name} has no field version {version}; known: {known}")
        return version

    def resolve_options(self, given: Mapping[str, int | None]) -> dict[str, int]:
        """Defaults filled in, every value range-checked, unknown names refused."""
        known = {o.name: o for o in self.options}
        for name, value in given.items():
            if value is not None and name not in known:
                allowed = ", ".join(f"--{n}" for n in known) or "none"
                raise ValueError(f"--{name} does not apply to {self.name}; its options: {allowed}")
        out = {}
        for opt in self.options:
            value = given.get(opt.name)
            if value is None:
                value = opt.default(out) if callable(opt.default) else opt.default
            out[opt.name] = opt.check(int(value))
        if self.check_options:
            self.check_options(out)
        return out


@functools.cache
def games() -> dict[str, GameSpec]:
    """All games, in their listing order."""
    found = []
    for info in pkgutil.iter_modules(games_pkg.__path__):
        module = importlib.import_module(f"{games_pkg.__name__}.{info.name}")
        spec = getattr(module, "GAME", None)
        if isinstance(spec, GameSpec):
            found.append(spec)
    return {g.name: g for g in sorted(found, key=lambda g: g.order)}


def coloured_games() -> dict[str, GameSpec]:
    """The games played by colouring the sheet, which the scanner reads: not the board and
    card games, whose kits (a ``part`` option: board, pieces, rules, record) hold pieces."""
    return {n: g for n, g in games().items() if "part" not in {o.name for o in g.options}}


def get_game(name: str) -> GameSpec:
    spec = games().get(name.lower())
    if spec is None:
        raise UnknownGame(f"unknown game '{name}'; the games are: {', '.join(games())}")
    return spec


def _sheet_code(spec: GameSpec, version: int, seed: int | None, page: str, opts: dict) -> SheetCode:
    tokens = tuple((o.code, opts[o.name]) for o in spec.options)
    return SheetCode(spec.name, version, seed, PAGES[page].code, tokens)


def build_layout(
    game: str,
    seed: int | None = None,
    options: Mapping[str, int | None] | None = None,
    page: str = "a4",
    field_version: int | None = None,
) -> Layout:
    """Build a complete sheet. ``seed=None`` means the game's standard field."""
    spec = get_game(game)
    opts = spec.resolve_options(options or {})
    if page not in PAGES:
        raise ValueError(f"unknown page size '{page}'; use a4 or letter")
    if seed is None:
        builder, version = spec.standard_builder(field_version)
    else:
        if not 0 <= seed <= MAX_SEED:
            raise ValueError(f"a seed is a whole number from 0 to {MAX_SEED}, got {seed}")
        version = (
            spec.current_version
            if field_version is None
            else spec.check_field_version(field_version)
        )
        builder = spec.versions[version]
    sheet = Sheet(spec.name, PAGES[page], body_rect(PAGES[page]))
    code = _sheet_code(spec, version, seed, page, opts)
    sheet.sheet_code, sheet.field_id = str(code), code.field_id()
    sheet.field_version, sheet.seed, sheet.options, sheet.title = version, seed, opts, spec.title
    lo, hi = spec.players
    default_sub = (
        f"{opts['players']} players"
        if "players" in opts
        else (f"{lo} players" if lo == hi else f"{lo}-{hi} players")
    )
    subtitle = spec.subtitle(opts) if spec.subtitle else default_sub
    draw_frame(
        sheet,
        subtitle,
        spec.reminder,
        spec.colours(opts),
        spec.key_labels(opts) if callable(spec.key_labels) else spec.key_labels,
    )
    rng = None if seed is None else Rng.derive(spec.name, version, seed)
    topology = builder(sheet, rng, opts)
    return sheet.finish(topology)


def build_field(
    game: str, seed: int | None = None, options: Mapping[str, int | None] | None = None
) -> Field:
    """Just the topology of a field (what the rule engine needs)."""
    layout = build_layout(game, seed, options)
    assert layout.topology is not None
    return layout.topology


def layout_from_code(code: str) -> Layout:
    """Rebuild the exact layout a sheet code names (the scanner's way back to the sheet)."""
    return _layout_from_parsed(parse_sheet_code(code), code)


def field_from_id(field_id: str) -> Field:
    """Rebuild a field from its page-free id (what game records store)."""
    layout = _layout_from_parsed(parse_field_id(field_id), field_id)
    assert layout.topology is not None
    return layout.topology


def _layout_from_parsed(parsed: SheetCode, code: str) -> Layout:
    spec = get_game(parsed.game)
    by_code = {o.code: o.name for o in spec.options}
    try:
        opts = {by_code[k]: v for k, v in parsed.options}
    except KeyError as e:
        raise SheetCodeError(
            f"sheet code '{code}' has option {e.args[0]} unknown to {spec.name}"
        ) from None
    page = next(name for name, p in PAGES.items() if p.code == parsed.page)
    return build_layout(spec.name, parsed.seed, opts, page, parsed.field_version)
