"""Games as objects: one :class:`Game` per game, found in one registry.

A :class:`~artsheets.rules.core.State` is a position in play; a :class:`Game` is the game
itself (OpenSpiel's ``Game`` beside its ``State``; python-chess's variant classes): its name,
title and options, how to start one (:meth:`Game.new_game`), how its moves are written
(:meth:`Game.parse_move` and :meth:`Game.format_move`, raising
:class:`~artsheets.rules.core.InvalidMoveError` on text that is not a move) and the analyses of a
finished position (:meth:`Game.score`, :meth:`Game.broken_rules`).

The colouring games keep their classes as they are: :class:`SheetGame` wraps each by
delegation, so their analyses still run through :mod:`artsheets.rules.position`. Board and
card games define their own :class:`Game` subclass and register it with :func:`register_game`.

>>> from artsheets.rules.game import get_game
>>> get_game("synch").title
'Move In Synch'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from artsheets.rules.core import (
    GAMES,
    InvalidMoveError,
    Move,
    Option,
    OptionError,
    RulesError,
    State,
    normalise_options,
)
from artsheets.rules.field import Field

__all__ = [
    "Game",
    "SheetGame",
    "SheetPosition",
    "all_games",
    "diagram_games",
    "get_game",
    "register_game",
]


class Game:
    """One game: what every caller needs without holding a position.

    Subclasses set ``state_class`` and may override :meth:`board` (games that bring their own
    board), :meth:`parse_move`, :meth:`format_move`, :meth:`parse_position` and :meth:`score`.
    """

    state_class: type[State]
    players: tuple[int, int] = (2, 2)

    @property
    def name(self) -> str:
        return self.state_class.game

    @property
    def title(self) -> str:
        return self.state_class.title

    @property
    def options(self) -> Mapping[str, Option]:
        return self.state_class.OPTIONS

    def resolve_options(self, options: Mapping[str, Any] | None = None) -> dict[str, Any]:
        """Every option filled in with its default and checked (:class:`OptionError`)."""
        return normalise_options(self.name, self.options, options)

    def board(self, options: Mapping[str, Any] | None = None) -> Field | None:
        """The playing field these options need, for games that bring their own board; None
        for games played on a printed field (which the caller builds or loads)."""
        return None

    def new_game(
        self, options: Mapping[str, Any] | None = None, field: Field | None = None
    ) -> State:
        """A new game; ``field`` defaults to :meth:`board` for games that bring their own."""
        fld = field if field is not None else self.board(options)
        if fld is None:
            raise OptionError(f"{self.title} is played on a printed field; pass its field")
        return self.state_class(fld, options)

    def parse_move(self, state: State, text: str) -> Move:
        """The canonical move ``text`` writes (blanks trimmed); :class:`InvalidMoveError`
        when it is not a move in this game's notation. Legality is :meth:`State.apply`'s."""
        if not isinstance(text, str) or not text.strip():
            raise InvalidMoveError(f"{self.name}: a move is text, got {text!r}")
        return text.strip()

    def format_move(self, state: State, move: Move) -> str:
        """How ``move`` is written on the record sheet (the canonical text by default)."""
        return move

    def parse_position(self, text: str) -> Any:
        """A finished position from its plain-text diagram (games decided by the board)."""
        raise RulesError(f"{self.name} has no plain-text position diagram")

    def score(self, position: Any) -> Any:
        """A :class:`~artsheets.rules.position.PositionReport` of a finished position: scores,
        outcome and checks (the failed ones name the broken rules)."""
        raise RulesError(f"{self.name} cannot score a finished position")

    def broken_rules(self, position: Any) -> list[str]:
        """What makes ``position`` impossible, one sentence each (empty when it is legal)."""
        return [c.message for c in self.score(position).checks if not c.ok]


@dataclass(frozen=True)
class SheetPosition:
    """A colouring game's finished sheet: what :func:`position.score_position` takes."""

    field: Field
    options: Mapping[str, Any] | None
    colours: Mapping[str, int | None]
    tallies: Mapping[int, int | None] | None = field(default=None)


class SheetGame(Game):
    """A colouring game whose rules live in its State class, wrapped by delegation: its
    analyses are the classmethods :mod:`artsheets.rules.position` already calls."""

    def __init__(self, state_class: type[State]) -> None:
        self.state_class = state_class
        players = state_class.OPTIONS.get("players")
        if players is not None and players.choices:
            self.players = (min(players.choices), max(players.choices))

    def score(self, position: SheetPosition) -> Any:
        from artsheets.rules.position import score_position

        return score_position(position.field, position.options, position.colours, position.tallies)


_REGISTRY: dict[str, Game] = {}


def register_game(game: Game) -> Game:
    """Make ``game`` known by its name (its State class is registered with the engine too, so
    :func:`~artsheets.rules.new_game` and game records find it)."""
    _REGISTRY[game.name] = game
    GAMES[game.name] = game.state_class
    return game


def all_games() -> dict[str, Game]:
    """Every game by name: the registered ones, and each colouring game wrapped."""
    from artsheets.rules import games

    games.load_all()
    for name, cls in GAMES.items():
        if name not in _REGISTRY:
            _REGISTRY[name] = SheetGame(cls)
    return dict(sorted(_REGISTRY.items()))


def diagram_games() -> list[str]:
    """The games ``artsheets score GAME FILE`` reads: those whose :class:`Game` overrides
    :meth:`Game.parse_position` (a finished board as a plain-text diagram)."""
    return [n for n, g in all_games().items() if type(g).parse_position is not Game.parse_position]


def get_game(name: str) -> Game:
    """The game called ``name``; :class:`OptionError` lists the games for an unknown one."""
    from artsheets.rules import games

    key = name.lower().strip()
    if key not in _REGISTRY and key not in GAMES:
        games.load(key)
    if key in GAMES and key not in _REGISTRY:
        _REGISTRY[key] = SheetGame(GAMES[key])
    game = _REGISTRY.get(key)
    if game is None:
        raise OptionError(f"unknown game '{name}'; the games are: {', '.join(all_games())}")
    return game
