"""A fill read surely across a hard shadow's fitted edge, little of it covered, goes to
review, blank second, its reading kept: the shaded strip of a blank space near a fitted edge
a little off the true one reads as a dull colour."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from artsheets.scanner.colours import Reading
from artsheets.scanner.config import DEFAULT
from artsheets.scanner.light import Light, ShadowEdge
from artsheets.scanner.lightdoubt import doubt_across_edge
from artsheets.scanner.template import PX_PER_MM, template_for

from .simulator import sheet_for

CONFIG = replace(DEFAULT, shadow_edge_cover=0.5)


def _scene(through: bool) -> tuple[dict[str, Reading], Light, object, str, str]:
    """Klee's template, a shadow edge (x = const) through one space's anchor (or, with
    ``through`` False, 2 mm left of the page), that space read 2 surely at coverage 0.26, the
    sheet's other spaces at 0.9."""
    tpl = template_for(sheet_for("klee").sheet_code)
    f = round(PX_PER_MM)
    h, w = tpl.shape[0] // f, tpl.shape[1] // f
    grid = np.full((h, w, 3), 0.8, np.float32)
    regions = tpl.masks.regions
    spaces = [i for i, r in enumerate(regions) if r.kind == "space"]
    crossed = spaces[len(spaces) // 2]
    x = float(tpl.masks.anchors[crossed][0]) / f
    edge = ShadowEdge((1.0, 0.0), x if through else -2.0, 2.0, grid, grid * 0.5)
    readings = {
        r.id: Reading(2, 0.97, 0.9, runner_up=4) if r.kind == "space" else Reading(None, 1.0, 0)
        for r in regions
    }
    readings[regions[crossed].id] = Reading(2, 0.97, 0.26, runner_up=4)
    far = next(
        regions[i].id
        for i in spaces
        if abs(float(tpl.masks.anchors[i][0]) / f - x) > 40  # 40 mm off the edge
    )
    return readings, Light(grid, edge), tpl, regions[crossed].id, far


def test_a_sure_fill_little_covered_across_the_edge_goes_to_review() -> None:
    readings, light, tpl, crossed, far = _scene(through=True)
    sent = doubt_across_edge(readings, light, tpl.masks, tpl.shape, CONFIG)
    out = readings[crossed]
    assert out.color == 2 and out.confidence == 0.97  # only flagged
    assert out.runner_up is None  # blank second
    assert out.reason is not None and "shadow's edge" in out.reason
    assert readings[far].reason is None  # off the edge: as read
    assert sent == 1  # the other spaces the edge crosses are covered as the sheet's fills


@pytest.mark.parametrize(
    "change",
    [
        {"coverage": 0.8},  # covered well: a player's fill
        {"confidence": 0.7},  # read with doubt: review's already
        {"color": None},  # read blank
    ],
)
def test_fills_left_alone(change: dict) -> None:
    readings, light, tpl, crossed, _ = _scene(through=True)
    readings[crossed] = replace(readings[crossed], **change)
    doubt_across_edge(readings, light, tpl.masks, tpl.shape, CONFIG)
    assert readings[crossed].reason is None


def test_a_sheet_whose_fills_all_cover_little_is_left_alone() -> None:
    """A game's marks or a hurried scribble cover a third of every space: the sheet's own
    fills set the scale."""
    readings, light, tpl, crossed, _ = _scene(through=True)
    readings = {k: replace(rd, coverage=0.3) if rd.color else rd for k, rd in readings.items()}
    assert doubt_across_edge(readings, light, tpl.masks, tpl.shape, CONFIG) == 0
    assert readings[crossed].reason is None


def test_no_edge_on_the_page_or_switched_off() -> None:
    readings, light, tpl, _, _ = _scene(through=False)
    assert doubt_across_edge(readings, light, tpl.masks, tpl.shape, CONFIG) == 0
    readings, light, tpl, _, _ = _scene(through=True)
    off = replace(CONFIG, shadow_edge_cover=0.0)
    assert doubt_across_edge(readings, light, tpl.masks, tpl.shape, off) == 0
    assert doubt_across_edge(readings, Light(light.grid), tpl.masks, tpl.shape, CONFIG) == 0
