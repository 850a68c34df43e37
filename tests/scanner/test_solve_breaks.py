"""A player's rule-break that moves his score: one mistake, weighed once. His tally then
disagrees with the drawing by what the break scores; the solver neither pays the prior for
that disagreement again nor bends a tally to it, and the tally review skips only the tallies
such a break explains."""

from __future__ import annotations

from artsheets.generator.layout import Layout
from artsheets.scanner.colours import Reading
from artsheets.scanner.solve import solve

from .test_solve import CONFIG, _keys, _legal_game, _sure


def _point_boxes(layout: Layout, player: int) -> list[str]:
    """A player's point boxes in the order his tally ticks them."""
    boxes = [
        r
        for r in layout.regions
        if r.kind == "score_box" and r.extra.get("role") == "point" and r.player == player
    ]
    boxes.sort(key=lambda r: (r.id.rsplit("-box-", 1)[0], r.extra.get("value", 0)))
    return [r.id for r in boxes]


def _arp_space_left_blank() -> tuple[Layout, dict[str, Reading], str, int, list[str]]:
    """A legal Arp game but for one captured space left blank (surely): its captor scores a
    point fewer than he tallied, by the rules he played."""
    layout, colours, scores = _legal_game("arp")
    space = next(r.id for r in layout.regions if r.kind == "space" and colours[r.id])
    captor = colours[space]
    assert isinstance(captor, int)
    colours[space] = None
    return layout, _sure(colours), space, captor, _point_boxes(layout, captor)[: scores[captor]]


def test_a_tally_is_not_bent_to_a_rule_break_that_moves_its_score() -> None:
    # The captor's last tick is read with doubt: unticked, his tally would agree with the
    # drawing as drawn. That misreads the tally to agree with a mistake the pixels state
    # surely; the break explains the disagreement, so the tally is kept as read.
    layout, readings, space, captor, ticked = _arp_space_left_blank()
    last = ticked[-1]
    readings[last] = Reading(captor, 0.6, 0.5, "doubted", runner_up=None, surely_marked=False)
    solved = solve(layout, readings, None, _keys(layout), CONFIG)
    assert readings[space].color is None and space in solved.as_drawn
    assert readings[last].color == captor
    assert solved.tallies[captor] == len(ticked)


def test_a_tally_disagreeing_by_what_a_break_scores_is_not_reviewed() -> None:
    layout, readings, space, _, ticked = _arp_space_left_blank()
    solved = solve(layout, readings, None, _keys(layout), CONFIG)
    assert space in solved.as_drawn
    assert [rid for rid in ticked if readings[rid].reason is not None] == []


def test_a_tally_misread_beside_a_break_that_scores_nothing_is_reviewed() -> None:
    # A Miro space filled in (Miro's spaces score nothing) and, elsewhere, a player's last
    # tick read surely blank: his tally disagrees with the drawing, not because of the break.
    layout, colours, scores = _legal_game("miro")
    space = next(r.id for r in layout.regions if r.kind == "space" and colours[r.id] is None)
    colours[space] = 1
    readings = _sure(colours)
    player = max(scores, key=lambda p: scores[p])
    last = _point_boxes(layout, player)[scores[player] - 1]
    readings[last] = Reading(None, 1.0, 0.0)
    solved = solve(layout, readings, None, _keys(layout), CONFIG)
    assert space in solved.as_drawn
    assert readings[last].color is None  # the pixels are sure: not mended
    assert readings[last].reason is not None  # but in review, with the tally it breaks
