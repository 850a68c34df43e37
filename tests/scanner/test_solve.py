"""Solving under the rules: a sheet that really breaks a rule is read as drawn and the broken
rule reported; the rules only decide between readings the pixels leave close."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from artsheets.generator.layout import Layout
from artsheets.scanner.colours import Reading
from artsheets.scanner.config import ScannerConfig
from artsheets.scanner.evidence import evidence_of, logodds
from artsheets.scanner.pipeline import scan_image
from artsheets.scanner.report import report_dict
from artsheets.scanner.scoring import score_sheet
from artsheets.scanner.solve import AS_DRAWN, solve

from .simulator import PENCILS, easy, finished_game, sheet_for, simulate

CONFIG = ScannerConfig()
DISTINCT = {k + 1: PENCILS[n] for k, n in enumerate(("red", "blue", "green", "yellow"))}


def _legal_game(game: str, seed: int = 7) -> tuple[Layout, dict[str, int | None], dict[int, int]]:
    layout = sheet_for(game)
    colours, scores = finished_game(layout, np.random.default_rng(seed))
    return layout, colours, scores


def _sure(colours: dict[str, int | None]) -> dict[str, Reading]:
    """Every region read as drawn, beyond doubt."""
    return {
        rid: Reading(c, 1.0, 0.0 if c is None else 0.9, surely_marked=c is not None)
        for rid, c in colours.items()
    }


def _keys(layout: Layout) -> list[int]:
    return sorted(r.color_index for r in layout.regions if r.kind == "key" and r.color_index)


def _a_blank_space(layout: Layout, colours: dict[str, int | None]) -> str:
    return next(r.id for r in layout.regions if r.kind == "space" and colours[r.id] is None)


def test_evidence_states_the_readings_margin_over_its_runner_up() -> None:
    ev = evidence_of(Reading(2, 0.9, 0.5, runner_up=3, surely_marked=True), [1, 2, 3], CONFIG)
    assert ev.best == 2 and ev.second == 3
    assert abs(ev.margin - logodds(0.9, CONFIG.max_logodds)) < 1e-9
    assert ev.against(None) == CONFIG.max_logodds  # surely marked: blank is ruled out
    assert ev.against(1) >= ev.margin


def test_a_sure_rule_break_is_read_as_drawn_and_reported() -> None:
    # A legal Miro game with one space filled in: Miro's spaces are never coloured (a capture
    # goes in the space's circle), a player's mistake the pixels state beyond doubt.
    layout, colours, scores = _legal_game("miro")
    assert all(c["ok"] for c in score_sheet(layout, colours, scores).checks)
    planted = _a_blank_space(layout, colours)
    colours[planted] = 1
    readings = _sure(colours)
    solved = solve(layout, readings, None, _keys(layout), CONFIG)
    assert readings[planted].color == 1  # as drawn, not mended to blank
    assert planted in solved.as_drawn
    failed = [c for c in solved.scoring.checks if not c["ok"]]
    assert any(planted in c["regions"] for c in failed), failed
    assert (readings[planted].reason or "").startswith(AS_DRAWN)
    assert readings[planted].confidence == 1.0  # the reading is sure; the sheet breaks a rule


def test_a_close_reading_the_rules_rule_out_is_still_mended() -> None:
    # The same space, read coloured only faintly (the pixels leave it close): the rules decide.
    layout, colours, _ = _legal_game("miro")
    planted = _a_blank_space(layout, colours)
    readings = _sure(colours)
    readings[planted] = Reading(1, 0.6, 0.3, "patchy or light pencil", runner_up=None)
    solved = solve(layout, readings, None, _keys(layout), CONFIG)
    assert readings[planted].color is None
    assert solved.as_drawn == []
    assert solved.proposed[planted][1] < CONFIG.sure_logodds


def test_a_photo_of_a_planted_rule_break_reads_as_drawn() -> None:
    # End to end: a simulated legal game with one rule-breaking colouring, photographed.
    layout, colours, _ = _legal_game("miro")
    planted = _a_blank_space(layout, colours)
    colours[planted] = 2
    photo = simulate(layout, seed=7, conditions=easy(), pencils=DISTINCT, colours=colours)
    result = scan_image(photo.image)
    assert result.readings[planted].color == 2
    wrong = {rid for rid, rd in result.readings.items() if rd.color != colours.get(rid)}
    assert wrong == set()
    failed = [c for c in result.scoring.checks if not c["ok"]]
    assert any(planted in c["regions"] for c in failed), failed
    # The report says so: the region as drawn, why it is in review, its alternative.
    entry = report_dict(result)["regions"][planted]
    assert entry["color"] == 2 and entry["as_drawn"] is True
    assert entry["reason"].startswith(AS_DRAWN) and "second" in entry
    assert 0.9 < entry["confidence"] < 1.0  # the pixels are sure; the sheet breaks a rule


def test_a_region_under_the_configured_margin_goes_to_review_naming_the_alternative() -> None:
    layout, colours, _ = _legal_game("vasarely")
    rid = next(r.id for r in layout.regions if r.kind == "space" and colours[r.id] is not None)
    # Blank would leave the sheet unfinished: the rules would confirm the reading, so they
    # are kept out of it here (confirm_evaluations 0) to see the margin alone.
    alone = ScannerConfig(confirm_evaluations=0)
    for config, flagged in ((alone, False), (replace(alone, review_below=0.9), True)):
        readings = _sure(colours)
        readings[rid] = Reading(colours[rid], 0.85, 0.9, runner_up=None)
        solve(layout, readings, None, _keys(layout), config)
        assert (readings[rid].reason is not None) == flagged
    assert "blank is nearly as likely" in (readings[rid].reason or "")


def _arp_two_alike_misreads() -> tuple[Layout, dict[str, Reading], dict, list[str], int, int]:
    """A finished Arp game read beyond doubt but for two captured spaces, each read (with
    doubt) in a colour on its sides that is not its captor's: each misread moves one point
    from the captor to the other player and breaks no rule."""
    layout, colours, _ = _legal_game("arp", seed=5)
    readings = {
        rid: Reading(c, 1.0, 0.9, surely_marked=c is not None) for rid, c in colours.items()
    }
    bounds = layout.topology.data.get("space_segments") or {}
    flips: dict[tuple[int, int], list[str]] = {}
    for sp, sides in bounds.items():
        captor = colours.get(sp)
        for other in sorted({colours[s] for s in sides} - {captor, None}):
            if captor is not None:
                flips.setdefault((captor, other), []).append(sp)
    (captor, other), spaces = next((k, v) for k, v in flips.items() if len(v) >= 2)
    for sp in spaces[:2]:
        readings[sp] = Reading(other, 0.6, 1.0, "doubted", runner_up=captor, surely_marked=True)
    return layout, readings, colours, spaces[:2], captor, other


def test_two_close_misreads_that_only_together_make_the_tallies_agree_are_both_changed() -> None:
    # Either change alone leaves both players' tallies off by one point: no single change
    # makes the sheet likelier, so one change at a time cannot find it; both together do.
    layout, readings, _, spaces, captor, other = _arp_two_alike_misreads()
    as_read = score_sheet(layout, {r: rd.color for r, rd in readings.items()}, {})
    assert as_read.scores is not None
    solved = solve(layout, readings, None, _keys(layout), CONFIG)
    assert [readings[sp].color for sp in spaces] == [captor, captor]
    assert all("by the rules" in (readings[sp].reason or "") for sp in spaces)
    assert all(readings[sp].runner_up == other for sp in spaces)  # the reading as drawn
    assert not [c for c in solved.scoring.checks if not c["ok"]]
    assert solved.exact and set(solved.proposed) == set(spaces)


def test_a_search_cut_short_by_its_budget_says_so_and_keeps_the_best_found() -> None:
    layout, readings, _, spaces, _, other = _arp_two_alike_misreads()
    solved = solve(layout, readings, None, _keys(layout), ScannerConfig(solve_evaluations=2))
    assert not solved.exact and solved.evaluations == 2
    assert [readings[sp].color for sp in spaces] == [other, other]  # nothing better found


def test_a_sure_tick_far_after_a_tally_run_is_read_blank() -> None:
    # Ticks 1..n and one beyond n + 3: keeping it would need the boxes between ticked too,
    # so the run says it is no tick (a shadow's edge), however surely it was read.
    layout, colours, scores = _legal_game("vasarely")
    player, score = next((p, s) for p, s in scores.items() if s > 0)
    stray = f"score-p{player}-box-{score + 4}"
    colours[stray] = player
    readings = _sure(colours)
    solved = solve(layout, readings, None, _keys(layout), CONFIG)
    assert readings[stray].color is None and "by the rules" in (readings[stray].reason or "")
    assert solved.tallies[player] == score


def test_a_doubted_reading_whose_alternative_breaks_a_rule_leaves_review() -> None:
    # A space doubted between its colour and a second one: where the second would break a
    # rule on a sheet that breaks none, the margin after solving is no longer small and the
    # space leaves review; where the second breaks nothing, it stays in review.
    layout, colours, scores = _legal_game("vasarely")
    spaces = [r.id for r in layout.regions if r.kind == "space" and colours[r.id] is not None]
    cases: dict[bool, tuple[str, int]] = {}
    for rid in spaces:
        for other in _keys(layout):
            if other == colours[rid]:
                continue
            checks = score_sheet(layout, colours | {rid: other}, scores).checks
            cases.setdefault(any(not c["ok"] for c in checks), (rid, other))
        if len(cases) == 2:
            break
    assert len(cases) == 2, cases
    for breaks, (rid, other) in cases.items():
        readings = _sure(colours)
        doubted = Reading(colours[rid], 0.6, 0.9, "colour between keys", runner_up=other)
        readings[rid] = replace(doubted, surely_marked=True)
        solve(layout, readings, None, _keys(layout), CONFIG)
        assert readings[rid].color == colours[rid]
        assert (readings[rid].reason is None) is breaks, (breaks, readings[rid].reason)


def test_the_rules_confirm_a_miro_sheets_many_doubted_capture_marks() -> None:
    # In register a Miro sheet's capture marks can read "between keys" by the dozen (a
    # scribbled sheet: 67 of 109); a mark in another colour breaks a rule, so each is
    # confirmed, and the budget (``confirm_evaluations``) must reach all 60 here.
    layout, colours, _ = _legal_game("miro")
    keys = _keys(layout)
    marks = [r.id for r in layout.regions if r.kind == "mark" and colours[r.id] is not None]
    readings = _sure(colours)
    for rid in marks[:60]:
        other = next(k for k in keys if k != colours[rid])
        readings[rid] = Reading(colours[rid], 0.7, 0.9, runner_up=other, surely_marked=True)
    solve(layout, readings, None, keys, CONFIG)
    assert [rid for rid in marks[:60] if readings[rid].reason is not None] == []
    assert all(readings[rid].color == colours[rid] for rid in marks)
