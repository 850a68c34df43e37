"""End to end: a simulated photo of a finished game, scanned, gives back the exact sheet.

Every game the generator knows is photographed (a random legal game played by the rule engine,
pencilled and photographed at a slant on a cluttered table) and must read back region for
region, with the rule engine's scores for the true position. Hard conditions are exercised
on one game each; there a misread is allowed only if the scanner flags it for review.
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from artsheets.generator.registry import coloured_games
from artsheets.rules.position import score_position
from artsheets.scanner import identify
from artsheets.scanner.pipeline import ScanResult, scan_image
from artsheets.scanner.scoring import position_colours, rule_options

from .simulator import PENCILS, Conditions, SimulatedPhoto, easy, sheet_for, simulate

SIZE = (2400, 1800)  # small photos keep the suite quick; the benchmark uses 12 megapixels
# Four clearly different pencils; look-alike families are the benchmark's business.
DISTINCT = {k + 1: PENCILS[n] for k, n in enumerate(("red", "blue", "green", "yellow"))}


HEMMED_LINES = {"arp"}  # games whose traced lines run between spaces filled with colour


def _wrong(photo: SimulatedPhoto, result: ScanResult) -> dict[str, tuple]:
    return {
        rid: (photo.colours.get(rid), rd.color, rd.confidence, rd.reason)
        for rid, rd in result.readings.items()
        if rd.color != photo.colours.get(rid)
    }


def _true_scores(photo: SimulatedPhoto) -> dict[int, int] | None:
    layout = photo.layout
    assert layout.topology is not None
    report = score_position(
        layout.topology,
        rule_options(layout),
        position_colours(layout, photo.colours),
        {p: photo.scores.get(p) for p in photo.scores},
    )
    return report.scores


# Board and card games' kits (with a --part option) are played with pieces, not coloured:
# there is nothing on them for the scanner to read.
COLOURED = list(coloured_games())


@pytest.mark.parametrize("game", COLOURED)
def test_every_game_reads_back_exactly(game: str) -> None:
    layout = sheet_for(game)
    photo = simulate(
        layout,
        seed=7,
        conditions=easy(SIZE, rotation=200.0, tilt=18.0, tilt_axis=30.0),
        pencils=DISTINCT,
    )
    result = scan_image(photo.image)
    assert result.code == layout.sheet_code
    wrong = _wrong(photo, result)
    if game in HEMMED_LINES:
        # Lines traced between filled spaces are the scanner's weak spot (docs/scanner.md):
        # a few may be misread, but each is flagged for review, never silently wrong.
        assert {rid: w for rid, w in wrong.items() if w[3] is None} == {}
        assert len(wrong) <= 0.08 * len(result.readings)
        return
    assert wrong == {}
    assert len(result.needs_review) <= 3  # a doubt or two on a right reading is allowed
    assert result.scoring.scores == _true_scores(photo)
    if result.scoring.scores is not None:
        # The sheet determines the scores: they are the game's own.
        assert result.scoring.scores == {p: photo.scores[p] for p in result.scoring.scores}
    else:
        # Scores depend on move order: the tallies are the record, and read back exactly.
        assert result.tallies == {p: photo.scores[p] for p in result.tallies}
    assert all(c["ok"] for c in result.scoring.checks), result.scoring.checks


def test_a_springer_version_2_field_reads_back_exactly() -> None:
    """Springer's free net (field version 2: junctions of up to eight spaces, no grid) needs no
    scanner change: a random version-2 sheet reads back region for region."""
    layout = sheet_for("springer", 3)
    assert layout.sheet_code.startswith("SPRINGER-2-")
    photo = simulate(layout, seed=5, conditions=easy(SIZE, rotation=20.0), pencils=DISTINCT)
    result = scan_image(photo.image)
    assert result.code == layout.sheet_code
    assert _wrong(photo, result) == {}
    assert result.scoring.scores == _true_scores(photo)


HARD = {
    "upside down, tilted 40 degrees": dict(rotation=180.0, tilt=40.0, tilt_axis=75.0),
    "sideways, warm light, gradient": dict(
        rotation=90.0, white_balance=(1.15, 1.0, 0.75), gradient=0.45
    ),
    "hard shadow, cool light": dict(rotation=15.0, shadow=0.5, white_balance=(0.85, 1.0, 1.2)),
    "dim and noisy": dict(rotation=300.0, exposure=0.4, noise=5.0),
    "one corner cut off": dict(rotation=10.0, crop_corner=1, fill=0.9),
    "curled paper, blur, JPEG 50": dict(rotation=5.0, curl_mm=2.5, blur=1.0, jpeg_quality=50),
}


@pytest.mark.parametrize("name", list(HARD))
def test_hard_photos_are_read_or_flagged(name: str) -> None:
    photo = simulate(
        sheet_for("springer"), seed=11, conditions=easy(SIZE, **HARD[name]), pencils=DISTINCT
    )
    result = scan_image(photo.image)
    wrong = _wrong(photo, result)
    unflagged = {rid: w for rid, w in wrong.items() if w[3] is None}
    assert unflagged == {}
    assert len(wrong) <= 2
    if name == "one corner cut off":
        assert result.registration.markers_found == (0, 2, 3)


def test_a_blank_key_swatch_is_learned_from_the_sheet_and_said() -> None:
    photo = simulate(
        sheet_for("springer"), seed=5, conditions=easy(SIZE), blank_keys=(2,), pencils=DISTINCT
    )
    result = scan_image(photo.image)
    assert result.palette.source == {1: "key", 2: "clustered"}
    assert any("blank" in n for n in result.notes)
    wrong = _wrong(photo, result)
    assert wrong == {}


def test_paper_clipped_white_in_one_channel_does_not_shift_colours() -> None:
    """A bright photo under cool light clips the lit paper's blue channel at the camera's
    white, so lit paper looks neutral while the same paper in the shadow (here over the colour
    key) shows the true cast. Measured against the clipped paper, orange fills once read as
    pink. This is benchmark photo arp #1001 (12 megapixels) as first simulated."""
    conditions = Conditions.random(np.random.default_rng(11_001), (4000, 3000))
    assert conditions.shadow > 0.4 and conditions.white_balance == (0.85, 1.0, 1.2)
    photo = simulate(sheet_for("arp"), 1001, conditions=conditions)
    result = scan_image(photo.image)
    orange = next(k for k, rgb in photo.pencils.items() if rgb == PENCILS["orange"])
    spaces = {rid: w for rid, w in _wrong(photo, result).items() if rid.startswith("space")}
    # No fill is silently wrong (purple and blue at light pressure may be doubted), and the
    # orange fills in the lit middle of the field are all read orange. (Lines traced between
    # fills are the benchmark's business: one here is misread, see docs/scanner.md.)
    assert {rid: w for rid, w in spaces.items() if w[3] is None} == {}
    assert {rid: w for rid, w in spaces.items() if w[0] == orange} == {}


