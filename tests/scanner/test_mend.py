"""Mending by the rules: a failed check that one changed reading would satisfy is mended with
the reading the scanner doubted already and ranked second."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise
from types import SimpleNamespace

import pytest

from artsheets.generator.layout import Layout
from artsheets.rules.position import MarkWording, completion_mark_checks
from artsheets.scanner.colours import OUTSIDE, Reading
from artsheets.scanner.hints import check_dict, hints
from artsheets.scanner.mending import (
    BY_THE_RULES,
    UNUSUAL,
    UNUSUAL_ODDS,
    mend,
    neighbours_surer,
)

WORDING = MarkWording("{record} unmarked", "{record} open", "{record} foreign")


def test_a_foreign_mark_says_which_readings_would_mend_it() -> None:
    colours = {"space-1": 2, "seg-a": 1, "seg-b": 3}
    checks, scored = completion_mark_checks(
        colours, [("space-1", "space-1", ["seg-a", "seg-b"])], WORDING
    )
    assert scored == []
    (check,) = checks
    assert not check.ok
    # Either side in the mark's colour, or the mark in a side's colour.
    could_be = hints(check.broken, colours).could_be
    assert could_be == [("seg-a", 2), ("seg-b", 2), ("space-1", 1), ("space-1", 3)]
    assert check.regions == ["space-1", "seg-a", "seg-b"]  # one of them is misread
    assert check_dict(check, colours)["could_be"] == [list(pair) for pair in could_be]


def _check() -> dict:
    return {
        "ok": False,
        "message": "space-1 foreign",
        "regions": ["space-1"],
        "could_be": [["seg-a", 2], ["seg-b", 2], ["space-1", 1], ["space-1", 3]],
    }


def test_the_doubted_reading_whose_second_choice_mends_the_check_is_changed() -> None:
    readings = {
        "space-1": Reading(2, 0.99, 0.9, runner_up=3),
        "seg-a": Reading(1, 0.6, 0.3, "colour between keys 1 and 2", runner_up=2),
        "seg-b": Reading(3, 0.7, 0.3, "colour between keys 3 and 4", runner_up=4),
    }
    assert mend(readings, [_check()], set(), BY_THE_RULES, pick="first")
    mended = readings["seg-a"]
    assert (mended.color, mended.runner_up) == (2, 1)
    assert mended.confidence <= 0.5 and "second choice" in (mended.reason or "")
    assert readings["seg-b"].color == 3 and readings["space-1"].color == 2


def test_sure_readings_and_other_second_choices_are_left_alone() -> None:
    readings = {
        "space-1": Reading(2, 0.99, 0.9, runner_up=1),  # sure, though 1 would mend it
        "seg-a": Reading(1, 0.95, 0.3, runner_up=2),  # sure
        # Surely marked, doubted between 3 and 4: 4 would not mend it.
        "seg-b": Reading(3, 0.6, 0.3, "doubtful", runner_up=4, surely_marked=True),
    }
    before = dict(readings)
    assert not mend(readings, [_check()], set(), BY_THE_RULES, pick="first")
    assert readings == before


def test_a_doubted_blank_that_the_rules_want_coloured_takes_its_likeliest_colour() -> None:
    from artsheets.rules.position import uncoloured_checks

    (check,) = uncoloured_checks(["seg-a", "seg-b"], "segments")
    found = check_dict(check, {})
    assert found["could_be_coloured"] == ["seg-a", "seg-b"]
    readings = {
        "seg-a": Reading(None, 0.6, 0.04, "faint marks (4% covered)", runner_up=3),
        "seg-b": Reading(None, 0.97, 0.0, runner_up=1),  # surely blank: left alone
    }
    mended: set[str] = set()
    assert mend(readings, [found], mended, BY_THE_RULES, pick="first")
    assert readings["seg-a"].color == 3 and readings["seg-a"].confidence <= 0.5
    assert readings["seg-b"].color is None
    assert mended == {"seg-a"}
    # A region is mended once: another round leaves it be.
    assert not mend(readings, [found], mended, BY_THE_RULES, pick="first")


def _leaving(region: str, message: str, *free: int) -> dict:
    """A failed check that ``region`` in any of the colours ``free`` would satisfy."""
    return {
        "ok": False,
        "message": message,
        "regions": [region],
        "could_be": [[region, c] for c in free],
    }


def test_a_doubted_blank_the_rules_leave_one_colour_takes_it_whatever_its_marks_hue() -> None:
    """Delaunay: a space left empty though one colour, and only that one, could still fill
    it. Its faint marks' hue (a guess from a few grains) says 3; the rules leave it 1. With
    two colours left, or no marks seen, or read surely, the marks' hue decides or nothing."""

    def check(*free: int) -> dict:
        message = "space-1 in section-1 is empty though a colour could still fill it"
        return _leaving("space-1", message, *free)

    faint = Reading(None, 0.6, 0.05, "faint marks (5% covered)", runner_up=3)
    readings = {"space-1": faint}
    assert mend(readings, [check(1)], set(), BY_THE_RULES, pick="first")
    assert readings["space-1"].color == 1 and readings["space-1"].confidence <= 0.5
    for left_alone in (
        (faint, check(1, 4)),  # two colours left, the marks not weighed for each
        (replace(faint, runner_up=None), check(1)),  # nothing seen on it
        (replace(faint, confidence=0.9, reason=None), check(1)),  # surely blank
    ):
        readings = {"space-1": left_alone[0]}
        assert not mend(readings, [left_alone[1]], set(), BY_THE_RULES, pick="first")
        assert readings["space-1"] == left_alone[0]
    # A neighbour out of the photo counts as blank to the rules: 1 may be its colour.
    unseen = Reading(None, 0.0, 0.0, OUTSIDE)
    readings = {"space-1": faint, "space-2": unseen}
    assert not mend(readings, [check(1)], set(), BY_THE_RULES, pick="first")
    assert readings["space-1"] == faint


