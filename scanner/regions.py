"""Which pixels of the rectified sheet to measure for each region, derived from the layout.

As in optical mark reading (SDAPS, auto-multiple-choice), only the *eroded interior* of a box
is measured, so that printed outlines, and pencil that stops short of them or strays over them,
do not count. Generalised over every region kind of the layout:

* polygon regions (``space``, ``score_box``, ``mark``, ``key``, ``triangle``, ``track_box`` and
  any future kind with a polygon): the interior eroded by ``region_erode_mm``, less anything printed
  inside (Vasarely's dots, the X and T letters of score boxes) and less any segment band (a line
  traced in colour along a space's edge belongs to the segment, not the space). A region nested
  in another (Miro's capture circle inside its space) is taken out of the outer one.
* ``segment``: the band of ``width_mm`` along the polyline, less where it overlaps another
  segment's band (at a crossing or a shared end the colour could belong to either). The
  printed line inside the band is measured by its tint only (its grey would pass for graphite).

The distances are ``ScannerConfig`` fields (``region_*``, ``segment_measure_mm``,
``near_print_mm``). The masks belong to a sheet's template, which is cached per sheet code
(``template.py``, memory and disk) and built with the default config: a scan with other
region settings must not reuse that cache.

Small regions keep a thinner erosion rather than vanish; a region left with too few pixels is
still measured and gets a low confidence from its pixel count.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from artsheets.generator.layout import Layout, Region
from artsheets.scanner.config import DEFAULT, ScannerConfig

__all__ = ["RegionMasks", "build_region_masks", "to_px"]


def to_px(points: object, ppm: float) -> np.ndarray:
    """Page mm -> pixel coordinates (pixel centres at integers), float64 (n, 2)."""
    return np.asarray(points, np.float64).reshape(-1, 2) * ppm - 0.5


def _fixed(points: np.ndarray, offset: tuple[int, int] = (0, 0)) -> np.ndarray:
    """Pixel coordinates as 4-bit fixed point for OpenCV's sub-pixel drawing."""
    return np.round((points - np.asarray(offset)) * 16).astype(np.int32)


def _disk(r_px: int) -> np.ndarray:
    return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r_px + 1, 2 * r_px + 1))


@dataclass(frozen=True)
class RegionMasks:
    """Measurement pixels of every region, flattened for fast per-region sums.

    ``pixels[starts[i]:starts[i + 1]]`` are the flat indices (row * width + col) of region
    ``i``'s measurement pixels; ``owner`` repeats ``i`` for each of them (for ``np.bincount``).
    ``outlines`` hold each region's outline in pixel coordinates (a closed ring, or an open
    polyline for a segment) and ``anchors`` a point inside it, for the overlay.
    """

    regions: tuple[Region, ...]
    starts: np.ndarray
    pixels: np.ndarray
    owner: np.ndarray
    full_area: np.ndarray  # pixels inside the region before erosion
    outlines: tuple[np.ndarray, ...]
    anchors: np.ndarray
    footprint_mask: np.ndarray
    near_print: np.ndarray  # per entry of ``pixels``: within ``near_print_mm`` of print
    on_print: np.ndarray  # per entry of ``pixels``: printed itself (a segment's own line)
    line_mm: np.ndarray  # per entry of ``pixels``: distance from its segment's line (-1: none)
    host: np.ndarray  # per entry of ``pixels``: the polygon region it lies in (-1: none)
    # per entry of ``pixels``: distance (mm) from its polygon's own outline (-1: a segment)
    edge_mm: np.ndarray
    along: tuple[tuple[int, ...], ...]  # per segment: pieces of the same printed line at its ends

    @property
    def ids(self) -> list[str]:
        return [r.id for r in self.regions]

    def count(self, i: int) -> int:
        return int(self.starts[i + 1] - self.starts[i])

    def sums(self, values: np.ndarray) -> np.ndarray:
        """Per region, the sum of ``values`` (one per entry of ``pixels``), as float64.

        Each region's entries are consecutive, so this adds runs in place (``reduceat``),
        several times faster than scattering every entry with ``np.bincount``."""
        out = np.zeros(len(self.regions), np.float64)
        filled = self.starts[:-1] < self.starts[1:]
        if filled.any():
            out[filled] = np.add.reduceat(values, self.starts[:-1][filled], dtype=np.float64)
        return out

    def footprint(self, shape: tuple[int, int]) -> np.ndarray:
        """Every pixel inside some region (uneroded): where players may have put colour."""
        assert self.footprint_mask.shape == shape
        return self.footprint_mask


def _bbox(pts: np.ndarray, pad: int, shape: tuple[int, int]) -> tuple[int, int, int, int]:
    x0 = max(0, int(np.floor(pts[:, 0].min())) - pad)
    y0 = max(0, int(np.floor(pts[:, 1].min())) - pad)
    x1 = min(shape[1], int(np.ceil(pts[:, 0].max())) + pad + 1)
    y1 = min(shape[0], int(np.ceil(pts[:, 1].max())) + pad + 1)
    return x0, y0, x1, y1


