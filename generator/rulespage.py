"""A printable rules page: a title, the rules as text blocks and a diagram, laid out on one page.

Any game (the sheet games here, a board game later) makes a rules page the same way::

    doc = RulesDoc(
        title="Vasarely",
        subtitle="Rules - 2 to 4 players",
        rules=parse_blocks(text),              # or a tuple of Heading/Paragraph/Bullets
        diagram=Diagram(draw_example, 0.9),    # draws into a box 0.9 times as high as wide
        example=(Paragraph("Move 7 scores ..."),),
        footer="VASARELY-1-STD-A4-P2-K",
    )
    page = rules_page(doc, PAGES["a4"])       # a Layout: render_pdf/svg/png draw it as is

The rules are set in two columns. The worked example (its heading, the diagram, the
explanation) goes either in a band across the page below the rules, the diagram on the left,
or at the head of the right column with the rules running on below it, whichever gives the
larger diagram.
The text is set as large as fits, from 3.5 mm down to 2.3 mm (about 10 to 6.5 pt); when even
the smallest size does not fit, :class:`RulesPageOverflow` says so rather than printing text
off the page. The result is a :class:`~artsheets.generator.layout.Layout` with no regions, so
the three renderers draw it like a sheet; :attr:`RulesPage.diagram_box` and
:attr:`RulesPage.text_boxes` say where things went (tests check nothing overlaps).

Rules text is plain data: ``parse_blocks`` reads a small Markdown subset (``## heading``,
``- bullet`` with indented continuation lines, blank-line-separated paragraphs), the form the
games' texts are stored in (``templates/rules/<game>.md``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from artsheets.generator.fonts import text_width
from artsheets.generator.layout import Layout, Page, Path, Primitive, Text
from artsheets.generator.sheet import INK, SOFT, Rect, Sheet

__all__ = [
    "Block",
    "Bullets",
    "Diagram",
    "Heading",
    "Paragraph",
    "RulesDoc",
    "RulesPage",
    "RulesPageOverflow",
    "parse_blocks",
    "rules_page",
    "text_box",
]

MARGIN = 12.0  # page edge to text: inside every printer's unprintable border
COLUMN_GAP = 8.0
SIZES = tuple(round(3.5 - 0.1 * k, 1) for k in range(13))  # 3.5 .. 2.3 mm, largest first
LEADING = 1.32  # line pitch as a multiple of the font size
ASCENT, DESCENT = 0.93, 0.24  # Vera's ascender and descender as shares of the size
BULLET_INDENT = 3.2
TITLE_SIZE = 8.0
MAX_DIAGRAM_SHARE = 0.58  # of the column's height: leave room for the explanation
BAND_DIAGRAM_SHARE = 0.62  # of the text width, for a diagram in the band under the rules
MIN_BAND_DIAGRAM = 60.0  # mm: a narrower band diagram is no better than the column's


@dataclass(frozen=True)
class Heading:
    text: str


@dataclass(frozen=True)
class Paragraph:
    text: str


@dataclass(frozen=True)
class Bullets:
    items: tuple[str, ...]


Block = Heading | Paragraph | Bullets


@dataclass(frozen=True)
class Diagram:
    """A picture for the page. ``draw(sheet, box)`` draws with ``sheet``'s methods (path, rect,
    circle, text; page millimetres) inside ``box``, whose height is ``aspect`` times its width
    (the page may make the box smaller, never change its shape)."""

    draw: Callable[[Sheet, Rect], None]
    aspect: float


@dataclass(frozen=True)
class RulesDoc:
    """Everything a rules page shows; all of it data except the diagram's drawing."""

    title: str
    rules: tuple[Block, ...]
    subtitle: str = ""
    diagram: Diagram | None = None
    example_heading: str = "Worked example"
    example: tuple[Block, ...] = ()
    footer: str = ""
    game: str = "rules"


class RulesPageOverflow(ValueError):
    """The text does not fit the page even at the smallest size."""


@dataclass
class RulesPage:
    layout: Layout
    text_size: float
    diagram_box: Rect | None
    text_boxes: list[Rect] = field(default_factory=list)  # every line of the page's text
    diagram: list[Primitive] = field(default_factory=list)  # what the diagram drew


