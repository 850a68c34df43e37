"""The random-playout harness (OpenSpiel's basic_tests idea), shared by the tests and the
stored-playthrough generator.

From a seed, play random legal moves to the end and check at every step: every listed move
applies, a sample of unlisted moves is rejected, copies equal originals, the move list is
sorted-stable and duplicate-free, records round-trip; at the end, finished-position scoring
agrees with the scores tracked move by move.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

from artsheets.rules import IllegalMoveError, State, new_game
from artsheets.rules.field import Field
from artsheets.rules.position import score_position
from artsheets.rules.record import record_from_dict

COLOUR_GAMES = {"mondrian", "delaunay", "klee", "springer"}


def move_universe(state: State) -> list[str]:
    """Plausibly shaped moves (legal or not) for the state's game: the pool unlisted moves
    are sampled from."""
    f = state.field
    game = state.game
    out: list[str] = ["pass", "", "space-0", "nonsense"]
    if game in {"vasarely", "mondrian", "delaunay", "springer", "klee", "synch"}:
        out += list(f.spaces)
        out += [f"{s}={c}" for s in f.spaces for c in range(0, 6)]
    if game == "springer":
        out += list(f.data["triangles"])
    if game == "klee":
        out += ["seq=1-2-3", "seq=1-2-1", "seq=1-1-1", "seq=1-2-2-1", "seq=1-2-3-1", "seq=4-3"]
    if game == "miro":
        segs = f.data["segments"]
        n = len(segs)
        for i in range(n):
            for k in (1, 2, 3, 4):
                out.append(",".join(segs[(i + j) % n] for j in range(k)))
                out.append(",".join(segs[(i - j) % n] for j in range(k)))
    if game == "arp":
        for ln, verts in f.data["lines"].items():
            for v in verts:
                out += [f"{ln}@{v}+", f"{ln}@{v}-"]
    if game == "rings":
        rnd = getattr(state, "round", 0)
        if rnd < len(state._targets):  # type: ignore[attr-defined]
            pts = sorted(state._targets[rnd].points)  # type: ignore[attr-defined]
            out += [f"{p}-{q}" for p in pts for q in pts]
    if game == "synch":
        out += ["synch", "opposition", "stay", "N", "NE", "E", "SE", "S", "SW", "W", "NW", "UP"]
    return out


def tallies_of(state: State) -> dict[int, int]:
    return state.scores()


def check_step(state: State, rng: random.Random, apply_all_limit: int, unlisted: int) -> None:
    moves = state.legal_moves()
    assert moves, "a game in progress always offers a move (pass included)"
    assert len(set(moves)) == len(moves), "duplicate moves listed"
    assert moves == state.legal_moves(), "move list not deterministic"
    sample = moves if len(moves) <= apply_all_limit else rng.sample(moves, apply_all_limit)
    for m in sample:
        c = state.copy()
        c.apply(m)
        assert c.history[-1] == m
    listed = set(moves)
    pool = [m for m in move_universe(state) if m not in listed]
    for m in rng.sample(pool, min(unlisted, len(pool))):
        c = state.copy()
        try:
            c.apply(m)
        except IllegalMoveError as e:
            assert str(e), "an illegal move's error says why"
        else:
            raise AssertionError(f"unlisted move {m!r} was accepted in\n{state}")
        assert c == state, "a rejected move must not change the state"


def check_roundtrip(state: State) -> None:
    rec = state.record()
    again = record_from_dict(json.loads(rec.to_json())).replay()
    assert again == state
    assert str(again) == str(state)


def playout(
    field: Field,
    options: dict[str, Any],
    seed: int,
    *,
    bound: int = 5000,
    apply_all_limit: int = 40,
    unlisted: int = 8,
    roundtrip_every: int = 25,
    on_step: Callable[[State], None] | None = None,
) -> State:
    """Play one random game with every check; return the final state."""
    rng = random.Random(seed)
    state = new_game(field, options)
    steps = 0
    while not state.is_over():
        assert steps < bound, f"game did not end within {bound} moves"
        check_step(state, rng, apply_all_limit, unlisted)
        copy = state.copy()
        assert copy == state and copy is not state
        assert str(copy) == str(state)
        move = rng.choice(state.legal_moves())
        state.apply(move)
        assert copy != state, "applying a move changes the state"
        if roundtrip_every and steps % roundtrip_every == 0:
            check_roundtrip(state)
        if on_step:
            on_step(state)
        steps += 1
    assert state.legal_moves() == []
    assert state.current_player() is None
    try:
        state.apply("pass")
    except IllegalMoveError as e:
        assert "over" in str(e)
    else:
        raise AssertionError("a move after the end was accepted")
    check_roundtrip(state)
    check_final_position(state)
    return state


def check_final_position(state: State) -> None:
    """Finished-position scoring agrees with the game's own scores wherever the sheet
    determines them, and raises no complaint about a legally played sheet."""
    out = state.outcome()
    assert out is not None
    # A variation may change the field in play (Springer's divided spaces): score on that.
    field = getattr(state, "board_field", state.field)
    report = score_position(field, state.options, state.sheet_colours(), tallies_of(state))
    failed = [c.message for c in report.checks if not c.ok]
    if report.scores is not None:
        assert report.scores == state.scores(), (report.scores, state.scores())
        assert report.outcome is not None
        assert report.outcome.winners == out.winners
        assert report.outcome.team_scores == out.team_scores
    else:
        assert report.outcome is not None  # decided from the complete tallies
        assert report.outcome.winners == out.winners
    assert not failed, failed
