"""Review of a messaging app's copy: fills read surely on colour evidence the copy weakens.

A photo sent through a messaging app (under ``ScannerConfig.grey_min_px_per_mm``: 1600 px or
less, JPEG quality 40-60) keeps a fill's colour only as a chroma block or two, and two of
the references a fill is compared with fail there without the reading's own margin showing
it (benchmarks/RESULTS.md, "Messaging copies: which link fails first"):

* a colour key out of the frame is learned from its player's ticks (``Palette.source``
  ``"boxes"``), whose chroma the copy dulls: the key then lies nearer another colour than
  the fills it stands for, and a close key's fills read as its neighbour's;
* an overexposed copy (its paper clipped at white) clips a pale fill's pixels at the
  camera's white too (the fill's colour is only bounded, ``RegionStats.censored``): clipped
  fills teach no key, and such a fill reads as a close key's.

A filled space or key whose reading rests on either, read by less than
``ScannerConfig.copy_doubt_margin`` log-odds over the next reading, goes to review with its
runner-up named; the reading itself is not changed.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Protocol

import numpy as np

from artsheets.scanner.colours import Palette, Reading
from artsheets.scanner.config import ScannerConfig
from artsheets.scanner.evidence import Evidence

__all__ = ["doubt_copy_fills"]

# Regions read by their pixels' mean colour against the keys: filled spaces and the keys.
# Not traced lines (read by the line fit) nor tally boxes (by their coverage); nor marks: a
# capture mark is a tenth of a chroma block, with a small-mark doubt of its own
# (``colours``), and in the test suite's 4.4 px/mm photo of a Miro sheet six right capture
# marks, clipped, read under the margin; every unflagged misread the copies of seeds
# 1700-1723 and 1900-1923 held was a filled space.
FILL_KINDS = frozenset({"space", "key"})


class _Region(Protocol):
    """What is needed of a template's region (``generator.layout.Region``)."""

    @property
    def id(self) -> str: ...

    @property
    def kind(self) -> str: ...


def doubt_copy_fills(
    readings: dict[str, Reading],
    evidence: Mapping[str, Evidence],
    regions: Sequence[_Region],
    censored: np.ndarray,
    palette: Palette,
    px_per_mm: float,
    overexposed: bool,
    config: ScannerConfig,
) -> int:
    """Send to review, in place, the copy's fills read surely by a small margin whose colour
    rests on a key learned from ticks or on clipped pixels (see the module's docstring).

    ``regions``: the template's regions in the order of ``censored`` (each with ``id`` and
    ``kind``). ``overexposed``: the photo's paper clipped at white in some channel
    (``light.Light.clipped_channels``); a fill's clipped pixels count only then (a pale pencil
    clips here and there in any photo; the copies' sure misreads of clipped fills were all
    in overexposed copies). Nothing happens in a photo of ``grey_min_px_per_mm`` or more.
    Returns how many regions were sent to review."""
    if px_per_mm >= config.grey_min_px_per_mm or not math.isfinite(config.copy_doubt_margin):
        return 0
    sent = 0
    for i, reg in enumerate(regions):
        rid, kind = reg.id, reg.kind
        rd = readings.get(rid)
        ev = evidence.get(rid)
        if kind not in FILL_KINDS or rd is None or ev is None:
            continue
        if rd.reason is not None or rd.color is None or rd.runner_up is None:
            continue
        margin = ev.loglik.get(rd.color, -math.inf) - max(
            (v for o, v in ev.loglik.items() if o != rd.color), default=-math.inf
        )
        if margin >= config.copy_doubt_margin:
            continue
        ticks = "boxes" in (palette.source.get(rd.color), palette.source.get(rd.runner_up))
        if ticks:
            why = (
                "a key learned from its player's ticks, which a messaging app's copy dulls, "
                f"leaves it close to colour {rd.runner_up}"
            )
        elif overexposed and bool(censored[i]):
            why = (
                "the copy is overexposed and its colour clipped at white: "
                f"colour {rd.runner_up} is close"
            )
        else:
            continue
        readings[rid] = rd.doubted(config.copy_doubt_confidence, why)
        sent += 1
    return sent
