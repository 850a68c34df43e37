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

An overexposed copy dulls every pale colour, clipped or not, and its capture marks and
keys with the fills: there a filled space, key or mark read by less than
``ScannerConfig.copy_overexposed_margin`` (a smaller margin) goes to review too
(benchmarks/RESULTS.md, "Messaging copies: an overexposed copy's marks and keys"), except a
mark the measurement read against its keys' dulled curves (``Reading.dulled``: under a
quarter of a chroma block), whose margin allows the lost chroma already
(``ScannerConfig.copy_overexposed_dulled``).

In any copy, overexposed or not, a filled space or key read by less than
``ScannerConfig.copy_fill_margin`` goes to review whatever its references: a fill between
two keys was read surely in its neighbour's colour on a key learned from a swatch, its
pixels unclipped (benchmarks/RESULTS.md, "Messaging copies: any copy's fills and keys read by
a small margin").
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
# In an overexposed copy, marks too: of the misreads left out of review in the overexposed
# copies of seeds 2500-2599, one was a capture mark read by 2.1 log-odds beside the fills of
# its sheet misread alike (tune96b held a mark and a key so).
OVEREXPOSED_KINDS = FILL_KINDS | {"mark"}


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
    rests on a key learned from ticks or on clipped pixels, in an overexposed copy its
    fills, keys and marks read by a smaller margin, and in any copy its fills and keys read
    by ``copy_fill_margin`` (see the module's docstring).

    ``regions``: the template's regions in the order of ``censored`` (each with ``id`` and
    ``kind``). ``overexposed``: the photo's paper clipped at white in some channel
    (``light.Light.clipped_channels``); a fill's clipped pixels count only then (a pale pencil
    clips here and there in any photo; the copies' sure misreads of clipped fills were all
    in overexposed copies). Nothing happens in a photo of ``grey_min_px_per_mm`` or more.
    Returns how many regions were sent to review."""
    if px_per_mm >= config.grey_min_px_per_mm:
        return 0
    sent = 0
    for i, reg in enumerate(regions):
        rid, kind = reg.id, reg.kind
        rd = readings.get(rid)
        ev = evidence.get(rid)
        if kind not in OVEREXPOSED_KINDS or rd is None or ev is None:
            continue
        if rd.reason is not None or rd.color is None or rd.runner_up is None:
            continue
        why = _why(kind, ev.lead(rd.color), rd, bool(censored[i]), palette, overexposed, config)
        if why is None:
            continue
        readings[rid] = rd.doubted(config.copy_doubt_confidence, why)
        sent += 1
    return sent


def _why(
    kind: str,
    margin: float,
    rd: Reading,
    clipped: bool,
    palette: Palette,
    overexposed: bool,
    config: ScannerConfig,
) -> str | None:
    """Why a region read by ``margin`` log-odds over its runner-up goes to review in a copy
    (None: it does not)."""
    if kind in FILL_KINDS and margin < config.copy_doubt_margin < math.inf:
        if "boxes" in (palette.source.get(rd.color), palette.source.get(rd.runner_up)):
            return (
                "a key learned from its player's ticks, which a messaging app's copy dulls, "
                f"leaves it close to colour {rd.runner_up}"
            )
        if overexposed and clipped:
            return (
                "the copy is overexposed and its colour clipped at white: "
                f"colour {rd.runner_up} is close"
            )
    if overexposed and margin < config.copy_overexposed_margin:
        if kind == "mark" and rd.dulled and not config.copy_overexposed_dulled:
            return None  # read against dulled keys already (``Reading.dulled``)
        return f"the copy is overexposed, which dulls its colours: colour {rd.runner_up} is close"
    if kind in FILL_KINDS and margin < config.copy_fill_margin:
        return (
            "a messaging app's copy keeps a fill's colour as a chroma block or two: "
            f"colour {rd.runner_up} is close"
        )
    return None
