"""The one seam between the scanner and the rule engine: finished-position scoring.

The scanner never scores a game itself (the rules live once, in ``artsheets.rules``). It hands
:func:`artsheets.rules.position.score_position` plain data: the field topology, the game
options, region id -> colour index or None, and the players' tallies; and passes on what
comes back: scores (None where the sheet alone cannot tell them), the outcome and checks.
Each check goes on as a dict with, for a broken rule, the readings that would satisfy it
(:func:`artsheets.scanner.hints.check_dict`): the rule engine names rules and regions, the
scanner asks which readings would do.

Game options: the number of players comes from ``--players`` or the sheet code; a sheet
option whose name is also a rule option (Springer's ``threshold``) is passed on; Klee's
``areas`` option (4 or 6 sequence areas) is the rules' ``all_areas``. Variants that leave no
trace on the sheet take the rules' defaults.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from artsheets.generator.layout import Layout
from artsheets.rules.breaks import RuleBreak
from artsheets.rules.core import RulesError, field_cache, game_class
from artsheets.rules.games.arp_order import OrderSearch
from artsheets.rules.position import (
    OrderChoice,
    cheapest_order,
    order_of_play,
    score_position,
    unusual_patterns,
)
from artsheets.rules.position import order_searcher as field_order_searcher
from artsheets.scanner.hints import check_dict

__all__ = [
    "POSITION_KINDS",
    "Scoring",
    "order_choice",
    "order_search",
    "order_searcher",
    "rule_options",
    "score_sheet",
    "unusual_readings",
]

# The region kinds the rule engine reads a position from (docs/topology.md).
POSITION_KINDS = frozenset({"space", "segment", "mark", "triangle"})


@dataclass
class Scoring:
    """Scores per player (None when the sheet cannot tell them), winners, checks, result."""

    scores: dict[int, int] | None
    winners: list[int] = field(default_factory=list)
    result: str | None = None  # "player 2 wins", "draw"... or None when undecided
    checks: list[dict[str, Any]] = field(default_factory=list)
    note: str | None = None
    outcome_scores: dict[int, int] | None = None  # what decided the outcome (maybe tallies)
    lower_wins: bool = False
    # The failed checks' rule-breaks as the rules type them (not in the report: its checks
    # say them in words and hints), for doubts that weigh a sheet's breaks together.
    broken: list[RuleBreak] = field(default_factory=list)

    @property
    def failed(self) -> list[dict[str, Any]]:
        """The checks the reading fails (a check without ``ok`` counts as passed)."""
        return [c for c in self.checks if not c.get("ok", True)]


def rule_options(layout: Layout, players: int | None = None) -> dict[str, Any]:
    """Game options for the rule engine from the sheet (and ``--players``)."""
    spec = game_class(layout.game).OPTIONS
    out: dict[str, Any] = {}
    for name, value in layout.options.items():
        if name in spec and name != "players":
            out[name] = value
    if layout.game == "klee" and "areas" in layout.options and "all_areas" in spec:
        out["all_areas"] = layout.options["areas"] == 6
    count = players if players is not None else layout.options.get("players")
    if count is not None and "players" in spec:
        out["players"] = count
    return out


def _position_ids(layout: Layout) -> frozenset[str]:
    return frozenset(r.id for r in layout.regions if r.kind in POSITION_KINDS)


def position_colours(layout: Layout, colours: Mapping[str, int | None]) -> dict[str, int | None]:
    """Only the regions that make up the position (not keys, score boxes or tracks).

    The position's region ids are found once per sheet: kept with its field (each layout has
    a field of its own), since the solver and the order search ask for thousands of readings
    of one sheet (rebuilding them was a tenth of an Arp photo's scan)."""
    ids = _ids(layout)
    return {rid: c for rid, c in colours.items() if rid in ids}


def _ids(layout: Layout) -> frozenset[str]:
    """The position's region ids, kept with the sheet's field (see :func:`position_colours`)."""
    if layout.topology is None:
        return _position_ids(layout)
    ids: frozenset[str] = field_cache(
        layout.topology, "scanner-position-ids", lambda _: _position_ids(layout)
    )
    return ids


def score_sheet(
    layout: Layout,
    colours: Mapping[str, int | None],
    tallies: Mapping[int, int],
    players: int | None = None,
) -> Scoring:
    """Ask the rule engine to score the finished position read from the sheet."""
    if layout.topology is None:
        return Scoring(None, note="this sheet carries no field topology; it cannot be scored")
    try:
        opts = rule_options(layout, players)
        count = int(opts.get("players", 2))
        full_tallies = {p: tallies.get(p) for p in range(1, count + 1)}
        position = position_colours(layout, colours)
        report = score_position(layout.topology, opts, position, full_tallies)
    except RulesError as e:
        return Scoring(None, note=f"the rule engine cannot score this sheet: {e}")
    outcome = report.outcome
    return Scoring(
        scores=dict(report.scores) if report.scores is not None else None,
        winners=list(outcome.winners) if outcome else [],
        result=outcome.result() if outcome else None,
        checks=[check_dict(c, position) for c in report.checks],
        outcome_scores=dict(outcome.scores) if outcome else None,
        lower_wins=bool(outcome.lower_wins) if outcome else False,
        broken=[c.broken for c in report.checks if not c.ok and c.broken is not None],
    )


def unusual_readings(
    layout: Layout, colours: Mapping[str, int | None], players: int | None = None
) -> list[dict[str, Any]]:
    """What the rule engine finds legal but unusual in the colours read (as failed checks);
    none when the sheet cannot be scored."""
    if layout.topology is None:
        return []
    position = position_colours(layout, colours)
    try:
        found = unusual_patterns(layout.topology, rule_options(layout, players), position)
    except RulesError:
        return []
    return [check_dict(c, position) for c in found]


def order_search(
    layout: Layout,
    colours: Mapping[str, int | None],
    players: int | None = None,
    budget: int | None = None,
) -> OrderSearch | None:
    """The rule engine's search for a legal order of play giving the colours read; None
    where the game has none or the sheet cannot be scored."""
    if layout.topology is None:
        return None
    try:
        found: OrderSearch | None = order_of_play(
            layout.topology,
            rule_options(layout, players),
            position_colours(layout, colours),
            budget,
        )
    except RulesError:
        return None
    return found


def order_choice(
    layout: Layout,
    colours: Mapping[str, int | None],
    choices: Mapping[str, Mapping[int, float]],
    players: int | None = None,
    budget: int | None = None,
    bound: float = math.inf,
) -> OrderChoice | None:
    """The rule engine's search for the legal order of play of least cost where some regions
    may be read in several colours (``choices``: region -> colour -> cost; the others as
    ``colours`` say), of those costing under ``bound``; None where the game has none or the
    sheet cannot be scored."""
    if layout.topology is None:
        return None
    ids = _ids(layout)
    try:
        found: OrderChoice | None = cheapest_order(
            layout.topology,
            rule_options(layout, players),
            position_colours(layout, colours),
            {rid: c for rid, c in choices.items() if rid in ids},
            budget,
            bound,
        )
    except RulesError:
        return None
    return found


OrderSearcher = Callable[[Mapping[str, int | None], int | None], OrderSearch | None]


def order_searcher(
    layout: Layout, colours: Mapping[str, int | None], players: int | None = None
) -> OrderSearcher:
    """:func:`order_search` of ``colours`` changed in a few regions (region -> colour or None),
    called as ``search(change, budget)``: the same answer as ``order_search(layout, colours |
    change, players, budget)``, with the options and the position worked out once for every
    change tried (Arp's mending and confirmation try hundreds a sheet)."""
    if layout.topology is None:
        return _no_search
    try:
        search = field_order_searcher(
            layout.topology, rule_options(layout, players), position_colours(layout, colours)
        )
    except RulesError:
        return _no_search
    ids = _ids(layout)

    def run(change: Mapping[str, int | None], budget: int | None = None) -> OrderSearch | None:
        try:
            found: OrderSearch | None = search(
                {rid: c for rid, c in change.items() if rid in ids}, budget
            )
        except RulesError:
            return None
        return found

    return run


def _no_search(change: Mapping[str, int | None], budget: int | None = None) -> None:
    """The search of a sheet that cannot be scored, or of a game without one."""
    return None
