"""Trangalla: the readings in docs/rules/trangalla.md, the hidden Kings, random playouts and a
hand-made record."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from artsheets.rules import IllegalMoveError, InvalidMoveError, Termination
from artsheets.rules.game import get_game
from artsheets.rules.games.trangalla import start_cells
from artsheets.rules.record import replay_command
from tests.boardgames.playout import cell_moves, playout

DATA = Path(__file__).parent.parent / "data" / "boardgames"
GAME = get_game("trangalla")
WHITE_START = "a2 b2 a3 b3 c3"
BLACK_START = "a7 b7 c7 a8 b8"


def position(white: str, black: str, kings: tuple[str | None, str | None], to_move: int = 1):
    """A game past the King placement with only the named pieces; ``kings`` are white's and
    black's King squares (None: taken)."""
    state = GAME.new_game()
    state.apply("Ka2")  # placed, then moved to where the test wants them
    state.apply("Ka7")
    b = state.board
    state.owner = [0] * len(b)
    for player, cells in ((1, white), (2, black)):
        for c in cells.split():
            state.owner[b.index[c]] = player
    for player, k in enumerate(kings, start=1):
        state.king[player] = b.index[k] if k else None
        state.king_taken[player] = k is None
    state.to_move = to_move
    state._moves = None
    return state


def at(state, cell: str) -> int:
    return state.owner[state.board.index[cell]]


def test_the_board_and_the_start() -> None:
    state = GAME.new_game()
    b = state.board
    assert len(b) == 25 and b.cells[0] == "a1" and b.cells[-1] == "a9"
    assert start_cells(b, 1) == tuple(WHITE_START.split())
    assert start_cells(b, 2) == tuple(BLACK_START.split())
    assert state.scores() == {1: 5, 2: 5} and at(state, "a1") == 0 and at(state, "a9") == 0
    assert state.legal_moves() == [f"K{c}" for c in WHITE_START.split()]
    state.apply("Kb3")
    assert state.current_player() == 2
    assert state.legal_moves() == [f"K{c}" for c in BLACK_START.split()]
    wide = GAME.new_game({"width": 7})
    assert len(wide.board) == 49 and start_cells(wide.board, 2)[-1] == "b12"


def test_king_placement_is_checked() -> None:
    state = GAME.new_game()
    with pytest.raises(IllegalMoveError, match="one of white's start points"):
        state.copy().apply("Ka7")
    with pytest.raises(IllegalMoveError, match="names its King"):
        state.copy().apply("b2-b4")
    with pytest.raises(InvalidMoveError, match=r"^King: .*names its King"):
        state.copy().apply("King")
    state.apply("Kb2")
    state.apply("Kc7")
    with pytest.raises(IllegalMoveError, match="chosen before the first move"):
        state.copy().apply("Ka3")


def test_steps_go_forward_or_sideways_never_backward() -> None:
    state = position("c5", "a9", ("c5", None))  # a9 is off the way: black far away
    assert sorted(m for m in state.legal_moves() if m.startswith("c5")) == [
        "c5-b5",
        "c5-b6",
        "c5-c6",
        "c5-d5",
    ]
    with pytest.raises(IllegalMoveError, match="never backward"):
        state.copy().apply("c5-b4")
    black = position("a1", "c5", (None, "c5"), to_move=2)
    assert sorted(black.legal_moves()) == ["c5-b4", "c5-b5", "c5-c4", "c5-d5"]


def test_a_chain_turns_soldiers_and_takes_the_king_after_the_move() -> None:
    # the seed's drawing on the rules page: a3 over b4 to c5, over b6 to a7
    state = position("a3 b2", "b4 b6 b8", ("b2", "b8"))
    state.apply("a3-c5-a7")
    assert at(state, "b4") == 1 and at(state, "b6") == 1 and at(state, "a7") == 1
    assert state.candidates(2) == ["b8"]  # turned pieces are never a King
    assert state.candidates(1) == ["b2", "a7"]  # nor are they for black (a3 moved to a7)
    king = position("a3 b2", "b4 b6 b8", ("b2", "b6"))
    king.apply("a3-c5-a7")
    assert at(king, "b6") == 0 and at(king, "b4") == 1 and king.king_taken[2]
    assert king.observation(1)["kings"]["black"] == "taken"
    # the same landing by another path jumps other pieces: the notation keeps every landing
    other = position("a3 b2", "b4 b6", ("b2", "b6"))
    assert {"a3-c5", "a3-c5-a7"} <= set(other.legal_moves())


