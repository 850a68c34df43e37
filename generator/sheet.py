"""Sheet composition: a builder that game modules draw into, and the page frame around them.

A game module receives a :class:`Sheet` whose furniture (markers, title, reminder, colour key,
sheet code and QR) is already placed, draws its field and score areas inside :attr:`Sheet.body`
and registers regions; :meth:`Sheet.finish` turns the result into a :class:`Layout`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from artsheets.generator.layout import (
    Circle,
    Layout,
    Marker,
    Page,
    Path,
    Point,
    Primitive,
    Region,
    Text,
    q,
    qp,
)
from artsheets.rules.field import Field

__all__ = ["INK", "LINE_GREY", "MARGIN_MM", "Rect", "Sheet", "Style"]

MARGIN_MM = 10.0  # nothing is printed closer than this to the page edge
INK = "#000000"
FURNITURE = "#333333"
LINE_GREY = "#8a8a8a"  # lines players colour over: mid-grey, so colour shows on them
SOFT = "#666666"


@dataclass(frozen=True)
class Style:
    stroke: str | None = FURNITURE
    width: float = 0.25
    fill: str | None = None
    dash: tuple[float, float] | None = None


@dataclass(frozen=True)
class Rect:
    """An axis-aligned rectangle in page mm (x0 < x1, y0 < y1)."""

    x0: float
    y0: float
    x1: float
    y1: float

    @property
    def w(self) -> float:
        return self.x1 - self.x0

    @property
    def h(self) -> float:
        return self.y1 - self.y0

    @property
    def cx(self) -> float:
        return (self.x0 + self.x1) / 2

    @property
    def cy(self) -> float:
        return (self.y0 + self.y1) / 2

    def corners(self) -> list[Point]:
        return [(self.x0, self.y0), (self.x1, self.y0), (self.x1, self.y1), (self.x0, self.y1)]

    def inset(self, d: float) -> Rect:
        return Rect(self.x0 + d, self.y0 + d, self.x1 - d, self.y1 - d)

    def split_x(self, x: float) -> tuple[Rect, Rect]:
        return Rect(self.x0, self.y0, x, self.y1), Rect(x, self.y0, self.x1, self.y1)

    def split_y(self, y: float) -> tuple[Rect, Rect]:
        return Rect(self.x0, self.y0, self.x1, y), Rect(self.x0, y, self.x1, self.y1)


@dataclass
class Sheet:
    """Accumulates regions and drawing for one sheet."""

    game: str
    page: Page
    body: Rect
    sheet_code: str = ""
    field_id: str = ""  # the sheet code without page and check character: see SheetCode
    field_version: int = 1
    seed: int | None = None
    options: dict[str, int] = field(default_factory=dict)
    title: str = ""
    regions: list[Region] = field(default_factory=list)
    drawing: list[Primitive] = field(default_factory=list)
    markers: list[Marker] = field(default_factory=list)
    _ids: set[str] = field(default_factory=set)

    # --- drawing ---------------------------------------------------------------------------
    def path(self, points: Any, style: Style = Style(), closed: bool = False) -> None:
        self.drawing.append(
            Path(qp(points), closed, style.stroke, style.width, style.fill, style.dash)
        )

    def rect(self, r: Rect, style: Style = Style()) -> None:
        self.path(r.corners(), style, closed=True)

    def circle(self, center: Point, radius: float, style: Style = Style()) -> None:
        self.drawing.append(
            Circle((q(center[0]), q(center[1])), q(radius), style.stroke, style.width, style.fill)
        )

    def text(
        self,
        pos: Point,
        text: str,
        size: float,
        anchor: str = "start",
        bold: bool = False,
        fill: str = INK,
    ) -> None:
        self.drawing.append(Text((q(pos[0]), q(pos[1])), text, q(size), anchor, bold, fill))

    # --- regions ---------------------------------------------------------------------------
    def add_region(
        self,
        region_id: str,
        kind: str,
        *,
        polygon: Any = None,
        holes: Any = None,
        polyline: Any = None,
        width_mm: float | None = None,
        group: str | None = None,
        player: int | None = None,
        color_index: int | None = None,
        **extra: Any,
    ) -> Region:
        """Register a region; ids must be unique on the sheet."""
        if region_id in self._ids:
            raise ValueError(f"duplicate region id {region_id!r}")
        self._ids.add(region_id)
        region = Region(
            region_id,
            kind,
            polygon=qp(polygon) if polygon is not None else None,
            holes=[qp(h) for h in holes] if holes else None,
            polyline=qp(polyline) if polyline is not None else None,
            width_mm=q(width_mm) if width_mm is not None else None,
            group=group,
            player=player,
            color_index=color_index,
            extra=dict(extra),
        )
        self.regions.append(region)
        return region

    def box(
        self, r: Rect, region_id: str, kind: str, style: Style = Style(), **attrs: Any
    ) -> Region:
        """Draw a rectangle and register it as a region in one step."""
        self.rect(r, style)
        return self.add_region(region_id, kind, polygon=r.corners(), **attrs)

    def finish(self, topology: Field | None) -> Layout:
        return Layout(
            game=self.game,
            sheet_code=self.sheet_code,
            field_version=self.field_version,
            seed=self.seed,
            options=dict(self.options),
            page=self.page,
            markers=list(self.markers),
            regions=list(self.regions),
            topology=topology,
            drawing=list(self.drawing),
            title=self.title,
        )
