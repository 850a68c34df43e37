"""Kamelen (Fred Horn, 1991), 2 players on 11 x 11 (or 11 x 12, 11 x 13 with the strips).

Reading (``docs/rules/kamelen.md``): each player has 8 camels and 10 dromedaries; 6 rocks
stand in the middle. A camel walks two squares along a rank or file and then one diagonally
on (ending three ahead and one aside); a dromedary two diagonally and then one along a rank or
file on (ending three by two away). The squares walked over must be empty; the move ends on an
empty square or captures the enemy animal standing there (capturing is a choice: it is one
move among the others). Player 1 (white) starts from ranks 1-2 and guards his home field f1;
black starts from the top two ranks and guards the top f square. A camel on the opponent's
home field wins double (score 2). Capturing the four enemy camels able to reach one's home
field (camels keep their square colour, so exactly four of the eight can) wins (score 1).
Added so that every game ends: a player without a move passes, two passes draw, and ``quiet``
plies without a capture draw.

Notation: ``c2-d5`` (from-to; a capture is written the same way, the board shows it).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from typing import Any

from artsheets.rules.board import Board, square_board
from artsheets.rules.boardscore import NotFromPhotos, draw_diagram
from artsheets.rules.boardstate import (
    DiagramText,
    OwnerColours,
    QuietLimit,
    TurnMoves,
    quiet_option,
)
from artsheets.rules.core import (
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Option,
    OptionError,
    Outcome,
    State,
    Termination,
)
from artsheets.rules.field import Field
from artsheets.rules.game import Game, register_game

__all__ = ["Kamelen", "KamelenGame", "home", "kamelen_board", "rocks", "start"]

FILES = 11
NAMES = {1: "white", 2: "black"}
CAMEL, DROMEDARY, ROCK = "C", "D", "R"
SYMBOL = {(1, CAMEL): "C", (1, DROMEDARY): "D", (2, CAMEL): "c", (2, DROMEDARY): "d"}
CAMEL_FILES = (1, 2, 3, 4, 6, 7, 8, 9)  # b..e, g..j on the second rank


def kamelen_board(ranks: int) -> Board:
    return square_board(FILES, ranks)


def home(player: int, ranks: int) -> tuple[int, int]:
    """The player's own home field (the f square of his back rank)."""
    return (5, 0) if player == 1 else (5, ranks - 1)


def rocks(ranks: int) -> list[tuple[int, int]]:
    """Six rocks across the middle, point-symmetric: a wall on rank 6 of 11 x 11 with gaps on
    b, d, f, h and j; on 11 x 12 a zigzag over the two middle ranks."""
    lo, hi = (ranks - 1) // 2, ranks // 2
    return [(2, lo), (8, hi), (4, hi), (6, lo), (0, hi), (10, lo)]


def start(ranks: int) -> dict[tuple[int, int], tuple[int, str]]:
    """Dromedaries on the back rank except the home field, camels on the second rank b-e,
    g-j; black's the same, turned (180 degrees)."""
    out: dict[tuple[int, int], tuple[int, str]] = {}
    for x in range(FILES):
        if x != 5:
            out[(x, 0)] = (1, DROMEDARY)
            out[(FILES - 1 - x, ranks - 1)] = (2, DROMEDARY)
    for x in CAMEL_FILES:
        out[(x, 1)] = (1, CAMEL)
        out[(FILES - 1 - x, ranks - 2)] = (2, CAMEL)
    return out


@functools.cache
def _field(ranks: int) -> Field:
    return kamelen_board(ranks).field("kamelen", f"KAMELEN-1-STD-K1R{ranks}")


@functools.cache
def _paths(ranks: int) -> dict[str, tuple[tuple[tuple[int, int, int], ...], ...]]:
    """Per animal kind and square: (first, second, end) squares of every walk on the board."""
    board = kamelen_board(ranks)
    out = {}
    for kind in (CAMEL, DROMEDARY):
        table = []
        for x, y in board.coords:
            walks = []
            firsts = board.orthogonal if kind == CAMEL else board.diagonal
            for dx, dy in firsts:
                ends = (
                    [(dx - dy, dy + dx), (dx + dy, dy - dx)]  # on diagonally, either side
                    if kind == CAMEL
                    else [(dx, 0), (0, dy)]  # on along the file or the rank
                )
                for ex, ey in ends:
                    squares = [(x + dx, y + dy), (x + 2 * dx, y + 2 * dy)]
                    squares.append((squares[1][0] + ex, squares[1][1] + ey))
                    if all(s in board.at for s in squares):
                        walks.append(tuple(board.at[s] for s in squares))
            table.append(tuple(walks))
        out[kind] = tuple(table)
    return out


