"""The solver's prior on Arp's unusual findings (``unusual_logodds``, ``uncommon_logodds``):
a true short stretch the pixels favour by more than the prior is kept as drawn."""

from __future__ import annotations

import math
from dataclasses import replace

import numpy as np

from artsheets.scanner.colours import Reading
from artsheets.scanner.config import ScannerConfig
from artsheets.scanner.evidence import beside_fills, evidence_of
from artsheets.scanner.solve import _Search

from .simulator import finished_game, sheet_for

CONFIG = ScannerConfig()
IN_PLAY = [1, 2, 3, 4]


def _changes(seed: int, piece: str, side: int, margin: float, config: ScannerConfig) -> dict:
    """A finished simulated Arp game read surely, but for ``piece`` (truly a stretch of one
    between two pieces of colour ``side``) read in its true colour by ``margin`` log-odds
    over ``side``: the changes the solver's search makes."""
    layout = sheet_for("arp")
    colours, _ = finished_game(layout, np.random.default_rng(seed))
    readings = {rid: Reading(c, 0.95, 0.5, None) for rid, c in colours.items()}
    confidence = 1 / (1 + math.exp(-margin))
    readings[piece] = Reading(colours[piece], confidence, 0.5, None, runner_up=side)
    measured = {rid: evidence_of(rd, IN_PLAY, config) for rid, rd in readings.items()}
    evidence = beside_fills(layout, readings, measured, config)
    best = _Search(layout, readings, None, IN_PLAY, evidence, config).run()
    return {rid: move.option for rid, move in best.changes.items()}


def test_a_true_stretch_of_one_read_surer_than_the_prior_is_kept() -> None:
    """Seed 30's segment-159 (colour 3 between two pieces of colour 4; its change makes or
    ends no other finding) read 1.8 log-odds over colour 4: under the old prior of 2.5 the
    search read it 4; at ``unusual_logodds`` it is kept. Read by 1.0 it is still changed."""
    assert CONFIG.unusual_logodds < 1.8
    old = replace(CONFIG, unusual_logodds=2.5)
    assert _changes(30, "segment-159", 4, 1.8, old) == {"segment-159": 4}
    assert _changes(30, "segment-159", 4, 1.8, CONFIG) == {}
    assert _changes(30, "segment-159", 4, 1.0, CONFIG) == {"segment-159": 4}


def test_an_uncommon_stretch_ended_with_a_rare_one_adds_no_weight_to_the_change() -> None:
    """Seed 33's segment-165 (colour 2 between two pieces of colour 3) read 1.8 log-odds
    over colour 3: reading it 3 also ends an uncommon stretch of two next to it. Weighed at
    the rare stretch's prior too, the two findings outweighed its pixels and it was changed;
    at ``uncommon_logodds`` (0) only the rare stretch's prior counts, and it is kept."""
    both = replace(CONFIG, uncommon_logodds=CONFIG.unusual_logodds)
    assert _changes(33, "segment-165", 3, 1.8, both) == {"segment-165": 3}
    assert _changes(33, "segment-165", 3, 1.8, CONFIG) == {}
