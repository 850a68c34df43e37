"""Arp's order searches kept per field answer as a fresh search would, for any budget."""

from __future__ import annotations

import functools
import random

from artsheets.rules.core import field_cache
from artsheets.rules.games.arp_order import OrderSearch, _Board, search_order

from .test_arp import field as new_field
from .test_arp_order import _finished, _run_ends

field = functools.cache(new_field)  # one field: its searches are kept with it


def _fresh(sheet: dict[str, int], budget: int) -> OrderSearch:
    field_cache(field(), "arp-board", _Board).searched.found.clear()
    return search_order(field(), sheet, 3, budget=budget)


def test_a_kept_search_answers_every_budget_as_a_fresh_one() -> None:
    """Legal sheets, sheets proven illegal and searches cut short, each asked again with
    budgets below, at and above what it took, in a shuffled order: the same answer and the
    same positions visited as a search made afresh."""
    rng = random.Random(7)
    sheets = []
    for seed in range(3):
        sheet = _finished(seed)
        sheets.append(sheet)
        sheets += [sheet | {piece: colour} for piece, colour in _run_ends(sheet)[:6]]
    asked = []
    for sheet in sheets:
        took = _fresh(sheet, 10**6).visited
        for budget in {0, 1, took // 2, took - 1, took, took + 3, 10**6}:
            asked.append((sheet, budget, _fresh(sheet, budget)))
    assert {a[2].legal for a in asked} == {True, False, None}
    field_cache(field(), "arp-board", _Board).searched.found.clear()
    rng.shuffle(asked)
    for sheet, budget, fresh in asked:
        assert search_order(field(), sheet, 3, budget=budget) == fresh