def test_a_doubted_blank_the_rules_leave_some_colours_takes_the_likeliest_of_them() -> None:
    """A space's faint marks are nearest colour 1, but the rules leave it 3
    or 4 (each could still fill it): it takes 4, the nearer of those two. Two equally likely
    leave it blank; a sure blank, or a region read in a colour, is not decided so."""
    message = "space-1 in section-1 is empty though colour 3 could still fill it"
    check = _leaving("space-1", message, 3, 4)
    marks = {1: 0.0, 2: -15.1, 3: -11.6, 4: -2.6}
    faint = Reading(None, 0.56, 0.09, "faint marks (9% covered)", runner_up=1, loglik=marks)
    readings = {"space-1": faint}
    assert mend(readings, [check], set(), BY_THE_RULES, pick="first")
    assert readings["space-1"].color == 4 and readings["space-1"].confidence <= 0.5
    for left_alone in (
        replace(faint, loglik=marks | {3: -2.6}),  # 3 and 4 alike
        replace(faint, confidence=0.9, reason=None),  # surely blank
        replace(faint, color=2, runner_up=1),  # read in a colour, surely marked or not
    ):
        readings = {"space-1": left_alone}
        assert not mend(readings, [check], set(), BY_THE_RULES, pick="first")
        assert readings["space-1"] == left_alone


def test_a_colour_unlike_every_key_takes_the_one_colour_the_rules_leave_it() -> None:
    """Klee: a sequence cell read 4, doubted because its colour is unlike every key (not
    surely marked), where only 2 keeps its area's three colours apart: it takes 2, not its
    second choice. A cell surely marked, doubted only between two keys, keeps to its second
    choice, and with two colours left nothing is decided so."""

    def check(*free: int) -> dict:
        return _leaving("cell-2", "player 1's area 3 breaks the setup rules", *free)

    odd = Reading(4, 0.59, 1.0, "colour matches no key swatch well", runner_up=1)
    readings = {"cell-2": odd}
    assert mend(readings, [check(2)], set(), BY_THE_RULES, pick="first")
    assert readings["cell-2"].color == 2 and readings["cell-2"].confidence <= 0.5
    for left_alone in (
        (replace(odd, reason="colour between keys 4 and 1", surely_marked=True), check(2)),
        (odd, check(2, 3)),
    ):
        readings = {"cell-2": left_alone[0]}
        assert not mend(readings, [left_alone[1]], set(), BY_THE_RULES, pick="first")
        assert readings["cell-2"] == left_alone[0]


def test_a_tally_run_with_a_gap_would_be_mended_by_the_gap_ticked_in_the_players_colour() -> None:
    from artsheets.scanner.tallies import read_tallies

    from .simulator import sheet_for

    layout = sheet_for("vasarely")
    colours: dict[str, int | None] = {f"score-p2-box-{n}": 2 for n in range(1, 8) if n != 4}
    colours["score-p2-box-6"] = 3  # a box read in another colour than the rest
    _, checks = read_tallies(layout, colours)
    run = next(c for c in checks if "left 4 empty" in str(c["message"]))
    assert run["could_be"] == [["score-p2-box-4", 2]]
    odd = next(c for c in checks if "colour 3" in str(c["message"]))
    assert odd["could_be"] == [["score-p2-box-6", 2]]


def test_a_blank_mark_of_a_completed_group_could_be_any_members_colour() -> None:
    colours = {"seg-a": 1, "seg-b": 3}
    (check,), _ = completion_mark_checks(
        colours, [("space-1", "mark-1", ["seg-a", "seg-b"])], WORDING
    )
    assert check.message == "space-1 unmarked"
    assert hints(check.broken, colours).could_be == [("mark-1", 1), ("mark-1", 3)]


def test_a_doubted_tick_after_a_tally_run_is_read_blank() -> None:
    from artsheets.scanner.tallies import read_tallies

    from .simulator import sheet_for

    layout = sheet_for("vasarely")
    colours: dict[str, int | None] = {f"score-p2-box-{n}": 2 for n in range(1, 6)}
    colours["score-p2-box-9"] = 2  # a shadow's edge read as a tick
    _, checks = read_tallies(layout, colours)
    run = next(c for c in checks if "marked point boxes up to 9" in str(c["message"]))
    assert run["could_be_blank"] == ["score-p2-box-9"]
    readings = {"score-p2-box-9": Reading(2, 0.55, 0.2, "patchy or light pencil (20% covered)")}
    assert mend(readings, [run], set(), BY_THE_RULES, pick="first")
    assert readings["score-p2-box-9"].color is None
    assert "read as blank by the rules" in (readings["score-p2-box-9"].reason or "")