def build_region_masks(
    layout: Layout, printed: np.ndarray, ppm: float, config: ScannerConfig = DEFAULT
) -> RegionMasks:
    """Measurement pixels of every region of ``layout`` on a page image of ``printed.shape``."""
    shape = printed.shape
    width = shape[1]
    regions = [r for r in layout.regions if r.polygon is not None or r.polyline is not None]
    n = len(regions)
    label = np.full(shape, -1, np.int32)
    bands = np.zeros(shape, np.uint8)
    footprint = np.zeros(shape, np.uint8)
    erode_px = max(1, round(config.region_erode_mm * ppm))
    clear_px = max(1, round(config.region_print_clear_mm * ppm))
    clear = cv2.dilate(printed.astype(np.uint8), _disk(clear_px)) > 0
    core = cv2.dilate(printed.astype(np.uint8), _disk(1)) > 0
    near_px = max(1, round(config.near_print_mm * ppm))
    near = cv2.dilate(printed.astype(np.uint8), _disk(near_px)) > 0

    # Polygons from the largest to the smallest: a nested region ends up on top of its host.
    def area(r: Region) -> float:
        p = to_px(r.polygon, ppm)
        return abs(float(cv2.contourArea(p.astype(np.float32))))

    polys = sorted(
        (i for i, r in enumerate(regions) if r.polygon is not None), key=lambda i: -area(regions[i])
    )
    outlines: list[np.ndarray] = [np.zeros((0, 2))] * n
    boxes: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)] * n
    for i in polys:
        r = regions[i]
        pts = to_px(r.polygon, ppm)
        outlines[i] = pts
        x0, y0, x1, y1 = boxes[i] = _bbox(pts, erode_px + 2, shape)
        win = label[y0:y1, x0:x1]
        mask = np.zeros(win.shape, np.uint8)
        cv2.fillPoly(mask, [_fixed(pts, (x0, y0))], 1, cv2.LINE_8, 4)
        for hole in r.holes or []:
            cv2.fillPoly(mask, [_fixed(to_px(hole, ppm), (x0, y0))], 0, cv2.LINE_8, 4)
        win[mask > 0] = i
        footprint[y0:y1, x0:x1] |= mask
    for i, r in enumerate(regions):
        if r.polygon is not None or r.polyline is None:
            continue
        pts = to_px(r.polyline, ppm)
        outlines[i] = pts
        half = max(1.0, (r.width_mm or 2.0) * ppm / 2)
        x0, y0, x1, y1 = boxes[i] = _bbox(pts, int(np.ceil(half)) + 2, shape)
        band = np.zeros((y1 - y0, x1 - x0), np.uint8)
        cv2.polylines(band, [_fixed(pts, (x0, y0))], False, 1, round(2 * half), cv2.LINE_8, 4)
        bands[y0:y1, x0:x1] += band
        footprint[y0:y1, x0:x1] |= band

    chunks: list[np.ndarray] = []
    line_mm: list[np.ndarray] = []
    hosts: list[np.ndarray] = []
    edges: list[np.ndarray] = []
    full_area = np.zeros(n, np.int64)
    anchors = np.zeros((n, 2))
    for i, r in enumerate(regions):
        x0, y0, x1, y1 = boxes[i]
        if r.polygon is not None:
            own = (label[y0:y1, x0:x1] == i).astype(np.uint8)
            full_area[i] = int(own.sum())
            keep = ~clear[y0:y1, x0:x1] & (bands[y0:y1, x0:x1] == 0)
            m = np.zeros_like(own, bool)
            # Small boxes: their outline is the only print near, and the clearance from it
            # already keeps the measurement inside; erode less so enough pixels remain.
            w_mm = min(x1 - x0, y1 - y0) / ppm
            first = min(erode_px, max(1, round(0.12 * w_mm * ppm)))
            for e in (first, first // 2, 1, 0):
                eroded = cv2.erode(own, _disk(e)) if e else own
                m = (eroded > 0) & keep
                if m.sum() >= config.region_min_pixels:
                    break
        else:
            band = np.zeros((y1 - y0, x1 - x0), np.uint8)
            half = max(1.0, (r.width_mm or 2.0) * ppm / 2)
            cv2.polylines(
                band, [_fixed(outlines[i], (x0, y0))], False, 1, round(2 * half), cv2.LINE_8, 4
            )
            full_area[i] = int(band.sum())
            # Only near the line: a space beside it may be filled (Arp's captures) right up
            # to its edge, and the traced stroke lies on the line. The printed line itself is
            # measured too (pencil traced over it tints it), but only by its colour, not its
            # darkness (see colours.measure).
            core_band = np.zeros_like(band)
            near_half = min(half, config.segment_measure_mm * ppm)
            cv2.polylines(
                core_band,
                [_fixed(outlines[i], (x0, y0))],
                False,
                1,
                max(1, round(2 * near_half)),
                cv2.LINE_8,
                4,
            )
            m = (core_band > 0) & (bands[y0:y1, x0:x1] == 1)
        ys, xs = np.nonzero(m)
        chunks.append(((ys + y0) * width + (xs + x0)).astype(np.int32))
        if r.polygon is None:
            line_mm.append(_distance_from(outlines[i], (x0, y0, x1, y1))[ys, xs] / ppm)
            hosts.append(label[y0:y1, x0:x1][ys, xs])
            edges.append(np.full(len(ys), -1.0, np.float32))
        else:
            line_mm.append(np.full(len(ys), -1.0, np.float32))
            hosts.append(np.full(len(ys), -1, np.int32))
            # From the region's whole outline (holes and nested regions too), where a
            # neighbour's colour may bleed over.
            whole = np.pad(own, 1)
            dist = cv2.distanceTransform(whole, cv2.DIST_L2, 5)[1:-1, 1:-1]
            edges.append(dist[ys, xs] / ppm)
        anchors[i] = _anchor(outlines[i], xs + x0, ys + y0, r.polygon is None)
    starts = np.zeros(n + 1, np.int64)
    starts[1:] = np.cumsum([len(c) for c in chunks])
    pixels = np.concatenate(chunks) if chunks else np.zeros(0, np.int32)
    owner = np.repeat(np.arange(n, dtype=np.int32), np.diff(starts))
    return RegionMasks(
        regions=tuple(regions),
        starts=starts,
        pixels=pixels,
        owner=owner,
        full_area=full_area,
        outlines=tuple(outlines),
        anchors=anchors,
        footprint_mask=footprint > 0,
        near_print=near.ravel()[pixels] if len(pixels) else np.zeros(0, bool),
        on_print=core.ravel()[pixels] if len(pixels) else np.zeros(0, bool),
        line_mm=np.concatenate(line_mm).astype(np.float32) if line_mm else np.zeros(0, np.float32),
        host=np.concatenate(hosts).astype(np.int32) if hosts else np.zeros(0, np.int32),
        edge_mm=np.concatenate(edges).astype(np.float32) if edges else np.zeros(0, np.float32),
        along=_along_line(regions),
    )


def _along_line(regions: list[Region]) -> tuple[tuple[int, ...], ...]:
    """For each segment that is a piece of a named printed line (``line`` in its extras, as
    Arp's are), the pieces of that line it meets end to end; () for everything else."""
    ends: dict[tuple[object, tuple[float, float]], list[int]] = {}
    for i, r in enumerate(regions):
        line = r.extra.get("line")
        if r.kind == "segment" and line is not None and r.polyline is not None:
            for p in (r.polyline[0], r.polyline[-1]):
                ends.setdefault((line, (float(p[0]), float(p[1]))), []).append(i)
    along: list[set[int]] = [set() for _ in regions]
    for pieces in ends.values():
        for i in pieces:
            along[i].update(j for j in pieces if j != i)
    return tuple(tuple(sorted(a)) for a in along)


def _distance_from(polyline: np.ndarray, box: tuple[int, int, int, int]) -> np.ndarray:
    """Each pixel's distance (px) from ``polyline`` in the window ``box`` (x0, y0, x1, y1):
    a traced line is read differently on its printed core and beside it."""
    x0, y0, x1, y1 = box
    drawn = np.full((y1 - y0, x1 - x0), 255, np.uint8)
    cv2.polylines(drawn, [_fixed(polyline, (x0, y0))], False, 0, 1, cv2.LINE_8, 4)
    return cv2.distanceTransform(drawn, cv2.DIST_L2, cv2.DIST_MASK_PRECISE)


def _anchor(outline: np.ndarray, xs: np.ndarray, ys: np.ndarray, is_line: bool) -> np.ndarray:
    """A point to label the region at: the middle of a line, or the measured pixel nearest
    the measured pixels' centre (inside even for an L-shaped or ring-shaped region)."""
    if is_line or len(xs) == 0:
        seg = np.linalg.norm(np.diff(outline, axis=0), axis=1)
        if len(seg) == 0 or seg.sum() == 0:
            return outline.mean(axis=0) if len(outline) else np.zeros(2)
        half = seg.sum() / 2
        k = int(np.searchsorted(np.cumsum(seg), half))
        k = min(k, len(seg) - 1)
        before = np.cumsum(seg)[k] - seg[k]
        t = (half - before) / seg[k] if seg[k] else 0.0
        return outline[k] + t * (outline[k + 1] - outline[k])
    cx, cy = xs.mean(), ys.mean()
    j = int(np.argmin((xs - cx) ** 2 + (ys - cy) ** 2))
    return np.array([xs[j], ys[j]], np.float64)
