"""Parking Lot (2014), 2 players on 8 x 8 with 8 + 8 two-square blocks.

Reading (``docs/rules/parking.md``): player 1 is blue and places his blocks vertically, player
2 is red and places hers horizontally; blue starts. A turn is two moves by the same player:
first the obligatory placement, then the optional move of one of his blocks placed on an
earlier turn, or ``pass``. A block that is orthogonally next to a friendly block cannot move;
a block slides any distance along a rank or a file and may then turn once, left or right, and
slide on (the block keeps its orientation: "turn" turns its path); it never passes through
another block. The game ends when the sixteenth block is placed (no move follows it), or when
the player to place has nowhere to place (then the board is scored as it stands). The
largest orthogonally connected group of one's own squares wins; a tie is broken by the next
largest group, and so on.

Notation: a block is named by its lower square (blue) or left square (red). ``d4`` places a
block there (blue covers d4 and d5); ``d4-d7`` slides the block at d4 to d7; ``d4-d6-f6``
slides it to d6, turns and slides on to f6; ``pass`` declines the move.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from artsheets.rules.board import Board, square_board
from artsheets.rules.boardscore import NotFromPhotos, draw_diagram, parse_diagram, ranked_outcome
from artsheets.rules.boardstate import DiagramText
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
from artsheets.rules.position import Check, PositionReport

__all__ = ["PIECES", "Parking", "ParkingGame"]

PIECES = 8  # blocks per player
NAMES = {1: "blue", 2: "red"}
SYMBOL = {1: "B", 2: "R"}
_UP, _RIGHT = 0, 1  # indices into Board.orthogonal: N, E, S, W


class Parking(NotFromPhotos, DiagramText, State):
    game = "parking"
    title = "Parking Lot"
    OPTIONS: Mapping[str, Option] = {"players": Option(2, "two players", choices=(2,))}
    _COPY = ("owner", "piece_at", "pieces", "placed")

    def _setup(self) -> None:
        self.board = Board.of(self.field)
        if self.board.shape != "square" or (self.board.files, self.board.ranks) != (8, 8):
            raise OptionError("Parking Lot is played on the 8 x 8 board")
        n = len(self.board)
        self.owner: list[int] = [0] * n
        self.piece_at: list[int] = [-1] * n  # cell -> the anchor cell of the block on it
        self.pieces: dict[int, int] = {}  # anchor cell -> player
        self.placed: dict[int, int] = {1: 0, 2: 0}
        self.to_move = 1
        self.just_placed: int | None = None  # set between a turn's placement and its move

    # --- geometry ----------------------------------------------------------------------------

    def _cells(self, anchor: int, player: int) -> tuple[int, int] | None:
        """The two cells of ``player``'s block anchored at ``anchor``, or None off the board."""
        ray = self.board.rays[anchor][_UP if player == 1 else _RIGHT]
        return (anchor, ray[0]) if ray else None

    def _free(self, anchor: int, player: int, moving: int | None = None) -> bool:
        cells = self._cells(anchor, player)
        if cells is None:
            return False
        return all(self.piece_at[c] in (-1, moving) for c in cells)

    def _placements(self, player: int) -> list[int]:
        return [a for a in range(len(self.board)) if self._free(a, player)]

    def _movable(self, anchor: int) -> bool:
        player = self.pieces[anchor]
        for c in self._cells(anchor, player) or ():
            for n in self.board.edge_neighbours[c]:
                other = self.piece_at[n]
                if other not in (-1, anchor) and self.pieces[other] == player:
                    return False
        return True

    def _slide(self, anchor: int, d: int, piece: int, player: int) -> list[int]:
        """Anchors reached sliding from ``anchor`` in direction ``d`` until blocked."""
        out = []
        for a in self.board.rays[anchor][d]:
            if not self._free(a, player, piece):
                break
            out.append(a)
        return out

    def _piece_moves(self, anchor: int) -> list[str]:
        player = self.pieces[anchor]
        name = self.board.name
        out = []
        for d in range(4):
            for stop in self._slide(anchor, d, anchor, player):
                out.append(f"{name(anchor)}-{name(stop)}")
                for turn in ((d + 1) % 4, (d + 3) % 4):
                    for end in self._slide(stop, turn, anchor, player):
                        out.append(f"{name(anchor)}-{name(stop)}-{name(end)}")
        return out

    # --- the State interface -------------------------------------------------------------------

    def current_player(self) -> int | None:
        return None if self._outcome else self.to_move

    def legal_moves(self) -> list[Move]:
        if self._outcome:
            return []
        if self.just_placed is None:
            return [self.board.name(a) for a in self._placements(self.to_move)]
        moves = ["pass"]
        for anchor, player in sorted(self.pieces.items()):
            if player == self.to_move and anchor != self.just_placed and self._movable(anchor):
                moves += self._piece_moves(anchor)
        return moves

    def _play(self, move: Move) -> None:
        if self.just_placed is None:
            self._place(move)
        elif move.lower() == "pass":
            self._end_turn()
        else:
            self._move(move)

    def _place(self, move: str) -> None:
        if "-" in move or move.lower() == "pass":
            raise IllegalMoveError(f"{move}: a turn starts with a placement, e.g. d4")
        anchor = self.board.cell(move)
        player = self.to_move
        cells = self._cells(anchor, player)
        shape = "vertical (up from" if player == 1 else "horizontal (right from"
        if cells is None:
            raise IllegalMoveError(f"{move}: {NAMES[player]}'s {shape} {move}) leaves the board")
        if any(self.piece_at[c] != -1 for c in cells):
            raise IllegalMoveError(f"{move}: a block must cover two empty squares")
        for c in cells:
            self.owner[c], self.piece_at[c] = player, anchor
        self.pieces[anchor] = player
        self.placed[player] += 1
        self.just_placed = anchor
        if self.placed[1] + self.placed[2] == 2 * PIECES:
            self._finish(Termination.ALL_PLACED, "the last block is placed")

    def _move(self, move: str) -> None:
        parts = move.split("-")
        if len(parts) == 1 and self.board.cell(move) is not None:
            raise IllegalMoveError(f"{move}: you have parked this turn; drive a block or pass")
        if len(parts) not in (2, 3) or not all(parts):
            raise InvalidMoveError(
                f"{move}: a move is written FROM-TO or FROM-CORNER-TO, e.g. d4-d7 or d4-d6-f6"
            )
        path = [self.board.cell(p) for p in parts]
        anchor, player = path[0], self.to_move
        if self.pieces.get(anchor) != player:
            raise IllegalMoveError(f"{move}: no {NAMES[player]} block is named {parts[0]}")
        if anchor == self.just_placed:
            raise IllegalMoveError(f"{move}: the block just placed cannot also move this turn")
        if not self._movable(anchor):
            raise IllegalMoveError(f"{move}: a block next to a friendly block cannot move")
        if move not in self._piece_moves(anchor):
            raise IllegalMoveError(
                f"{move}: a block slides along a rank or file, turns at most once and never "
                "passes through or lands on another block"
            )
        old = self._cells(anchor, player)
        assert old is not None
        for c in old:
            self.owner[c], self.piece_at[c] = 0, -1
        del self.pieces[anchor]
        new = path[-1]
        for c in self._cells(new, player) or ():
            self.owner[c], self.piece_at[c] = player, new
        self.pieces[new] = player
        self._end_turn()

    def _end_turn(self) -> None:
        self.just_placed = None
        self.to_move = 3 - self.to_move
        if not self._placements(self.to_move):
            self._finish(Termination.NO_MOVES, f"{NAMES[self.to_move]} has nowhere to place")

    def _finish(self, termination: Termination, why: str) -> None:
        sizes = group_sizes(self.board, self.owner)
        out = ranked_outcome(sizes, "group", NAMES, termination)
        self._scores = dict(out.scores)
        self._outcome = type(out)(
            out.scores, out.winners, f"{why}; {out.reason}", termination=termination
        )

    def scores(self) -> dict[int, int]:
        if self._outcome is None:
            sizes = group_sizes(self.board, self.owner)
            return {p: (sizes[p][0] if sizes[p] else 0) for p in (1, 2)}
        return dict(self._scores)

    def sheet_colours(self) -> dict[str, int]:
        return {self.board.name(i): p for i, p in enumerate(self.owner) if p}

    def _key(self) -> tuple[Any, ...]:
        return (tuple(self.owner), tuple(self.piece_at), self.to_move, self.just_placed)

    def diagram(self) -> str:
        return draw_diagram(self.board, [SYMBOL.get(p, ".") for p in self.owner])

    def _describe(self) -> list[str]:
        lines = self.diagram_lines()
        lines.append(f"blocks placed: blue {self.placed[1]}, red {self.placed[2]}")
        if self.just_placed is not None and not self._outcome:
            lines.append(f"{NAMES[self.to_move]} may move a block (or pass)")
        return lines


