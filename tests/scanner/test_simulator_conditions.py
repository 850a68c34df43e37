"""The simulator's named conditions make what they say (fast: small images, no scanning)."""

from __future__ import annotations

import numpy as np
import pytest

from .media import crayon_texture, felt_mask, scribble_mask
from .play import plant_rule_break
from .scenarios import CLOSE_PAIRS, NAMES, setup
from .simulator import PENCILS, colour_sheet, finished_game, fit_to_page, messaging_app, sheet_for

PPM = 8.0


def _square(side_px: int = 80, pad: int = 40) -> np.ndarray:
    inside = np.zeros((side_px + 2 * pad, side_px + 2 * pad), np.uint8)
    inside[pad:-pad, pad:-pad] = 255
    return inside


def test_felt_tip_bleeds_half_to_one_and_a_half_mm_past_the_outline() -> None:
    inside = _square()
    for seed in range(5):
        mask = felt_mask(inside, PPM, np.random.default_rng(seed))
        assert np.all(mask[inside > 0] > 0)
        rows = np.nonzero(mask[:, mask.shape[1] // 2])[0]
        past = (rows.max() - rows.min() + 1 - 80) / 2 / PPM  # mm beyond each edge
        assert 0.1 <= past <= 1.6


def test_crayon_covers_half_to_three_quarters_of_the_paper() -> None:
    for seed in range(5):
        tex = crayon_texture((120, 160), PPM, np.random.default_rng(seed))
        assert 0.45 <= float((tex > 0.5).mean()) <= 0.8


def test_a_scribble_covers_about_a_third_of_a_region_or_less() -> None:
    inside = _square(120)
    for seed in range(5):
        mask = scribble_mask(inside, PPM, np.random.default_rng(seed))
        share = np.count_nonzero(mask & inside) / np.count_nonzero(inside)
        assert 0.1 <= share <= 0.45


def test_low_toner_prints_outlines_half_grey_and_fit_to_page_shrinks() -> None:
    layout = sheet_for("mondrian")
    rng = np.random.default_rng(0)
    full = colour_sheet(layout, {}, {}, rng, ppm=2.0)
    faint = colour_sheet(layout, {}, {}, rng, ppm=2.0, toner=0.5)
    assert float(full.min()) < 0.01
    assert 0.15 < float(faint.min()) < 0.3  # sRGB 128 is 0.216 in linear light
    small = fit_to_page(full, 0.95)
    ink = np.nonzero(full.min(axis=2) < 0.5)[1]
    ink_small = np.nonzero(small.min(axis=2) < 0.5)[1]
    assert (ink_small.max() - ink_small.min()) == pytest.approx(
        0.95 * (ink.max() - ink.min()), abs=3
    )


def test_messaging_app_shrinks_to_its_longest_side() -> None:
    frame = np.full((1500, 2000, 3), 200, np.uint8)
    assert max(messaging_app(frame, 1600).shape[:2]) == 1600
    assert messaging_app(frame, 2400).shape == frame.shape


@pytest.mark.parametrize("name", NAMES)
def test_each_named_condition_sets_what_it_names(name: str) -> None:
    for seed in range(3):
        c, d, pencils = setup(name, seed, 4)
        assert len(set(pencils.values())) == 4
        assert (d.medium != "pencil") == (name in ("felt_tip", "crayon", "scribble"))
        assert (c.max_side is not None) == (name == "messaging")
        if name == "messaging":
            assert c.max_side <= 1600 and 40 <= c.jpeg_quality <= 60
        if name == "steep":
            assert 35 <= c.tilt <= 45
        assert (d.toner != 1.0) == (name == "low_toner")
        if name == "low_toner":
            assert 0.45 <= d.toner <= 0.55
        assert (d.print_scale != 1.0) == (name == "fit_to_page")
        if name == "fit_to_page":
            assert 0.93 <= d.print_scale <= 0.97
        if name == "table_thumb":
            assert c.thumb and c.other_sheets >= 1 and c.table in ("dark", "wood")
        if name == "close_colours":
            alike = [{PENCILS[a], PENCILS[b]} for a, b in CLOSE_PAIRS]
            assert sum(pair <= set(pencils.values()) for pair in alike) == 2


@pytest.mark.parametrize("game", ["mondrian", "arp", "vasarely"])
def test_a_planted_rule_break_is_one_region_the_rules_name(game: str) -> None:
    layout = sheet_for(game)
    rng = np.random.default_rng(3)
    colours, scores = finished_game(layout, rng)
    changed, planted = plant_rule_break(layout, colours, scores, rng)
    assert planted is not None
    assert [r for r in colours if colours[r] != changed[r]] == [planted.region]
    assert changed[planted.region] == planted.colour and colours[planted.region] == planted.was
    assert planted.messages
