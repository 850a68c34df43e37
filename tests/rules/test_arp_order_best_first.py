"""Arp's cheapest order searched best first against the depth-first search."""

from __future__ import annotations

from artsheets.rules.games.arp_order import search_cheapest

from .test_arp_order_choices import _priced_searches


def test_best_first_finds_the_depth_first_order_at_its_cost_in_fewer_positions(
    monkeypatch,
) -> None:
    """Both searches are exact when they end: the same colours at the same cost (none where
    none is under the bound); best first expands fewer positions in all, as it expands a
    position once and none whose lower bound reaches the cheapest order's cost."""
    from . import test_arp_order_choices

    best_first = _priced_searches()
    with monkeypatch.context() as m:
        m.setattr(
            test_arp_order_choices,
            "search_cheapest",
            lambda *a, **kw: search_cheapest(*a, **kw, depth_first=True),
        )
        depth_first = _priced_searches()
    found = 0
    for new, old in zip(best_first, depth_first, strict=True):
        assert new.complete and old.complete
        assert new.colours == old.colours and new.cost == old.cost
        found += new.colours is not None
    assert found >= 4
    assert sum(r.expanded for r in best_first) < sum(r.expanded for r in depth_first)
