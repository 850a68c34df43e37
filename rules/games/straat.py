"""Straat (Fred Schuurhof, 1984), 2 players: 16 two-sided tiles placed in a 4 x 4 frame.

Reading (``docs/rules/straat.md``): each tile's front is half black, half white; its back is
all white (player 1's eight tiles) or all black (player 2's eight). White starts; a turn lays
one of one's own tiles, front up, on an empty square, turned as the player likes. When the
frame is full each player counts his streets, on the front and then on the back (the frame
turned over left to right, so the back is mirrored): a street is a connected area of his
colour touching two opposite edges of the frame. The higher sum wins; equal sums draw.

Geometry: a tile face is eight triangles around its centre (both diagonals and both midlines
cut it), numbered clockwise from the west half of the north edge: 0 N-west, 1 N-east,
2 E-north, 3 E-south, 4 S-east, 5 S-west, 6 W-south, 7 W-north. Neighbouring triangles of
one colour join; across a tile edge each half-edge joins the half-edge it touches. The front's
black half is four consecutive triangles: split along a diagonal (the default) or along a
midline (option ``split=straight``). This one model serves both readings and makes the
crossing of a street through both halves of one tile an ordinary case.

Notation: ``b3ne`` lays a tile on b3 with its black half to the north-east (``ne se sw nw``;
``n e s w`` with the straight split). The diagram of a front writes the black half's keypad
digit (9 = north-east, 3, 1, 7; 8 = north, 6, 2, 4).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from artsheets.rules.board import Board, square_board
from artsheets.rules.boardscore import NotFromPhotos, draw_diagram, parse_diagram
from artsheets.rules.boardstate import DiagramText
from artsheets.rules.core import (
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Option,
    OptionError,
    Outcome,
    RulesError,
    State,
    Termination,
)
from artsheets.rules.field import Field
from artsheets.rules.game import Game, register_game
from artsheets.rules.position import Check, PositionReport

__all__ = ["Straat", "StraatGame", "face_streets"]

SIZE = 4
TILES = 8  # per player
NAMES = {1: "white", 2: "black"}
BACK = {1: "W", 2: "B"}
# The black half of a front, by direction: the first of its four triangles (clockwise).
HALVES = {
    "diagonal": {"ne": 0, "se": 2, "sw": 4, "nw": 6},
    "straight": {"n": 7, "e": 1, "s": 3, "w": 5},
}
KEYPAD = {"ne": "9", "se": "3", "sw": "1", "nw": "7", "n": "8", "e": "6", "s": "2", "w": "4"}
DIRECTION = {d: k for k, d in KEYPAD.items()}
# Across an edge: (my triangle, the neighbour's triangle) for the neighbour north and east.
NORTH_JOINS = ((0, 5), (1, 4))
EAST_JOINS = ((2, 7), (3, 6))
EDGE_TRIANGLES = {"N": (0, 1), "E": (2, 3), "S": (4, 5), "W": (6, 7)}
_MOVE_RE = re.compile(r"^([a-z][0-9]+)(ne|se|sw|nw|n|e|s|w)$")


def front_colours(direction: str) -> tuple[int, ...]:
    """The eight triangles of a front laid with its black half towards ``direction``: 2 black,
    1 white."""
    split = "diagonal" if len(direction) == 2 else "straight"
    first = HALVES[split][direction]
    black = {(first + k) % 8 for k in range(4)}
    return tuple(2 if t in black else 1 for t in range(8))


def face_streets(
    board: Board, faces: Sequence[tuple[int, ...] | None], crossing: int = 2
) -> dict[int, list[str]]:
    """Each colour's streets on one face: per connected area of that colour, ``N-S`` if it
    touches the north and south edges and ``W-E`` if it touches west and east (an area joining
    all four edges counts once with ``crossing=1``). ``faces`` holds each cell's eight triangle
    colours (1 white, 2 black) or None for an empty square."""
    n = len(board)
    parent = list(range(8 * n))

    def find(a: int) -> int:
        while parent[a] != a:
            parent[a] = parent[parent[a]]
            a = parent[a]
        return a

    def join(a: int, b: int) -> None:
        parent[find(a)] = find(b)

    for i, face in enumerate(faces):
        if face is None:
            continue
        for t in range(8):
            if face[t] == face[(t + 1) % 8]:
                join(8 * i + t, 8 * i + (t + 1) % 8)
        x, y = board.coords[i]
        for (dx, dy), joins in (((0, 1), NORTH_JOINS), ((1, 0), EAST_JOINS)):
            j = board.at.get((x + dx, y + dy))
            if j is None or faces[j] is None:
                continue
            for a, b in joins:
                if face[a] == faces[j][b]:
                    join(8 * i + a, 8 * j + b)
    touches: dict[int, set[str]] = {}
    colour: dict[int, int] = {}
    for i, face in enumerate(faces):
        if face is None:
            continue
        x, y = board.coords[i]
        at_edge = {"N": y == board.ranks - 1, "S": y == 0, "W": x == 0, "E": x == board.files - 1}
        for side, triangles in EDGE_TRIANGLES.items():
            if at_edge[side]:
                for t in triangles:
                    root = find(8 * i + t)
                    touches.setdefault(root, set()).add(side)
                    colour[root] = face[t]
    out: dict[int, list[str]] = {1: [], 2: []}
    for root in sorted(touches):
        sides = touches[root]
        found = [s for s, (a, b) in (("N-S", "NS"), ("W-E", "WE")) if a in sides and b in sides]
        out[colour[root]] += found[:crossing]
    return out


def mirrored(board: Board, i: int) -> int:
    """The square a tile on ``i`` shows on the back (the frame turned over left to right)."""
    x, y = board.coords[i]
    return board.at[(board.files - 1 - x, y)]


class Straat(NotFromPhotos, DiagramText, State):
    game = "straat"
    title = "Straat"
    OPTIONS: Mapping[str, Option] = {
        "players": Option(2, "two players", choices=(2,)),
        "split": Option(
            "diagonal",
            "how a front is halved: diagonal (corner to corner) or straight (edge middles)",
            ("diagonal", "straight"),
            str,
        ),
        "crossing": Option(
            2, "streets an area joining all four edges counts (2: both, 1: one)", (1, 2)
        ),
    }
    _COPY = ("owner", "direction")

    def _setup(self) -> None:
        self.board = Board.of(self.field)
        if self.board.shape != "square" or (self.board.files, self.board.ranks) != (SIZE, SIZE):
            raise OptionError("Straat is played in the 4 x 4 frame")
        self.owner: list[int] = [0] * len(self.board)  # the tile's back colour (its player)
        self.direction: list[str] = [""] * len(self.board)  # where its black half points
        self.to_move = 1

    def current_player(self) -> int | None:
        return None if self._outcome else self.to_move

    def legal_moves(self) -> list[Move]:
        if self._outcome:
            return []
        dirs = HALVES[self.options["split"]]
        empty = [c for i, c in enumerate(self.board.cells) if not self.owner[i]]
        return [f"{c}{d}" for c in empty for d in dirs]

    def _play(self, move: Move) -> None:
        m = _MOVE_RE.match(move.strip().lower())
        if not m:
            raise InvalidMoveError(
                f"{move}: write the square and where the black half points, e.g. b3ne"
            )
        i = self.board.cell(m[1])
        split = self.options["split"]
        if m[2] not in HALVES[split]:
            ways = " ".join(HALVES[split])
            raise IllegalMoveError(f"{move}: with the {split} split the black half points {ways}")
        if self.owner[i]:
            raise IllegalMoveError(f"{move}: {m[1]} already holds a tile")
        self.owner[i], self.direction[i] = self.to_move, m[2]
        self.to_move = 3 - self.to_move
        if all(self.owner):
            self._outcome = straat_outcome(self.board, self.owner, self.direction, self.crossing)
            self._scores = dict(self._outcome.scores)

    @property
    def crossing(self) -> int:
        return int(self.options["crossing"])

    def scores(self) -> dict[int, int]:
        if self._outcome:
            return dict(self._scores)
        totals = streets(self.board, self.owner, self.direction, self.crossing)
        return {p: len(totals["front"][p]) + len(totals["back"][p]) for p in (1, 2)}

    def sheet_colours(self) -> dict[str, int]:
        return {self.board.name(i): p for i, p in enumerate(self.owner) if p}

    def _key(self) -> tuple[Any, ...]:
        return (tuple(self.owner), tuple(self.direction), self.to_move)

    def diagram(self) -> str:
        return position_text(self.board, self.owner, self.direction)


def streets(
    board: Board, owner: Sequence[int], direction: Sequence[str], crossing: int = 2
) -> dict[str, dict[int, list[str]]]:
    """Both faces' streets. The back of the tile on square i shows on the mirrored square."""
    front = [front_colours(d) if d else None for d in direction]
    back: list[tuple[int, ...] | None] = [None] * len(board)
    for i, p in enumerate(owner):
        if p:
            back[mirrored(board, i)] = (p,) * 8
    return {
        "front": face_streets(board, front, crossing),
        "back": face_streets(board, back, crossing),
    }


