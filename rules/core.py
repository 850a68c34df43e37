"""The core of the rule engine: states, moves, errors, outcomes, options and the game registry.

The API borrows from python-chess (a position is a value you can copy, print and serialise; an
illegal move raises :class:`IllegalMoveError` saying *which rule* forbids it; the end of a game
is a small :class:`Outcome`) and from OpenSpiel (a tiny state interface: ``current_player``,
``legal_moves``, ``apply``, ``is_over``, ``outcome``, ``copy``).

A move is a short canonical string (``"space-12"``, ``"space-12=3"``, ``"line-4@v-17+"``,
``"pass"``...), documented per game. Strings keep game records plain JSON and make move lists
easy to sort, print and compare. ``legal_moves()`` always returns canonical strings in a
deterministic order, and ``apply`` accepts exactly those.

>>> from artsheets.rules.game import get_game
>>> state = get_game("landgrab").new_game()
>>> state.current_player(), state.legal_moves()[:2]
(1, ['a1', 'c1'])
"""

from __future__ import annotations

import copy as _copy
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, TypeVar

from artsheets.rules.field import Field

__all__ = [
    "GAMES",
    "GameRecord",
    "IllegalMoveError",
    "InvalidMoveError",
    "Move",
    "Option",
    "OptionError",
    "Outcome",
    "RecordError",
    "RulesError",
    "State",
    "Termination",
    "field_cache",
    "field_cache_entries",
    "game_class",
    "new_game",
    "register",
    "seed_field_cache",
]

Move = str
"""A move in its canonical text form (see each game's docstring)."""


class RulesError(ValueError):
    """Base of every error the rule engine raises for bad input."""


class IllegalMoveError(RulesError):
    """A move the rules forbid; the message names the move and the rule."""


class InvalidMoveError(IllegalMoveError):
    """Move text that is not a move at all in the game's notation (``"z9"``, ``"d4-"``), as
    python-chess tells an unreadable move from an illegal one. It subclasses
    :class:`IllegalMoveError` so that every caller that refused bad moves before still does;
    a caller that cares (a move typed by hand) catches this one first and shows the notation.
    """


class OptionError(RulesError):
    """An unknown game option or a value the game does not allow."""


class RecordError(RulesError):
    """A game record that cannot be read or replayed (the message names the first problem)."""


@dataclass(frozen=True)
class Option:
    """One game option: its default, allowed values and a one-line meaning."""

    default: Any
    help: str
    choices: tuple[Any, ...] | None = None
    kind: type = int
    minimum: int | None = None
    nullable: bool = False


def normalise_options(
    game: str, spec: Mapping[str, Option], given: Mapping[str, Any] | None
) -> dict[str, Any]:
    """Every option filled in with its default, every value checked; unknown names refused.

    Options are stored fully resolved so that a game record always says exactly what was
    played, even if a default changes later.
    """
    given = dict(given or {})
    unknown = sorted(set(given) - set(spec))
    if unknown:
        known = ", ".join(sorted(spec)) or "none"
        raise OptionError(f"{game}: unknown option '{unknown[0]}'; its options are: {known}")
    out: dict[str, Any] = {}
    for name, opt in spec.items():
        value = given.get(name, opt.default)
        if value is None and opt.nullable:
            out[name] = None
            continue
        if opt.kind is bool:
            if not isinstance(value, bool):
                raise OptionError(f"{game}: option '{name}' must be true or false, got {value!r}")
        elif opt.kind is int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise OptionError(f"{game}: option '{name}' must be a whole number, got {value!r}")
        elif not isinstance(value, opt.kind):
            raise OptionError(f"{game}: option '{name}' has the wrong type: {value!r}")
        if opt.choices is not None and value not in opt.choices:
            allowed = ", ".join(str(c) for c in opt.choices)
            raise OptionError(f"{game}: option '{name}' must be one of {allowed}, got {value!r}")
        if opt.minimum is not None and value < opt.minimum:
            raise OptionError(
                f"{game}: option '{name}' must be at least {opt.minimum}, got {value}"
            )
        out[name] = value
    return out


class Termination(Enum):
    """Why a game ended, as a value a program can test (python-chess's ``Termination``); the
    outcome's ``reason`` says the same in words."""

    END_OF_PLAY = "end_of_play"  # the rules' ordinary end: sheet full, rounds or cards played
    ALL_PLACED = "all_placed"  # every piece is on the board
    NO_MOVES = "no_moves"  # the player to move cannot act
    ALL_CAPTURED = "all_captured"  # a player has no stones left
    BLOCKED = "blocked"  # neither player could make a progressing move on consecutive turns
    GOAL = "goal"  # a player reached the goal the rules name (a fort held, a field conquered)
    MOVE_LIMIT = "move_limit"  # too many moves without progress: a draw by the move limit


