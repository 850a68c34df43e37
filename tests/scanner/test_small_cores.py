"""A small space's core: felt-tip bleed over its rim is left out of its measurement."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from artsheets.scanner.colours import _small_cores, without_bleed
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.template import template_for

from .fakes import region_stats
from .simulator import sheet_for


def _springer():
    tpl = template_for(sheet_for("springer").sheet_code)
    m = tpl.masks
    deep = m.edge_mm >= DEFAULT.bleed_mm
    shallow = m.edge_mm >= DEFAULT.small_core_mm

    def count(mask: np.ndarray, i: int) -> int:
        return int(mask[m.starts[i] : m.starts[i + 1]].sum())

    # The triangles whose deep core is too small to judge and whose shallower one is not.
    small = [
        i
        for i, r in enumerate(m.regions)
        if r.kind == "triangle" and count(deep, i) < DEFAULT.core_pixels <= count(shallow, i)
    ]
    return tpl, m, deep, small


def _measured(ink: np.ndarray, config: ScannerConfig):
    """Coverage after :func:`without_bleed` of the Springer sheet with pencil at ``ink``."""
    tpl, m, deep, _ = _springer()
    core_n, core_ink = m.sums(deep), m.sums(ink & deep)
    core_n, core_ink = _small_cores(m, ink, None, core_n, core_ink, config)
    n = np.diff(m.starts).astype(np.float64)
    stats = region_stats(m.sums(ink), np.ones((len(n), 3)), core_n=core_n, core_ink=core_ink)
    stats = replace(stats, n=n)
    return without_bleed(stats, tpl, False, config).coverage


def test_springers_edge_triangles_have_almost_no_deep_core() -> None:
    _, _, _, small = _springer()
    assert len(small) >= 6  # the small triangles on the sheet's edges


def test_bleed_over_a_small_spaces_rim_is_left_out() -> None:
    _, m, _, small = _springer()
    rim = m.edge_mm < 1.1  # a neighbour's felt tip over the outline, 1.1 mm in
    on = DEFAULT
    off = ScannerConfig(small_core_mm=0.0)
    with_core, without = _measured(rim, on), _measured(rim, off)
    assert (with_core[small] == 0.0).all()  # judged bare on its shallower core
    assert (without[small] > 0.2).all()  # the rim's bleed read as a partial fill


def test_a_coloured_small_space_keeps_its_whole_measurement() -> None:
    _, m, _, small = _springer()
    everywhere = np.ones(len(m.edge_mm), bool)
    assert np.allclose(_measured(everywhere, DEFAULT)[small], 1.0)
    # A hurried scribble over part of it, reaching the shallower core: never judged bare.
    half = np.zeros(len(m.edge_mm), bool)
    half[::2] = True
    off = ScannerConfig(small_core_mm=0.0)
    assert np.allclose(_measured(half, DEFAULT)[small], _measured(half, off)[small])
