"""Finished positions no game reaches fail a named check; the same position as played passes.

Each test plays a random legal game on a real field, checks that its finished position raises
no complaint, then changes it into a position the rules cannot reach.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from artsheets.generator.registry import build_field
from artsheets.rules import State, new_game
from artsheets.rules.position import score_position


def _played(game: str, options: dict[str, Any], seed: int = 1, moves: int | None = None) -> State:
    """A random game on the standard field (Rings: seed 7's), to the end or to ``moves``."""
    state = new_game(build_field(game, 7 if game == "rings" else None, {}), options)
    rng = random.Random(seed)
    while not state.is_over() and (moves is None or len(state.history) < moves):
        state.apply(rng.choice(state.legal_moves()))
    return state


def _failed(state: State, colours: dict[str, int], tallies: dict[int, int | None]) -> list[str]:
    report = score_position(state.field, state.options, colours, tallies)
    return [c.message for c in report.checks if not c.ok]


def _as_played(state: State) -> tuple[dict[str, int], dict[int, int | None]]:
    colours, tallies = state.sheet_colours(), dict(state.scores())
    assert _failed(state, colours, tallies) == []
    return colours, tallies


def test_mondrian_two_players_cannot_both_reach_the_target() -> None:
    state = _played("mondrian", {"players": 4})
    colours, tallies = _as_played(state)
    tallies.update({1: 80, 2: 85})
    assert any("both tallied 80 or more" in m for m in _failed(state, colours, tallies))


def test_mondrian_is_not_over_while_spaces_can_be_filled_and_nobody_reached_80() -> None:
    state = _played("mondrian", {"players": 4}, moves=12)
    colours, tallies = state.sheet_colours(), dict(state.scores())
    assert max(tallies.values()) < 80
    assert any("can still be filled" in m for m in _failed(state, colours, tallies))


def test_delaunay_every_completed_section_gives_each_team_a_penalty() -> None:
    state = _played("delaunay", {"players": 4})
    colours, tallies = _as_played(state)
    empty_row = {1: 0, 2: tallies[2], 3: 0, 4: tallies[4]}
    assert any(
        "team 1+3 marked 0 penalties" in m and "at least one" in m
        for m in _failed(state, colours, empty_row)
    )


def test_delaunay_a_row_cannot_hold_more_penalties_than_its_boxes() -> None:
    state = _played("delaunay", {"players": 3})
    colours, tallies = _as_played(state)
    tallies[2] = 41
    assert any("the row has 40 boxes" in m for m in _failed(state, colours, tallies))


def test_delaunay_two_players_too_few_penalties_for_the_sections() -> None:
    state = _played("delaunay", {"players": 2})
    colours, _ = _as_played(state)
    assert any("completed sections" in m for m in _failed(state, colours, {1: 0, 2: 3}))


@pytest.mark.parametrize(
    ("tallies", "words"),
    [({1: 70, 2: 12}, "on a track of 50 boxes"), ({1: 50, 2: 50}, "both players are at the end")],
)
def test_klee_track_positions_no_game_reaches(tallies: dict[int, int], words: str) -> None:
    state = _played("klee", {"track_length": 50}, moves=40)
    colours = state.sheet_colours()
    assert any(words in m for m in _failed(state, colours, tallies))


def test_springer_players_take_turns() -> None:
    state = _played("springer", {"players": 2})
    colours, tallies = _as_played(state)
    mine = [s for s in state.field.spaces if colours.get(s) == 1]
    lonely = {k: v for k, v in colours.items() if v != 1 or k == mine[0]}
    lonely = {k: v for k, v in lonely.items() if not (k.startswith("triangle") and v == 1)}
    assert any("players take turns" in m for m in _failed(state, lonely, tallies))


def test_rings_a_whole_round_in_one_colour_is_no_game() -> None:
    state = _played("rings", {"players": 3})
    colours, tallies = _as_played(state)
    round_1 = state.field.groups["round-1"]
    one = {**colours, **dict.fromkeys(round_1, 1)}
    assert any(m.startswith("round 1: no one chord crosses") for m in _failed(state, one, tallies))


def test_synch_every_square_one_players_is_no_game() -> None:
    state = _played("synch", {}, moves=60)
    everything = dict.fromkeys(state.field.spaces, 1)
    failed = _failed(state, everything, {})
    assert any("player 2 has no symbol" in m for m in failed)
    assert any("a lead of" in m for m in failed)
