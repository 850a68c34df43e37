"""Moai (2014), 2 players: a white and a black Moai (pawn) and a supply of counters, on the
8 x 8 board without its corners or on the 91-cell hexagonal board.

Reading (``docs/rules/moai.md``): white (player 1) places his Moai on any cell, then black;
then, white first, a turn is two moves by one player: **place a counter** (``c4``) on an
empty cell in line with either Moai (along a rank, file or diagonal; on the hex board along
one of the six lines), whatever lies between; then **move a Moai** in line with that counter
toward or away from it, at least one cell, over empty cells (``e5-e7``). With the turning
rule (option ``turning``, the seed's, on by default) a Moai moving along a rank or file (any
line on the hex board) may end with one step turned 45 degrees (60 on the hex board) left or
right (``e5-e7-f8``). Counters never move. A player who, at the start of his turn, cannot
place a counter and then move his own Moai loses: the last player able to do so wins.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from artsheets.rules.board import Board, hex_board, square_board
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

__all__ = ["BOARDS", "Moai", "MoaiGame", "moai_board"]

NAMES = {1: "white", 2: "black"}
CORNERS = ("a1", "h1", "a8", "h8")
BOARDS = {"square": 1, "hex": 2}  # the board option and its sheet-option number


def moai_board(kind: str) -> Board:
    return square_board(8, 8, CORNERS) if kind == "square" else hex_board(6)


class Moai(NotFromPhotos, DiagramText, State):
    game = "moai"
    title = "Moai"
    OPTIONS: Mapping[str, Option] = {
        "players": Option(2, "two players", choices=(2,)),
        "board": Option(
            "square", "square (8 x 8, corners removed) or hex (91 cells)", ("square", "hex"), str
        ),
        "turning": Option(True, "a move may end with one turned step (the seed's rule)", kind=bool),
    }
    _COPY = ("counter", "moai", "counters")

    def _setup(self) -> None:
        self.board = Board.of(self.field)
        want = moai_board(self.options["board"])
        if self.board.cells != want.cells:
            raise OptionError(f"this field is not the {self.options['board']} Moai board")
        self.counter: list[bool] = [False] * len(self.board)
        self.moai: dict[int, int] = {}  # player -> cell
        self.to_move = 1
        self.placed: int | None = None  # the counter placed this turn, before the Moai moves
        self.counters = {1: 0, 2: 0}
        orth = len(self.board.orthogonal)
        hexagonal = self.board.shape == "hex"
        n = len(self.board.directions)
        dirs = self.board.directions
        self._opposite = [dirs.index((-dx, -dy)) for dx, dy in dirs]
        # Directions a slide along direction d may turn into for its last step.
        self._turns: list[tuple[int, ...]] = []
        for d in range(n):
            if hexagonal:
                self._turns.append(((d + 1) % 6, (d + 5) % 6))
            elif d < orth:
                dx, dy = self.board.directions[d]
                diag = [
                    k
                    for k, (ex, ey) in enumerate(self.board.directions)
                    if k >= orth and ex * dx + ey * dy == 1
                ]
                self._turns.append(tuple(diag))
            else:
                self._turns.append(())

    # --- geometry ----------------------------------------------------------------------------

    def _empty(self, c: int) -> bool:
        return not self.counter[c] and c not in self.moai.values()

    def _line_dir(self, a: int, b: int) -> int | None:
        return self.board.direction_index(a, b)

    def _counter_cells(self) -> list[int]:
        """Empty cells in line with either Moai (whatever lies between)."""
        out: set[int] = set()
        for m in self.moai.values():
            for ray in self.board.rays[m]:
                out.update(c for c in ray if self._empty(c))
        return sorted(out)

    def _moai_moves(self, counter: int, who: int) -> list[tuple[int, ...]]:
        """Paths (start, [corner,] end) of ``who``'s Moai toward or away from ``counter``."""
        start = self.moai[who]
        d = self._line_dir(start, counter)
        if d is None:
            return []
        opposite = self._opposite[d]
        out: list[tuple[int, ...]] = []
        for way in (d, opposite):
            for stop in self.board.rays[start][way]:
                if stop == counter or not self._empty(stop):
                    break
                out.append((start, stop))
                if self.options["turning"]:
                    for t in self._turns[way]:
                        step = self.board.rays[stop][t]
                        if step and step[0] != counter and self._empty(step[0]):
                            out.append((start, stop, step[0]))
        return out

    def _has_move(self, counter: int, who: int) -> bool:
        """Whether ``who``'s Moai has a move after ``counter``: every move starts with one
        straight step toward or away from the counter (a quick form of _moai_moves)."""
        start = self.moai[who]
        d = self.board.lines[start].get(counter)
        if d is None:
            return False
        toward = self.board.rays[start][d][0]
        if toward != counter and self._empty(toward):
            return True
        back = self.board.rays[start][self._opposite[d]]
        return bool(back) and self._empty(back[0])

    def _can_turn(self, player: int) -> bool:
        """Whether ``player`` can place a counter and then move his own Moai."""
        return any(self._has_move(c, player) for c in self._counter_cells())

    # --- the State interface -------------------------------------------------------------------

    def current_player(self) -> int | None:
        return None if self._outcome else self.to_move

    def legal_moves(self) -> list[Move]:
        if self._outcome:
            return []
        name = self.board.name
        if len(self.moai) < 2:
            return [name(c) for c in range(len(self.board)) if self._empty(c)]
        if self.placed is None:
            return [
                name(c)
                for c in self._counter_cells()
                if any(self._has_move(c, p) for p in self.moai)
            ]
        return [
            "-".join(name(c) for c in path)
            for p in sorted(self.moai)
            for path in self._moai_moves(self.placed, p)
        ]

    def _play(self, move: Move) -> None:
        parts = move.split("-")
        if len(parts) > 3 or not all(parts):
            raise InvalidMoveError(f"{move}: write a cell (c4) or a Moai's path (e5-e7, e5-e7-f8)")
        cells = tuple(self.board.cell(p) for p in parts)
        if len(self.moai) < 2:
            self._place_moai(move, cells)
        elif self.placed is None:
            self._place_counter(move, cells)
        else:
            self._move_moai(move, cells)

    def _place_moai(self, move: str, cells: tuple[int, ...]) -> None:
        if len(cells) != 1:
            raise IllegalMoveError(f"{move}: first each player places his Moai on a cell")
        if not self._empty(cells[0]):
            raise IllegalMoveError(f"{move}: that cell holds the other Moai")
        self.moai[self.to_move] = cells[0]
        self._next_player()

    def _place_counter(self, move: str, cells: tuple[int, ...]) -> None:
        if len(cells) != 1:
            raise IllegalMoveError(f"{move}: a turn starts by placing a counter, e.g. c4")
        c = cells[0]
        if not self._empty(c):
            raise IllegalMoveError(f"{move}: place the counter on an empty cell")
        if c not in self._counter_cells():
            raise IllegalMoveError(f"{move}: a counter goes in line with a Moai")
        if not any(self._has_move(c, p) for p in self.moai):
            raise IllegalMoveError(f"{move}: no Moai could then move toward or away from it")
        self.counter[c] = True
        self.placed = c
        self.counters[self.to_move] += 1

    def _move_moai(self, move: str, cells: tuple[int, ...]) -> None:
        if len(cells) == 1:
            raise IllegalMoveError(f"{move}: the counter is placed; now move a Moai, e.g. e5-e7")
        owner = next((p for p, c in self.moai.items() if c == cells[0]), None)
        if owner is None:
            raise IllegalMoveError(f"{move}: no Moai stands on {self.board.name(cells[0])}")
        assert self.placed is not None
        if cells not in self._moai_moves(self.placed, owner):
            raise IllegalMoveError(
                f"{move}: a Moai in line with the counter moves toward or away from it over "
                "empty cells" + (", ending with at most one turned step" if len(cells) == 3 else "")
            )
        self.moai[owner] = cells[-1]
        self.placed = None
        self._next_player()

    def _next_player(self) -> None:
        self.to_move = 3 - self.to_move
        if len(self.moai) == 2 and not self._can_turn(self.to_move):
            loser = self.to_move
            self._scores = dict(self.counters)
            self._outcome = Outcome(
                dict(self.counters),
                (3 - loser,),
                f"{NAMES[loser]} cannot place a counter and then move his own Moai",
                termination=Termination.NO_MOVES,
            )

    def scores(self) -> dict[int, int]:
        return dict(self.counters)

    def sheet_colours(self) -> dict[str, int]:
        return {self.board.name(c): p for p, c in self.moai.items()}

    def _key(self) -> tuple[Any, ...]:
        return (tuple(self.counter), tuple(sorted(self.moai.items())), self.to_move, self.placed)

    def diagram(self) -> str:
        """The board as text: ``W`` and ``B`` the Moai, ``o`` counters, ``.`` empty; the
        hex board's rows are indented as they lie."""
        marks = ["o" if c else "." for c in self.counter]
        for p, c in self.moai.items():
            marks[c] = "W" if p == 1 else "B"
        if self.board.shape == "hex":
            lines = []
            for y in range(self.board.ranks - 1, -1, -1):
                row = [marks[i] for i, (_, ry) in enumerate(self.board.coords) if ry == y]
                lines.append(f"{y + 1:>2} " + " " * abs(y - self.board.ranks // 2) + " ".join(row))
            return "\n".join(lines) + "\n"
        full = square_board(8, 8)
        cells = [" "] * len(full)
        for i, name in enumerate(self.board.cells):
            cells[full.index[name]] = marks[i]
        return draw_diagram(full, cells)


class MoaiGame(Game):
    """Moai as a game object: its two boards."""

    state_class = Moai

    def board(self, options: Mapping[str, Any] | None = None) -> Field:
        kind = self.resolve_options(options)["board"]
        field_id = f"MOAI-1-STD-K1B{BOARDS[kind]}"
        return moai_board(kind).field("moai", field_id)


GAME = register_game(MoaiGame())
