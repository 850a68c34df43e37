"""Random legal play through the rule engine, for the simulator's finished games, and
planted rule-breaks (a player's mistake the rules must report)."""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from artsheets.generator.layout import Layout
from artsheets.rules import new_game
from artsheets.scanner.scoring import rule_options, score_sheet

__all__ = ["RuleBreak", "plant_rule_break", "play_random_game"]

MAX_MOVES = 20_000


def play_random_game(
    layout: Layout, rng: np.random.Generator, players: int | None = None
) -> tuple[dict[str, int], dict[int, int]]:
    """(region id -> colour index, player -> score) at the end of a random legal game."""
    assert layout.topology is not None
    state = new_game(layout.topology, rule_options(layout, players))
    pick = random.Random(int(rng.integers(0, 2**31)))
    for _ in range(MAX_MOVES):
        if state.is_over():
            break
        state.apply(pick.choice(state.legal_moves()))
    else:
        raise AssertionError(f"{layout.game}: a random game did not end in {MAX_MOVES} moves")
    return state.sheet_colours(), state.scores()


@dataclass(frozen=True)
class RuleBreak:
    """One rule a player broke on purpose in the simulator: ``region`` coloured ``colour``
    (it was ``was`` in the legal game), and the failed checks the rules give for it when the
    sheet is read exactly as drawn (their messages)."""

    region: str
    colour: int | None
    was: int | None
    messages: tuple[str, ...]


PLANT_TRIES = 80  # recolourings tried before a sheet is left legal


def plant_rule_break(
    layout: Layout,
    colours: Mapping[str, int | None],
    scores: Mapping[int, int],
    rng: np.random.Generator,
) -> tuple[dict[str, int | None], RuleBreak | None]:
    """``colours`` with one position region recoloured so that the rules see a broken rule
    naming it (a player's mistake), and what was planted; None where no recolouring tried
    breaks a rule the rules can see. Only one region changes; the tallies stay as played."""
    players = sorted({c for c in colours.values() if c is not None})
    kinds = {r.id: r.kind for r in layout.regions}
    before = {c["message"] for c in _failed(layout, colours, scores)}
    ids = sorted(rid for rid in colours if kinds.get(rid) in PLAYED)
    order = rng.permutation(len(ids))
    for i in order[:PLANT_TRIES]:
        rid = ids[int(i)]
        # Another player's colour, or (where it was coloured) left blank.
        others: list[int | None] = [p for p in players if p != colours[rid]]
        if colours[rid] is not None:
            others.append(None)
        new = others[int(rng.integers(0, len(others)))]
        changed = {**colours, rid: new}
        found = tuple(
            c["message"]
            for c in _failed(layout, changed, scores)
            if rid in c.get("regions", ()) and c["message"] not in before
        )
        if found:
            return changed, RuleBreak(rid, new, colours[rid], found)
    return dict(colours), None


PLAYED = frozenset({"space", "segment", "mark", "triangle"})  # what play colours


def _failed(
    layout: Layout, colours: Mapping[str, int | None], scores: Mapping[int, int]
) -> list[dict]:
    report = score_sheet(layout, colours, scores)
    return [c for c in report.checks if not c.get("ok", True)]
