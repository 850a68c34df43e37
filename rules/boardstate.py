"""What the board games' states share, mixed in before :class:`~artsheets.rules.core.State`.

Each piece was written once per game before; kept here so that a fix reaches every game:

- :class:`DiagramText`: ``str(state)`` shows the position as its plain-text diagram.
"""

from __future__ import annotations

__all__ = ["DiagramText"]


class DiagramText:
    """The position's text is its diagram (the board as ``artsheets score`` reads it), one
    line per rank; a game that adds lines below it calls :meth:`diagram_lines`."""

    def diagram(self) -> str:
        raise NotImplementedError

    def diagram_lines(self) -> list[str]:
        return self.diagram().rstrip("\n").split("\n")

    def _describe(self) -> list[str]:
        return self.diagram_lines()
