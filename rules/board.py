"""Boards for the board games: cells named as on the printed board, lines and neighbours.

A square board names its cells like a chess board: a file letter (``a`` at the left) and a rank
number (``1`` at the bottom, nearest the first player), so ``a1`` .. ``h8`` on 8 x 8 and
``a1`` .. ``j10`` on 10 x 10; cells may be removed (Moai's corners). The 91-cell hexagonal
board (side 6) uses the same letters and numbers on two of its axes: files ``a`` .. ``k`` run
along the rows and the rank counts rows from the bottom, as on an Abalone board, so ``f1``,
``k1``, ``a6``, ``f6`` (the centre), ``k6``, ``a11`` and ``f11`` are its corners.

Rules work on cell indices (0 .. n-1, in the order of :attr:`Board.cells`) with precomputed
rays, so a random game takes milliseconds; names appear only in move text. A board travels as
a :class:`~artsheets.rules.field.Field` (spaces = cells, ``adjacent`` = edge neighbours,
``corner`` = diagonal neighbours, ``data`` = the shape), so game records and the generator use
the same topology.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable
from dataclasses import dataclass
from dataclasses import field as _derived

from artsheets.rules.core import InvalidMoveError, field_cache
from artsheets.rules.field import Field, symmetric_pairs

__all__ = ["FILES", "Board", "diamond_board", "hex_board", "square_board"]

FILES = "abcdefghijklmnopqrstuvwxyz"
_CELL_RE = re.compile(r"^([a-z])([1-9][0-9]?)$")

SQUARE_ORTHOGONAL = ((0, 1), (1, 0), (0, -1), (-1, 0))  # (file step, rank step): N, E, S, W
SQUARE_DIAGONAL = ((1, 1), (1, -1), (-1, -1), (-1, 1))  # NE, SE, SW, NW
HEX_DIRECTIONS = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))  # in turning order


@dataclass(frozen=True)
class Board:
    """A board's cells and lines. ``orthogonal`` and ``diagonal`` are direction vectors in
    (file, rank) steps; on the hex board the six directions are all "orthogonal" (edge to
    edge) and ``diagonal`` is empty."""

    shape: str  # "square" or "hex"
    files: int
    ranks: int
    cells: tuple[str, ...]
    coords: tuple[tuple[int, int], ...]
    orthogonal: tuple[tuple[int, int], ...]
    diagonal: tuple[tuple[int, int], ...]
    removed: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        index = {c: i for i, c in enumerate(self.cells)}
        at = {xy: i for i, xy in enumerate(self.coords)}
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "at", at)
        dirs = self.orthogonal + self.diagonal
        rays = []
        for fx, ry in self.coords:
            out = []
            for dx, dy in dirs:
                ray, x, y = [], fx + dx, ry + dy
                while (x, y) in at:
                    ray.append(at[(x, y)])
                    x, y = x + dx, y + dy
                out.append(tuple(ray))
            rays.append(tuple(out))
        object.__setattr__(self, "rays", tuple(rays))
        lines = [{t: d for d, ray in enumerate(rs) for t in ray} for rs in rays]
        object.__setattr__(self, "lines", tuple(lines))
        orth = len(self.orthogonal)
        object.__setattr__(
            self, "edge_neighbours", tuple(tuple(r[0] for r in rs[:orth] if r) for rs in rays)
        )
        object.__setattr__(
            self, "all_neighbours", tuple(tuple(r[0] for r in rs if r) for rs in rays)
        )

    # set in __post_init__ (the dataclass is frozen; these are derived, not compared)
    index: dict[str, int] = _derived(init=False, repr=False, compare=False)
    at: dict[tuple[int, int], int] = _derived(init=False, repr=False, compare=False)
    rays: tuple[tuple[tuple[int, ...], ...], ...] = _derived(init=False, repr=False, compare=False)
    edge_neighbours: tuple[tuple[int, ...], ...] = _derived(init=False, repr=False, compare=False)
    all_neighbours: tuple[tuple[int, ...], ...] = _derived(init=False, repr=False, compare=False)
    lines: tuple[dict[int, int], ...] = _derived(init=False, repr=False, compare=False)

    def __len__(self) -> int:
        return len(self.cells)

    @property
    def directions(self) -> tuple[tuple[int, int], ...]:
        """Every line direction, orthogonal first (the order of :attr:`rays`)."""
        return self.orthogonal + self.diagonal

    def cell(self, name: str) -> int:
        """The index of cell ``name`` (``"d4"``); :class:`InvalidMoveError` names the board's
        extent for a name that is not on it."""
        i = self.index.get(name.strip().lower())
        if i is None and self.shape == "diamond":
            raise InvalidMoveError(
                f"'{name}' is not a position of this board (rows 1 .. {self.ranks}, "
                "lettered a.. from the left)"
            )
        if i is None:
            last = f"{FILES[self.files - 1]}{self.ranks}"
            raise InvalidMoveError(f"'{name}' is not a cell of this board (a1 .. {last})")
        return i

    def name(self, i: int) -> str:
        return self.cells[i]

    def direction_index(self, a: int, b: int) -> int | None:
        """The direction from cell ``a`` along which ``b`` lies, or None if not on a line."""
        return self.lines[a].get(b)

    def groups(self, members: Iterable[int]) -> list[list[int]]:
        """Edge-connected groups of ``members``, largest first (ties by lowest cell)."""
        todo = set(members)
        out = []
        while todo:
            start = min(todo)
            todo.discard(start)
            group, stack = [start], [start]
            while stack:
                for n in self.edge_neighbours[stack.pop()]:
                    if n in todo:
                        todo.discard(n)
                        group.append(n)
                        stack.append(n)
            out.append(sorted(group))
        out.sort(key=lambda g: (-len(g), g[0]))
        return out

    def field(self, game: str, field_id: str) -> Field:
        """The board as a Field (the topology records and sheets carry)."""
        adjacent, corner = [], []
        for i, rays in enumerate(self.rays):
            for d, ray in enumerate(rays):
                if ray and i < ray[0]:
                    (adjacent if d < len(self.orthogonal) else corner).append(
                        (self.cells[i], self.cells[ray[0]])
                    )
        return Field(
            game=game,
            field_id=field_id,
            spaces=self.cells,
            adjacent=symmetric_pairs(adjacent, self.cells),
            corner=symmetric_pairs(corner, self.cells),
            attrs={
                c: {"file": x, "rank": y} for c, (x, y) in zip(self.cells, self.coords, strict=True)
            },
            data={
                "board": self.shape,
                "files": self.files,
                "ranks": self.ranks,
                "removed": list(self.removed),
            },
        )

    @staticmethod
    def of(fld: Field) -> Board:
        """The board a field describes (built once per field)."""

        def build(f: Field) -> Board:
            d = f.data
            if d.get("board") == "hex":
                return hex_board((int(d["files"]) + 1) // 2)
            if d.get("board") == "diamond":
                return diamond_board(int(d["files"]))
            return square_board(int(d["files"]), int(d["ranks"]), d.get("removed", ()))

        return field_cache(fld, "board", build)


def square_board(files: int, ranks: int, removed: Iterable[str] = ()) -> Board:
    """A files x ranks board, cells ``a1``.. in rank order, ``removed`` cells left out (built
    once per shape: boards are immutable)."""
    return _square_board(files, ranks, tuple(sorted(set(removed))))


@functools.cache
def _square_board(files: int, ranks: int, removed: tuple[str, ...]) -> Board:
    gone = set(removed)
    cells, coords = [], []
    for y in range(ranks):
        for x in range(files):
            name = f"{FILES[x]}{y + 1}"
            if name not in gone:
                cells.append(name)
                coords.append((x, y))
    return Board(
        "square",
        files,
        ranks,
        tuple(cells),
        tuple(coords),
        SQUARE_ORTHOGONAL,
        SQUARE_DIAGONAL,
        tuple(sorted(gone)),
    )


@functools.cache
def hex_board(side: int = 6) -> Board:
    """The hexagonal board with ``side`` cells per edge (91 cells for side 6), in axial
    coordinates: file x and rank y from 0 to 2 * side - 2, with |x + y - 2 * (side - 1)| kept
    within side - 1 (the two cut corners)."""
    n = 2 * side - 1
    cells, coords = [], []
    for y in range(n):
        for x in range(n):
            if abs(x + y - 2 * (side - 1)) <= side - 1:
                cells.append(f"{FILES[x]}{y + 1}")
                coords.append((x, y))
    return Board("hex", n, n, tuple(cells), tuple(coords), HEX_DIRECTIONS, ())


@functools.cache
def diamond_board(width: int = 5) -> Board:
    """Points of a triangular lattice in a diamond: rows of 1, 2 .. ``width`` .. 2, 1 points
    (25 for width 5), each point joined to its row neighbours and to two points in the row
    above and two below (Trangalla's board). Rows count from the bottom tip; a point is named
    by its row and a letter from the row's left end: ``a1`` is the bottom tip, ``a2 b2`` the
    row above it, ``a{2 * width - 1}`` the top tip.

    Coordinates are the hex board's axial ones (rank = row, the six ``HEX_DIRECTIONS``), so
    the lines, rays and drawing of the hex board apply: row ``y`` starts at file
    ``max(width - 1 - y, 0)``, which keeps every row centred."""
    cells, coords = [], []
    for y in range(2 * width - 1):
        n = y + 1 if y < width else 2 * width - 1 - y
        start = max(width - 1 - y, 0)
        for k in range(n):
            cells.append(f"{FILES[k]}{y + 1}")
            coords.append((start + k, y))
    return Board("diamond", width, 2 * width - 1, tuple(cells), tuple(coords), HEX_DIRECTIONS, ())


def parse_cell_name(text: str) -> tuple[int, int]:
    """(file, rank) indices of a cell name such as ``"d4"`` (0-based), board-free."""
    m = _CELL_RE.match(text.strip().lower())
    if not m:
        raise InvalidMoveError(f"'{text}' is not a cell name such as d4")
    return FILES.index(m[1]), int(m[2]) - 1