def test_jumps_never_return_to_the_start_or_land_twice() -> None:
    ring = position("c5", "b5 b6 c6 d5 c4 b4", (None, "b5"))
    moves = [m for m in ring.legal_moves() if m.startswith("c5-")]
    assert all(m.split("-").count("c5") == 1 for m in moves)
    assert all(len(set(m.split("-"))) == len(m.split("-")) for m in moves)
    with pytest.raises(IllegalMoveError, match="may not return to its start"):
        ring.copy().apply("c5-a5-c5")  # over b5 and back over it
    with pytest.raises(IllegalMoveError, match="over an adjacent piece"):
        ring.copy().apply("c5-e5-e5")


def test_soldier_lost_king_wins_at_the_goal_and_chains_stop_there() -> None:
    soldier = position("b8 a3", "a7", ("a3", "a7"))
    soldier.apply("b8-a9")
    assert at(soldier, "a9") == 0 and soldier.scores() == {1: 1, 2: 1}
    assert not soldier.is_over()
    king = position("b8 a3", "a7", ("b8", "a7"))
    king.apply("b8-a9")
    out = king.outcome()
    assert out is not None and out.winners == (1,) and out.termination is Termination.GOAL
    stop = position("c7", "b8 a8", ("c7", "a8"))
    assert "c7-a9" in stop.legal_moves()  # over b8 onto the goal: the chain ends there
    assert not any(m.startswith("c7-a9-") for m in stop.legal_moves())
    with pytest.raises(IllegalMoveError, match="ends where it reaches the goal"):
        stop.copy().apply("c7-a9-a7")


def test_both_kings_taken_is_a_draw_and_no_move_loses() -> None:
    draw = position("a3", "b4 d4", (None, "b4"))
    draw.apply("a3-c5")  # over black's King b4
    out = draw.outcome()
    assert out is not None and out.draw and "both Kings" in out.reason
    stuck = position("a3", "a9", ("a3", None), to_move=1)
    stuck.owner[stuck.board.index["a9"]] = 0  # black has no piece left
    stuck.apply("a3-a4")
    out = stuck.outcome()
    assert out is not None and out.winners == (1,) and out.termination is Termination.NO_MOVES


def test_a_move_is_made_at_most_repeats_plus_one_times() -> None:
    state = position("c5", "c4", ("c5", "c4"))
    for _ in range(3):
        state.apply("c5-d5")
        state.apply("c4-d4")
        state.apply("d5-c5")
        state.apply("d4-c4")
    assert "c5-d5" not in state.legal_moves()
    with pytest.raises(IllegalMoveError, match=r"made 3 times already.*N\.B\. 1"):
        state.copy().apply("c5-d5")
    strict = GAME.new_game({"repeats": 0})
    strict.apply("Ka2")
    strict.apply("Ka7")
    strict.apply("a3-a4")
    strict.apply("a7-a6")
    strict.apply("a4-b4")
    strict.apply("a6-b6")
    strict.apply("b4-a4")
    strict.apply("b6-a6")
    with pytest.raises(IllegalMoveError, match="made 1 times already"):
        strict.copy().apply("a4-b4")


def test_refusals_name_the_rule() -> None:
    state = GAME.new_game()
    state.apply("Kb2")
    state.apply("Kb8")
    with pytest.raises(IllegalMoveError, match="no white piece"):
        state.copy().apply("a7-a6")
    with pytest.raises(IllegalMoveError, match="not empty"):
        state.copy().apply("a2-a3")
    with pytest.raises(IllegalMoveError, match="jump goes over an adjacent piece"):
        state.copy().apply("a3-a5")
    with pytest.raises(InvalidMoveError, match="not a position"):
        state.copy().apply("a3-f4")
    with pytest.raises(InvalidMoveError):
        state.copy().apply("a3")


