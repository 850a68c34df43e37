"""The hints the rules give, and what the solver leaves to ``mending``: Arp's order of play,
boxes out of the photo inside a tally's run, the boxes a disagreeing tally points at."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise
from types import SimpleNamespace

from artsheets.generator.layout import Layout
from artsheets.rules.position import MarkWording, completion_mark_checks
from artsheets.scanner.colours import OUTSIDE, Reading
from artsheets.scanner.config import ScannerConfig
from artsheets.scanner.hints import check_dict, hints
from artsheets.scanner.mending import mend_by_order, neighbours_surer

CONFIG = ScannerConfig()


def _decide(fits: list, readings: dict[str, Reading], complete: bool) -> tuple | None:
    """The order of play's choice of fits, with the configured margin."""
    from artsheets.scanner.mending import _decisive

    return _decisive(fits, readings, complete, CONFIG.order_prefer_logodds)


def _any(rid: str, colour: int | None) -> bool:
    """Every change affordable (the solver passes what the pixels allow)."""
    return True


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


def _leaving(region: str, message: str, *free: int) -> dict:
    """A failed check that ``region`` in any of the colours ``free`` would satisfy."""
    return {
        "ok": False,
        "message": message,
        "regions": [region],
        "could_be": [[region, c] for c in free],
    }


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
    assert neighbours_surer(layout, readings, CONFIG.wholesale_doubt)  # type: ignore[arg-type]
    readings["segment-8"] = doubted
    assert not neighbours_surer(layout, readings, CONFIG.wholesale_doubt)  # type: ignore[arg-type]


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
    from artsheets.scanner.mending import tick_hidden_boxes
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
    assert not tick_hidden_boxes(layout, dict(readings), Scoring(scores=None))
    assert tick_hidden_boxes(layout, readings, Scoring(scores={1: 0, 2: 4}))
    box = readings[boxes[3]]
    assert (box.color, box.confidence) == (2, 0.0)
    assert "not in the photo, inside player 2's run of ticks to 4" in str(box.reason)


def test_a_tally_unlike_the_drawings_score_points_at_the_boxes_a_clean_run_would_change() -> None:
    """The drawing gives player 2 nine points, his boxes show 1-5 and 8-9 ticked: boxes 6
    and 7 (blank in a clean run of nine) and nothing else are pointed at, for review."""
    from artsheets.scanner.mending import tally_suspects
    from artsheets.scanner.scoring import Scoring

    from .simulator import sheet_for

    layout = sheet_for("vasarely")
    ticked = {f"score-p2-box-{n}" for n in (1, 2, 3, 4, 5, 8, 9)}
    readings = {
        r.id: Reading(2 if r.id in ticked else None, 0.95, 0.5, None) for r in layout.regions
    }
    (suspect,) = tally_suspects(layout, readings, {2: 7}, Scoring(scores={1: 0, 2: 9}))
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

    layout, readings, colours, _ = _arp_sheet()
    starved, elsewhere = (group[0] for group in _illegal_run_ends(layout, colours))
    (piece, wrong), truth = starved, colours[starved[0]]
    decoy = next(c for c in (1, 2, 3, 4) if c not in (wrong, truth))
    readings[piece] = Reading(wrong, 0.9, 1.0, None, runner_up=decoy)
    assert mend_by_order(layout, readings, None, dict(readings), CONFIG, _any)
    assert readings[piece].color == truth and "order of play" in readings[piece].reason
    assert readings[piece].confidence <= 0.5
    readings[piece] = Reading(truth, 0.95, 1.0, None)
    piece, wrong = elsewhere
    readings[piece] = Reading(wrong, 0.95, 1.0, None, runner_up=colours[piece])
    assert not mend_by_order(layout, readings, None, dict(readings), CONFIG, _any)
    assert readings[piece].color == wrong


def test_two_misreads_one_at_a_seam_nothing_could_start_are_mended_together() -> None:
    """Two misread Arp pieces: one leaves a seam nothing could have started, one does not.
    No single change makes the lines legal; the change that clears the seam, with the other
    piece's second choice, does: both are read so, for review."""

    layout, readings, colours, _ = _arp_sheet()
    starved, elsewhere = _illegal_run_ends(layout, colours)
    (a, wrong_a), (b, wrong_b) = starved[0], next(k for k in elsewhere if k[0] != starved[0][0])
    readings[a] = Reading(wrong_a, 0.9, 1.0, None, runner_up=colours[a])
    readings[b] = Reading(wrong_b, 0.6, 1.0, "doubted", runner_up=colours[b])
    assert mend_by_order(layout, readings, None, dict(readings), CONFIG, _any)
    assert (readings[a].color, readings[b].color) == (colours[a], colours[b])
    assert "these pieces" in readings[b].reason


