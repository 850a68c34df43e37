"""The one sheet model: regions (what players colour and what the scanner reads) plus the
drawing (what the renderers paint), both in page millimetres.

Every renderer draws only from :class:`Layout.drawing`, so PDF, SVG and PNG agree; the layout
JSON (``FORMATS.md``) carries the regions, markers and the field topology. Coordinates are
rounded to 0.01 mm when they enter the model, so the JSON and SVG are byte-identical on every
machine (no float-formatting drift).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from artsheets.rules.field import Field

__all__ = [
    "FORMAT",
    "PAGES",
    "Circle",
    "Layout",
    "Marker",
    "Page",
    "Path",
    "Point",
    "Primitive",
    "Region",
    "Text",
    "layout_from_dict",
    "q",
    "qp",
]

FORMAT = "artsheets.layout/1"
Point = tuple[float, float]


def q(x: float) -> float:
    """Round a millimetre value to the 0.01 mm grid used everywhere (and never -0.0)."""
    return round(float(x), 2) + 0.0


def qp(points: Any) -> list[Point]:
    """Round a sequence of (x, y) pairs."""
    return [(q(x), q(y)) for x, y in points]


@dataclass(frozen=True)
class Page:
    """A paper size in millimetres; ``code`` is its token in the sheet code."""

    name: str
    code: str
    width_mm: float
    height_mm: float


PAGES: dict[str, Page] = {
    "a4": Page("a4", "A4", 210.0, 297.0),
    "letter": Page("letter", "LT", 215.9, 279.4),
}


# --- drawing primitives -------------------------------------------------------------------


@dataclass(frozen=True)
class Path:
    """A polyline or polygon. ``dash`` is (on, off) in mm, starting at the first point."""

    points: list[Point]
    closed: bool = False
    stroke: str | None = "#000000"
    width: float = 0.3
    fill: str | None = None
    dash: tuple[float, float] | None = None


@dataclass(frozen=True)
class Circle:
    center: Point
    r: float
    stroke: str | None = "#000000"
    width: float = 0.3
    fill: str | None = None


@dataclass(frozen=True)
class Text:
    """Text at a baseline point; ``size`` is the font size (em) in mm; anchor start/middle/end."""

    pos: Point
    text: str
    size: float
    anchor: str = "start"
    bold: bool = False
    fill: str = "#000000"


Primitive = Path | Circle | Text


# --- regions and the layout ---------------------------------------------------------------


@dataclass
class Region:
    """One readable region of the sheet (FORMATS.md). Only the fields that apply are written."""

    id: str
    kind: str
    polygon: list[Point] | None = None
    holes: list[list[Point]] | None = None
    polyline: list[Point] | None = None
    width_mm: float | None = None
    group: str | None = None
    player: int | None = None
    color_index: int | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {"id": self.id, "kind": self.kind}
        if self.polygon is not None:
            d["polygon"] = [list(p) for p in self.polygon]
        if self.holes:
            d["holes"] = [[list(p) for p in ring] for ring in self.holes]
        if self.polyline is not None:
            d["polyline"] = [list(p) for p in self.polyline]
        if self.width_mm is not None:
            d["width_mm"] = self.width_mm
        for key in ("group", "player", "color_index"):
            value = getattr(self, key)
            if value is not None:
                d[key] = value
        d.update(self.extra)
        return d


@dataclass(frozen=True)
class Marker:
    """An ArUco corner marker: its id, which corner, centre and outer size in mm."""

    id: int
    corner: str
    center: Point
    size_mm: float

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "corner": self.corner,
            "center": list(self.center),
            "size_mm": self.size_mm,
        }


@dataclass
class Layout:
    """A complete sheet: identity, page, markers, regions, field topology and drawing."""

    game: str
    sheet_code: str
    field_version: int
    seed: int | None
    options: dict[str, int]
    page: Page
    markers: list[Marker] = field(default_factory=list)
    regions: list[Region] = field(default_factory=list)
    topology: Field | None = None
    drawing: list[Primitive] = field(default_factory=list)
    title: str = ""

    def region(self, region_id: str) -> Region:
        for r in self.regions:
            if r.id == region_id:
                return r
        raise KeyError(region_id)

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.game,
            "sheet_code": self.sheet_code,
            "field_version": self.field_version,
            "seed": self.seed,
            "options": dict(self.options),
            "page": {
                "name": self.page.name,
                "width_mm": self.page.width_mm,
                "height_mm": self.page.height_mm,
            },
            "markers": [m.to_dict() for m in self.markers],
            "regions": [r.to_dict() for r in self.regions],
            "topology": self.topology.to_dict() if self.topology else None,
        }

    def to_json(self) -> str:
        """Deterministic JSON text (fixed key order, compact separators, trailing newline)."""
        return json.dumps(self.to_dict(), separators=(",", ":"), ensure_ascii=True) + "\n"


def _points(raw: Any) -> list[Point] | None:
    return None if raw is None else [(float(x), float(y)) for x, y in raw]


def layout_from_dict(d: dict[str, Any]) -> Layout:
    """Read a layout JSON document back (regions, markers, topology; not the drawing)."""
    page_d = d["page"]
    page = PAGES.get(page_d.get("name", "")) or Page(
        page_d.get("name", "custom"), "", page_d["width_mm"], page_d["height_mm"]
    )
    known = {
        "id",
        "kind",
        "polygon",
        "holes",
        "polyline",
        "width_mm",
        "group",
        "player",
        "color_index",
    }
    regions = [
        Region(
            r["id"],
            r["kind"],
            polygon=_points(r.get("polygon")),
            holes=[_points(h) for h in r["holes"]] if r.get("holes") else None,
            polyline=_points(r.get("polyline")),
            width_mm=r.get("width_mm"),
            group=r.get("group"),
            player=r.get("player"),
            color_index=r.get("color_index"),
            extra={k: v for k, v in r.items() if k not in known},
        )
        for r in d["regions"]
    ]
    markers = [Marker(m["id"], m["corner"], tuple(m["center"]), m["size_mm"]) for m in d["markers"]]
    topo = d.get("topology")
    return Layout(
        game=d["game"],
        sheet_code=d["sheet_code"],
        field_version=d["field_version"],
        seed=d.get("seed"),
        options=dict(d.get("options", {})),
        page=page,
        markers=markers,
        regions=regions,
        topology=Field.from_dict(topo) if topo else None,
    )