@pytest.mark.parametrize("seed", [5, 6])
def test_a_colour_that_cannot_be_learned_makes_loose_matches_doubtful(seed: int) -> None:
    """Key 2 left blank, and its pencil (a blue-violet a shade from key 1's blue) so like key
    1's that no region stands out to learn it from: every region of colour 2 then reads as a
    loose colour 1, and must be flagged, not passed. (Purple against that blue stands out,
    and is learned: the next test.)"""
    pencils = {1: PENCILS["blue"], 2: (85, 72, 182)}
    photo = simulate(
        sheet_for("springer"), seed=seed, conditions=easy(SIZE), blank_keys=(2,), pencils=pencils
    )
    result = scan_image(photo.image)
    assert result.palette.unknown == {2}
    wrong = _wrong(photo, result)
    assert wrong  # colour 2 cannot be read: the test is about saying so
    assert {rid: w for rid, w in wrong.items() if w[3] is None} == {}


@pytest.mark.parametrize("seed", [5, 6])
def test_a_blank_key_near_another_is_learned_from_the_regions_no_key_explains(seed: int) -> None:
    """Key 2 blank and its pencil (purple) near key 1's (blue): its regions lie 6 CIELAB units
    or more from blue's curve, beyond a fill's reach, and teach colour 2 by clustering (with
    a bound of 12 they did not, and colour 2 stayed unknown)."""
    pencils = {1: PENCILS["blue"], 2: PENCILS["purple"]}
    photo = simulate(
        sheet_for("springer"), seed=seed, conditions=easy(SIZE), blank_keys=(2,), pencils=pencils
    )
    result = scan_image(photo.image)
    assert result.palette.source[2] == "clustered" and not result.palette.unknown
    assert _wrong(photo, result) == {}


def test_a_blank_key_is_learned_from_its_players_own_boxes() -> None:
    """Key 2 blank and its pencil (purple) like key 1's (blue), too like it to stand out on the
    sheet; but player 2 ticks his own score boxes in his own colour, which shows it."""
    pencils = {1: PENCILS["blue"], 2: PENCILS["purple"], 3: PENCILS["green"], 4: PENCILS["yellow"]}
    photo = simulate(
        sheet_for("mondrian"), seed=5, conditions=easy(SIZE), blank_keys=(2,), pencils=pencils
    )
    result = scan_image(photo.image)
    assert result.palette.source[2] == "boxes"
    assert any("player 2's own marked boxes" in n for n in result.notes)
    assert _wrong(photo, result) == {}