def test_overlapping_unusual_findings_mend_only_the_least_sure_reading_first() -> None:
    """An Arp line read 2 4 2 4 ... has two one-piece islands; mending both would leave the
    line as wrong as before, so the least sure is mended and the findings are made again."""
    readings = {
        "seg-2": Reading(4, 0.7, 0.3, "colour between keys 4 and 2", runner_up=2),
        "seg-3": Reading(2, 0.6, 0.4, "colour between keys 2 and 4", runner_up=4),
    }
    findings = [
        {"ok": False, "message": "seg-2 island", "regions": ["seg-2"], "could_be": [["seg-2", 2]]},
        {"ok": False, "message": "seg-3 island", "regions": ["seg-3"], "could_be": [["seg-3", 4]]},
    ]
    mended: set[str] = set()
    assert mend(readings, findings, mended, UNUSUAL, pick="least sure")
    assert mended == {"seg-3"}
    assert (readings["seg-3"].color, readings["seg-2"].color) == (4, 4)
    assert "as games are mostly played: seg-3 island" in (readings["seg-3"].reason or "")


def test_an_island_whose_own_pixels_are_sure_of_its_colour_is_not_mended() -> None:
    """A piece doubted only because it is unlike its line's neighbours (0.6), whose own
    pixels favour its colour over theirs by more than a misread's prior odds, is likelier a
    true island (often the last side of a capture) than a misread: it is left, for review.
    One whose pixels hesitate between the two is mended."""
    finding = {"ok": False, "message": "island", "regions": ["s"], "could_be": [["s", 3]]}
    sure = {2: 0.0, 3: -UNUSUAL_ODDS - 1.0, 1: -9.0}
    readings = {"s": Reading(2, 0.6, 0.8, "colour 2 between", runner_up=3, loglik=sure)}
    mended: set[str] = set()
    assert not mend(readings, [finding], mended, UNUSUAL, pick="least sure", odds=UNUSUAL_ODDS)
    assert readings["s"].color == 2 and not mended
    # Without the odds (the rules' checks), or with pixels that hesitate, it is mended.
    assert mend(dict(readings), [finding], set(), BY_THE_RULES, pick="first")
    hesitant = {2: 0.0, 3: -UNUSUAL_ODDS + 1.0, 1: -9.0}
    readings = {"s": Reading(2, 0.6, 0.8, "colour 2 between", runner_up=3, loglik=hesitant)}
    assert mend(readings, [finding], mended, UNUSUAL, pick="least sure", odds=UNUSUAL_ODDS)
    assert readings["s"].color == 3 and mended == {"s"}


def test_a_region_surely_marked_is_not_mended_to_blank_for_doubt_about_its_colour() -> None:
    """A capture's circle read coloured 4 where the boundary is not complete: the circle blank
    or the open segment coloured would each mend it. The circle is doubted only between two
    look-alike keys (surely marked): blank is no reading of it, and it stays; one doubted
    to be marked at all (light pencil) is blanked."""
    check = {
        "ok": False,
        "message": "circle coloured, boundary open",
        "regions": ["mark", "seg"],
        "could_be_blank": ["mark"],
    }
    hue = Reading(4, 0.75, 0.9, "colour between keys 4 and 3", runner_up=3, surely_marked=True)
    readings = {"mark": hue, "seg": Reading(None, 0.86, 0.01)}
    assert not mend(readings, [check], set(), BY_THE_RULES, pick="first")
    assert readings["mark"].color == 4
    light = Reading(4, 0.7, 0.2, "patchy or light pencil (20% covered)", runner_up=3)
    readings = {"mark": light, "seg": Reading(None, 0.86, 0.01)}
    assert mend(readings, [check], set(), BY_THE_RULES, pick="first")
    assert readings["mark"].color is None


def test_the_first_failed_check_that_can_be_mended_goes_first() -> None:
    """The rule engine lists what weighs the whole sheet (Miro's order of play) before a
    single capture's circle: a capture that one of the curve's segments could satisfy must
    not mend that segment before the order of play has said what the segments are."""
    readings = {
        "seg-1": Reading(4, 0.7, 0.3, "colour between keys 4 and 2", runner_up=2),
        "seg-2": Reading(2, 0.55, 0.4, "colour between keys 2 and 4", runner_up=4),
    }
    order = {"ok": False, "message": "order", "regions": ["seg-1"], "could_be": [["seg-1", 2]]}
    capture = {"ok": False, "message": "foreign", "regions": ["m"], "could_be": [["seg-2", 4]]}
    mended: set[str] = set()
    assert mend(readings, [order, capture], mended, BY_THE_RULES, pick="first")
    assert mended == {"seg-1"} and readings["seg-2"].color == 2