def test_mends_that_each_need_the_other_are_taken_back_together() -> None:
    """Two Arp pieces mended away from what was first read (say a stretch mended as games
    are mostly played, and a captor's side the rules then wanted): each mend needs the
    other, so taking back either alone leaves the lines illegal, and with no seam that
    nothing could start, no pair of changes is tried there. Taken back together, the
    pieces as first read are legal: both are read so again, for review."""
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
    assert mend_by_order(layout, readings, None, as_read, CONFIG, _any)
    assert (readings[a].color, readings[b].color) == (colours[a], colours[b])
    assert "these pieces" in readings[a].reason and readings[a].confidence <= 0.5
    # Nothing mended, nothing to take back: the same misreads stay as read.
    readings[a] = Reading(wrong_a, 0.95, 1.0, None, runner_up=colours[a])
    readings[b] = Reading(wrong_b, 0.95, 1.0, None, runner_up=colours[b])
    assert not mend_by_order(layout, readings, None, dict(readings), CONFIG, _any)


def test_a_doubted_piece_is_tried_in_colours_its_pixels_make_nearly_as_likely() -> None:
    """A misread piece whose second choice is wrong too, but whose own pixels make its true
    colour nearly as likely (a dim photo: a line's pixels favour no colour much). When no
    piece's second choice lets an order be found, it is tried in those close colours; one
    far less likely is not tried."""
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

    readings[piece] = misread(-(CONFIG.order_close_logodds + 0.5))
    assert not mend_by_order(layout, readings, None, dict(readings), CONFIG, _any)
    readings[piece] = misread(-0.6)
    assert mend_by_order(layout, readings, None, dict(readings), CONFIG, _any)
    assert readings[piece].color == truth and "order of play" in readings[piece].reason


def test_of_several_fits_the_one_the_pixels_clearly_favour_is_taken() -> None:
    """Two changes each let a legal order be found: the order of play cannot tell which
    piece is misread, but the pieces' own pixels may (one favours the colour that fits, the
    other is far surer of its reading). Only by a clear margin, only when every change of
    the phase was tried, and only where both pieces' pixels were weighed colour by colour."""
    near = Reading(1, 0.5, 1.0, "doubted", runner_up=2, loglik={1: -0.03, 2: 0.0, 3: -0.3})
    far = Reading(1, 0.6, 1.0, "doubted", runner_up=2, loglik={1: 0.0, 2: -3.5, 3: -3.9})
    readings = {"a": near, "b": far, "c": Reading(1, 0.6, 1.0, "doubted", runner_up=2)}
    a, b, c = (("a", 2),), (("b", 2),), (("c", 2),)
    assert _decide([b], readings, complete=False) == b  # the only fit
    assert _decide([b, a], readings, complete=True) == a
    assert _decide([b, a], readings, complete=False) is None  # an untried change may fit
    assert _decide([a, c], readings, complete=True) is None  # c's pixels not weighed
    readings["a"] = replace(near, loglik={1: 0.0, 2: -0.03, 3: -0.3})
    readings["b"] = replace(far, loglik={1: 0.0, 2: -(CONFIG.order_prefer_logodds - 0.1)})
    assert _decide([b, a], readings, complete=True) is None  # not by a clear margin
    assert _decide([], readings, complete=True) is None


def test_of_several_fits_the_one_giving_pieces_back_their_own_best_colours_is_taken() -> None:
    """A piece read against its own pixels (its line's run carried it) that the
    order of play wants otherwise: of the fits, the only one that gives every piece it changes
    the colour its pixels favour most is taken, however slight their preference. Two such
    fits, or an untried change, leave it to a person."""
    carried = Reading(4, 0.5, 1.0, "run", runner_up=1, loglik={1: 0.0, 2: -0.3, 3: -0.4, 4: -0.3})
    other = Reading(1, 0.5, 1.0, "run", runner_up=4, loglik={1: -0.28, 2: -0.6, 4: 0.0})
    sure = Reading(1, 0.9, 1.0, None, runner_up=2, loglik={1: 0.0, 2: -0.2, 3: -5.0, 4: -5.0})
    readings = {"a": carried, "b": other, "c": sure}
    back = (("b", 4), ("a", 1))  # both pieces to their own pixels' best colour
    third = (("b", 4), ("a", 2))  # the carried piece to a colour its pixels favour less
    away = (("b", 4), ("c", 2))  # a piece read as its pixels say, changed
    assert _decide([third, back], readings, complete=True) == back
    assert _decide([away, back], readings, complete=True) == back
    assert _decide([third, back], readings, complete=False) is None  # an untried may fit
    twin = (("a", 1),)
    assert _decide([twin, back], readings, complete=True) is None  # two such fits