class Kamelen(NotFromPhotos, DiagramText, TurnMoves, OwnerColours, QuietLimit, State):
    game = "kamelen"
    title = "Kamelen"
    OPTIONS: Mapping[str, Option] = {
        "players": Option(2, "two players", choices=(2,)),
        "ranks": Option(11, "board length: 11, or 12 and 13 with the extra strips", (11, 12, 13)),
        "quiet": quiet_option(100),
    }
    _COPY = ("owner", "kind")

    def _setup(self) -> None:
        self.board = Board.of(self.field)
        ranks = self.options["ranks"]
        if (self.board.files, self.board.ranks) != (FILES, ranks):
            raise OptionError(f"Kamelen with ranks={ranks} is played on 11 x {ranks}")
        n = len(self.board)
        self.owner: list[int] = [0] * n
        self.kind: list[str] = [""] * n
        for xy in rocks(ranks):
            self.kind[self.board.at[xy]] = ROCK
        for xy, (p, k) in start(ranks).items():
            self.owner[self.board.at[xy]], self.kind[self.board.at[xy]] = p, k
        self.homes = {p: self.board.at[home(p, ranks)] for p in (1, 2)}
        self.paths = _paths(ranks)
        self.to_move = 1
        self.quiet_plies = 0
        self.passes = 0

    def colour(self, cell: int) -> int:
        x, y = self.board.coords[cell]
        return (x + y) % 2

    def dangerous(self, player: int) -> int:
        """How many of ``player``'s camels stand on the colour of the enemy home field."""
        target = self.colour(self.homes[3 - player])
        return sum(
            1
            for c, p in enumerate(self.owner)
            if p == player and self.kind[c] == CAMEL and self.colour(c) == target
        )

    def current_player(self) -> int | None:
        return None if self._outcome else self.to_move

    def legal_moves(self) -> list[Move]:
        if self._outcome:
            return []
        return list(self._turn_moves())

    def _list_moves(self) -> list[str]:
        me, owner, kind, name = self.to_move, self.owner, self.kind, self.board.name
        out = []
        for c in range(len(self.board)):
            if owner[c] != me:
                continue
            for a, b, end in self.paths[kind[c]][c]:
                if kind[a] or kind[b] or kind[end] == ROCK or owner[end] == me:
                    continue
                out.append(f"{name(c)}-{name(end)}")
        moves = sorted(set(out), key=lambda m: [self.board.index[p] for p in m.split("-")])
        return moves or ["pass"]

    def _play(self, move: Move) -> None:
        text = move.strip().lower()
        legal = self.legal_moves()
        me = self.to_move
        if text == "pass":
            if legal != ["pass"]:
                raise IllegalMoveError(f"{move}: you may pass only when no animal can move")
            self._end_turn(False, passed=True)
            return
        parts = text.split("-")
        if len(parts) != 2 or not all(parts):
            raise InvalidMoveError(f"{move}: write FROM-TO, e.g. c2-d5")
        a, b = (self.board.cell(p) for p in parts)
        if self.owner[a] != me:
            raise IllegalMoveError(f"{move}: no {NAMES[me]} animal on {parts[0]}")
        if text not in legal:
            raise IllegalMoveError(f"{move}: {self._why_not(a, b)}")
        captured = self.owner[b] == 3 - me
        self.owner[b], self.kind[b] = me, self.kind[a]
        self.owner[a], self.kind[a] = 0, ""
        if self.kind[b] == CAMEL and b == self.homes[3 - me]:
            where = self.board.name(b)
            self._finish((me,), f"{NAMES[me]}'s camel conquers the home field {where}", 2)
            return
        if captured and self.dangerous(3 - me) == 0:
            why = f"{NAMES[me]} captured the four camels able to reach his home field"
            self._finish((me,), why, 1)
            return
        self._end_turn(captured)

    def _why_not(self, a: int, b: int) -> str:
        if self.owner[b] == self.to_move:
            return "an animal cannot end on one of your own animals"
        if self.kind[b] == ROCK:
            return "rocks do not move and cannot be entered"
        walks = [w for w in self.paths[self.kind[a]][a] if w[2] == b]
        if not walks:
            if self.kind[a] == CAMEL:
                return "a camel walks two squares along a line, then one diagonally on"
            return "a dromedary walks two squares diagonally, then one straight on"
        return "the squares walked over must be empty (animals and rocks block)"

    def _end_turn(self, captured: bool, passed: bool = False) -> None:
        self.to_move = 3 - self.to_move
        self._new_turn()
        self.passes = self.passes + 1 if passed else 0
        self._count_quiet(captured)
        if self.passes >= 2:
            self._outcome = Outcome(
                {1: 0, 2: 0}, (), "neither player can move", termination=Termination.BLOCKED
            )
        elif why := self._quiet_reason():
            self._outcome = Outcome({1: 0, 2: 0}, (), why, termination=Termination.MOVE_LIMIT)
        if self._outcome:
            self._scores = dict(self._outcome.scores)

    def _finish(self, winners: tuple[int, ...], reason: str, points: int) -> None:
        winner = winners[0]
        self._scores = {winner: points, 3 - winner: 0}
        self._outcome = Outcome(dict(self._scores), winners, reason, termination=Termination.GOAL)

    def scores(self) -> dict[int, int]:
        return dict(self._scores) if self._outcome else {1: 0, 2: 0}

    def _key(self) -> tuple[Any, ...]:
        return (tuple(self.owner), tuple(self.kind), self.to_move, self.quiet_plies, self.passes)

    def diagram(self) -> str:
        cells = [
            ROCK if k == ROCK else SYMBOL[(p, k)] if p else "."
            for p, k in zip(self.owner, self.kind, strict=True)
        ]
        return draw_diagram(self.board, cells)


class KamelenGame(Game):
    """Kamelen as a game object: the 11-file board of 11, 12 or 13 ranks."""

    state_class = Kamelen

    def board(self, options: Mapping[str, Any] | None = None) -> Field:
        return _field(int(self.resolve_options(options)["ranks"]))


GAME = register_game(KamelenGame())