def test_unusual_readings_are_not_mended_where_nearly_every_line_is_doubted() -> None:
    """On a sheet whose lines are doubted wholesale (heavy blur, clipped paper), the pieces
    either side of an island are no surer than the island: it is only flagged."""
    layout = SimpleNamespace(
        regions=[SimpleNamespace(id=f"segment-{i}", kind="segment") for i in range(10)]
        + [SimpleNamespace(id="space-1", kind="space")]
    )
    sure = Reading(1, 0.95, 0.9, None, runner_up=2)
    doubted = Reading(1, 0.6, 0.5, "colour between keys 1 and 2", runner_up=2)
    readings = {f"segment-{i}": doubted if i < 8 else sure for i in range(10)}
    readings["space-1"] = sure
    assert neighbours_surer(layout, readings)  # type: ignore[arg-type]
    readings["segment-8"] = doubted
    assert not neighbours_surer(layout, readings)  # type: ignore[arg-type]


def test_a_blank_the_rules_say_must_be_coloured_is_coloured_even_if_read_surely() -> None:
    """A gap in Miro's curve: blank only by a misread (a pale grey-green pencil on a grey
    line), so even a sure blank takes the colour the order of play gives it. A segment
    named by a capture circle's check only if the scanner is sure of the circle."""
    gap = {"ok": False, "message": "gap", "regions": ["seg-5"], "must_be_coloured": [["seg-5", 1]]}
    readings = {"seg-5": Reading(None, 0.95, 0.01, None, runner_up=3)}
    assert mend(readings, [gap], set(), BY_THE_RULES, pick="first")
    assert readings["seg-5"].color == 1 and readings["seg-5"].confidence <= 0.5

    circle = {
        "ok": False,
        "message": "open",
        "regions": ["mark-1", "seg-7"],
        "must_be_coloured": [["seg-7", None]],
    }
    doubted_circle = {
        "mark-1": Reading(2, 0.6, 0.3, "patchy or light pencil", runner_up=None),
        "seg-7": Reading(None, 0.9, 0.01, None, runner_up=2),
    }
    assert not mend(doubted_circle, [circle], set(), BY_THE_RULES, pick="first")
    sure_circle = doubted_circle | {"mark-1": Reading(2, 0.95, 0.9, None)}
    assert mend(sure_circle, [circle], set(), BY_THE_RULES, pick="first")
    assert sure_circle["seg-7"].color == 2  # its likeliest colour, the rules not saying


def test_a_tick_far_after_a_tally_run_is_misread_beyond_doubt_a_near_one_is_not() -> None:
    """Ticks 1-5 and 9: keeping 9 would need 6-8 ticked too (three misreads against one),
    so 9 must be blank, sure reading or not. Ticks 1-5 and 7: 6 ticked is as likely as 7
    blank, so neither is certain."""
    from artsheets.scanner.tallies import read_tallies

    from .simulator import sheet_for

    layout = sheet_for("vasarely")
    run = {f"score-p2-box-{n}": 2 for n in range(1, 6)}
    _, checks = read_tallies(layout, run | {"score-p2-box-9": 2})
    far = next(c for c in checks if "up to 9" in str(c["message"]))
    assert far["must_be_blank"] == ["score-p2-box-9"]
    sure_tick = {"score-p2-box-9": Reading(2, 0.95, 0.6, None)}
    assert mend(sure_tick, [far], set(), BY_THE_RULES, pick="first")
    assert sure_tick["score-p2-box-9"].color is None
    _, checks = read_tallies(layout, run | {"score-p2-box-7": 2})
    near = next(c for c in checks if "up to 7" in str(c["message"]))
    assert "must_be_blank" not in near and "must_be_coloured" not in near


def test_tally_boxes_outside_the_photo_inside_a_run_are_taken_as_ticked() -> None:
    """Boxes 6-7 are out of the frame between ticks 1-5 and 8-12: a clean run ticks them
    (leaving them blank would make five ticks strays). Out of the frame after the last tick,
    nothing says either way, and no check is made."""
    from artsheets.scanner.tallies import read_tallies

    from .simulator import sheet_for

    layout = sheet_for("vasarely")
    unseen = {"score-p2-box-6", "score-p2-box-7"}
    ticks = {f"score-p2-box-{n}": 2 for n in (*range(1, 6), *range(8, 13))}
    _, checks = read_tallies(layout, ticks, unseen)
    (inside,) = [c for c in checks if "score-p2" in str(c["message"])]
    assert "6-7 are not in the photo" in str(inside["message"])
    assert inside["must_be_coloured"] == [["score-p2-box-6", 2], ["score-p2-box-7", 2]]
    tail = {f"score-p2-box-{n}": 2 for n in range(1, 6)}
    _, checks = read_tallies(layout, tail, {"score-p2-box-6"})
    assert not [c for c in checks if "score-p2" in str(c["message"])]


def test_boxes_out_of_the_photo_inside_a_run_ending_at_the_drawings_score_are_ticked() -> None:
    """Boxes 48-50 cut off, 1-47 and 51 ticked, 52 on blank, and the drawing
    gives the player 51 points: the unseen boxes are ticked (a stray tick at 51 would need
    the drawing misread too). Where the run ends short of the score, past it, or in unseen
    boxes, or has a gap it does not explain, nothing is taken."""
    from artsheets.scanner.tallies import hidden_ticks, point_boxes

    from .simulator import sheet_for

    layout = sheet_for("vasarely")
    boxes = dict(point_boxes(layout)[2])
    assert len(boxes) > 12

    def ticks(*values: int) -> dict[str, int]:
        return {boxes[v]: 2 for v in values}

    unseen = {boxes[6], boxes[7]}
    run = ticks(*range(1, 6), 8, 9)
    assert hidden_ticks(layout, run, unseen, {1: 0, 2: 9}) == {boxes[6]: 2, boxes[7]: 2}
    for colours, scores in (
        (run, {2: 10}),  # the run ends short of the drawing's score
        (run, {2: 8}),  # ... or past it
        (ticks(*range(1, 6)), {2: 7}),  # it ends in the unseen boxes: a tally may be short
        (ticks(1, 2, 3, 5, 8, 9), {2: 9}),  # a gap the photo shows
        (run, {1: 9}),  # no score drawn for him
    ):
        assert hidden_ticks(layout, colours, unseen, scores) == {}


