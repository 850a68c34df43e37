"""What the board games' states share, mixed in before :class:`~artsheets.rules.core.State`.

Each piece was written once per game before; kept here so that a fix reaches every game:

- :class:`DiagramText`: ``str(state)`` shows the position as its plain-text diagram;
- :class:`TurnMoves`: the moves of the player to move, listed once per position;
- :class:`OwnerColours` and :class:`PieceScores`: a board of owners per cell, scored by the
  pieces each side has left;
- :class:`QuietLimit` and :func:`quiet_option`: a draw after ``quiet`` plies without a capture.
"""

from __future__ import annotations

from typing import Any

from artsheets.rules.board import Board
from artsheets.rules.core import Option, Outcome, Termination

__all__ = ["DiagramText", "OwnerColours", "PieceScores", "QuietLimit", "TurnMoves", "quiet_option"]


class DiagramText:
    """The position's text is its diagram (the board as ``artsheets score`` reads it), one
    line per rank; a game that adds lines below it calls :meth:`diagram_lines`."""

    def diagram(self) -> str:
        raise NotImplementedError

    def diagram_lines(self) -> list[str]:
        return self.diagram().rstrip("\n").split("\n")

    def _describe(self) -> list[str]:
        return self.diagram_lines()


class TurnMoves:
    """The moves of the player to move, listed once per position: a random playout or a
    search asks for them several times a turn (to list, then to check the move played), and
    listing is a game's hot loop. :meth:`_turn_moves` calls the game's ``_list_moves`` the
    first time and keeps the answer in ``_moves`` until :meth:`_new_turn`, which every move
    calls. Copies share the answer (``State.copy`` copies the attribute by reference): it is
    never changed in place."""

    _moves: Any = None

    def _list_moves(self) -> Any:
        raise NotImplementedError

    def _turn_moves(self) -> Any:
        if self._moves is None:
            self._moves = self._list_moves()
        return self._moves

    def _new_turn(self) -> None:
        self._moves = None


class OwnerColours:
    """A position kept as the owner of each cell of ``board`` (``owner``: 0 empty, else the
    player): a photo of the board would show each player's pieces in his colour."""

    board: Board
    owner: list[int]

    def sheet_colours(self) -> dict[str, int]:
        return {self.board.name(i): p for i, p in enumerate(self.owner) if p}


class PieceScores(OwnerColours):
    """Two players scored by the pieces each has on the board, during the game and in the
    outcome: :meth:`_finish` ends the game with those counts."""

    _scores: dict[int, int]
    _outcome: Outcome | None

    def scores(self) -> dict[int, int]:
        return {p: self.owner.count(p) for p in (1, 2)}

    def _finish(self, winners: tuple[int, ...], reason: str, how: Termination) -> None:
        self._scores = self.scores()
        self._outcome = Outcome(dict(self._scores), winners, reason, termination=how)


def quiet_option(default: int) -> Option:
    """The ``quiet`` option with its game's default (each game's own measurement of how long
    a random game goes between captures)."""
    return Option(default, "plies without a capture before a draw (0: no limit)", minimum=0)


class QuietLimit:
    """Our addition to games the seed lets go on for ever (Fort Chitral, Sjekkers, Kamelen):
    ``quiet`` plies in a row without a capture end the game in a draw (option ``quiet``, 0:
    no limit). A move calls :meth:`_count_quiet`; the end-of-turn checks ask
    :meth:`_quiet_reason` last."""

    options: dict[str, Any]
    quiet_plies: int = 0

    def _count_quiet(self, captured: bool) -> None:
        self.quiet_plies = 0 if captured else self.quiet_plies + 1

    def _quiet_reason(self) -> str | None:
        """Why the game ends by the limit, or None while it goes on."""
        limit = self.options["quiet"]
        if limit and self.quiet_plies >= limit:
            return f"{self.quiet_plies} plies without a capture"
        return None