def parse_blocks(text: str) -> tuple[Block, ...]:
    """Blocks from the Markdown subset described in the module docstring (a ``# title`` line,
    if any, is left to the caller)."""
    blocks: list[Block] = []
    para: list[str] = []
    items: list[str] = []

    def flush() -> None:
        if para:
            blocks.append(Paragraph(" ".join(para)))
            para.clear()
        if items:
            blocks.append(Bullets(tuple(items)))
            items.clear()

    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("# "):
            flush()
        elif line.startswith("## "):
            flush()
            blocks.append(Heading(line[3:].strip()))
        elif line.startswith("- "):
            if para:
                flush()
            items.append(line[2:].strip())
        elif items and raw[:1].isspace():
            items[-1] += " " + line
        else:
            if items:
                flush()
            para.append(line)
    flush()
    return tuple(blocks)


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """Greedy word wrap; a word wider than ``width`` raises (it would run off the column)."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        trial = f"{current} {word}" if current else word
        if text_width(trial, size, bold) <= width:
            current = trial
            continue
        if text_width(word, size, bold) > width:
            raise RulesPageOverflow(f"the word {word!r} is wider than a column")
        lines.append(current)
        current = word
    if current:
        lines.append(current)
    return lines


def text_box(t: Text) -> Rect:
    """The box a text primitive's ink can occupy (advance width, ascender to descender)."""
    w = text_width(t.text, t.size, t.bold)
    x0 = {"start": t.pos[0], "middle": t.pos[0] - w / 2, "end": t.pos[0] - w}[t.anchor]
    return Rect(x0, t.pos[1] - ASCENT * t.size, x0 + w, t.pos[1] + DESCENT * t.size)


class _Full(Exception):
    """The frames are used up (internal: try a smaller size)."""


class _Flow:
    """Sets blocks line by line into a list of frames (column rectangles), in order."""

    def __init__(self, frames: list[Rect], size: float) -> None:
        self.frames = frames
        self.size = size
        self.index = 0
        self.y = frames[0].y0 if frames else 0.0
        self.out: list[Primitive] = []

    @property
    def frame(self) -> Rect:
        if self.index >= len(self.frames):
            raise _Full
        return self.frames[self.index]

    def _room(self, lines: int, size: float) -> bool:
        return self.y + (lines - 1) * size * LEADING + ASCENT * size <= self.frame.y1

    def _line(self, indent: float, text: str, size: float, bold: bool = False) -> None:
        """One line ``indent`` mm into the frame (the next frame's, if this one is full)."""
        if not self._room(1, size):
            self.index += 1
            self.y = self.frame.y0
        pos = (self.frame.x0 + indent, self.y + ASCENT * size)
        self.out.append(Text(pos, text, size, "start", bold, INK))
        self.y += size * LEADING

    def gap(self, d: float) -> None:
        if self.index < len(self.frames) and self.y > self.frame.y0:
            self.y += d

    def block(self, b: Block) -> None:
        s = self.size
        if isinstance(b, Heading):
            hs = s * 1.12
            self.gap(s * 0.5)
            lines = wrap(b.text, hs, self.frame.w, bold=True)
            if not self._room(len(lines) + 2, s):  # keep a heading with two lines of its text
                self.index += 1
                self.y = self.frame.y0
            for ln in lines:
                self._line(0.0, ln, hs, bold=True)
            self.y += s * 0.15
        elif isinstance(b, Paragraph):
            for ln in wrap(b.text, s, self.frame.w):
                self._line(0.0, ln, s)
            self.y += s * 0.55
        else:
            for item in b.items:
                lines = wrap(item, s, self.frame.w - BULLET_INDENT)
                for k, ln in enumerate(lines):
                    if k == 0 and not self._room(1, s):
                        self.index += 1
                        self.y = self.frame.y0
                    if k == 0:
                        self.out.append(
                            Text((self.frame.x0 + 0.6, self.y + ASCENT * s), "\u2022", s)
                        )
                    self._line(BULLET_INDENT, ln, s)
                self.y += s * 0.2
            self.y += s * 0.35


def rules_page(doc: RulesDoc, page: Page) -> RulesPage:
    """Lay ``doc`` out on ``page`` at the largest text size that fits (see the module doc);
    of the two arrangements that fit at that size, the one with the larger diagram."""
    for size in SIZES:
        fitted = []
        for arrange in (_band_layout, _column_layout):
            try:
                fitted.append(arrange(doc, page, size))
            except _Full:
                continue
        if fitted:
            best = max(fitted, key=lambda rp: rp.diagram_box.w if rp.diagram_box else 0.0)
            if doc.diagram is not None and best.diagram_box is not None:  # drawn once, here
                canvas = Sheet(doc.game, page, best.diagram_box)
                doc.diagram.draw(canvas, best.diagram_box)
                best.diagram = canvas.drawing
                best.layout.drawing = canvas.drawing + best.layout.drawing
            return best
    raise RulesPageOverflow(
        f"the rules of {doc.title} do not fit one {page.name} page even at {SIZES[-1]} mm text;"
        " shorten the text or the example"
    )