def test_hidden_ticks_are_taken_in_place_still_unseen_and_for_review() -> None:
    """The scanner takes such boxes as ticked in the player's colour, with no confidence and
    a reason saying they were not in the photo: a person still sees that they were not read."""
    from artsheets.scanner.mending import _tick_hidden_boxes
    from artsheets.scanner.scoring import Scoring
    from artsheets.scanner.tallies import point_boxes

    from .simulator import sheet_for

    layout = sheet_for("vasarely")
    boxes = dict(point_boxes(layout)[2])
    readings = {
        r.id: Reading(2 if r.id in {boxes[v] for v in (1, 2, 4)} else None, 0.95, 0.5, None)
        for r in layout.regions
    }
    readings[boxes[3]] = Reading(None, 0.0, 0.0, OUTSIDE)
    assert not _tick_hidden_boxes(layout, dict(readings), Scoring(scores=None))
    assert _tick_hidden_boxes(layout, readings, Scoring(scores={1: 0, 2: 4}))
    box = readings[boxes[3]]
    assert (box.color, box.confidence) == (2, 0.0)
    assert "not in the photo, inside player 2's run of ticks to 4" in str(box.reason)


def test_a_tally_unlike_the_drawings_score_points_at_the_boxes_a_clean_run_would_change() -> None:
    """The drawing gives player 2 nine points, his boxes show 1-5 and 8-9 ticked: boxes 6
    and 7 (blank in a clean run of nine) and nothing else are pointed at, for review."""
    from artsheets.scanner.mending import _tally_suspects
    from artsheets.scanner.scoring import Scoring

    from .simulator import sheet_for

    layout = sheet_for("vasarely")
    ticked = {f"score-p2-box-{n}" for n in (1, 2, 3, 4, 5, 8, 9)}
    readings = {
        r.id: Reading(2 if r.id in ticked else None, 0.95, 0.5, None) for r in layout.regions
    }
    (suspect,) = _tally_suspects(layout, readings, {2: 7}, Scoring(scores={1: 0, 2: 9}))
    assert suspect["regions"] == ["score-p2-box-6", "score-p2-box-7"]
    assert "tallied 7 points; the sheet shows 9" in suspect["message"]


def _arp_sheet() -> tuple:
    """A finished simulated Arp game read surely, and its captured spaces with one side in
    another player's colour (so that space read in that colour breaks no check)."""
    import numpy as np

    from .simulator import finished_game, sheet_for

    layout = sheet_for("arp")
    colours, _ = finished_game(layout, np.random.default_rng(5))
    readings = {rid: Reading(c, 0.95, 0.5, None) for rid, c in colours.items()}
    bounds = layout.topology.data.get("space_segments") or {}
    return layout, readings, colours, bounds


def _flip_candidates(colours: dict, bounds: dict) -> list[tuple[str, int, int]]:
    """(space, its captor, another colour on its sides), for captured spaces."""
    out = []
    for sp, sides in bounds.items():
        captor = colours.get(sp)
        others = sorted({colours[s] for s in sides} - {captor, None})
        if captor is not None and others:
            out.append((sp, captor, others[0]))
    return out


@pytest.mark.parametrize("second", [True, False])
def test_a_doubted_reading_whose_second_choice_makes_the_tallies_agree_is_taken(
    second: bool,
) -> None:
    """A captured space read in a colour on its sides, doubted, with its captor's colour
    second: the drawing then gives one player a point too few and another one too many.
    The players' tallies say which: it is read in its second choice, for review. A reading
    with no second choice (a blank the rules coloured, not saying which colour) may be any
    other colour in play."""
    from artsheets.scanner.mending import _mend_by_tallies, _score

    layout, readings, colours, bounds = _arp_sheet()
    sp, captor, other = _flip_candidates(colours, bounds)[0]
    readings[sp] = Reading(other, 0.6, 1.0, "doubted", runner_up=captor if second else None)
    tallies, scoring = _score(layout, readings, None)
    assert scoring.scores[captor] == tallies[captor] - 1
    tallies, scoring = _mend_by_tallies(layout, readings, None, tallies, scoring)
    assert readings[sp].color == captor and readings[sp].confidence <= 0.5
    assert "by the tallies" in (readings[sp].reason or "")
    assert all(scoring.scores[p] == t for p, t in tallies.items())


