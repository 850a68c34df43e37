"""Ups and Downs: scoring, the hidden arrangement, the 52-card suit rule, best reply and
expected score checked against brute force, playouts and hand-made records."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction
from pathlib import Path

import pytest

from artsheets.rules import IllegalMoveError, InvalidMoveError
from artsheets.rules.core import RulesError
from artsheets.rules.game import get_game
from artsheets.rules.games.updown import parse_card, pile_points, point
from artsheets.rules.record import replay_command
from tests.boardgames.playout import playout

DATA = Path(__file__).parent.parent / "data" / "boardgames"
GAME = get_game("updown")


def test_points_and_the_suit_rule() -> None:
    assert point((3, ""), (7, "")) == 1 and point((7, ""), (3, "")) == 2
    assert point((5, "S"), (5, "H")) == 1 and point((5, "H"), (5, "C")) == 2
    assert parse_card("qh", True) == (12, "H") and parse_card("10C", True) == (10, "C")
    with pytest.raises(InvalidMoveError):
        parse_card("1X", True)
    with pytest.raises(InvalidMoveError):
        parse_card("Q", False)


def test_hand_made_records() -> None:
    # pile 6 2 1 5 4 3: down, down, up, down, down
    text = replay_command(str(DATA / "updown-three.json"))
    assert "result: player 2 wins (all 6 cards played: Up 1, Down 4 points)" in text
    # Up plays A..K of spades and hearts, Down of diamonds and clubs, values rising: in each
    # value's four cards S D H C the ties score Up (D), Up (H), Down (C), and each step up a
    # value scores Up: Up 13 * 2 + 12 = 38, Down 13.
    text = replay_command(str(DATA / "updown-standard-suits.json"))
    assert "Up 38, Down 13 points" in text and "player 1 wins" in text


def test_the_arrangement_is_hidden_and_the_deal_binds() -> None:
    state = GAME.new_game({"n": 3, "deal": 5})
    hand = state.observation(1)["hand"]
    other = state.observation(2)["hand"]
    assert sorted(hand + other, key=int) == [str(k) for k in range(1, 7)]
    state.apply(hand[0])
    assert state.observation(2)["other_laid"] == 1 and "other_order" not in state.observation(2)
    with pytest.raises(IllegalMoveError, match="not in your hand"):
        state.copy().apply(other[0])
    with pytest.raises(IllegalMoveError, match="already"):
        state.copy().apply(hand[0])
    with pytest.raises(IllegalMoveError, match="no such card"):
        state.copy().apply("7")


def _brute(up: list[int], rest: list[int], fixed: int) -> tuple[int, Fraction]:
    """Best reply points and the expected points of the fixed order, by enumeration."""
    mine = [(c, "") for c in up]
    results = []
    for perm in itertools.permutations(rest):
        theirs = [(c, "") for c in perm]
        pts = pile_points(mine, theirs) if fixed == 1 else pile_points(theirs, mine)
        results.append(pts)
    best = max(r[3 - fixed] for r in results)
    return best, Fraction(sum(r[fixed] for r in results), len(results))


@pytest.mark.parametrize("seed", range(6))
def test_best_reply_and_expected_score_agree_with_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    deck = list(range(1, 11))
    rng.shuffle(deck)
    order, rest = deck[:5], deck[5:]
    for fixed in (1, 2):
        reply, pts = GAME.best_reply([str(c) for c in order], fixed, {"n": 5})
        best, expected = _brute(order, rest, fixed)
        assert pts == best and sorted(int(c) for c in reply) == sorted(rest)
        assert GAME.expected_score([str(c) for c in order], fixed, {"n": 5}) == expected
    with pytest.raises(RulesError, match="5 different cards"):
        GAME.best_reply(["1", "1", "2", "3", "4"], 1, {"n": 5})


@pytest.mark.parametrize(
    "options", [{}, {"n": 3, "deal": 1}, {"deck": "standard", "deal": 7}, {"deck": "standard"}]
)
def test_random_playouts(options: dict) -> None:
    numbered = ["0", "99", "1", "20", "7"]
    standard = ["KS", "7H", "AS", "QD", "10C"]
    state = playout(GAME, options, 3, lambda s: standard if s.standard else numbered)
    out = state.outcome()
    assert out is not None and sum(out.scores.values()) == 2 * state.n - 1  # type: ignore[attr-defined]
