"""Crossing The Rings: chords fill the sections they cross, rounds, the clarification."""

from __future__ import annotations

import math

import pytest

from artsheets.rules import IllegalMoveError, new_game
from artsheets.rules.field import Field
from artsheets.rules.position import score_position
from tests.rules.synthetic import rings_field


def target(dividers: dict[int, list[float]], rounds: int = 1, circles: int = 3) -> Field:
    """A hand-made field: the same target every round, circles of radius 10, 20, 30..."""
    spaces, groups, attrs, data = [], {}, {}, []
    for r in range(1, rounds + 1):
        members = []
        for m, angs in dividers.items():
            for k, a0 in enumerate(angs):
                a1 = angs[k + 1] if k + 1 < len(angs) else angs[0] + 360
                sid = f"space-{len(spaces) + 1}"
                spaces.append(sid)
                members.append(sid)
                attrs[sid] = {"round": r, "ring": m, "a0": a0, "a1": a1}
        groups[f"round-{r}"] = tuple(members)
        data.append(
            {
                "center": [0.0, 0.0],
                "radii": [10.0 * (k + 1) for k in range(circles)],
                "dividers": {str(m): a for m, a in dividers.items()},
            }
        )
    empty = {s: frozenset() for s in spaces}
    return Field(
        "rings", "HAND-RINGS", tuple(spaces), empty, empty, groups, attrs, {"rounds": data}
    )


# Ring 1 (between r=10 and 20): sections 0-90, 90-180, 180-360. Ring 2 (20-30): 0-180, 180-360.
FIELD = target({1: [0.0, 90.0, 180.0], 2: [0.0, 180.0]})


def test_points_are_numbered_by_circle_and_angle() -> None:
    s = new_game(FIELD, {"players": 2})
    pts = s._targets[0].points  # type: ignore[attr-defined]
    assert sorted(pts) == ["c1.1", "c1.2", "c1.3", "c2.1", "c2.2", "c2.3", "c3.1", "c3.2"]
    x, y, a = pts["c2.2"]
    assert a == 90.0 and math.isclose(x, 0, abs_tol=1e-9) and math.isclose(y, 20)


def test_a_chord_fills_the_sections_whose_interior_it_crosses() -> None:
    s = new_game(FIELD, {"players": 2})
    # c1.1 (10, 0) to c1.2 (0, 10): a chord inside circle 1 - crosses no ring.
    assert s.fills("c1.1-c1.2") == []  # type: ignore[attr-defined]
    # c2.1 (20, 0) to c2.2 (0, 20): its middle dips inside circle 2 into ring 1, 0-90 only.
    assert s.fills("c2.1-c2.2") == ["space-1"]  # type: ignore[attr-defined]
    # c3.1 (30, 0) to c3.2 (-30, 0): a diameter along dividers at 0 and 180 in both rings.
    assert s.fills("c3.1-c3.2") == []  # type: ignore[attr-defined]
    # c3.1 (30, 0) to c2.2 (0, 20): crosses ring 2 (0-180) and ring 1 (0-90).
    assert s.fills("c2.2-c3.1") == ["space-1", "space-4"]  # type: ignore[attr-defined]


def test_coinciding_chords_forbidden_or_filling_neither_side() -> None:
    forbid = new_game(FIELD, {"players": 2})
    assert "c3.1-c3.2" not in forbid.legal_moves()
    with pytest.raises(IllegalMoveError, match="runs along a dividing segment"):
        forbid.apply("c3.1-c3.2")
    allow = new_game(FIELD, {"players": 2, "coincide": "fill_neither"})
    assert "c3.1-c3.2" in allow.legal_moves()
    allow.apply("c3.1-c3.2")
    assert allow.scores() == {1: 0, 2: 0}
    # A radial chord c1.2 (90 deg) to c2.2 (90 deg) runs along ring 1's divider at 90.
    assert "c1.2-c2.2" not in forbid.legal_moves()
    # c2.2 (90) to c3.2 (180)? not radial: allowed.
    assert "c2.2-c3.2" in forbid.legal_moves()


def test_rounds_divider_last_and_totals() -> None:
    f = target({1: [0.0, 90.0, 180.0], 2: [0.0, 180.0]}, rounds=3)
    s = new_game(f, {"players": 3})
    seen = []
    while not s.is_over():
        seen.append(s.current_player())
        s.apply("c2.2-c3.1" if len(seen) % 3 == 1 else "c1.1-c1.2")
    # Round 1: divider 1 plays last; round 2: divider 2 last; round 3: divider 3 last.
    assert seen == [2, 3, 1, 3, 1, 2, 1, 2, 3]
    assert s.scores() == {2: 2, 3: 2, 1: 2}
    assert s.round_scores == [{2: 2}, {3: 2}, {1: 2}]  # type: ignore[attr-defined]
    rep = score_position(f, {"players": 3}, s.sheet_colours(), {1: 2, 2: 2, 3: 1})
    assert rep.scores == {1: 2, 2: 2, 3: 2}
    assert rep.details["rounds"]["round-2"] == {1: 0, 2: 0, 3: 2}
    assert any("player 3 tallied 1" in c.message for c in rep.problems)


def test_move_text_errors() -> None:
    s = new_game(FIELD, {"players": 2})
    with pytest.raises(IllegalMoveError, match=r"write the lower point first: c2\.2-c3\.1"):
        s.apply("c3.1-c2.2")
    with pytest.raises(IllegalMoveError, match=r"'c9\.1' is not an intersection point"):
        s.apply("c9.1-c1.1")
    with pytest.raises(IllegalMoveError, match="two different points"):
        s.apply("c1.1-c1.1")


def test_random_targets_fill_consistently_with_sampling() -> None:
    """Cross-check the analytic crossing test by sampling points along each chord."""
    f = rings_field(3, 5, 1, 12)
    s = new_game(f, {"players": 2, "coincide": "fill_neither"})
    t = s._targets[0]  # type: ignore[attr-defined]
    secs = {sid: (ring, a0, a1) for sid, ring, a0, a1 in t.sections}
    moves = s.legal_moves()
    for mv in moves[:: max(1, len(moves) // 60)]:
        p, q = mv.split("-")
        (ax, ay, _), (bx, by, _) = t.points[p], t.points[q]
        hit = set()
        for k in range(1, 4000):
            u = k / 4000
            x, y = ax + u * (bx - ax), ay + u * (by - ay)
            r = math.hypot(x, y)
            ang = math.degrees(math.atan2(y, x)) % 360
            for sid, (ring, a0, a1) in secs.items():
                lo, hi = t.radii[ring - 1], t.radii[ring]
                if lo + 1e-6 < r < hi - 1e-6 and any(
                    a0 + 1e-6 < ang + o < a1 - 1e-6 for o in (-360, 0, 360)
                ):
                    hit.add(sid)
        got = set(s.fills(mv))  # type: ignore[attr-defined]
        assert hit <= got, (mv, hit, got)
        # Sampling can miss only slivers thinner than a sample step.
        assert len(got - hit) <= 1, (mv, hit, got)