def test_the_tallies_mend_nothing_when_several_readings_would_do_or_none_is_doubted() -> None:
    """Two doubted spaces whose second choices would each make the tallies agree: the
    tallies cannot tell which is misread, so both stay as read. A sure misread stays too."""
    from artsheets.scanner.mending import _mend_by_tallies, _score

    layout, readings, colours, bounds = _arp_sheet()
    (sp, captor, other), *rest = _flip_candidates(colours, bounds)
    # A second space its captor's opponent captured, whose captor's colour is on its sides.
    twin = next(s for s, c, _ in rest if c == other and captor in {colours[b] for b in bounds[s]})
    readings[sp] = Reading(other, 0.6, 1.0, "colour between keys", runner_up=captor)
    readings[twin] = Reading(other, 0.7, 1.0, "colour between keys", runner_up=captor)
    before = dict(readings)
    tallies, scoring = _score(layout, readings, None)
    assert _mend_by_tallies(layout, readings, None, tallies, scoring) == (tallies, scoring)
    assert readings == before
    readings[twin] = Reading(other, 0.95, 1.0, None, runner_up=captor)  # sure: not a candidate
    tallies, scoring = _score(layout, readings, None)
    _mend_by_tallies(layout, readings, None, tallies, scoring)
    assert readings[sp].color == captor


def _illegal_run_ends(layout: Layout, colours: dict) -> tuple[list, list]:
    """Run ends of a legal Arp sheet read in the neighbour's colour, leaving no legal order:
    (those that leave a seam nothing could have started, at the misread; the others)."""
    from artsheets.rules.games.arp import _runs
    from artsheets.scanner.scoring import order_search

    assert order_search(layout, colours).legal is True
    misreads = [
        (line[last], c2)
        for line in layout.topology.data["pieces"].values()
        for (_, _, last), (c2, _, _) in pairwise(_runs([colours[p] for p in line]))
    ]
    found = {(p, c): order_search(layout, colours | {p: c}) for p, c in misreads}
    illegal = [(k, f) for k, f in found.items() if f.legal is False]
    return (
        [k for k, f in illegal if k[0] in f.starved],
        [k for k, f in illegal if not f.starved],
    )


def test_a_misread_piece_that_leaves_no_legal_order_of_play_is_mended() -> None:
    """Arp: a piece at the end of a run read in its neighbour's colour, so that no legal
    order of moves colours the lines as read. Round a seam nothing could have started, it
    is tried in every colour in play (even with a wrong second choice, even read surely):
    it is the one change that lets an order be found, and is read so, for review. A
    misread elsewhere, read surely, is left as read: only doubted pieces are tried there."""
    from artsheets.scanner.mending import _mend_by_order

    layout, readings, colours, _ = _arp_sheet()
    starved, elsewhere = (group[0] for group in _illegal_run_ends(layout, colours))
    (piece, wrong), truth = starved, colours[starved[0]]
    decoy = next(c for c in (1, 2, 3, 4) if c not in (wrong, truth))
    readings[piece] = Reading(wrong, 0.9, 1.0, None, runner_up=decoy)
    assert _mend_by_order(layout, readings, None, dict(readings))
    assert readings[piece].color == truth and "order of play" in readings[piece].reason
    assert readings[piece].confidence <= 0.5
    readings[piece] = Reading(truth, 0.95, 1.0, None)
    piece, wrong = elsewhere
    readings[piece] = Reading(wrong, 0.95, 1.0, None, runner_up=colours[piece])
    assert not _mend_by_order(layout, readings, None, dict(readings))
    assert readings[piece].color == wrong


def test_two_misreads_one_at_a_seam_nothing_could_start_are_mended_together() -> None:
    """Two misread Arp pieces: one leaves a seam nothing could have started, one does not.
    No single change makes the lines legal; the change that clears the seam, with the other
    piece's second choice, does: both are read so, for review."""
    from artsheets.scanner.mending import _mend_by_order

    layout, readings, colours, _ = _arp_sheet()
    starved, elsewhere = _illegal_run_ends(layout, colours)
    (a, wrong_a), (b, wrong_b) = starved[0], next(k for k in elsewhere if k[0] != starved[0][0])
    readings[a] = Reading(wrong_a, 0.9, 1.0, None, runner_up=colours[a])
    readings[b] = Reading(wrong_b, 0.6, 1.0, "doubted", runner_up=colours[b])
    assert _mend_by_order(layout, readings, None, dict(readings))
    assert (readings[a].color, readings[b].color) == (colours[a], colours[b])
    assert "these pieces" in readings[b].reason


def test_mends_that_each_need_the_other_are_taken_back_together() -> None:
    """Two Arp pieces mended away from what was first read (say a stretch mended as games
    are mostly played, and a captor's side the rules then wanted): each mend needs the
    other, so taking back either alone leaves the lines illegal, and with no seam that
    nothing could start, no pair of changes is tried there. Taken back together, the
    pieces as first read are legal: both are read so again, for review."""
    from artsheets.scanner.mending import _mend_by_order
    from artsheets.scanner.scoring import order_search

    layout, readings, colours, _ = _arp_sheet()
    as_read = dict(readings)
    _, elsewhere = _illegal_run_ends(layout, colours)
    (a, wrong_a), (b, wrong_b) = next(
        (x, y)
        for x in elsewhere
        for y in elsewhere
        if x[0] < y[0]
        and not (found := order_search(layout, colours | dict([x, y]))).legal
        and not found.starved
    )
    for piece, wrong in ((a, wrong_a), (b, wrong_b)):
        readings[piece] = Reading(wrong, 0.5, 1.0, "mended", runner_up=colours[piece])
    assert _mend_by_order(layout, readings, None, as_read)
    assert (readings[a].color, readings[b].color) == (colours[a], colours[b])
    assert "these pieces" in readings[a].reason and readings[a].confidence <= 0.5
    # Nothing mended, nothing to take back: the same misreads stay as read.
    readings[a] = Reading(wrong_a, 0.95, 1.0, None, runner_up=colours[a])
    readings[b] = Reading(wrong_b, 0.95, 1.0, None, runner_up=colours[b])
    assert not _mend_by_order(layout, readings, None, dict(readings))


