"""The rules page of a board or card game: the rules as data, laid out with a diagram.

A game's rules are a :class:`RulesText` (headed sections of plain paragraphs) written in the
project's own words, kept apart from the drawing so that the text can be checked and reused.
:func:`draw_rules` puts the diagram (drawn by the game's kit) at the top with its caption and
flows the text below it in two columns; words are wrapped by the colouring games' rules-page
module (:func:`~artsheets.generator.rulespage.wrap`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from artsheets.generator.rulespage import wrap
from artsheets.generator.sheet import FURNITURE, INK, SOFT, Rect, Sheet, Style

__all__ = ["RulesText", "draw_rules"]

TEXT_MM = 3.0  # body text size (about 8.5 pt): readable at arm's length
LEADING = 1.38  # line pitch as a share of the text size
COLUMN_GAP_MM = 7.0


@dataclass(frozen=True)
class RulesText:
    """Sections of rules: (heading, paragraphs). ``caption`` explains the diagram;
    ``diagram_mm`` is the diagram box's height."""

    sections: tuple[tuple[str, tuple[str, ...]], ...]
    caption: str
    diagram_mm: float = 84.0


def _flow(rules: RulesText, width: float, size: float) -> list[tuple[str, bool, float]]:
    """Every line to set, as (text, bold, space before it in mm)."""
    out: list[tuple[str, bool, float]] = []
    for heading, paragraphs in rules.sections:
        out.append((heading, True, size * 0.9 if out else 0.0))
        for para in paragraphs:
            for k, line in enumerate(wrap(para, size, width)):
                out.append((line, False, size * 0.35 if k == 0 else 0.0))
    return out


def draw_rules(
    sheet: Sheet, area: Rect, rules: RulesText, diagram: Callable[[Sheet, Rect], None]
) -> None:
    """Diagram and caption on top, the text in two columns below, shrunk only if it must."""
    box = Rect(area.x0, area.y0, area.x1, area.y0 + rules.diagram_mm)
    diagram(sheet, box)
    caption = wrap(rules.caption, 2.7, area.w - 10.0)
    y = box.y1 + 3.4
    for line in caption:
        sheet.text((area.cx, y), line, 2.7, "middle", fill=FURNITURE)
        y += 3.6
    sheet.path([(area.x0, y - 1.0), (area.x1, y - 1.0)], Style(SOFT, 0.2))
    top = y + 3.0
    col_w = (area.w - COLUMN_GAP_MM) / 2
    height = area.y1 - top
    size = 3.6
    while True:  # the largest size (down to 2.3 mm) at which the balanced columns fit
        lines = _flow(rules, col_w, size)
        pitch = size * LEADING
        split = _balance(lines, pitch)
        first = sum(pitch + gap for _, _, gap in lines[:split])
        second = sum(pitch + gap for _, _, gap in lines[split:]) - lines[split][2]
        if max(first, second) <= height - size or size <= 2.3:
            break
        size = round(size - 0.1, 2)
    for k, (text, bold, gap) in enumerate(lines):
        if k == 0 or k == split:
            x = area.x0 + (0 if k == 0 else col_w + COLUMN_GAP_MM)
            y = top + size
        else:
            y += gap
        sheet.text((x, y), text, size, bold=bold, fill=INK)
        y += pitch


def _balance(lines: list[tuple[str, bool, float]], pitch: float) -> int:
    """Where the second column starts: the line nearest half the height, preferring a
    heading or a paragraph's first line so no paragraph is split if avoidable."""
    total = sum(pitch + gap for _, _, gap in lines)
    y, best, best_cost = 0.0, len(lines) - 1, float("inf")
    for k, (_, bold, gap) in enumerate(lines):
        if k:
            cost = abs(2 * y - total) + (0 if bold else pitch * 2 if gap else pitch * 6)
            if lines[k - 1][1]:  # never leave a heading alone at the foot of a column
                cost += pitch * 20
            if cost < best_cost:
                best, best_cost = k, cost
        y += pitch + gap
    return best
