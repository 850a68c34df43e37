"""Two blank (or unseen) keys are learned by clustering the sheet's coloured regions on each
region's pencil direction, which a light and a heavy hand of one pencil share, not on its
CIELAB colour, where they lie further apart than two close pencils."""

from __future__ import annotations

import dataclasses

import cv2
import numpy as np

from artsheets.scanner.colours import learn_palette
from artsheets.scanner.config import DEFAULT

from .fakes import region_stats, unmarked_sheet

# Two pinks of a look-alike pair (sRGB at full pressure), seen through an overexposed photo:
# laid at 0.12 and 0.35 of their full absorbance.
PENCILS = {1: (205, 60, 70), 2: (235, 115, 165)}
HANDS = (0.12, 0.35)


def _laid(srgb: tuple[int, int, int], share: float) -> np.ndarray:
    """Linear BGR relative to paper of a pencil laid at ``share`` of its absorbance."""
    s = np.asarray(srgb[::-1], np.float64) / 255.0
    lin = np.where(s <= 0.04045, s / 12.92, ((s + 0.055) / 1.055) ** 2.4)
    return 1.0 - share * (1.0 - lin)


def _lab(bgr: np.ndarray) -> np.ndarray:
    return cv2.cvtColor(bgr.reshape(1, 1, 3).astype(np.float32), cv2.COLOR_LBGR2Lab).reshape(3)


def test_two_blank_keys_are_told_apart_by_pencil_not_by_hand() -> None:
    """A Springer sheet with both keys out of the photo (as on a table-and-thumb photo of
    seeds 14216-14247): its spaces in two pinks, each with a light and a heavy hand, and
    player 1's score box crossed lightly in his pink. On CIELAB the clusters part the hands,
    his box votes the light cluster his and his heavy spaces read as the other pink; by
    direction each key is its own pencil's."""
    tpl, mean, ink = unmarked_sheet("springer")
    regions = tpl.masks.regions
    spaces = [i for i, r in enumerate(regions) if r.kind == "space"]
    for j, i in enumerate(spaces[:80]):
        mean[i] = _laid(PENCILS[1 + j % 2], HANDS[j // 2 % 2])
        ink[i] = 240.0
    box = next(i for i, r in enumerate(regions) if r.kind == "score_box" and r.player == 1)
    mean[box], ink[box] = _laid(PENCILS[1], HANDS[0]), 120.0
    # The premise: one pencil's two hands lie further apart in CIELAB than the two pencils.
    hands = np.linalg.norm(_lab(_laid(PENCILS[1], 0.12)) - _lab(_laid(PENCILS[1], 0.35)))
    pencils = np.linalg.norm(_lab(_laid(PENCILS[1], 0.12)) - _lab(_laid(PENCILS[2], 0.12)))
    assert hands > 1.5 * pencils

    def learned(config):
        palette = learn_palette(region_stats(ink, mean), tpl, [1, 2], False, config=config)
        assert {palette.source.get(k) for k in (1, 2)} == {"clustered"}
        return {k: _lab(np.asarray(palette.colours[k])) for k in (1, 2)}

    def hue(lab: np.ndarray) -> float:
        return float(np.degrees(np.arctan2(lab[2], lab[1])))

    truth = {k: hue(_lab(_laid(PENCILS[k], 0.2))) for k in (1, 2)}
    got = learned(DEFAULT)
    for k in (1, 2):
        assert abs(hue(got[k]) - truth[k]) < 3.0
    old = learned(dataclasses.replace(DEFAULT, key_cluster_direction=False))
    assert abs(hue(old[2]) - truth[2]) > 3.0 or abs(hue(old[1]) - truth[1]) > 3.0