def test_a_doubted_piece_is_tried_in_colours_its_pixels_make_nearly_as_likely() -> None:
    """A misread piece whose second choice is wrong too, but whose own pixels make its true
    colour nearly as likely (a dim photo: a line's pixels favour no colour much). When no
    piece's second choice lets an order be found, it is tried in those close colours; one
    far less likely is not tried."""
    from artsheets.scanner.mending import ORDER_CLOSE_ODDS, _mend_by_order
    from artsheets.scanner.scoring import order_search

    layout, readings, colours, _ = _arp_sheet()
    _, elsewhere = _illegal_run_ends(layout, colours)
    piece, wrong, decoy = next(
        (p, w, d)
        for p, w in elsewhere
        for d in (1, 2, 3, 4)
        if d not in (w, colours[p]) and order_search(layout, colours | {p: d}).legal is False
    )
    truth = colours[piece]

    def misread(truth_odds: float) -> Reading:
        loglik = {c: -3.0 for c in (1, 2, 3, 4)} | {wrong: 0.0, decoy: -0.2, truth: truth_odds}
        return Reading(wrong, 0.6, 1.0, "doubted", runner_up=decoy, loglik=loglik)

    readings[piece] = misread(-(ORDER_CLOSE_ODDS + 0.5))
    assert not _mend_by_order(layout, readings, None, dict(readings))
    readings[piece] = misread(-0.6)
    assert _mend_by_order(layout, readings, None, dict(readings))
    assert readings[piece].color == truth and "order of play" in readings[piece].reason


def test_of_several_fits_the_one_the_pixels_clearly_favour_is_taken() -> None:
    """Two changes each let a legal order be found: the order of play cannot tell which
    piece is misread, but the pieces' own pixels may (one favours the colour that fits, the
    other is far surer of its reading). Only by a clear margin, only when every change of
    the phase was tried, and only where both pieces' pixels were weighed colour by colour."""
    from artsheets.scanner.mending import ORDER_PREFER_ODDS, _decisive

    near = Reading(1, 0.5, 1.0, "doubted", runner_up=2, loglik={1: -0.03, 2: 0.0, 3: -0.3})
    far = Reading(1, 0.6, 1.0, "doubted", runner_up=2, loglik={1: 0.0, 2: -3.5, 3: -3.9})
    readings = {"a": near, "b": far, "c": Reading(1, 0.6, 1.0, "doubted", runner_up=2)}
    a, b, c = (("a", 2),), (("b", 2),), (("c", 2),)
    assert _decisive([b], readings, complete=False) == b  # the only fit
    assert _decisive([b, a], readings, complete=True) == a
    assert _decisive([b, a], readings, complete=False) is None  # an untried change may fit
    assert _decisive([a, c], readings, complete=True) is None  # c's pixels not weighed
    readings["a"] = replace(near, loglik={1: 0.0, 2: -0.03, 3: -0.3})
    readings["b"] = replace(far, loglik={1: 0.0, 2: -(ORDER_PREFER_ODDS - 0.1)})
    assert _decisive([b, a], readings, complete=True) is None  # not by a clear margin
    assert _decisive([], readings, complete=True) is None


def test_of_several_fits_the_one_giving_pieces_back_their_own_best_colours_is_taken() -> None:
    """A piece read against its own pixels (its line's run carried it) that the
    order of play wants otherwise: of the fits, the only one that gives every piece it changes
    the colour its pixels favour most is taken, however slight their preference. Two such
    fits, or an untried change, leave it to a person."""
    from artsheets.scanner.mending import _decisive

    carried = Reading(4, 0.5, 1.0, "run", runner_up=1, loglik={1: 0.0, 2: -0.3, 3: -0.4, 4: -0.3})
    other = Reading(1, 0.5, 1.0, "run", runner_up=4, loglik={1: -0.28, 2: -0.6, 4: 0.0})
    sure = Reading(1, 0.9, 1.0, None, runner_up=2, loglik={1: 0.0, 2: -0.2, 3: -5.0, 4: -5.0})
    readings = {"a": carried, "b": other, "c": sure}
    back = (("b", 4), ("a", 1))  # both pieces to their own pixels' best colour
    third = (("b", 4), ("a", 2))  # the carried piece to a colour its pixels favour less
    away = (("b", 4), ("c", 2))  # a piece read as its pixels say, changed
    assert _decisive([third, back], readings, complete=True) == back
    assert _decisive([away, back], readings, complete=True) == back
    assert _decisive([third, back], readings, complete=False) is None  # an untried may fit
    twin = (("a", 1),)
    assert _decisive([twin, back], readings, complete=True) is None  # two such fits


