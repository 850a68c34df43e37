"""Arp: the illustrated 13-space mini-field game A..J, the touching rule and the variant."""

from __future__ import annotations

import pytest

from artsheets.rules import IllegalMoveError, new_game
from artsheets.rules.breaks import RareStretch
from artsheets.rules.position import score_position, unusual_patterns
from tests.rules.synthetic import arp_lines_field

# Thirteen straight lines (end points) forming a 13-space mini-field.
LINES = [
    ((61.4, 19.7), (45.8, 87.0)), ((73.6, 43.9), (15.1, 49.4)), ((42.3, 61.7), (76.9, 101.2)),
    ((79.8, 48.4), (39.5, 65.2)), ((13.6, 71.9), (74.1, 89.8)), ((72.7, 17.9), (36.5, 59.1)),
    ((68.2, 68.3), (14.7, 105.8)), ((70.7, 45.9), (95.5, 86.6)), ((23.4, 24.6), (50.6, 62.8)),
    ((47.6, -1.7), (75.5, 32.7)), ((28.8, 0.9), (74.9, 49.8)), ((24.3, 47.6), (32.5, 72.3)),
    ((65.3, 42.5), (52.0, 85.7)),
]  # fmt: skip
RED, BLUE, GREEN = 1, 2, 3
STORY = {
    "A": "line-1@v-1+",
    "B": "line-5@v-7+",
    "C": "line-3@v-21-",
    "D": "line-7@v-20+",
    "E": "line-13@v-38-",
    "F": "line-4@v-25+",
    "G": "line-9@v-26+",
    "H": "line-2@v-10+",
    "I": "line-6@v-13-",
    "J": "line-11@v-34+",
}
CAPTURES = {"A": 0, "B": 0, "C": 0, "D": 1, "E": 2, "F": 1, "G": 1, "H": 1, "I": 1, "J": 1}


def field():
    return arp_lines_field(LINES, "HAND-ARP")


def lines_of(moves: list[str]) -> set[str]:
    return {m.split("@")[0] for m in moves}


def test_illustrated_game() -> None:
    f = field()
    assert len(f.spaces) == 13
    s = new_game(f, {"players": 3})
    # A: the first player colours a whole line.
    assert s.legal_moves() == [f"line-{k}@{f.data['lines'][f'line-{k}'][0]}+" for k in range(1, 14)]
    for letter, move in STORY.items():
        moves = s.legal_moves()
        if letter == "E":
            assert lines_of(moves) == {"line-13"}, "E is the only line touching D"
        if letter == "H":
            # Nothing touches G: blue may take any of six uncoloured lines, whole.
            assert s._touching_moves(BLUE) == []  # type: ignore[attr-defined]
            assert len(lines_of(moves) - lines_of(s.history)) == 6
        p = s.current_player()
        before = s.scores()[p]
        s.apply(move)
        assert s.scores()[p] - before == CAPTURES[letter], letter
    assert s.scores() == {RED: 1 + 1 + 1, BLUE: 2 + 1, GREEN: 1 + 1}


def test_touching_line_is_coloured_from_the_touch_point_in_one_direction() -> None:
    f = field()
    s = new_game(f, {"players": 3})
    s.apply(STORY["A"])
    moves = s.legal_moves()
    # Every listed move starts on line-1 (the line just coloured).
    on_a = set(f.data["lines"]["line-1"])
    assert all(m.split("@")[1][:-1] in on_a for m in moves)
    with pytest.raises(IllegalMoveError, match="touching the stretch just coloured"):
        s.apply("line-12@" + f.data["lines"]["line-12"][0] + "+")
    with pytest.raises(IllegalMoveError, match="write a move as"):
        s.apply("line-5")


def test_stop_at_own_colour_variant() -> None:
    f = field()
    plain = new_game(f, {"players": 2})
    variant = new_game(f, {"players": 2, "stop_at_own": True})
    # Red colours line-1, blue line-5 from where it crosses, red then colours line-13 which
    # crosses red's own line-1: in the variant it stops there.
    found = False
    for state in (plain, variant):
        state.apply(STORY["A"])
    for m in plain.legal_moves():
        a, b = plain.copy(), variant.copy()
        if m not in b.legal_moves():
            continue
        a.apply(m)
        b.apply(m)
        for m2 in a.legal_moves():
            if m2 not in b.legal_moves():
                continue
            a2, b2 = a.copy(), b.copy()
            a2.apply(m2)
            b2.apply(m2)
            if len(b2.piece_colour) < len(a2.piece_colour):  # type: ignore[attr-defined]
                found = True
                line = m2.split("@")[0]
                _line, lo, hi = b2.last  # type: ignore[attr-defined]
                stop = hi if m2.endswith("+") else lo
                vertex = f.data["lines"][line][stop]
                assert vertex in f.data["lines"]["line-1"], "it stopped at red's own line"
    assert found, "some move runs past red's line in the plain game and stops in the variant"


