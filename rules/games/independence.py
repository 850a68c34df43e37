"""7-4-1776 (2014), 2 players on a 10 x 10 board with a supply of blue and red stones.

Reading (``docs/rules/independence.md``): player 1 is blue and starts, player 2 red. A turn is
either a **drop** (``d4``: a stone of one's colour on any empty square) or a **move**
(``d4-g7``): a stone with no friendly neighbour (adjacent = the 8 surrounding squares) moves
like a chess queen over empty squares to an empty square next to another friendly stone that
has no friendly neighbour (the mover lifted off); then the mover drops a stone on every empty
square next to the moved stone. A player who cannot act (the board is full) loses.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from artsheets.rules.board import Board, square_board
from artsheets.rules.boardscore import NotFromPhotos, draw_diagram
from artsheets.rules.boardstate import DiagramText
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

__all__ = ["Independence", "IndependenceGame"]

NAMES = {1: "blue", 2: "red"}
SYMBOL = {1: "B", 2: "R"}


class Independence(NotFromPhotos, DiagramText, State):
    game = "independence"
    title = "7-4-1776"
    OPTIONS: Mapping[str, Option] = {"players": Option(2, "two players", choices=(2,))}
    _COPY = ("stone",)

    def _setup(self) -> None:
        self.board = Board.of(self.field)
        if self.board.shape != "square" or (self.board.files, self.board.ranks) != (10, 10):
            raise OptionError("7-4-1776 is played on the 10 x 10 board")
        self.stone: list[int] = [0] * len(self.board)
        self.to_move = 1

    def _lonely(self, cell: int, player: int, lifted: int = -1) -> bool:
        """``cell`` has no neighbour of ``player``'s colour (``lifted`` not counted)."""
        return not any(
            self.stone[n] == player and n != lifted for n in self.board.all_neighbours[cell]
        )

    def _targets(self, start: int) -> list[int]:
        """Where the lone stone on ``start`` may move."""
        player = self.stone[start]
        out = []
        for ray in self.board.rays[start]:
            for t in ray:
                if self.stone[t]:
                    break
                if any(
                    n != start and self.stone[n] == player and self._lonely(n, player, start)
                    for n in self.board.all_neighbours[t]
                ):
                    out.append(t)
        return sorted(out)

    def current_player(self) -> int | None:
        return None if self._outcome else self.to_move

    def legal_moves(self) -> list[Move]:
        if self._outcome:
            return []
        name, player = self.board.name, self.to_move
        out = [name(i) for i in range(len(self.board)) if not self.stone[i]]
        for s in range(len(self.board)):
            if self.stone[s] == player and self._lonely(s, player):
                out += [f"{name(s)}-{name(t)}" for t in self._targets(s)]
        return out

    def _play(self, move: Move) -> None:
        parts = move.split("-")
        if len(parts) > 2 or not all(parts):
            raise InvalidMoveError(f"{move}: write a drop as d4 and a move as d4-g7")
        cells = [self.board.cell(p) for p in parts]
        player = self.to_move
        if len(cells) == 1:
            if self.stone[cells[0]]:
                raise IllegalMoveError(f"{move}: drop on an empty square")
            self.stone[cells[0]] = player
        else:
            self._move(move, *cells)
        self.to_move = 3 - player
        if 0 not in self.stone:
            self._finish()

    def _move(self, move: str, start: int, end: int) -> None:
        player = self.to_move
        if self.stone[start] != player:
            raise IllegalMoveError(f"{move}: no {NAMES[player]} stone on {self.board.name(start)}")
        if not self._lonely(start, player):
            raise IllegalMoveError(f"{move}: a stone next to a friendly stone cannot move")
        if end not in self._targets(start):
            raise IllegalMoveError(f"{move}: {self._why_not(start, end)}")
        self.stone[start], self.stone[end] = 0, player
        for n in self.board.all_neighbours[end]:
            if not self.stone[n]:
                self.stone[n] = player

    def _why_not(self, start: int, end: int) -> str:
        d = self.board.direction_index(start, end)
        if d is None:
            return "a stone moves along a rank, file or diagonal"
        ray = self.board.rays[start][d]
        if any(self.stone[c] for c in ray[: ray.index(end) + 1]):
            return "a stone cannot jump, pass through or land on a stone"
        return "a move ends next to another friendly stone that has no friendly neighbour"

    def _finish(self) -> None:
        loser = self.to_move
        counts = {p: self.stone.count(p) for p in (1, 2)}
        self._scores = counts
        self._outcome = Outcome(
            counts,
            (3 - loser,),
            f"the board is full: {NAMES[loser]} cannot act",
            termination=Termination.NO_MOVES,
        )

    def scores(self) -> dict[int, int]:
        return {p: self.stone.count(p) for p in (1, 2)}

    def sheet_colours(self) -> dict[str, int]:
        return {self.board.name(i): p for i, p in enumerate(self.stone) if p}

    def _key(self) -> tuple[Any, ...]:
        return (tuple(self.stone), self.to_move)

    def diagram(self) -> str:
        return draw_diagram(self.board, [SYMBOL.get(p, ".") for p in self.stone])


class IndependenceGame(Game):
    """7-4-1776 as a game object: the 10 x 10 board."""

    state_class = Independence

    def board(self, options: Mapping[str, Any] | None = None) -> Field:
        self.resolve_options(options)
        return square_board(10, 10).field("independence", "INDEPENDENCE-1-STD-K1")


GAME = register_game(IndependenceGame())
