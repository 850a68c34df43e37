"""Sjekkers (Fred Horn, 1982), 2 players, 18 + 18 disks on the crossings of a diagonal grid.

Reading (``docs/rules/sjekkers.md``): the board is the 41 crossings of a 9 x 9 grid whose
lines run diagonally (a1, c1 ... i1, b2 ... : file + rank even), so every crossing has two
forward neighbours. White (player 1) fills ranks 1-4 and starts, black ranks 6-9; rank 5 is
empty. A disk moves forward to one of its two adjacent crossings, or jumps forward over an
adjacent own disk to the empty crossing behind; it captures by jumping an adjacent enemy disk
forward or backward; capturing is compulsory, one capture per turn. A disk reaching the last
rank becomes a Sjek: it moves any distance along a line over empty crossings, jumps an own
disk only as a disk does (forward, adjacent, to the crossing behind), and captures by passing
over exactly one enemy disk to any empty crossing beyond. Capturing every enemy disk wins; a
player with no move passes; two passes in a row, or ``quiet`` plies without a capture, draw.

``rules=checkers`` plays the seed's variant, "the normal rules for Checkers" (English
draughts) on the same board: men step forward and capture forward only, kings step one
crossing in any direction and capture both ways, captures are compulsory and continue while
possible (``c3xe5xc7``), a man crowned during a capture stops, no jumping own pieces, and a
player who cannot move loses.

Notation: ``c3-d4`` a step, slide or jump over an own disk; ``c3xe5`` a capture (the enemy
disk between is taken), chained ``c3xe5xc7`` in the checkers variant.
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Mapping
from typing import Any

from artsheets.rules.board import Board, square_board
from artsheets.rules.boardscore import NotFromPhotos, draw_diagram
from artsheets.rules.boardstate import (
    DiagramText,
    PieceScores,
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
    State,
    Termination,
)
from artsheets.rules.field import Field
from artsheets.rules.game import Game, register_game

__all__ = ["SIZE", "Sjekkers", "SjekkersGame", "sjekkers_board"]

SIZE = 9
NAMES = {1: "white", 2: "black"}
SYMBOL = {(1, False): "w", (1, True): "W", (2, False): "b", (2, True): "B"}
DIAGONALS = (4, 5, 6, 7)  # indices into Board.rays: NE, SE, SW, NW
FORWARD = {1: (4, 7), 2: (5, 6)}


def sjekkers_board() -> Board:
    """The crossings: the cells of file + rank even on 9 x 9 (a1 is a crossing)."""
    off = [f"{chr(97 + x)}{y + 1}" for y in range(SIZE) for x in range(SIZE) if (x + y) % 2]
    return square_board(SIZE, SIZE, off)


@functools.cache
def _field() -> Field:
    return sjekkers_board().field("sjekkers", "SJEKKERS-1-STD-K1")


class Sjekkers(NotFromPhotos, DiagramText, TurnMoves, PieceScores, QuietLimit, State):
    game = "sjekkers"
    title = "Sjekkers"
    OPTIONS: Mapping[str, Option] = {
        "players": Option(2, "two players", choices=(2,)),
        "rules": Option(
            "sjekkers",
            "sjekkers (Horn's rules) or checkers (the seed's variant: English draughts)",
            ("sjekkers", "checkers"),
            str,
        ),
        "quiet": quiet_option(60),
    }
    _COPY = ("owner", "king")

    def _setup(self) -> None:
        self.board = Board.of(self.field)
        if len(self.board) != 41:
            raise OptionError("Sjekkers is played on the 41 crossings of the 9 x 9 grid")
        self.owner: list[int] = [0] * len(self.board)
        self.king: list[bool] = [False] * len(self.board)
        for i, (_, y) in enumerate(self.board.coords):
            self.owner[i] = 1 if y < 4 else 2 if y > 4 else 0
        self.checkers = self.options["rules"] == "checkers"
        self.to_move = 1
        self.quiet_plies = 0
        self.passes = 0

    # --- move generation -------------------------------------------------------------------

    def _captures(self, me: int) -> list[str]:
        name, rays, owner, out = self.board.name, self.board.rays, self.owner, []
        for c in range(len(self.board)):
            if owner[c] != me:
                continue
            if self.checkers:
                out += self._chains(c, me, self.king[c], (), name(c))
                continue
            for d in DIAGONALS:
                r = rays[c][d]
                if not self.king[c]:
                    if len(r) > 1 and owner[r[0]] == 3 - me and not owner[r[1]]:
                        out.append(f"{name(c)}x{name(r[1])}")
                    continue
                k = next((k for k, t in enumerate(r) if owner[t]), None)
                if k is None or owner[r[k]] != 3 - me:
                    continue
                for t in r[k + 1 :]:
                    if owner[t]:
                        break
                    out.append(f"{name(c)}x{name(t)}")
        return out

    def _chains(self, at: int, me: int, king: bool, taken: tuple[int, ...], text: str) -> list[str]:
        """Checkers: every complete capture sequence from ``at`` (the mover lifted)."""
        rays, owner, out = self.board.rays, self.owner, []
        start = self.board.index[text.split("x")[0]]
        for d in DIAGONALS if king else FORWARD[me]:
            r = rays[at][d]
            if len(r) < 2 or owner[r[0]] != 3 - me or r[0] in taken:
                continue
            if owner[r[1]] and r[1] != start:
                continue
            step = f"{text}x{self.board.name(r[1])}"
            crowned = not king and self._last_rank(r[1], me)
            more = [] if crowned else self._chains(r[1], me, king, (*taken, r[0]), step)
            out += more or [step]
        return out

    def _last_rank(self, cell: int, me: int) -> bool:
        return self.board.coords[cell][1] == (SIZE - 1 if me == 1 else 0)

    def _quiet_moves(self, me: int) -> list[str]:
        name, rays, owner, out = self.board.name, self.board.rays, self.owner, []
        for c in range(len(self.board)):
            if owner[c] != me:
                continue
            king = self.king[c]
            for d in DIAGONALS if king else FORWARD[me]:
                r = rays[c][d]
                for t in r if king and not self.checkers else r[:1]:
                    if owner[t]:
                        break
                    out.append(f"{name(c)}-{name(t)}")
            if self.checkers:
                continue
            for d in FORWARD[me]:  # over an own disk, forward, as a disk (a Sjek too)
                r = rays[c][d]
                if len(r) > 1 and owner[r[0]] == me and not owner[r[1]]:
                    out.append(f"{name(c)}-{name(r[1])}")
        return out

    def current_player(self) -> int | None:
        return None if self._outcome else self.to_move

    def legal_moves(self) -> list[Move]:
        if self._outcome:
            return []
        return list(self._turn_moves())

    def _list_moves(self) -> list[str]:
        me = self.to_move
        return self._captures(me) or self._quiet_moves(me) or ["pass"]

    # --- playing ---------------------------------------------------------------------------

    def _play(self, move: Move) -> None:
        text = move.strip().lower()
        legal = self.legal_moves()
        if text == "pass":
            if legal != ["pass"]:
                raise IllegalMoveError(f"{move}: you may pass only when no move is possible")
            self._end_turn(False, passed=True)
            return
        capture = "x" in text
        parts = text.split("x" if capture else "-")
        if len(parts) < 2 or (len(parts) > 2 and not capture) or not all(parts):
            raise InvalidMoveError(f"{move}: write c3-d4 (a move) or c3xe5 (a capture)")
        cells = [self.board.cell(p) for p in parts]
        if text not in legal:
            raise IllegalMoveError(f"{move}: {self._why_not(cells, capture, legal)}")
        me, start = self.to_move, cells[0]
        king = self.king[start]
        self.owner[start], self.king[start] = 0, False
        for a, b in itertools.pairwise(cells):
            if capture:
                d = self.board.direction_index(a, b)
                assert d is not None
                ray = self.board.rays[a][d]
                victim = next(t for t in ray if self.owner[t])
                self.owner[victim], self.king[victim] = 0, False
        end = cells[-1]
        self.owner[end], self.king[end] = me, king or self._last_rank(end, me)
        self._end_turn(capture)

    def _why_not(self, cells: list[int], capture: bool, legal: list[str]) -> str:
        me, start, end = self.to_move, cells[0], cells[-1]
        if self.owner[start] != me:
            return f"no {NAMES[me]} disk on {self.board.name(start)}"
        if self.owner[end]:
            return f"{self.board.name(end)} is not empty"
        if not capture and any("x" in m for m in legal):
            return "capturing is compulsory: " + ", ".join(legal[:3])
        if capture and self.checkers and len(cells) > 1:
            return "a capture is a jump over an enemy piece, continued while possible"
        if capture:
            return "a capture jumps one enemy disk (a Sjek may fly over empty crossings)"
        if self.king[start]:
            return "a Sjek moves along a line over empty crossings, or jumps an own disk forward"
        return "a disk moves forward to an adjacent crossing, or jumps an own disk forward"

    def _end_turn(self, captured: bool, passed: bool = False) -> None:
        me = self.to_move
        self.to_move = 3 - me
        self._new_turn()
        self.passes = self.passes + 1 if passed else 0
        self._count_quiet(captured)
        if self.owner.count(3 - me) == 0:
            self._finish((me,), f"{NAMES[me]} captured every disk", Termination.ALL_CAPTURED)
        elif self.checkers and self.legal_moves() == ["pass"]:
            self._finish((me,), f"{NAMES[3 - me]} cannot move", Termination.NO_MOVES)
        elif self.passes >= 2:
            self._finish((), "neither player can move", Termination.BLOCKED)
        elif why := self._quiet_reason():
            self._finish((), why, Termination.MOVE_LIMIT)

    def _key(self) -> tuple[Any, ...]:
        return (tuple(self.owner), tuple(self.king), self.to_move, self.quiet_plies, self.passes)

    def diagram(self) -> str:
        cells = [SYMBOL[(p, k)] if p else "." for p, k in zip(self.owner, self.king, strict=True)]
        full = square_board(SIZE, SIZE)
        at = {self.board.name(i): ch for i, ch in enumerate(cells)}
        return draw_diagram(full, [at.get(c, " ") for c in full.cells])


class SjekkersGame(Game):
    """Sjekkers as a game object: the 41 crossings."""

    state_class = Sjekkers

    def board(self, options: Mapping[str, Any] | None = None) -> Field:
        self.resolve_options(options)
        return _field()


GAME = register_game(SjekkersGame())