def _header(doc: RulesDoc, page: Page) -> tuple[list[Primitive], float, float]:
    """Title, subtitle, a rule and the footer; returns them and the body's top and bottom."""
    W, H = page.width_mm, page.height_mm
    drawing: list[Primitive] = []
    y = MARGIN + TITLE_SIZE * ASCENT
    drawing.append(Text((MARGIN, y), doc.title, TITLE_SIZE, "start", True, INK))
    if doc.subtitle:
        drawing.append(Text((W - MARGIN, y), doc.subtitle, 3.6, "end", False, SOFT))
    y += TITLE_SIZE * DESCENT + 2.0
    drawing.append(Path([(MARGIN, y), (W - MARGIN, y)], False, INK, 0.35))
    if doc.footer:
        foot = H - MARGIN - DESCENT * 2.4  # its descenders stay inside the margin
        drawing.append(Text((W / 2, foot), doc.footer, 2.4, "middle", False, SOFT))
    return drawing, y + 4.0, H - MARGIN - 8.0  # 5 mm clear above the footer


def _finish(
    doc: RulesDoc,
    page: Page,
    size: float,
    drawing: list[Primitive],
    diagram_box: Rect | None,
) -> RulesPage:
    layout = Layout(
        game=doc.game,
        sheet_code=doc.footer,
        field_version=0,
        seed=None,
        options={},
        page=page,
        drawing=drawing,
        title=f"{doc.title} - rules",
    )
    boxes = [text_box(t) for t in drawing if isinstance(t, Text)]
    return RulesPage(layout, size, diagram_box, boxes)


def _band_layout(doc: RulesDoc, page: Page, size: float) -> RulesPage:
    """The rules in two balanced columns, the worked example in a band across the page
    below them: the diagram on the left, its explanation beside and under it."""
    drawing, top, bottom = _header(doc, page)
    W = page.width_mm
    col_w = (W - 2 * MARGIN - COLUMN_GAP) / 2

    def flow_to(cut: float) -> _Flow | None:
        left = Rect(MARGIN, top, MARGIN + col_w, cut)
        flow = _Flow([left, Rect(W - MARGIN - col_w, top, W - MARGIN, cut)], size)
        try:
            for b in doc.rules:
                flow.block(b)
        except _Full:
            return None
        return flow

    if flow_to(bottom) is None:
        raise _Full
    lo, hi = top, bottom  # the shortest columns that hold the rules
    for _ in range(16):
        mid = (lo + hi) / 2
        lo, hi = (lo, mid) if flow_to(mid) is not None else (mid, hi)
    rules = flow_to(hi)
    assert rules is not None
    drawing += rules.out
    band = _Flow([Rect(MARGIN, hi + size, W - MARGIN, bottom)], size)
    band.block(Heading(doc.example_heading))
    y = band.y
    diagram_box = None
    frames = [Rect(MARGIN, y, W - MARGIN, bottom)]
    if doc.diagram is not None:
        w = min(BAND_DIAGRAM_SHARE * (W - 2 * MARGIN), (bottom - y) / doc.diagram.aspect)
        if w < MIN_BAND_DIAGRAM:
            raise _Full
        diagram_box = Rect(MARGIN, y, MARGIN + w, y + w * doc.diagram.aspect)
        frames = [Rect(diagram_box.x1 + COLUMN_GAP, y, W - MARGIN, diagram_box.y1)]
        if bottom - diagram_box.y1 > 2 * size * LEADING:
            frames.append(Rect(MARGIN, diagram_box.y1 + size * 1.2, W - MARGIN, bottom))
    text = _Flow(frames, size)
    for b in doc.example:
        text.block(b)
    drawing += band.out + text.out
    return _finish(doc, page, size, drawing, diagram_box)


def _column_layout(doc: RulesDoc, page: Page, size: float) -> RulesPage:
    """The worked example heads the right column; the rules run down the left one and on
    below the example."""
    drawing, top, bottom = _header(doc, page)
    W = page.width_mm
    col_w = (W - 2 * MARGIN - COLUMN_GAP) / 2
    left = Rect(MARGIN, top, MARGIN + col_w, bottom)
    right = Rect(W - MARGIN - col_w, top, W - MARGIN, bottom)
    diagram_box = None
    example_end = right.y0
    if doc.diagram is not None or doc.example:
        flow = _Flow([right], size)
        flow.block(Heading(doc.example_heading))
        if doc.diagram is not None:
            h = min(col_w * doc.diagram.aspect, right.h * MAX_DIAGRAM_SHARE)
            w = h / doc.diagram.aspect
            x0 = right.x0 + (col_w - w) / 2
            diagram_box = Rect(x0, flow.y, x0 + w, flow.y + h)
            flow.y = diagram_box.y1 + size * 1.2
        for b in doc.example:
            flow.block(b)
        drawing += flow.out
        example_end = flow.y + size
    frames = [left]
    if right.y1 - example_end > 4 * size * LEADING:
        frames.append(Rect(right.x0, example_end + size, right.x1, right.y1))
    flow = _Flow(frames, size)
    for b in doc.rules:
        flow.block(b)
    drawing += flow.out
    return _finish(doc, page, size, drawing, diagram_box)
