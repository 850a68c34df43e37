"""The blank sheet as the scanner sees it: what is printed where, and which pixels to measure.

Built once per sheet code at the scanner's working resolution, from the generator's own
renderer, so the scanner's idea of the sheet is exactly what was printed:

* ``printed``: every pixel with ink on the blank sheet (lines, dots, text, markers, QR);
* ``paper``: pixels that are bare paper on every sheet (no region, nothing printed near), for
  white balance and lighting;
* the per-region measurement pixels (:mod:`artsheets.scanner.regions`).

Templates are kept in memory (the last :data:`SHEETS_CACHED`) and on disk
(:mod:`artsheets.scanner.diskcache`): a process that finds a sheet's template there reads it
back instead of importing the generator and building it.
"""

from __future__ import annotations

import functools
import hashlib
from collections.abc import Callable, Hashable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import cv2
import numpy as np

from artsheets.generator.layout import Layout
from artsheets.rules.core import field_cache_entries, seed_field_cache
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.diskcache import DiskCache, cache_root
from artsheets.scanner.regions import RegionMasks, build_region_masks

__all__ = [
    "PX_PER_MM",
    "Template",
    "build_template",
    "cache_name",
    "derived",
    "disk",
    "forget_templates",
    "keep_rules_cache",
    "template_for",
    "template_soon",
]

PX_PER_MM = 5.0  # the working resolution: A4 is 1050 x 1485 pixels
_DPI = round(PX_PER_MM * 25.4)  # 127: the renderer takes whole dots per inch
BIG_REGION_MM2 = 40.0  # regions larger than this may hide the paper under a solid fill


def disk(radius_mm: float, px_per_mm: float = PX_PER_MM) -> np.ndarray:
    """A round structuring element of the given radius."""
    r = max(1, round(radius_mm * px_per_mm))
    return cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))


@dataclass(frozen=True)
class Template:
    """The blank sheet at :data:`PX_PER_MM`, with masks derived from it."""

    layout: Layout
    gray: np.ndarray  # uint8, the rendered blank sheet
    printed: np.ndarray  # bool, ink on the blank sheet
    paper: np.ndarray  # bool, always bare paper
    furniture_ink: np.ndarray  # bool, print 2 mm or more from every region (never pencilled)
    clear: np.ndarray  # uint8 1/0, pixels clear of anything printed (by 0.4 mm)
    clear_share: np.ndarray  # float32, share of each 1 mm block that is clear (made once here)
    paper_small: np.ndarray  # bool, 1 mm blocks that are all sure paper
    big_small: np.ndarray  # bool, 1 mm blocks touching a large region
    boxes_small: np.ndarray  # bool, 1 mm blocks inside a small region (a box, a mark)
    masks: RegionMasks
    # What the rules precompute for the sheet's field (rules.core.field_cache), by key: kept
    # with the template so that a process reading it from the disk cache need not rebuild it.
    rules_cache: dict[str, Any] = field(default_factory=dict)
    # What the scanner's stages make from the template alone (:func:`derived`), by its
    # builder's name and settings: (the builder's version, the table); and the versions the
    # copy on disk holds.
    tables: dict[tuple[str, Hashable], tuple[Hashable, Any]] = field(default_factory=dict)
    tables_stored: dict[tuple[str, Hashable], Hashable] = field(default_factory=dict)

    @property
    def shape(self) -> tuple[int, int]:
        return self.gray.shape[:2]


# Sheets whose templates (about 20 MB each) are kept: a batch usually holds photos of a few
# sheets, and more would only raise the memory the scanner holds.
SHEETS_CACHED = 4


def template_for(code: str, config: ScannerConfig = DEFAULT) -> Template:
    """The template of the sheet ``code`` names, its region masks built with ``config``: from
    memory, from the disk cache, or built (and stored there)."""
    return _template_for(code, config)


@functools.cache
def _reader() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(1, thread_name_prefix="artsheets-template")


def template_soon(code: str, config: ScannerConfig = DEFAULT) -> Future[Template]:
    """:func:`template_for` in a thread of its own, while the caller goes on: reading a
    template back from the disk cache (its file, its pickle, the cache's key: 15-35 ms) is
    mostly Python's own work, and the page's warp beside it mostly OpenCV's, which leaves
    Python's lock to the thread."""
    return _reader().submit(template_for, code, config)


def cache_name(code: str, config: ScannerConfig) -> str:
    """The template's name in the disk cache: the sheet code and a digest of the whole config
    it was built with. The whole config, not only the region masks' fields, so that a mask
    setting added later, or a default changed in ``config.py`` (not one of the sources that
    version the cache), can never read a template built without it; another config (a
    settings sweep, a test) costs one template build a sheet."""
    digest = hashlib.sha256(repr(config).encode()).hexdigest()[:16].upper()
    return f"{code}-C{digest}"


@functools.lru_cache(maxsize=SHEETS_CACHED)
def _template_for(code: str, config: ScannerConfig) -> Template:
    root = cache_root()
    cache = DiskCache(root, "templates") if root is not None else None
    name = cache_name(code, config)
    if cache is not None:
        found = cache.get(name)
        if isinstance(found, Template):
            if found.layout.topology is not None:
                seed_field_cache(found.layout.topology, found.rules_cache)
            return found
    tpl = build_template(code, config)
    if cache is not None:
        cache.put(name, tpl)
    return tpl


