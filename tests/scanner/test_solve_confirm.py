"""The rules confirming a doubted region on a legal sheet (``solve._confirmed``): not a
traced line whose close readings include blank where its fit does not rule out a bare line
(a player's segment left uncoloured breaks a rule that confirming its colour would hide),
nor a region whose colour matches no key (an outlier: its true reading need not be among
the close ones the rules rule out)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from artsheets.scanner.colours import Reading
from artsheets.scanner.config import ScannerConfig
from artsheets.scanner.solve import solve

from .simulator import finished_game, sheet_for

CONFIG = ScannerConfig()


def _faint_segment(
    bare: float,
    config: ScannerConfig = CONFIG,
    reason: str | None = None,
    off_keys: bool = False,
) -> Reading:
    """A legal Miro sheet read surely but for one segment: a faint trace, blank as likely
    as its colour (raw 0.55), whose fit rules out a bare line by ``-bare``; the segment
    as solved (reason None: confirmed by the rules). ``reason``: the measurement's doubt;
    ``off_keys``: its colour matches no key."""
    layout = sheet_for("miro")
    colours, _ = finished_game(layout, np.random.default_rng(3))
    readings = {
        rid: Reading(c, 1.0, 0.0 if c is None else 0.9, surely_marked=c is not None)
        for rid, c in colours.items()
    }
    seg = next(r.id for r in layout.regions if r.kind == "segment" and colours[r.id])
    colour = colours[seg]
    other = {c: -3.0 for c in range(1, 5) if c != colour}
    readings[seg] = Reading(
        colour,
        0.55,
        0.02,
        reason,
        runner_up=None,
        loglik={colour: 0.0, **other},
        bare=bare,
        off_keys=off_keys,
    )
    keys = sorted(r.color_index for r in layout.regions if r.kind == "key" and r.color_index)
    solve(layout, readings, None, keys, config)
    return readings[seg]


def test_a_faint_trace_the_fit_does_not_make_sure_of_stays_in_review() -> None:
    read = _faint_segment(bare=-1.0)
    assert read.reason is not None and read.confidence < CONFIG.review_below
    # Before: every close reading breaks a rule, so the rules confirmed it.
    assert _faint_segment(bare=-1.0, config=replace(CONFIG, confirm_bare=0.0)).reason is None


def test_a_faint_trace_the_fit_makes_sure_of_is_confirmed_by_the_rules() -> None:
    assert _faint_segment(bare=-2 * CONFIG.confirm_bare).reason is None


def test_a_colour_that_matches_no_key_is_not_confirmed_by_the_rules() -> None:
    sure = -2 * CONFIG.confirm_bare
    partly = "partly outside the photo (85% of it seen)"
    # Doubted for another reason, every close reading breaking a rule: confirmed ...
    assert _faint_segment(bare=sure, reason=partly).reason is None
    # ... but an outlier to the colour model stays in review, whatever its doubt's words.
    read = _faint_segment(bare=sure, reason=partly, off_keys=True)
    assert read.reason == partly and read.confidence < CONFIG.review_below
