"""A player's recoloured side of a captured space: the capture's check (a filled space needs a
side in its colour) is not satisfied by another side read a little less surely than the
fill's colour beside it. The line fit states such a side's margin against that colour low,
so the solver weighs it by ``beside_fill_evidence_scale``."""

from __future__ import annotations

from dataclasses import replace

from artsheets.generator.layout import Layout
from artsheets.scanner.colours import Reading
from artsheets.scanner.evidence import beside_fills, evidence_of
from artsheets.scanner.solve import solve

from .test_solve import CONFIG, _keys, _legal_game, _sure

WEAK = 0.85  # a side's reading: 1.7 log-odds over the fill's colour, under the prior (3)


def _recoloured_side() -> tuple[Layout, dict[str, Reading], str, str, int]:
    """A legal Arp game whose captured space's one side in its captor's colour is recoloured
    surely (the player's mistake), and another of its sides read weakly, the captor's
    colour second; the mistake's side, the weak side and the captor."""
    layout, colours, _ = _legal_game("arp")
    data = layout.topology.data
    sides, spaces = data["space_segments"], data["segment_spaces"]
    players = _keys(layout)
    for space, bound in sides.items():
        captor = colours.get(space)
        own = [s for s in bound if colours.get(s) == captor]
        if captor is None or len(own) != 1:
            continue
        for weak in bound:
            colour = colours.get(weak)
            if colour in (None, captor):
                continue
            # Its other space, if filled in its colour, keeps another side in that colour.
            others = [
                sp
                for sp in spaces[weak]
                if sp != space
                and colours.get(sp) == colour
                and sum(colours.get(s) == colour for s in sides[sp]) < 2
            ]
            if others:
                continue
            mistake = own[0]
            colours[mistake] = next(p for p in players if p not in (captor, colour))
            readings = _sure(colours)
            readings[weak] = Reading(colour, WEAK, 0.9, runner_up=captor, surely_marked=True)
            return layout, readings, mistake, weak, captor
    raise AssertionError("no captured space with one side in its captor's colour")


def test_the_fills_colour_weighs_more_against_a_side_beside_it() -> None:
    layout, readings, _, weak, captor = _recoloured_side()
    evidence = {rid: evidence_of(rd, _keys(layout), CONFIG) for rid, rd in readings.items()}
    scaled = beside_fills(layout, readings, evidence, CONFIG)
    stated = evidence[weak].against(captor)
    assert scaled[weak].against(captor) == stated * CONFIG.beside_fill_evidence_scale
    assert scaled[weak].best == evidence[weak].best


def test_a_recoloured_side_is_read_as_drawn_not_mended_by_its_neighbour() -> None:
    layout, readings, mistake, weak, _ = _recoloured_side()
    colour = readings[weak].color
    solved = solve(layout, readings, None, _keys(layout), CONFIG)
    assert readings[weak].color == colour
    assert any(mistake in c.get("regions", ()) for c in solved.scoring.failed)


def test_as_measured_the_neighbour_mends_it() -> None:
    layout, readings, _, weak, captor = _recoloured_side()
    # (Nor the order of play: no legal one colours the lines with the weak side so.)
    config = replace(CONFIG, beside_fill_evidence_scale=1.0, capture_side_order=False)
    solve(layout, readings, None, _keys(layout), config)
    assert readings[weak].color == captor  # the case the setting is for