def group_sizes(board: Board, owner: list[int]) -> dict[int, list[int]]:
    """Each player's orthogonally connected groups of squares, sizes largest first."""
    return {
        p: [len(g) for g in board.groups(i for i, o in enumerate(owner) if o == p)] for p in (1, 2)
    }


class ParkingGame(Game):
    """Parking Lot as a game object: the 8 x 8 board, and the finished lot scored."""

    state_class = Parking
    legend = "BR."

    def board(self, options: Mapping[str, Any] | None = None) -> Field:
        self.resolve_options(options)
        return square_board(8, 8).field("parking", "PARKING-1-STD-K1")

    def parse_position(self, text: str) -> list[str]:
        return parse_diagram(text, square_board(8, 8), self.legend, "parking")

    def score(self, position: list[str]) -> PositionReport:
        """Scores by the largest group, and every reason the lot cannot have been played."""
        board = square_board(8, 8)
        owner = [{"B": 1, "R": 2}.get(ch, 0) for ch in position]
        checks: list[Check] = []
        for p in (1, 2):
            squares = owner.count(p)
            if squares > 2 * PIECES:
                checks.append(
                    Check(False, f"{NAMES[p]} covers {squares} squares; 8 blocks cover 16")
                )
            checks += _run_checks(board, owner, p)
        blocks = {p: owner.count(p) // 2 for p in (1, 2)}
        if blocks[2] > blocks[1] or blocks[1] > blocks[2] + 1:
            checks.append(
                Check(
                    False,
                    f"blue has {blocks[1]} blocks and red {blocks[2]}: blue starts, so blue has "
                    "as many as red or one more",
                )
            )
        finished = blocks[1] + blocks[2] >= 2 * PIECES
        if not finished and not checks:
            nxt = 1 if blocks[1] == blocks[2] else 2
            probe = Parking(self.board(), {})
            probe.owner = owner
            probe.piece_at = [0 if o else -1 for o in owner]
            if probe._placements(nxt):
                checks.append(
                    Check(
                        False,
                        f"not finished: {blocks[1] + blocks[2]} of 16 blocks placed and "
                        f"{NAMES[nxt]} can still place",
                    )
                )
        sizes = group_sizes(board, owner)
        out = ranked_outcome(sizes, "group", NAMES, Termination.ALL_PLACED)
        details = {"groups": {NAMES[p]: sizes[p] for p in (1, 2)}}
        return PositionReport("parking", dict(out.scores), checks, out, details)


def _run_checks(board: Board, owner: list[int], player: int) -> list[Check]:
    """Blue's squares must pair up along files (vertical blocks), red's along ranks: a run
    of odd length cannot be covered by whole blocks."""
    along = (0, 1) if player == 1 else (1, 0)
    out = []
    for start, (x, y) in enumerate(board.coords):
        if owner[start] != player:
            continue
        before = board.at.get((x - along[0], y - along[1]))
        if before is not None and owner[before] == player:
            continue
        run = [start]
        nxt = board.at.get((x + along[0], y + along[1]))
        while nxt is not None and owner[nxt] == player:
            run.append(nxt)
            fx, fy = board.coords[nxt]
            nxt = board.at.get((fx + along[0], fy + along[1]))
        if len(run) % 2:
            line = f"file {board.name(start)[0]}" if player == 1 else f"rank {y + 1}"
            out.append(
                Check(
                    False,
                    f"{NAMES[player]}'s {len(run)} squares in a row on {line} from "
                    f"{board.name(start)} cannot be covered by "
                    f"{'vertical' if player == 1 else 'horizontal'} blocks",
                    [board.name(c) for c in run],
                )
            )
    return out


GAME = register_game(ParkingGame())