def straat_outcome(
    board: Board, owner: Sequence[int], direction: Sequence[str], crossing: int
) -> Outcome:
    faces = streets(board, owner, direction, crossing)
    totals = {p: len(faces["front"][p]) + len(faces["back"][p]) for p in (1, 2)}
    words = ", ".join(
        f"{NAMES[p]} {len(faces['front'][p])} + {len(faces['back'][p])}" for p in (1, 2)
    )
    winners = () if totals[1] == totals[2] else ((1,) if totals[1] > totals[2] else (2,))
    return Outcome(
        totals, winners, f"streets front + back: {words}", termination=Termination.ALL_PLACED
    )


def position_text(board: Board, owner: Sequence[int], direction: Sequence[str]) -> str:
    """The two diagrams ``artsheets score straat`` reads: the front (keypad digits) and the
    back as seen after turning the frame over (W, B)."""
    back = ["."] * len(board)
    for i, p in enumerate(owner):
        if p:
            back[mirrored(board, i)] = BACK[p]
    front = [KEYPAD[d] if d else "." for d in direction]
    return f"front\n{draw_diagram(board, front)}back\n{draw_diagram(board, back)}"


def _numbered(lines: list[str]) -> str:
    """The front's rows with their rank numbers: its cells are digits too, so a row written
    without its number (``9 1 9 9``) gets it here before the shared parser strips numbers."""
    rows = [ln for ln in lines if ln.split("#", 1)[0].strip()]
    rows = [ln for ln in rows if not ln.replace(" ", "").isalpha()]
    out, rank = [], len(rows)
    for ln in rows:
        cells = ln.split("#", 1)[0].replace(" ", "")
        out.append(ln if len(cells) == SIZE + 1 else f"{rank} {ln}")
        rank -= 1
    return "\n".join(out)