def test_position_scoring_and_impossible_fills() -> None:
    f = field()
    s = new_game(f, {"players": 3})
    for move in STORY.values():
        s.apply(move)
    sheet = s.sheet_colours()
    rep = score_position(f, {"players": 3}, sheet, {})
    assert rep.scores == s.scores()
    assert any("game not finished" in c.message for c in rep.problems)
    open_space = next(sp for sp in f.spaces if sp not in sheet)
    bad = score_position(f, {"players": 3}, sheet | {open_space: 2}, {})
    assert any(f"{open_space} is filled with colour 2 but" in c.message for c in bad.problems)


def test_short_stretches_between_pieces_of_one_colour_are_unusual() -> None:
    """Legal but seldom played: one to three pieces of a line in a colour unlike the pieces
    either side, which share a colour (named with that colour). One or two between two
    other colours are only named. Longer runs and runs at a line's end are ordinary."""
    f = field()
    pieces = f.data["pieces"]
    line = max(pieces, key=lambda ln: len(pieces[ln]))
    run = pieces[line]
    assert len(run) >= 6
    base = {p: RED for ps in pieces.values() for p in ps}
    assert unusual_patterns(f, {"players": 3}, base) == []

    one = unusual_patterns(f, {"players": 3}, base | {run[2]: BLUE})
    assert [(c.ok, c.regions, c.broken) for c in one] == [
        (False, [run[2], run[1], run[3]], RareStretch((run[2],), RED))
    ]
    assert line in one[0].message
    (three,) = unusual_patterns(f, {"players": 3}, base | dict.fromkeys(run[1:4], BLUE))
    assert three.broken == RareStretch(tuple(run[1:4]), RED)
    assert unusual_patterns(f, {"players": 3}, base | dict.fromkeys(run[1:5], BLUE)) == []
    assert unusual_patterns(f, {"players": 3}, base | {run[0]: BLUE}) == []
    # RED BLUE GREEN RED: each of BLUE and GREEN lies between two other colours.
    wedges = unusual_patterns(f, {"players": 3}, base | {run[2]: BLUE, run[3]: GREEN})
    assert [(c.regions, c.broken) for c in wedges] == [([run[2]], None), ([run[3]], None)]
    assert "uncommon" in wedges[0].message
    three_wedge = base | {run[1]: BLUE, run[2]: BLUE, run[3]: BLUE, run[4]: GREEN}
    assert [c.regions for c in unusual_patterns(f, {"players": 3}, three_wedge)] == [[run[4]]]
    # Not a rule broken: the rules check the position exactly as without the island.
    checks = [c.message for c in score_position(f, {"players": 3}, base, {}).checks]
    island = score_position(f, {"players": 3}, base | {run[2]: BLUE}, {}).checks
    assert [c.message for c in island] == checks


def _free_move_turns(free_stretches: bool, games: int = 6) -> list[tuple[list[str], set[str]]]:
    """Random games on the mini-field: at each free-move turn, the moves offered and the
    lines still wholly uncoloured."""
    import random

    out = []
    for seed in range(games):
        rng = random.Random(seed)
        st = new_game(field(), {"players": 3, "free_stretches": free_stretches})
        while not st.is_over():
            moves = st.legal_moves()
            if st.last is None or not st._touching_moves(st.current_player()):
                whole = {
                    ln
                    for ln, pcs in st._net.pieces.items()
                    if not any(p in st.piece_colour for p in pcs)
                }
                out.append((moves, whole))
            st.apply(rng.choice(moves))
    return out


def test_a_free_move_colours_a_whole_uncoloured_line_while_one_is_left():
    turns = _free_move_turns(free_stretches=False)
    assert len(turns) > 20
    for moves, whole in turns:
        if whole:
            assert lines_of(moves) <= whole, (moves, whole)
        else:  # only leftover stretches are left: the game goes on with them
            assert moves


def test_the_older_reading_offers_leftover_stretches_beside_whole_lines():
    turns = _free_move_turns(free_stretches=True)
    assert any(whole and not lines_of(moves) <= whole for moves, whole in turns)


def test_a_leftover_stretch_is_refused_while_a_whole_line_is_left():
    st = new_game(field(), {"players": 3, "free_stretches": True})
    # Play a random game to the first turn where the older reading offers a stretch beside
    # whole lines, then try that stretch under the seed's reading.
    import random

    rng = random.Random(0)
    strict = new_game(field(), {"players": 3})
    while not strict.is_over():
        whole = {
            ln
            for ln, pcs in strict._net.pieces.items()
            if not any(p in strict.piece_colour for p in pcs)
        }
        st.piece_colour, st.last, st.moves_made = (
            dict(strict.piece_colour),
            strict.last,
            strict.moves_made,
        )
        stretches = [m for m in st.legal_moves() if m.split("@")[0] not in whole]
        if whole and stretches and not strict._touching_moves(strict.current_player()):
            with pytest.raises(IllegalMoveError, match="entire length"):
                strict.apply(stretches[0])
            return
        strict.apply(rng.choice(strict.legal_moves()))
    pytest.fail("no free-move turn offered a leftover stretch beside a whole line")