def test_a_reading_a_failed_check_names_is_mended_by_the_tallies_in_a_colour_it_offers() -> None:
    """A Miro capture circle read blank, surely (the pencil lost at a shadow's edge): the
    rules say it is coloured, in one of the colours that could have closed its space, and
    the captor's tally (two points more than the drawing shows) says which."""
    import numpy as np

    from artsheets.scanner.mending import _mend_by_tallies, _score

    from .simulator import finished_game, sheet_for

    layout = sheet_for("miro")
    colours, _ = finished_game(layout, np.random.default_rng(3))
    readings = {rid: Reading(c, 0.95, 0.5, None) for rid, c in colours.items()}
    for mark in (rid for rid, c in colours.items() if rid.startswith("mark-capture") and c):
        readings[mark] = Reading(None, 0.95, 0.0, None)
        tallies, scoring = _score(layout, readings, None)
        (check,) = [c for c in scoring.checks if not c.get("ok", True) and mark in c["regions"]]
        if len(check["could_be"]) > 1:  # the rules alone cannot say which colour
            break
        readings[mark] = Reading(colours[mark], 0.95, 0.5, None)
    else:
        pytest.fail("no capture in this game could have been closed by two players")
    captor = colours[mark]
    assert scoring.scores[captor] < tallies[captor]
    tallies, scoring = _mend_by_tallies(layout, readings, None, tallies, scoring)
    assert readings[mark].color == captor and "by the tallies" in (readings[mark].reason or "")
    assert all(scoring.scores[p] == t for p, t in tallies.items())


@pytest.mark.parametrize(("box", "mended"), [("middle", True), ("last", False)])
def test_a_light_tick_inside_a_clean_tally_run_leaves_the_tally_sure(
    box: str, mended: bool
) -> None:
    """The captor's tally boxes read as a clean run with one light tick: inside the run it
    changes nothing (a player leaves no gaps), and the tallies still mend the drawing; as
    the run's last box it could be a smudge, the tally one less, and they do not."""
    from artsheets.scanner.mending import _mend_by_tallies, _score
    from artsheets.scanner.tallies import point_boxes

    layout, readings, colours, bounds = _arp_sheet()
    sp, captor, other = _flip_candidates(colours, bounds)[0]
    readings[sp] = Reading(other, 0.6, 1.0, "doubted", runner_up=captor)
    ticked = [rid for _, rid in point_boxes(layout)[captor] if readings[rid].color is not None]
    light = ticked[len(ticked) // 2] if box == "middle" else ticked[-1]
    readings[light] = Reading(captor, 0.6, 0.2, "patchy or light pencil (20% covered)")
    tallies, scoring = _score(layout, readings, None)
    _mend_by_tallies(layout, readings, None, tallies, scoring)
    assert (readings[sp].color == captor) is mended


def test_the_tallies_take_back_a_mend_for_the_other_reading_its_check_offered() -> None:
    """A Miro capture's boundary segment misread in another colour, and its circle doubted:
    the check on the capture (its circle's colour not where the boundary says) is met by
    mending either, and the rules mend the less sure, the circle, wrongly (where the misread
    breaks no order of play). The players' tallies then
    disagree, and neither reading alone makes them agree; taking that mend back and reading
    the segment in the circle's colour does."""
    import numpy as np

    from artsheets.scanner.mending import Instead, _mend_by_tallies, _score

    from .simulator import finished_game, sheet_for

    layout = sheet_for("miro")
    colours, _ = finished_game(layout, np.random.default_rng(3))
    sure = {rid: Reading(c, 0.95, 0.5, None) for rid, c in colours.items()}
    players = sorted({c for rid, c in colours.items() if rid.startswith("segment") and c})
    found = None
    for mark, captor in ((r, c) for r, c in colours.items() if r.startswith("mark-capture") and c):
        other = next(p for p in players if p != captor)
        for seg in (s for s, c in colours.items() if s.startswith("segment") and c == captor):
            readings = dict(sure)
            readings[seg] = Reading(other, 0.73, 0.5, "colour between keys", runner_up=captor)
            readings[mark] = Reading(captor, 0.68, 0.9, "colour between keys", runner_up=other)
            checks = _score(layout, readings, None)[1].checks
            found = next((c for c in checks if not c["ok"] and c["regions"][:1] == [mark]), None)
            if found and [mark, other] in found.get("could_be", ()):
                break
            found = None
        if found:
            break
    assert found, "no capture's last segment in this game"
    instead: dict[str, Instead] = {}
    assert mend(readings, [found], set(), BY_THE_RULES, pick="first", instead=instead)
    assert readings[mark].color == other and (seg, captor) in instead[mark].others
    tallies, scoring = _score(layout, readings, None)
    tallies, scoring = _mend_by_tallies(layout, readings, None, tallies, scoring)
    assert readings[mark].color == other  # without the mend's alternative: no single fit
    tallies, scoring = _mend_by_tallies(layout, readings, None, tallies, scoring, instead)
    assert readings[mark].color == captor and readings[seg].color == captor
    assert all("by the tallies" in (readings[r].reason or "") for r in (mark, seg))
    assert all(scoring.scores[p] == t for p, t in tallies.items())
