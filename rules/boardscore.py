"""What the games decided by their final board share: ranked group comparison and the
plain-text board diagram that ``artsheets score GAME position.txt`` reads.

Parking Lot and Land Grab both compare the players' largest groups, then the next largest and
so on ("if a tie occurs, look at the next largest group"): :func:`ranked_outcome`.

A diagram is the board as text, top rank first, one character per cell (blanks between cells
are optional); a line may start with its rank number and a line of file letters may follow, as
on the printed board; ``#`` starts a comment::

    # Parking Lot, finished
    8 B R R . B . . .
    7 B . . . B . . .
    ...
      a b c d e f g h
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from artsheets.rules.board import FILES, Board
from artsheets.rules.core import Outcome, RulesError, Termination
from artsheets.rules.field import Field
from artsheets.rules.position import Check, PositionReport


class NotFromPhotos:
    """Mixed into the board and card games' State classes: a photo of a kit sheet holds no
    position (the pieces are lifted off), so :func:`position.score_position` answers with one
    failed check saying how these games are scored instead of failing."""

    game: str
    title: str

    @classmethod
    def score_position(
        cls,
        field: Field,
        options: Mapping[str, object],
        colours: Mapping[str, int],
        tallies: Mapping[int, int | None],
    ) -> PositionReport:
        from artsheets.rules.game import diagram_games  # the games import this module

        how = (
            f"artsheets score {cls.game} FILE"
            if cls.game in diagram_games()
            else "artsheets replay RECORD"
        )
        message = f"{cls.title} is not scored from a photo of its kit; use {how}"
        return PositionReport(cls.game, None, [Check(False, message)])


__all__ = ["NotFromPhotos", "draw_diagram", "parse_diagram", "ranked_outcome"]


def ranked_outcome(
    sizes: Mapping[int, Sequence[int]],
    what: str,
    names: Mapping[int, str],
    termination: Termination,
    unit: str = "squares",
) -> Outcome:
    """Largest group wins; on a tie the next largest decides, and so on; equal lists draw.

    ``sizes`` are each player's group sizes, largest first; the score is the largest."""
    a, b = list(sizes[1]), list(sizes[2])
    scores = {1: a[0] if a else 0, 2: b[0] if b else 0}
    depth = 0
    while depth < max(len(a), len(b)):
        x = a[depth] if depth < len(a) else 0
        y = b[depth] if depth < len(b) else 0
        if x != y:
            break
        depth += 1
    else:
        reason = f"tied {what}s: both {a or [0]} {unit}"
        return Outcome(scores, (), reason, termination=termination)
    x = a[depth] if depth < len(a) else 0
    y = b[depth] if depth < len(b) else 0
    winner = 1 if x > y else 2
    rank = ["largest", "second largest", "third largest"]
    label = rank[depth] if depth < len(rank) else f"{depth + 1}th largest"
    tie = f"tied largest {what}s of {a[0]}; " if depth else ""
    reason = f"{tie}{label} {what}: {names[1]} {x}, {names[2]} {y} {unit}"
    return Outcome(scores, (winner,), reason, termination=termination)


def parse_diagram(text: str, board: Board, legend: str, game: str) -> list[str]:
    """One legend character per cell of ``board`` (in :attr:`Board.cells` order); a
    :class:`RulesError` names the line and the fix for anything else."""
    rows: list[tuple[int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        letters = line.replace(" ", "")
        if letters.isalpha() and letters == FILES[: len(letters)] and len(letters) > 2:
            continue  # the file-letter line under the board
        line = re.sub(r"^[0-9]+\s*", "", line) if re.match(r"^[0-9]+\s", line) else line
        rows.append((number, line.replace(" ", "")))
    if len(rows) != board.ranks:
        raise RulesError(
            f"{game}: the diagram has {len(rows)} rows; draw all {board.ranks} ranks, top first"
        )
    out = ["."] * len(board)
    for r, (number, row) in enumerate(rows):
        rank = board.ranks - 1 - r
        if len(row) != board.files:
            raise RulesError(
                f"{game}: line {number} has {len(row)} cells; each rank has {board.files}"
            )
        for x, ch in enumerate(row):
            if ch not in legend:
                raise RulesError(
                    f"{game}: line {number}: '{ch}' is not a cell; use one of {' '.join(legend)}"
                )
            out[board.at[(x, rank)]] = ch
    return out


def draw_diagram(board: Board, cells: Sequence[str]) -> str:
    """The diagram text of a position (what :func:`parse_diagram` reads back)."""
    lines = []
    for rank in range(board.ranks - 1, -1, -1):
        row = " ".join(cells[board.at[(x, rank)]] for x in range(board.files))
        lines.append(f"{rank + 1:>2} {row}")
    lines.append("   " + " ".join(FILES[: board.files]))
    return "\n".join(lines) + "\n"