@dataclass(frozen=True)
class Outcome:
    """How a game ended.

    ``scores`` are per player (points, or penalty points when ``lower_wins``); ``team_scores``
    maps a team label such as ``"1+3"`` to its total when teams play. ``winners`` is the
    winning player, or the winning team's players; it is empty on a draw.
    """

    scores: dict[int, int]
    winners: tuple[int, ...]
    reason: str
    team_scores: dict[str, int] | None = None
    lower_wins: bool = False
    termination: Termination = Termination.END_OF_PLAY

    @property
    def draw(self) -> bool:
        return not self.winners

    @property
    def winner(self) -> int | None:
        """The single winning player, or None (draw or a team won)."""
        return self.winners[0] if len(self.winners) == 1 else None

    def result(self) -> str:
        """One line: who won, e.g. ``"player 2 wins"``, ``"team 1+3 wins"``, ``"draw"``."""
        if not self.winners:
            return "draw"
        if len(self.winners) == 1:
            return f"player {self.winners[0]} wins"
        return f"team {'+'.join(str(p) for p in self.winners)} wins"

    def to_dict(self) -> dict[str, Any]:
        return {
            "scores": {str(k): v for k, v in sorted(self.scores.items())},
            "team_scores": self.team_scores,
            "winners": list(self.winners),
            "reason": self.reason,
            "lower_wins": self.lower_wins,
            "result": self.result(),
        } | self._termination_dict()

    def _termination_dict(self) -> dict[str, str]:
        """The termination, written only when it is not the ordinary end of play, so that the
        outcomes stored before it existed (playthroughs, scan reports) stay byte-identical."""
        if self.termination is Termination.END_OF_PLAY:
            return {}
        return {"termination": self.termination.value}


_T = TypeVar("_T")
_CACHE: dict[tuple[int, str], tuple[Field, Any]] = {}
_CACHE_LIMIT = 64


def field_cache(fld: Field, key: str, build: Callable[[Field], _T]) -> _T:
    """Per-field precomputation (rectangles, windows, chord geometry) built once and reused.

    Fields hold dicts and so are not hashable; the cache is keyed by object identity and keeps
    the field alive alongside the value so an id cannot be reused while cached.
    """
    k = (id(fld), key)
    hit = _CACHE.get(k)
    if hit is not None and hit[0] is fld:
        return hit[1]
    value = build(fld)
    if len(_CACHE) >= _CACHE_LIMIT:
        _CACHE.pop(next(iter(_CACHE)))
    _CACHE[k] = (fld, value)
    return value


def field_cache_entries(fld: Field) -> dict[str, Any]:
    """Every value :func:`field_cache` holds for ``fld``, by key: to be stored with the field
    (pickled together with it, so values that refer to it keep referring to it) and given
    back to a later process by :func:`seed_field_cache`."""
    return {key: value for (_, key), (f, value) in list(_CACHE.items()) if f is fld}


def seed_field_cache(fld: Field, entries: Mapping[str, Any]) -> None:
    """Give :func:`field_cache` values built earlier for ``fld`` (see
    :func:`field_cache_entries`), as if it had built them itself."""
    for key, value in entries.items():
        if (id(fld), key) not in _CACHE and len(_CACHE) >= _CACHE_LIMIT:
            _CACHE.pop(next(iter(_CACHE)))
        _CACHE[(id(fld), key)] = (fld, value)