def test_views() -> None:
    state = GAME.new_game()
    state.apply("Kb2")
    state.apply("Kb8")
    referee = "\n".join(state.view(None))
    assert "white King: b2" in referee and "black King: b8" in referee
    white = state.observation(1)
    assert white["kings"] == {"white": "b2", "black": "hidden"}
    assert white["history"] == ["Kb2", "K?"] and white["legal_moves"] == state.legal_moves()
    assert white["king_candidates"] == {"black": BLACK_START.split()}
    assert "K" in "".join(white["board"]) and "k" not in "".join(white["board"])
    black = state.observation(2)
    assert black["kings"] == {"white": "hidden", "black": "b8"} and "legal_moves" not in black
    public = str(state)
    assert "b2" not in public.split("white King")[1].split("\n")[0]
    rows = [line for line in public.splitlines() if line[:2].strip().isdigit()]
    assert len(rows) == 9 and not any(ch in "Kk" for row in rows for ch in row)
    finished = replay_command(str(DATA / "trangalla-king-home.json"))
    assert "result" in finished


def sides_agree(hidden: int, seed: int) -> int:
    """Play one game per start point of ``hidden``'s King (the same random moves in each,
    the watcher's King always on b2 or b8) and check that the other side is told exactly the
    same in every game, from the King placements on, until a King of ``hidden`` is jumped;
    returns the plies compared."""
    watcher = 3 - hidden
    rng = random.Random(seed)
    starts = start_cells(GAME.new_game().board, hidden)
    games = [GAME.new_game() for _ in starts]
    own = "Kb2" if watcher == 1 else "Kb8"
    compared = 0
    while not any(g.king_taken[hidden] or g.is_over() for g in games):
        first = games[0]
        seen = first.observation(watcher)
        public = str(first)
        moves = first.legal_moves()
        pool = [m for m in cell_moves(first) if "-" in m]
        probes = ["Ka2", "Kc3", "Ka7", "Kb8", *pool[:: max(1, len(pool) // 40)]]
        answers = [_answer(first, m) for m in probes]
        for other in games[1:]:
            assert other.observation(watcher) == seen, "the view depends on the hidden King"
            assert other.legal_moves() == moves
            assert str(other) == public
            assert [_answer(other, m) for m in probes] == answers
            assert other.scores() == first.scores()
        if first.setting_up():
            placing = first.current_player()
            for g, k in zip(games, starts, strict=True):
                g.apply(f"K{k}" if placing == hidden else own)
        else:
            move = rng.choice(moves)
            for g in games:
                g.apply(move)
        compared += 1
    return compared


def _answer(state, move: str) -> str:
    try:
        state.copy().apply(move)
    except IllegalMoveError as e:
        return f"{type(e).__name__}: {e}"
    return "accepted"


@pytest.mark.parametrize("seed", range(4))
def test_nothing_told_to_a_side_reveals_the_other_king(seed: int) -> None:
    assert sides_agree(hidden=2, seed=seed) > 4
    assert sides_agree(hidden=1, seed=seed) > 4


def test_hand_made_record_white_king_walks_home() -> None:
    # White's soldier a3 runs a five-jump chain a3-a1-c3-c5-a5-a7-a9: it turns b5 and a6,
    # takes black's King on a8 and is lost on the goal; white's King b2 then walks b3 a3 a4
    # a5, jumps a6 to a7 and reaches a9 on ply 25.
    text = replay_command(str(DATA / "trangalla-king-home.json"))
    assert "25 moves" in text
    assert "result: player 1 wins (white's King reached the goal)" in text


def unlisted(state) -> list[str]:
    return [m for m in cell_moves(state) if "-" in m] + ["Ka2", "Kb8", "a3-a4-a5"]


@pytest.mark.parametrize(
    ("seed", "options"), [(0, None), (1, {"width": 4, "repeats": 0}), (2, {"width": 7})]
)
def test_random_playouts(seed: int, options: dict | None) -> None:
    state = playout(GAME, options, seed, unlisted)
    assert state.outcome().termination in set(Termination)