def test_a_trace_over_its_complement_in_a_fill_is_read_by_the_line_fit() -> None:
    """Green traced beside a pink fill (and pink beside green) looks grey on average: once
    read as uncoloured grey marks, such a line is now read by the line fit, which models
    the fill under the trace, and left for review."""
    pencils = {1: PENCILS["pink"], 2: PENCILS["green"], 3: PENCILS["yellow"], 4: PENCILS["orange"]}
    conditions = easy(SIZE, exposure=0.46, noise=2.6, blur=0.6, jpeg_quality=66)
    # Version 1's lattice: its photo of seed 2 holds such traces beside fills.
    photo = simulate(sheet_for("arp", field_version=1), 2, conditions=conditions, pencils=pencils)
    result = scan_image(photo.image)
    reread = {
        rid: (photo.colours.get(rid), rd.color, rd.confidence)
        for rid, rd in result.readings.items()
        if (rd.reason or "").startswith("grey-looking trace")
    }
    assert len(reread) >= 5
    assert all(truth == read and conf < 0.8 for truth, read, conf in reread.values())
    assert not any(rd.grey for rd in result.readings.values())


def test_the_header_qr_code_names_a_sheet_whose_bottom_left_corner_is_cut_off() -> None:
    layout = sheet_for("delaunay")
    conditions = easy(SIZE, rotation=160.0, tilt=15.0, crop_corner=3, fill=0.9)
    photo = simulate(layout, seed=3, conditions=conditions, pencils=DISTINCT)
    result = scan_image(photo.image)
    assert result.registration.markers_found == (0, 1, 2)
    assert (result.code, result.code_source) == (layout.sheet_code, "qr")
    # The footer code went with the corner: the header code named the sheet.
    reg = result.registration
    bottom_left = layout.markers[3].center
    assert (
        identify._read_place(
            photo.image, reg.page_from_photo, bottom_left, identify.FOOT_QR, reg.px_per_mm
        )
        is None
    )


def test_a_cut_corner_shifted_by_the_refinement_does_not_blacken_the_light() -> None:
    """The local refinement moves the page by millimetres near a cut-off corner, and the
    black beyond the photo's edge moved with it into what was taken for paper in the photo:
    the light's colour came out black and nearly every region read wrong, unflagged. The
    mask of what the photo shows now moves with the image, and dark paper lends no cast.
    (Benchmark photo vasarely #2011's conditions, at test size.)"""
    conditions = Conditions(
        size=SIZE,
        rotation=249.4,
        tilt=3.1,
        tilt_axis=186.6,
        fill=0.8,
        offset=(-0.3, 0.77),
        crop_corner=0,
        curl_mm=2.1,
        gradient=0.06,
        white_balance=(0.85, 1.0, 1.2),
        noise=4.3,
        blur=0.8,
        jpeg_quality=92,
    )
    photo = simulate(sheet_for("vasarely"), 11, conditions=conditions)
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)  # no division by a black light
        result = scan_image(photo.image)
    wrong = _wrong(photo, result)
    assert len(wrong) <= 10
    assert {rid: w for rid, w in wrong.items() if w[3] is None} == {}


def test_key_swatches_partly_cut_off_are_learned_from_the_part_shown() -> None:
    """The bottom-right corner cut off takes most of Klee's keys 3 and 4 with it; the parts
    of them the photo shows still tell their colours (Klee's colours belong to nobody, so
    clustering could not tell which is 3 and which 4). A region partly in the frame is read
    from its visible part, for review; key 4, wholly out of it, is taken as coloured in its
    own colour (keys are coloured before play), for review too."""
    pencils = {1: PENCILS["red"], 2: PENCILS["blue"], 3: PENCILS["green"], 4: PENCILS["yellow"]}
    conditions = easy(SIZE, rotation=109.5, fill=0.91, offset=(0.0, 0.92), crop_corner=2)
    photo = simulate(sheet_for("klee"), 3, conditions=conditions, pencils=pencils)
    result = scan_image(photo.image)
    assert result.registration.markers_found == (0, 1, 3)
    assert result.palette.source == {1: "key", 2: "key", 3: "key", 4: "key"}
    key3 = result.readings["key-3"]
    assert key3.color == 3 and "partly outside the photo" in (key3.reason or "")
    key4 = result.readings["key-4"]
    assert (key4.color, key4.confidence, key4.reason) == (4, 0.0, "outside the photo")
    assert _wrong(photo, result) == {}