class State(ABC):
    """A game in progress: a value that knows whose turn it is and what may be played.

    Subclasses set ``game``, ``title``, ``OPTIONS`` and ``_COPY`` (names of attributes holding
    one-level mutable containers, shallow-copied by :meth:`copy`), and implement ``_setup``,
    ``current_player``, ``legal_moves``, ``_play`` (validate and apply, raising
    :class:`IllegalMoveError`), ``_key`` and ``_describe``.
    """

    game: ClassVar[str]
    title: ClassVar[str]
    OPTIONS: ClassVar[Mapping[str, Option]]
    _COPY: ClassVar[tuple[str, ...]] = ()

    def __init__(self, field: Field, options: Mapping[str, Any] | None = None) -> None:
        if field.game != self.game:
            raise OptionError(f"{self.title} cannot be played on a {field.game!r} field")
        self.field = field
        self.options: dict[str, Any] = normalise_options(self.game, self.OPTIONS, options)
        self.history: list[Move] = []
        self._scores: dict[int, int] = {}
        self._outcome: Outcome | None = None
        self._setup()

    # --- the interface every game implements -------------------------------------------------

    @abstractmethod
    def _setup(self) -> None:
        """Check options against the field and build the initial position."""

    @abstractmethod
    def current_player(self) -> int | None:
        """The player (1-based) to move, or None when the game is over."""

    @abstractmethod
    def legal_moves(self) -> list[Move]:
        """Every legal move in canonical form, in a deterministic order (empty when over)."""

    @abstractmethod
    def _play(self, move: Move) -> None:
        """Validate ``move`` (raise :class:`IllegalMoveError` naming the rule) and apply it."""

    @abstractmethod
    def _key(self) -> tuple[Any, ...]:
        """Everything that distinguishes two positions (for equality)."""

    @abstractmethod
    def sheet_colours(self) -> dict[str, int]:
        """Region id -> colour index: what a photo of the sheet would show now (the input
        :func:`artsheets.rules.position.score_position` takes)."""

    @abstractmethod
    def _describe(self) -> list[str]:
        """Lines describing the position, for ``str(state)``."""

    @property
    def players(self) -> int:
        return int(self.options.get("players", 2))

    # --- shared behaviour ----------------------------------------------------------------

    def apply(self, move: Move) -> None:
        """Play ``move`` for the player to move; raise :class:`IllegalMoveError` if forbidden."""
        if not isinstance(move, str):
            raise InvalidMoveError(f"a move is text such as 'space-3', got {move!r}")
        move = move.strip()
        if self._outcome is not None:
            raise IllegalMoveError(f"{move}: the game is over ({self._outcome.reason})")
        self._play(move)
        self.history.append(move)

    def child(self, move: Move) -> State:
        """A copy with ``move`` applied (the original is untouched)."""
        new = self.copy()
        new.apply(move)
        return new

    def is_legal(self, move: Move) -> bool:
        try:
            self.copy().apply(move)
        except IllegalMoveError:
            return False
        return True

    def is_over(self) -> bool:
        return self._outcome is not None

    def outcome(self) -> Outcome | None:
        """How the game ended, or None while it goes on."""
        return self._outcome

    def scores(self) -> dict[int, int]:
        """Points per player so far (penalties in Delaunay)."""
        return {p: self._scores.get(p, 0) for p in range(1, self.players + 1)}

    def copy(self) -> State:
        """A cheap independent copy: the field is shared, containers are copied one level."""
        new = object.__new__(type(self))
        d = self.__dict__.copy()
        for name in self._COPY:
            d[name] = _copy.copy(d[name])
        d["history"] = list(self.history)
        d["_scores"] = dict(self._scores)
        new.__dict__ = d
        return new

    __copy__ = copy

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        assert isinstance(other, State)
        return (
            self.field.field_id == other.field.field_id
            and self.options == other.options
            and self.history == other.history
            and self.scores() == other.scores()
            and self._outcome == other._outcome
            and self._key() == other._key()
        )

    __hash__ = None  # type: ignore[assignment]  # mutable value

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} {self.field.field_id} moves={len(self.history)} "
            f"to_move={self.current_player()}>"
        )

    def __str__(self) -> str:
        opts = ", ".join(f"{k}={v}" for k, v in self.options.items())
        head = f"{self.title} on {self.field.field_id} ({opts}), move {len(self.history) + 1}"
        score = "  ".join(f"P{p}:{s}" for p, s in self.scores().items())
        lines = [head, f"scores  {score}"]
        lines += self._describe()
        if self._outcome is not None:
            lines.append(f"game over: {self._outcome.result()} ({self._outcome.reason})")
        else:
            lines.append(f"player {self.current_player()} to move")
        return "\n".join(lines)

    def record(self) -> GameRecord:
        """The game so far as a record (game, options, field id, moves)."""
        return GameRecord(
            self.game, dict(self.options), self.field.field_id, list(self.history), self.field
        )


RECORD_FORMAT = "artsheets.record/1"


@dataclass
class GameRecord:
    """A game as data: which game, its options, the field it was played on and the moves.

    ``field`` optionally carries the field's topology, so a record made on a hand-made or
    synthetic field replays without the generator; records of printed sheets need only
    ``field_id`` (a sheet code without its check character), from which the generator
    rebuilds the field.
    """

    game: str
    options: dict[str, Any]
    field_id: str
    moves: list[Move]
    field: Field | None = None

    def to_dict(self, include_field: bool = True) -> dict[str, Any]:
        d: dict[str, Any] = {
            "format": RECORD_FORMAT,
            "game": self.game,
            "options": dict(self.options),
            "field_id": self.field_id,
            "moves": list(self.moves),
        }
        if include_field and self.field is not None:
            d["field"] = self.field.to_dict()
        return d

    def to_json(self, include_field: bool = True) -> str:
        import json

        return json.dumps(self.to_dict(include_field), indent=1, sort_keys=False) + "\n"

    def replay(self, field: Field | None = None) -> State:
        """The state after every move (raises :class:`RecordError` on the first bad move)."""
        from artsheets.rules.record import replay

        return replay(self, field)


GAMES: dict[str, type[State]] = {}


def register(cls: type[State]) -> type[State]:
    """Class decorator: make a game available to :func:`new_game` by its field's game name."""
    GAMES[cls.game] = cls
    return cls


def game_class(name: str) -> type[State]:
    """The State class of a game by name (``"miro"``...); a clear error for unknown names."""
    from artsheets.rules import games

    if name not in GAMES:
        games.load(name)
    cls = GAMES.get(name)
    if cls is None:
        games.load_all()
        raise OptionError(f"unknown game '{name}'; the games are: {', '.join(sorted(GAMES))}")
    return cls


def new_game(field: Field, options: Mapping[str, Any] | None = None) -> State:
    """A new game on ``field`` (its ``game`` picks the rules) with ``options``."""
    return game_class(field.game)(field, options)