class StraatGame(Game):
    """Straat as a game object: the 4 x 4 frame, and both faces of a full frame scored."""

    state_class = Straat

    def board(self, options: Mapping[str, Any] | None = None) -> Field:
        self.resolve_options(options)
        return square_board(SIZE, SIZE).field("straat", "STRAAT-1-STD-K1")

    def parse_position(self, text: str) -> tuple[list[str], list[str]]:
        """Two diagrams, each under a line ``front`` or ``back``."""
        blocks: dict[str, list[str]] = {}
        current: list[str] | None = None
        for raw in text.splitlines():
            word = raw.split("#", 1)[0].strip().lower()
            if word in ("front", "back"):
                current = blocks.setdefault(word, [])
            elif current is not None:
                current.append(raw)
            elif word:
                raise RulesError(
                    "straat: start with a line 'front' above the front's diagram "
                    "(and a line 'back' above the back's)"
                )
        if set(blocks) != {"front", "back"}:
            raise RulesError("straat: draw both faces, each under a line 'front' or 'back'")
        board = square_board(SIZE, SIZE)
        front = parse_diagram(_numbered(blocks["front"]), board, "12346789.", "straat front")
        back = parse_diagram("\n".join(blocks["back"]), board, "WB.", "straat back")
        return front, back

    def score(self, position: tuple[list[str], list[str]]) -> PositionReport:
        """Streets on both faces (with the default readings), and what makes the frame
        impossible or unfinished."""
        front, back = position
        board = square_board(SIZE, SIZE)
        checks: list[Check] = []
        direction = [DIRECTION.get(ch, "") for ch in front]
        owner = [0] * len(board)
        for i in range(len(board)):
            seen = back[mirrored(board, i)]
            owner[i] = {"W": 1, "B": 2}.get(seen, 0)
            if bool(owner[i]) != bool(direction[i]):
                where = [board.name(i), board.name(mirrored(board, i))]
                checks.append(
                    Check(
                        False,
                        f"the front's {where[0]} and the back's {where[1]} (the same tile, the "
                        "back mirrored) must both hold it or both be empty",
                        where,
                    )
                )
        kinds = {len(d) for d in direction if d}
        if len(kinds) > 1:
            checks.append(Check(False, "fronts split both diagonally (1 3 7 9) and straight"))
        for p in (1, 2):
            if owner.count(p) > TILES:
                checks.append(
                    Check(False, f"{owner.count(p)} {NAMES[p]} backs: each player has {TILES}")
                )
        if not all(owner) and not checks:
            placed = sum(1 for p in owner if p)
            checks.append(Check(False, f"not finished: {placed} of 16 tiles placed"))
        out = straat_outcome(board, owner, direction, 2)
        faces = streets(board, owner, direction)
        details = {
            f"{face} streets": {NAMES[p]: faces[face][p] for p in (1, 2)}
            for face in ("front", "back")
        }
        return PositionReport("straat", dict(out.scores), checks, out, details)


GAME = register_game(StraatGame())
