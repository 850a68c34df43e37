"""Springer (Sid Sackson), 2-3 players: build a corner-connected chain to all four edges.

Rule reading (see also ``docs/rules/springer.md``):

- Player p colours with colour p. On his turn a player fills any uncoloured space that is not
  next to (sharing a boundary of positive length with) a space of his colour, or instead
  fills an unfilled numbered triangle on an edge where he has none yet (one per edge each).
- A chain is a set of his spaces connected through shared corners (or edges); it reaches a
  triangle when one of its spaces touches it (``data["triangles"][t]["spaces"]``).
- A chain is complete when it reaches his triangles on all four edges and their numbers total
  at least the threshold (13 for two players, configurable; no minimum for three players).
- When a player completes a chain the game ends at the end of that round: the players after
  him in turn order get one final turn each. With two players this is the book's rule: if
  the first player completes first, the second has one final turn.
- If anyone completed a chain, the highest total among those who did wins; equal totals
  draw. Otherwise each player totals the triangles his spaces touch and the highest wins. A
  player with no legal move passes; the game also ends when nobody can move.
- The variations for two experienced players (``docs/rules/springer.md``,
  :mod:`.springer_variants`): ``divide``, each player divides a space before play;
  ``double_first``, a player's first turn fills two spaces sharing a side.

Moves: ``space-<n>``, ``triangle-<edge>-<n>``, or ``pass`` when nothing can be filled; with
the variations ``divide <space> <regions>/<regions>`` and ``space-<a>+space-<b>``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from artsheets.rules.breaks import TooManyOnEdge
from artsheets.rules.common import decide, id_order, next_to_colour, own_colour_fills
from artsheets.rules.core import (
    IllegalMoveError,
    Move,
    Option,
    OptionError,
    State,
    field_cache,
    register,
)
from artsheets.rules.field import Field
from artsheets.rules.games.springer_variants import (
    DIVIDE,
    apply_divide,
    canonical_divides,
    double_moves,
    merged_pairs,
    parse_double,
)
from artsheets.rules.position import (
    Check,
    PositionReport,
    adjacency_checks,
    colour_range_checks,
    tally_checks,
)

EDGES = ("top", "right", "bottom", "left")


class _Board:
    """Triangles as tables, built once per field."""

    def __init__(self, field: Field) -> None:
        raw = field.data.get("triangles")
        if not raw:
            raise OptionError("a Springer field needs data['triangles']")
        self.ids = sorted(raw, key=lambda t: (EDGES.index(raw[t]["edge"]), raw[t]["number"], t))
        self.edge = {t: raw[t]["edge"] for t in self.ids}
        self.number = {t: int(raw[t]["number"]) for t in self.ids}
        self.touching: dict[str, tuple[str, ...]] = {s: () for s in field.spaces}
        for t in self.ids:
            for s in raw[t]["spaces"]:
                self.touching[s] = (*self.touching.get(s, ()), t)


def chain_threshold(options: Mapping[str, Any]) -> int:
    """The total a complete chain needs: the ``threshold`` option, by default 13 for two
    players and none (0) for three."""
    threshold = options["threshold"]
    if threshold is None:
        return 13 if options["players"] == 2 else 0
    return threshold


def chains(
    field: Field, colour: Mapping[str, int], owner: Mapping[str, int], player: int, board: _Board
) -> tuple[int | None, int]:
    """(Total of a complete chain of ``player`` or None, total of his triangles his spaces
    touch). Shared by play and finished-position scoring."""
    mine = [s for s in field.spaces if colour.get(s) == player]
    his = {t for t, p in owner.items() if p == player}
    reached: set[str] = set()
    seen: set[str] = set()
    complete: int | None = None
    for start in mine:
        if start in seen:
            continue
        seen.add(start)
        stack, got = [start], set()
        while stack:
            s = stack.pop()
            got.update(t for t in board.touching.get(s, ()) if t in his)
            for n in field.touching(s):
                if n not in seen and colour.get(n) == player:
                    seen.add(n)
                    stack.append(n)
        reached |= got
        if {board.edge[t] for t in got} == set(EDGES):
            total = sum(board.number[t] for t in got)
            complete = total if complete is None else max(complete, total)
    return complete, sum(board.number[t] for t in reached)


@register
class Springer(State):
    game = "springer"
    title = "Springer"
    OPTIONS: Mapping[str, Option] = {
        "players": Option(2, "number of players", choices=(2, 3)),
        "threshold": Option(
            None,
            "total a winning chain needs (default 13 for two, 0 for three)",
            minimum=0,
            nullable=True,
        ),
        "divide": Option(
            False, "variation: each player divides a space in two before play", kind=bool
        ),
        "double_first": Option(
            False, "variation: a first turn fills two spaces sharing a side", kind=bool
        ),
    }
    _COPY = ("colour", "owner", "completed", "first_done")

    def _setup(self) -> None:
        self.options["threshold"] = chain_threshold(self.options)
        if self.options["divide"] and self.players != 2:
            raise OptionError("the divide variation is for two players")
        # The field in play: the printed one, or one with spaces divided (``divide``).
        self.board_field = self.field
        self.divides_left = self.players if self.options["divide"] else 0
        self.first_done: set[int] = set()  # players past their first filling turn
        self._board = field_cache(self.field, "springer-board", _Board)
        self.colour: dict[str, int] = {}
        self.owner: dict[str, int] = {}  # triangle -> player
        self.completed: dict[int, int] = {}  # player -> chain total
        self.last_turn: int | None = None  # the game ends after this turn index
        self.turn = 0

    def current_player(self) -> int | None:
        return None if self._outcome else self.turn % self.players + 1

    def _double_turn(self, player: int) -> bool:
        return self.options["double_first"] and player not in self.first_done

    def _moves(self, player: int) -> list[Move]:
        if self.divides_left:
            return canonical_divides(self.board_field)
        if self._double_turn(player):
            return double_moves(self.board_field, self.colour, player)
        return open_moves(self.board_field, self.colour, self.owner, player, self._board)

    def legal_moves(self) -> list[Move]:
        if self._outcome:
            return []
        return self._moves(self.turn % self.players + 1) or ["pass"]

    def _play(self, move: Move) -> None:
        player = self.turn % self.players + 1
        if self.divides_left:
            if not move.startswith(f"{DIVIDE} "):
                raise IllegalMoveError(
                    f"{move}: before play each player divides a space (variation divide), "
                    "e.g. 'divide space-12 A,B/C,D'"
                )
            self.board_field = apply_divide(self.board_field, move)
            self._board = _Board(self.board_field)
            self.divides_left -= 1
            self.turn += 1
            return
        pair = parse_double(self.board_field, move)
        if self._double_turn(player) and move != "pass":
            if pair is None:
                raise IllegalMoveError(
                    f"{move}: your first turn fills two spaces sharing a side "
                    "(variation double_first), e.g. space-3+space-7"
                )
            for s in pair:
                if s in self.colour:
                    raise IllegalMoveError(f"{move}: {s} is already filled")
                clash = next_to_colour(self.board_field, self.colour, s, player)
                if clash is not None:
                    raise IllegalMoveError(f"{move}: {s} is next to {clash}, already your colour")
            self.colour.update(dict.fromkeys(pair, player))
            self.first_done.add(player)
        elif pair is not None:
            raise IllegalMoveError(f"{move}: two spaces at once only on a first turn")
        elif move == "pass":
            if self._moves(player):
                raise IllegalMoveError(f"pass: you can still fill {self._moves(player)[0]}")
        elif move in self._board.edge:
            if move in self.owner:
                raise IllegalMoveError(f"{move}: already filled by player {self.owner[move]}")
            edge = self._board.edge[move]
            for t, p in self.owner.items():
                if p == player and self._board.edge[t] == edge:
                    raise IllegalMoveError(
                        f"{move}: you already have {t} on the {edge} edge; one triangle per edge"
                    )
            self.owner[move] = player
            self.first_done.add(player)
        else:
            if move not in id_order(self.board_field):
                raise IllegalMoveError(
                    f"{move}: there is no space or triangle '{move}' on this field"
                )
            if move in self.colour:
                raise IllegalMoveError(f"{move}: already filled")
            clash = next_to_colour(self.board_field, self.colour, move, player)
            if clash is not None:
                raise IllegalMoveError(
                    f"{move}: it is next to {clash}, already your colour; touching at a corner "
                    "is allowed, sharing a side is not"
                )
            self.colour[move] = player
            self.first_done.add(player)
        if move != "pass":
            total, reached = chains(self.board_field, self.colour, self.owner, player, self._board)
            self._scores[player] = reached
            threshold = self.options["threshold"]
            if player not in self.completed and total is not None and total >= threshold:
                self.completed[player] = total
                if self.last_turn is None:
                    self.last_turn = self.turn + (self.players - player)
        self.turn += 1
        round_over = self.last_turn is not None and self.turn > self.last_turn
        if round_over or not any(self._moves(p) for p in range(1, self.players + 1)):
            self._outcome = _result(self.scores(), self.completed)

    def sheet_colours(self) -> dict[str, int]:
        """What a photo of the sheet shows: spaces and triangles."""
        return {**self.colour, **self.owner}

    def _key(self) -> tuple[Any, ...]:
        return (
            self.board_field.spaces,
            tuple(sorted(self.first_done)),
            tuple(sorted(self.colour.items())),
            tuple(sorted(self.owner.items())),
            tuple(sorted(self.completed.items())),
            self.last_turn,
            self.turn,
        )

    def _describe(self) -> list[str]:
        tris = ", ".join(
            f"{t}({self._board.number[t]}):P{p}" for t, p in sorted(self.owner.items())
        )
        lines = [f"triangles {tris or '-'}"]
        if self.completed:
            lines.append(
                "complete chains: " + ", ".join(f"P{p}={v}" for p, v in self.completed.items())
            )
        attrs = self.board_field.attrs
        if all("row" in attrs.get(s, {}) for s in self.board_field.spaces):
            grid = {
                (attrs[s]["row"], attrs[s]["col"]): str(self.colour.get(s, "."))
                for s in self.board_field.spaces
            }
            rows = max(r for r, _ in grid) + 1
            cols = max(c for _, c in grid) + 1
            lines += [
                "  " + "".join(grid.get((r, c), " ") for c in range(cols)) for r in range(rows)
            ]
        return lines

    @classmethod
    def score_position(
        cls,
        field: Field,
        options: Mapping[str, Any],
        colours: Mapping[str, int],
        tallies: Mapping[int, int | None],
    ) -> PositionReport:
        """Chains and triangles are on the sheet: the totals and the winner follow."""
        players = options["players"]
        threshold = chain_threshold(options)
        board = field_cache(field, "springer-board", _Board)
        checks = colour_range_checks(colours, field.spaces, range(1, players + 1), "spaces")
        checks += colour_range_checks(colours, board.ids, range(1, players + 1), "triangles")
        checks += _adjacency(field, options, colours)
        owner = {t: colours[t] for t in board.ids if t in colours}
        for p in range(1, players + 1):
            for edge in EDGES:
                mine = [t for t, q in owner.items() if q == p and board.edge[t] == edge]
                if len(mine) > 1:
                    checks.append(
                        Check(
                            False,
                            f"player {p} filled {len(mine)} triangles on the {edge} edge; "
                            "one is allowed",
                            mine,
                            TooManyOnEdge(tuple(mine)),
                        )
                    )
        scores, complete = {}, {}
        for p in range(1, players + 1):
            total, reached = chains(field, colours, owner, p, board)
            scores[p] = reached
            if total is not None and total >= threshold:
                complete[p] = total
        checks += turn_checks(field, options, colours, owner, board)
        checks += tally_checks(scores, tallies, "triangle points")
        outcome = _result(scores, complete)
        return PositionReport(cls.game, scores, checks, outcome, {"complete_chains": complete})


def _adjacency(field: Field, options: Mapping[str, Any], colours: Mapping[str, int]) -> list[Check]:
    """Same-colour neighbours; with ``double_first`` each player's one pair (his first turn's
    two spaces made one) is allowed: a lone pair in his colour is taken as that."""
    players = options["players"]
    checks = adjacency_checks(
        field, colours, None, "a player never fills next to his own colour", range(1, players + 1)
    )
    if not merged_pairs(options):
        return checks
    pairs: dict[int, list[Check]] = {}
    for c in checks:
        if not c.ok:
            pairs.setdefault(colours[c.regions[0]], []).append(c)
    lone = {id(cs[0]) for cs in pairs.values() if len(cs) == 1}
    return [c for c in checks if id(c) not in lone]


def open_moves(
    field: Field, colours: Mapping[str, int], owner: Mapping[str, int], player: int, board: _Board
) -> list[Move]:
    """What ``player`` could still fill: empty spaces not next to his colour, and triangles
    on edges where he has none. Shared by play and finished-position checking."""
    empty = [s for s in field.spaces if s not in colours]
    spaces = own_colour_fills(field, colours, empty, (player,))
    edges = {board.edge[t] for t, p in owner.items() if p == player}
    return spaces + [t for t in board.ids if t not in owner and board.edge[t] not in edges]


def turn_checks(
    field: Field,
    options: Mapping[str, Any],
    colours: Mapping[str, int],
    owner: Mapping[str, int],
    board: _Board,
) -> list[Check]:
    """Players take turns, and a player passes only when nothing is left to him (which stays
    so: what he may fill only shrinks). So one who filled two or more fewer than another must
    have nothing left to fill."""
    players = options["players"]
    fills = {
        p: sum(1 for s in field.spaces if colours.get(s) == p)
        + sum(1 for q in owner.values() if q == p)
        for p in range(1, players + 1)
    }
    if merged_pairs(options):  # a first turn filled two
        fills = {p: n - 1 if n >= 2 else n for p, n in fills.items()}
    most = max(fills.values())
    out = []
    for p, n in sorted(fills.items()):
        if most - n < 2:
            continue
        left = open_moves(field, colours, owner, p, board)
        if left:
            out.append(
                Check(
                    False,
                    f"player {p} filled {n} against {most}, yet could still fill {left[0]}: "
                    "players take turns, and one passes only when nothing is left to him",
                    [s for s in field.spaces if colours.get(s) == p],
                )
            )
    return out


def _result(scores: Mapping[int, int], complete: Mapping[int, int]) -> Any:
    """Completed chains decide by their totals; without any, the triangles reached decide."""
    if complete:
        best = max(complete.values())
        top = tuple(p for p, v in sorted(complete.items()) if v == best)
        return decide(
            scores, "a chain reached all four edges", winners=top if len(top) == 1 else ()
        )
    return decide(scores, "no complete chain; totals of triangles reached")
