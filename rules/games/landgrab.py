"""Land Grab (2014), 2 players: 64 two-sided tiles in a checkerboard, two stones each.

Reading (``docs/rules/landgrab.md``): player 1 is black, player 2 white; a1 is a black tile.
Set-up: black, white, black, white each drop a stone on an empty tile of their own colour.
Then a turn is one action:

1. **Flip and move** ``c3-e5``: a stone moves along a rank, file or diagonal, over no stone,
   to an empty tile of the enemy's colour, which is flipped to the mover's colour. Forbidden
   when that tile belongs to an enemy claim holding an enemy stone.
2. **Capture by approach** ``c3xe5``: as 1, where the next cell beyond the tile on the same
   line holds an enemy stone; it is removed. The claim restriction does not apply.
3. **Walk in the claim** ``c3-c5``: a stone moves to another empty tile of the claim it
   stands on, stepping orthogonally through empty tiles of that claim; nothing flips.

A claim is an orthogonally connected group of tiles of one colour. A player whose turn has no
action of kind 1 or 2 walks (3) or, if he cannot, plays ``pass``; when two turns in a row
offer no action of kind 1 or 2, the game ends. It also ends when a player has no stones left:
the capturer wins. Otherwise the largest claim wins, a tie going to the next largest.
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
    Outcome,
    State,
    Termination,
)
from artsheets.rules.field import Field
from artsheets.rules.game import Game, register_game
from artsheets.rules.position import Check, PositionReport

__all__ = ["LandGrab", "LandGrabGame"]

STONES = 2
NAMES = {1: "black", 2: "white"}
TILE = {1: "b", 2: "w"}
STONE = {1: "B", 2: "W"}


def start_tiles(board: Board) -> list[int]:
    """The checkerboard: a1 black (1), its neighbours white (2)."""
    return [1 if (x + y) % 2 == 0 else 2 for x, y in board.coords]


class LandGrab(NotFromPhotos, DiagramText, State):
    game = "landgrab"
    title = "Land Grab"
    OPTIONS: Mapping[str, Option] = {"players": Option(2, "two players", choices=(2,))}
    _COPY = ("tile", "stone")

    def _setup(self) -> None:
        self.board = Board.of(self.field)
        if self.board.shape != "square" or (self.board.files, self.board.ranks) != (8, 8):
            raise OptionError("Land Grab is played on the 8 x 8 board")
        self.tile: list[int] = start_tiles(self.board)
        self.stone: list[int] = [0] * len(self.board)
        self.to_move = 1
        self.dropped = 0
        self.stuck_turns = 0  # consecutive turns that offered no flip or capture
        # The turn's flips and captures, walks and sorted legal moves, once computed (lists
        # never changed in place, so copies may share them).
        self._active: list[str] | None = None
        self._walk_list: list[str] | None = None
        self._legal: list[str] | None = None

    # --- geometry ----------------------------------------------------------------------------

    def claim(self, cell: int) -> list[int]:
        """The claim (same-colour orthogonal group) the tile ``cell`` belongs to."""
        colour, seen, stack = self.tile[cell], {cell}, [cell]
        while stack:
            for n in self.board.edge_neighbours[stack.pop()]:
                if n not in seen and self.tile[n] == colour:
                    seen.add(n)
                    stack.append(n)
        return sorted(seen)

    def _active_moves(self, player: int) -> list[str]:
        """Flips (``a-b``) and captures (``axb``) for ``player``."""
        name, enemy, out = self.board.name, 3 - player, []
        guarded = self._guarded(enemy)
        for start in range(len(self.board)):
            if self.stone[start] != player:
                continue
            for ray in self.board.rays[start]:
                for k, t in enumerate(ray):
                    if self.stone[t]:
                        break
                    if self.tile[t] != enemy:
                        continue
                    if k + 1 < len(ray) and self.stone[ray[k + 1]] == enemy:
                        out.append(f"{name(start)}x{name(t)}")
                    if not guarded[t]:
                        out.append(f"{name(start)}-{name(t)}")
        return out

    def _guarded(self, owner: int) -> list[bool]:
        """Per cell: a tile of ``owner``'s colour in a claim one of his stones occupies (the
        tiles only a capture may flip)."""
        out = [False] * len(self.board)
        for c in range(len(self.board)):
            if self.stone[c] == owner and self.tile[c] == owner and not out[c]:
                for m in self.claim(c):
                    out[m] = True
        return out

    def _walks(self, player: int) -> list[str]:
        name, out = self.board.name, []
        for start in range(len(self.board)):
            if self.stone[start] != player:
                continue
            colour, seen, stack = self.tile[start], {start}, [start]
            while stack:
                for n in self.board.edge_neighbours[stack.pop()]:
                    if n not in seen and self.tile[n] == colour and not self.stone[n]:
                        seen.add(n)
                        stack.append(n)
                        out.append(f"{name(start)}-{name(n)}")
        return out

    # --- the State interface -------------------------------------------------------------------

    def current_player(self) -> int | None:
        return None if self._outcome else self.to_move

    def _turn_moves(self) -> list[str]:
        if self._active is None:
            self._active = self._active_moves(self.to_move)
        return self._active

    def legal_moves(self) -> list[Move]:
        if self._outcome:
            return []
        if self.dropped < 2 * STONES:
            return [
                self.board.name(i)
                for i in range(len(self.board))
                if self.tile[i] == self.to_move and not self.stone[i]
            ]
        if self._legal is None:
            moves = self._turn_moves() + self._turn_walks()
            self._legal = sorted(moves, key=self._order) or ["pass"]
        return list(self._legal)

    def _turn_walks(self) -> list[str]:
        if self._walk_list is None:
            self._walk_list = self._walks(self.to_move)
        return self._walk_list

    def _order(self, move: str) -> tuple[int, int, str]:
        a, b = move.replace("x", "-").split("-")
        return (self.board.index[a], self.board.index[b], move)

    def _play(self, move: Move) -> None:
        if self.dropped < 2 * STONES:
            self._drop(move)
            return
        text = move.lower()
        player = self.to_move
        if text == "pass":
            if self.legal_moves() != ["pass"]:
                raise IllegalMoveError("pass: you may pass only when no action is possible")
            self._end_turn()
            return
        sep = "x" if "x" in text else "-"
        parts = text.split(sep)
        if len(parts) == 1 and self.board.cell(text) is not None:
            raise IllegalMoveError(f"{move}: the set-up is over; move a stone, e.g. c3-c6")
        if len(parts) != 2:
            raise InvalidMoveError(
                f"{move}: write FROM-TO (flip and move, or walk) or FROMxTO (capture), e.g. c3-e5"
            )
        a, b = (self.board.cell(p) for p in parts)
        if self.stone[a] != player:
            raise IllegalMoveError(f"{move}: no {NAMES[player]} stone on {parts[0]}")
        if self.stone[b]:
            raise IllegalMoveError(f"{move}: {parts[1]} is not empty")
        canonical = f"{parts[0]}{sep}{parts[1]}"
        if self.tile[b] == player:
            if sep == "x":
                raise IllegalMoveError(f"{move}: a capture lands on an enemy tile")
            if canonical not in self._turn_walks():
                raise IllegalMoveError(
                    f"{move}: a stone walks only through empty tiles of its own claim"
                )
        elif canonical not in self._turn_moves():
            raise IllegalMoveError(f"{move}: {self._why_not(a, b, sep)}")
        self.stone[a], self.stone[b] = 0, player
        if self.tile[b] != player:
            self.tile[b] = player
            if sep == "x":
                beyond = self._beyond(a, b)
                assert beyond is not None
                self.stone[beyond] = 0
        self._end_turn()

    def _beyond(self, a: int, b: int) -> int | None:
        d = self.board.direction_index(a, b)
        if d is None:
            return None
        ray = self.board.rays[a][d]
        k = ray.index(b)
        return ray[k + 1] if k + 1 < len(ray) else None

    def _why_not(self, a: int, b: int, sep: str) -> str:
        d = self.board.direction_index(a, b)
        if d is None:
            return "a stone moves along a rank, file or diagonal"
        ray = self.board.rays[a][d]
        if any(self.stone[c] for c in ray[: ray.index(b)]):
            return "a stone cannot pass over another stone"
        if sep == "x":
            return "a capture needs an enemy stone just beyond the tile, on the same line"
        return "that tile's claim holds an enemy stone: only a capture may flip it"

    def _drop(self, move: str) -> None:
        if move.lower() == "pass" or "-" in move or "x" in move.lower():
            raise IllegalMoveError(f"{move}: first each player drops two stones, e.g. d4")
        c = self.board.cell(move)
        if self.tile[c] != self.to_move:
            raise IllegalMoveError(f"{move}: drop a stone on a tile of your own colour")
        if self.stone[c]:
            raise IllegalMoveError(f"{move}: that tile already holds a stone")
        self.stone[c] = self.to_move
        self.dropped += 1
        self._end_turn()

    def _end_turn(self) -> None:
        self.to_move = 3 - self.to_move
        self._active = self._walk_list = self._legal = None
        if self.dropped < 2 * STONES:
            return
        if self.stone.count(self.to_move) == 0:
            winner = 3 - self.to_move
            self._finish(Termination.ALL_CAPTURED, winner)
            return
        if self._turn_moves():
            self.stuck_turns = 0
            return
        self.stuck_turns += 1
        if self.stuck_turns >= 2:
            self._finish(Termination.BLOCKED, None)

    def _finish(self, termination: Termination, capturer: int | None) -> None:
        self._outcome = land_outcome(self.board, self.tile, termination, capturer)
        self._scores = dict(self._outcome.scores)

    def scores(self) -> dict[int, int]:
        if self._outcome is None:
            sizes = claim_sizes(self.board, self.tile)
            return {p: sizes[p][0] for p in (1, 2)}
        return dict(self._scores)

    def sheet_colours(self) -> dict[str, int]:
        return {self.board.name(i): t for i, t in enumerate(self.tile)}

    def _key(self) -> tuple[Any, ...]:
        return (tuple(self.tile), tuple(self.stone), self.to_move, self.dropped, self.stuck_turns)

    def diagram(self) -> str:
        return draw_diagram(self.board, diagram_cells(self.tile, self.stone))

    def _describe(self) -> list[str]:
        lines = self.diagram_lines()
        lines.append(f"stones: black {self.stone.count(1)}, white {self.stone.count(2)}")
        return lines


def diagram_cells(tile: list[int], stone: list[int]) -> list[str]:
    return [STONE[s] if s else TILE[t] for t, s in zip(tile, stone, strict=True)]


def claim_sizes(board: Board, tile: list[int]) -> dict[int, list[int]]:
    return {
        p: [len(g) for g in board.groups(i for i, t in enumerate(tile) if t == p)] for p in (1, 2)
    }


def land_outcome(
    board: Board, tile: list[int], termination: Termination, capturer: int | None
) -> Outcome:
    """Capturing every enemy stone wins; otherwise claims decide, largest first."""
    out = ranked_outcome(claim_sizes(board, tile), "claim", NAMES, termination, "tiles")
    if capturer is not None:
        reason = f"{NAMES[capturer]} captured every {NAMES[3 - capturer]} stone"
        return Outcome(out.scores, (capturer,), reason, termination=termination)
    return Outcome(
        out.scores,
        out.winners,
        f"neither player could flip or capture; {out.reason}",
        termination=termination,
    )


class LandGrabGame(Game):
    """Land Grab as a game object: the 8 x 8 board, and the finished board scored."""

    state_class = LandGrab
    legend = "bwBW"

    def board(self, options: Mapping[str, Any] | None = None) -> Field:
        self.resolve_options(options)
        return square_board(8, 8).field("landgrab", "LANDGRAB-1-STD-K1")

    def parse_position(self, text: str) -> list[str]:
        return parse_diagram(text, square_board(8, 8), self.legend, "landgrab")

    def score(self, position: list[str]) -> PositionReport:
        """Claims and captures of a finished board, with what makes it impossible."""
        board = square_board(8, 8)
        tile = [1 if ch in "bB" else 2 for ch in position]
        stone = [{"B": 1, "W": 2}.get(ch, 0) for ch in position]
        checks: list[Check] = []
        for p in (1, 2):
            if stone.count(p) > STONES:
                where = [board.name(i) for i, s in enumerate(stone) if s == p]
                checks.append(
                    Check(False, f"{NAMES[p]} has {stone.count(p)} stones; each has two", where)
                )
        counts = {p: stone.count(p) for p in (1, 2)}
        capturer = None
        termination = Termination.BLOCKED
        if counts[1] == 0 and counts[2] == 0:
            checks.append(Check(False, "no stones at all: the last capture leaves the capturer's"))
        elif 0 in counts.values():
            capturer = 1 if counts[2] == 0 else 2
            termination = Termination.ALL_CAPTURED
        elif not checks:
            probe = LandGrab(self.board(), {})
            probe.tile, probe.stone, probe.dropped = tile, stone, 2 * STONES
            # Play stops when the player to move, after a turn of his opponent's that
            # offered no grab or capture either, has none: one stuck player is enough.
            moves = {p: probe._active_moves(p) for p in (1, 2)}
            if moves[1] and moves[2]:
                checks.append(
                    Check(
                        False,
                        "not finished: both players can still grab or capture (black "
                        f"{', '.join(moves[1][:2])}; white {', '.join(moves[2][:2])})",
                    )
                )
        out = land_outcome(board, tile, termination, capturer)
        sizes = claim_sizes(board, tile)
        details = {"claims": {NAMES[p]: sizes[p] for p in (1, 2)}}
        return PositionReport("landgrab", dict(out.scores), checks, out, details)


GAME = register_game(LandGrabGame())