def build_template(code: str, config: ScannerConfig = DEFAULT) -> Template:
    """Build the template of the sheet ``code`` names, its region masks with ``config`` (no
    cache)."""
    from artsheets.generator.render_png import render_image  # imported only to build
    from artsheets.scanner.identify import layout_for_code

    layout = layout_for_code(code)
    gray = np.asarray(render_image(layout, _DPI).convert("L"))
    printed = gray < 235
    near_print = cv2.dilate(printed.astype(np.uint8), disk(1.5)) > 0
    masks = build_region_masks(layout, printed, PX_PER_MM, config)
    footprint = masks.footprint(gray.shape).astype(np.uint8)
    in_region = cv2.dilate(footprint, disk(1.0)) > 0
    furniture_ink = printed & (cv2.dilate(footprint, disk(2.0)) == 0)
    paper = ~near_print & ~in_region
    # Stay clear of the page edge, which a photo may show torn or against the table.
    edge = round(6 * PX_PER_MM)
    paper[:edge], paper[-edge:], paper[:, :edge], paper[:, -edge:] = False, False, False, False
    clear = (cv2.dilate(printed.astype(np.uint8), disk(0.4)) == 0).astype(np.uint8)
    big = np.zeros(gray.shape, np.uint8)
    boxes = np.zeros(gray.shape, np.uint8)
    for i, r in enumerate(masks.regions):
        if r.polygon is None:
            continue
        pts = np.round((masks.outlines[i]) * 16).astype(np.int32)
        large = masks.full_area[i] > BIG_REGION_MM2 * PX_PER_MM**2
        cv2.fillPoly(big if large else boxes, [pts], 1, cv2.LINE_8, 4)
    f = round(PX_PER_MM)
    sh, sw = gray.shape[0] // f, gray.shape[1] // f

    def reduce(img: np.ndarray) -> np.ndarray:
        crop = img[: sh * f, : sw * f].astype(np.float32)
        return cv2.resize(crop, (sw, sh), interpolation=cv2.INTER_AREA)

    return Template(
        layout=layout,
        gray=gray,
        printed=printed,
        paper=paper,
        furniture_ink=furniture_ink,
        clear=clear,
        clear_share=reduce(clear),
        paper_small=reduce(paper) > 0.99,
        big_small=reduce(big) > 0.0,
        boxes_small=reduce(boxes) > 0.5,
        masks=masks,
    )


def forget_templates() -> None:
    """Empty the memory cache of templates (the disk cache is left as it is)."""
    _template_for.cache_clear()


def keep_rules_cache(code: str, tpl: Template, config: ScannerConfig = DEFAULT) -> None:
    """After a scan of the sheet ``code``: what the rules built for its field while scoring
    it, and the tables the scan's stages made from the template (:func:`derived`), that the
    template's copy on disk does not hold yet are added to it and the template stored again,
    so that later processes reading it from the disk cache start with them. (Rebuilding a
    rings sheet's chords and the sections each crosses took 0.6-0.8 s in every process; the
    tables 10-30 ms.)"""
    topology = tpl.layout.topology
    entries = field_cache_entries(topology) if topology is not None else {}
    new_rules = not entries.keys() <= tpl.rules_cache.keys()
    new_tables = any(tpl.tables_stored.get(n, _UNSET) != v for n, (v, _) in tpl.tables.items())
    if not new_rules and not new_tables:
        return
    tpl.rules_cache.update(entries)
    tpl.tables_stored.update((n, v) for n, (v, _) in tpl.tables.items())
    root = cache_root()
    if root is not None:
        DiskCache(root, "templates").put(cache_name(code, config), tpl)


_UNSET = object()
_K = TypeVar("_K", bound=Hashable)
_V = TypeVar("_V")


def derived(tpl: Template, key: _K, build: Callable[[Template, _K], _V]) -> _V:
    """``build(tpl, key)``: a table a stage makes from the template alone and ``key`` (the
    settings it is made with), made once a template and kept with it, in memory and on disk
    (:func:`keep_rules_cache`). A stored table is taken only if made with an equal ``key``
    by the same code: it is kept by the builder's name and ``key``, and versioned by the
    bytes of the builder's module (a module not among the disk cache's own sources may
    change without changing the cache's key)."""
    name = (f"{build.__module__}.{build.__qualname__}", key)
    version = _source_digest(build.__code__.co_filename)
    hit = tpl.tables.get(name)
    if hit is not None and hit[0] == version:
        return hit[1]  # type: ignore[no-any-return]
    value = build(tpl, key)
    tpl.tables[name] = (version, value)
    return value


@functools.cache
def _source_digest(path: str) -> Hashable:
    """The version of a module's code (its file's digest; a module whose file cannot be read
    gets a value no stored table equals, this process's own)."""
    try:
        return hashlib.sha256(Path(path).read_bytes()).hexdigest()[:16]
    except OSError:
        return object()
