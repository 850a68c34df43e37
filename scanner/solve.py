"""Solve: the likeliest reading of the whole sheet, with the rules deciding only between
readings the pixels leave close.

A reading of the sheet is the measured best of every region, some of them changed. Its cost
(log-odds) is

    sum of ``evidence[r].against(option)`` over the changed regions
    + ``sure_logodds`` per failed check (a rule the sheet breaks as read, or a tally's run),
      but for a tally's disagreement a sure rule-break explains (:meth:`_Search.explained`)
    + ``unusual_logodds`` per rare stretch (legal, seldom played: Arp's one to three pieces
      between two pieces of one colour), ``uncommon_logodds`` per uncommon one (between two
      other colours, whose hints name no reading)

each term judged by rescoring the whole reading through the rule engine
(:func:`artsheets.scanner.scoring.score_sheet`). A broken rule is either a misread or a
player's real mistake: the pixels and this prior decide which is likelier. The prior is paid
per mistake: a break that moves a player's score also sets his tally against the drawing, and
where the pixels state the break surely and undoing it (a reading its check offers) gives the
score he tallied, that disagreement is the break's own and is not charged again; a tally that
disagrees otherwise is.

The candidate changes are the readings that would satisfy a failed check or an unusual
finding (the hints, :mod:`artsheets.scanner.hints`), and, for a tally that disagrees with the
drawing (a check that names no region), the ``tally_close_tries`` readings of the drawing its
evidence leaves closest (of that tally's doubted boxes, where the tally is itself in
doubt), each at a prior of ``log(n)`` for the ``n`` close readings it is one of (no check
points at it). A change costing ``sure_logodds`` or more of its pixels is never
a candidate: **a reading the pixels state surely is never changed to satisfy a rule**; the
sheet is read as drawn, the broken rule is reported with its regions, and those regions go
to review saying so (:data:`AS_DRAWN`; their confidence stays the pixels'). A tally box the
tallies' run says is misread beyond doubt (``must_be_*``: a shadow taken for a tick fifteen
boxes after a run) costs nothing to change: the run is that box's evidence.

The search (:class:`_Search`) first descends: from the reading as measured, it takes the
cheapest change that makes the reading likelier, again and again (a state's free tally
changes, ``must_be_*``, tried together first: each alone leaves its run failed). That
reading then bounds
a best-first branch and bound over the sets of changes reachable from the measured reading
(each candidate a failed check or finding offers is one step: a region changed, or changed
back; a set whose changes alone cost as much as the best reading found is not scored), up
to ``solve_bound_evaluations`` more rescorings, ``solve_evaluations`` in all. Where it runs
to its end the answer is exact: no reading the hints reach is likelier (a change that only
pays with another, each alone leaving the sheet as unlikely, is found so). Where the budget
ends it, the best found is taken and the solution says so (``exact``). A region changed
goes to review with its measured reading as its second choice. A side of a captured space
the search read in its captor's colour where that colour leaves it round a seam no legal
order of play could start (and its measured colour does not) cannot have closed the space:
the search runs again without that reading (:func:`_sides_without_order`; not on a sheet
whose lines are nearly all read with doubt).

After solving, the margin counts the rules too (:func:`_confirmed`): on a sheet that breaks
no rule, a doubted region of the drawing whose every close alternative would break one leaves
review (not a traced line with blank close whose fit does not rule out a bare line: a
player's segment left uncoloured; each alternative's tallies read as the solved reading's,
the boxes out of the photo :func:`~artsheets.scanner.mending.tick_hidden_boxes` would tick
taken as ticked); Arp's doubted line pieces likewise where every close
alternative leaves no legal order of play
(:func:`~artsheets.scanner.mending.confirm_by_order`). And a tally's tick that its run's
count of misreads calls stray, read surely and kept, sends the sure blanks just before it to
review (:func:`_doubt_before_sure_strays`): two sure readings disagree there.

What the search cannot yet do is left to :mod:`artsheets.scanner.mending`: Arp's order of
play (no check says which piece is misread when no legal order colours the lines, and
proving that takes a search of its own) chooses there among the pieces' close colours the
legal order of least pixel cost, or failing that proposes one or two changes, made only
where each costs under ``sure_logodds``; boxes out of the photo inside a tally's run; and
the boxes a tally disagreeing with the drawing points at, for review (not for a tally whose
disagreement a break read as drawn explains: it disagrees with the drawing, not with its
reading).
"""

from __future__ import annotations

import heapq
import itertools
import math
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace

from artsheets.generator.layout import Layout
from artsheets.scanner.colours import OUTSIDE, REVIEW_BELOW, Reading, is_tally_box
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.evidence import Evidence, Option, measured_evidence
from artsheets.scanner.mending import (
    BY_THE_RULES,
    UNUSUAL,
    choose_by_order,
    confirm_by_order,
    doubt,
    mend_by_order,
    neighbours_surer,
    read_otherwise,
    tallies_sure,
    tally_suspects,
    tick_hidden_boxes,
    unseen_ticks,
)
from artsheets.scanner.scoring import (
    POSITION_KINDS,
    Scoring,
    order_searcher,
    score_sheet,
    unusual_readings,
)
from artsheets.scanner.tallies import box_name, boxes_before, lost_weights, read_tallies

__all__ = ["AS_DRAWN", "Solution", "rescore", "solve"]

AS_DRAWN = "read as drawn, but the sheet breaks a rule"
_EPS = 1e-9  # readings this close in cost are alike: the one with fewer changes is kept


@dataclass
class Solution:
    """The solved sheet: tallies, scoring, each region's evidence, and the regions read as
    drawn against a rule (a failed check names them and the pixels state them surely)."""

    tallies: dict[int, int]
    scoring: Scoring
    evidence: dict[str, Evidence]
    as_drawn: list[str]
    # Every change the solver made, and for the regions read as drawn the cheapest change the
    # rules offered: region -> (the reading, its cost in log-odds of the pixels).
    proposed: dict[str, tuple[int | None, float]]
    evaluations: int = 0  # readings of the whole sheet scored by the search
    exact: bool = True  # the search ran to its end within its budget


@dataclass(frozen=True)
class _Move:
    """One candidate change: a region read otherwise, at a cost, and why (for its reason)."""

    rid: str
    option: Option
    cost: float
    why: str
    closes: bool = False  # a side of a captured space read in its captor's colour


@dataclass
class _Reading:
    """A reading of the whole sheet: its changes from the measured best, scored."""

    changes: dict[str, _Move]
    cost: float  # of the changes, in log-odds of the pixels
    tallies: dict[int, int]
    scoring: Scoring
    unusual: list[dict]
    objective: float = field(default=0.0)
    explained: frozenset[int] = frozenset()  # players whose tally disagrees by a break alone


def solve(
    layout: Layout,
    readings: dict[str, Reading],
    players: int | None,
    colours: Iterable[int],
    config: ScannerConfig,
) -> Solution:
    """Solve ``readings`` (changed in place) under the rules; see the module's docstring."""
    in_play = list(colours)
    as_read = dict(readings)
    # What a change costs in the search (and a break named as drawn) weighs the fills beside
    # a piece; the order of play's choice and which close readings keep a region in review
    # stay as measured (weighed there too, the choice lost misreads it had mended on tune48).
    measured, evidence = measured_evidence(layout, as_read, in_play, config)
    search = _Search(layout, as_read, players, in_play, evidence, config)
    best = search.run()
    barred = _sides_without_order(layout, players, search, best, config)
    if barred:
        search = _Search(layout, as_read, players, in_play, evidence, config, barred)
        best = search.run()
    for rid, move in best.changes.items():
        read_otherwise(readings, rid, move.option, move.why)
    proposed = {rid: (m.option, m.cost) for rid, m in best.changes.items()}
    tallies, scoring = best.tallies, best.scoring
    sure = config.sure_logodds

    def affordable(rid: str, colour: int | None) -> bool:
        return measured[rid].against(colour) < sure

    def choices(rid: str) -> dict[int, float]:
        return _order_choices(measured[rid], readings[rid].color, config.order_choice_logodds)

    order, forced = choose_by_order(layout, readings, players, choices, config)
    # Only a piece whose new colour is its pixels' own best (a reading its line's run or
    # the solver carried away from it, taken back), and whose pixels leave blank far: the
    # order of play cannot see a piece a player left bare (a planted bare piece read in a
    # fill's colour, changed to its second choice and confirmed, was left unflagged).
    forced = {
        rid
        for rid in forced
        if measured[rid].best == readings[rid].color
        and None not in _close_options(measured[rid], readings[rid].color, config)
    }
    chosen = len(order) > 1  # several pieces chosen (one: as ``mend_by_order`` mends it)
    if not order:
        order = mend_by_order(layout, readings, players, as_read, config, affordable)
    for rid, colour in order:
        proposed[rid] = (colour, measured[rid].against(colour))
    if order:
        tallies, scoring = rescore(layout, readings, players, config, search.weights)
    if tick_hidden_boxes(layout, readings, scoring, config.tally_end_unseen_most):
        tallies, scoring = rescore(layout, readings, players, config, search.weights)
    as_drawn = _name_broken_rules(layout, readings, scoring.checks, evidence, sure)
    for rid in as_drawn:
        if rid in search.offered:
            proposed.setdefault(rid, search.offered[rid])
    read = {rid: rd.color for rid, rd in readings.items()}
    found = unusual_readings(layout, read, players)
    doubt(readings, found, UNUSUAL)
    # Not the tallies whose disagreement a break read as drawn explains: they disagree with
    # the drawing, not with its reading.
    drawn = search.explained(read, tallies, scoring, set(as_drawn))
    suspects = tally_suspects(layout, readings, tallies, scoring, drawn)
    doubt(readings, suspects, BY_THE_RULES)
    _doubt_before_sure_strays(layout, readings, search.measured, scoring.failed, config)
    failed = len(scoring.failed) + len(found)
    confirmed = _confirmed(search, readings, measured, failed, config)
    # Arp: where the lines as read break no rule, the order of play weighs the close
    # readings of doubted pieces (an unusual finding's own pieces stay in review). Not
    # where the order of play chose the colours of several pieces: the order it proves
    # legal rests on those changes, still in review, and a misread it left (or a piece a
    # player left bare) would be confirmed on them (two such, unflagged, on tune96b; not
    # confirming after a single change too raised tune48 Arp's median review from 7.9 %
    # and 11.0 % to 11.1 % and 16.1 % on seeds 0-23 and 24-47).
    if not scoring.failed and not chosen:
        confirmed |= confirm_by_order(
            layout,
            readings,
            players,
            _doubted_pieces(search, readings, config),
            lambda rid: _close_options(measured[rid], readings[rid].color, config),
            config,
            taken_back=[rid for rid, _ in order],
        )
    _review_small_margins(readings, config.review_below, confirmed | forced)
    return Solution(
        tallies, scoring, measured, as_drawn, proposed, search.evaluations, search.exact
    )


def rescore(
    layout: Layout,
    readings: dict[str, Reading],
    players: int | None,
    config: ScannerConfig = DEFAULT,
    weights: dict[str, float] | None = None,
) -> tuple[dict[int, int], Scoring]:
    """The tallies and the scoring of the readings as they stand (no solving); a tally's
    lost ticks weighed by ``weights`` (:func:`~artsheets.scanner.tallies.lost_weights`)."""
    colours = {rid: rd.color for rid, rd in readings.items()}
    unseen, doubted = _unseen_and_doubted(readings)
    return _scored(layout, colours, players, unseen, doubted, config, weights)


def _unseen_and_doubted(readings: dict[str, Reading]) -> tuple[set[str], set[str]]:
    """The regions out of the photo, and those read with doubt: the tallies count neither as
    surely read."""
    unseen = {rid for rid, rd in readings.items() if rd.reason == OUTSIDE}
    doubted = {rid for rid, rd in readings.items() if rd.confidence < REVIEW_BELOW}
    return unseen, doubted


def _scored(
    layout: Layout,
    colours: dict[str, int | None],
    players: int | None,
    unseen: set[str],
    doubted: set[str],
    config: ScannerConfig = DEFAULT,
    weights: dict[str, float] | None = None,
) -> tuple[dict[int, int], Scoring]:
    """The tallies read, and the rule engine's scores and checks of ``colours``; the
    tallies' own checks first."""
    tallies, tally_checks = read_tallies(layout, colours, unseen, doubted, config, weights)
    scoring = score_sheet(layout, colours, tallies, players)
    scoring.checks[:0] = tally_checks
    return tallies, scoring


class _Search:
    """Best-first branch and bound over sets of changes (see the module's docstring)."""

    def __init__(
        self,
        layout: Layout,
        as_read: dict[str, Reading],
        players: int | None,
        in_play: list[int],
        evidence: dict[str, Evidence],
        config: ScannerConfig,
        barred: frozenset[tuple[str, Option]] = frozenset(),
    ) -> None:
        self.layout, self.players, self.in_play = layout, players, in_play
        self.barred = barred  # readings never offered (:func:`_sides_without_order`)
        self.evidence, self.config = evidence, config
        self.as_read = {rid: rd.color for rid, rd in as_read.items()}
        self.unseen, self.doubted = _unseen_and_doubted(as_read)
        kinds = {r.id: r.kind for r in layout.regions}
        self.drawing = {rid for rid in as_read if kinds.get(rid) in POSITION_KINDS}
        self.pieces = {rid for rid in self.drawing if kinds[rid] == "segment"}  # traced lines
        self.spaces = {rid for rid in self.drawing if kinds[rid] == "space"}
        self.boxes = {
            r.id
            for r in layout.regions
            if r.id in as_read and is_tally_box(r.kind, r.extra.get("role"))
        }
        self.box_owner = {
            r.id: r.player for r in layout.regions if r.id in self.boxes and r.player is not None
        }
        self.measured = as_read  # the readings as the measurement gave them
        # A lost tick's weight per score area: the photo's own rate, as measured.
        self.weights = lost_weights(
            layout, self.as_read, self.unseen, self.doubted, config.tally_stray_rate
        )
        # Unusual findings weigh only where a line's neighbours are surer than the line: a
        # rare stretch (between two pieces of one colour, its hints name the mending reading)
        # at ``unusual_logodds``, an uncommon one (between two other colours) at
        # ``uncommon_logodds``.
        surer = neighbours_surer(layout, as_read, config.wholesale_doubt)
        self.prior = config.unusual_logodds if surer else 0.0
        self.uncommon = config.uncommon_logodds if surer else 0.0
        self.offered: dict[str, tuple[int | None, float]] = {}  # cheapest change per region
        self.unnamed = 0.0  # log of the close readings a tally naming no region could mean
        self.evaluations = 0
        self.limit = config.solve_evaluations  # of evaluations, the descent's
        self.exact = True
        self._scored: dict[frozenset[tuple[str, Option]], tuple] = {}
        self._undone: dict[frozenset[tuple[str, Option]], dict[int, int]] = {}

    # --- scoring a reading ---

    def colours(self, changes: dict[str, _Move]) -> dict[str, int | None]:
        return self.as_read | {rid: m.option for rid, m in changes.items()}

    def evaluate(self, changes: dict[str, _Move]) -> _Reading:
        """Score the reading with ``changes``: its objective (see the module's docstring)."""
        key = _key(changes)
        if key not in self._scored:
            self.evaluations += 1
            colours = self.colours(changes)
            tallies, scoring = _scored(
                self.layout,
                colours,
                self.players,
                self.unseen,
                self.doubted | changes.keys(),
                self.config,
                self.weights,
            )
            weighed = self.prior or self.uncommon
            unusual = unusual_readings(self.layout, colours, self.players) if weighed else []
            explained = self.explained(colours, tallies, scoring)
            self._scored[key] = (tallies, scoring, unusual, explained)
        tallies, scoring, unusual, explained = self._scored[key]
        cost = sum(m.cost for m in changes.values())
        failed = len(scoring.failed) - len(explained)  # one mistake, one prior
        if self.config.unfinished_per_piece:
            failed += sum(len(c["regions"]) - 1 for c in scoring.failed if self._left(c))
        objective = cost + self.config.sure_logodds * failed + self._unusual(unusual)
        return _Reading(changes, cost, tallies, scoring, unusual, objective, explained)

    def _left(self, check: dict) -> bool:
        """Whether ``check`` names only line pieces left uncoloured on a finished sheet (Arp's
        game not finished): each a mistake of its own. Arp's only (Miro's uncoloured
        segments, most of them a stretch its curve check names too, were not measured)."""
        regions = check.get("regions") or []
        hinted = {k for k in check if k.startswith(("could_be", "must_be"))}
        arp = self.layout.game == "arp"
        return arp and hinted == {"could_be_coloured"} and set(regions) <= self.pieces

    def _unusual(self, findings: list[dict]) -> float:
        """What the unusual findings of a reading weigh: a rare stretch (its hints name the
        reading that would mend it) ``prior``, an uncommon one (none named) ``uncommon``."""
        return sum(self.prior if f.get("could_be") else self.uncommon for f in findings)

    def explained(
        self,
        colours: dict[str, int | None],
        tallies: dict[int, int],
        scoring: Scoring,
        within: set[str] | None = None,
    ) -> frozenset[int]:
        """The players whose tally disagrees with the drawing by what a rule-break of the
        drawing scores, no more: undoing the break (any one reading its check offers) gives
        the score he tallied. That disagreement is the break's own, one mistake (a player
        breaking a rule tallies what he would have scored by the rules; a misread that breaks
        one moves the score as read), so its check is not charged the prior again. A tally
        that disagrees otherwise (a misread elsewhere) still is. Only breaks the pixels state
        surely (no reading the check offers costs under ``sure_logodds``) and that name a
        region ``within`` (default: any of the drawing's): a close break is mostly a misread,
        whose tally is a second witness (weighed once, fewer misreads were mended on the
        tuning photos)."""
        named = self.drawing if within is None else within
        scores = scoring.scores or {}
        gaps = {p for p, t in tallies.items() if scores.get(p) is not None and scores[p] != t}
        out: set[int] = set()
        for check in scoring.failed if gaps else ():
            if out == gaps or not named & set(check.get("regions", ())):
                continue
            undoings = [
                (rid, option, self._cost(rid, option, must))
                for rid, option, must in self._named(check, colours)
                if rid in self.measured and colours.get(rid) != option
            ]
            if any(cost < self.config.sure_logodds for *_, cost in undoings):
                continue  # the pixels leave the break close: a misread, mended or doubted
            for rid, option, _ in undoings:
                undone = self._scores_of(colours | {rid: option}, tallies)
                out |= {p for p in gaps if undone.get(p) == tallies[p]}
        return frozenset(out)

    def _scores_of(self, colours: dict[str, int | None], tallies: dict[int, int]) -> dict:
        """The drawing's scores of ``colours`` (kept: many readings share an undoing)."""
        key = frozenset((r, c) for r, c in colours.items() if c != self.as_read.get(r))
        if key not in self._undone:
            scores = score_sheet(self.layout, colours, tallies, self.players).scores
            self._undone[key] = scores or {}
        return self._undone[key]

    # --- the candidates ---

    def moves(self, state: _Reading) -> list[tuple[float, _Move]]:
        """The changes the failed checks and unusual findings of ``state`` offer, each
        (region, reading) once at its cheapest, with the gain it promises (what the checks
        and findings offering it weigh, less its cost), likeliest gain first."""
        colours = self.colours(state.changes)
        sure = self.config.sure_logodds
        offered = [
            (move, sure)
            for check in state.scoring.failed
            for move in self._offered(check, colours, state, BY_THE_RULES.mended)
        ]
        offered += [
            (move, self.prior)
            for finding in state.unusual
            for move in self._offered(finding, colours, state, UNUSUAL.mended)
        ]
        cheapest: dict[tuple[str, Option], _Move] = {}
        weight: dict[tuple[str, Option], float] = {}
        for move, w in offered:
            known = cheapest.get((move.rid, move.option))
            if known is None or move.cost < known.cost:
                cheapest[(move.rid, move.option)] = move
            weight[(move.rid, move.option)] = weight.get((move.rid, move.option), 0.0) + w
        gains = [(weight[k] - m.cost, m) for k, m in cheapest.items()]
        return sorted(gains, key=lambda g: (g[1].cost, -g[0]))

    def _offered(
        self, check: dict, colours: dict[str, int | None], state: _Reading, wording: str
    ) -> Iterator[_Move]:
        why = f"{wording}: {check['message']}"
        named = check.get("regions") or [None]
        mark, sides = named[0], set(named[1:])
        filled = colours.get(mark) if mark in self.spaces else None
        for rid, option, must in self._wanted(check, colours, state):
            if rid not in self.measured or colours.get(rid) == option:
                continue
            if (rid, option) in self.barred:
                continue
            cost = self._cost(rid, option, must)
            if cost < self.offered.get(rid, (None, math.inf))[1]:
                self.offered[rid] = (option, cost)
            if cost < self.config.sure_logodds:  # the pixels leave it close
                prior = self.unnamed if must is None else 0.0  # a reading no check named
                closes = filled is not None and option == filled and rid in sides & self.pieces
                yield _Move(rid, option, cost + prior, why, closes)

    def _wanted(
        self, check: dict, colours: dict[str, int | None], state: _Reading
    ) -> Iterator[tuple[str, Option, bool | None]]:
        """(region, reading, whether the rules leave no doubt) a check would be met by; None
        for a close reading of a check naming no region (:meth:`_close`)."""
        yield from self._named(check, colours)
        if not check.get("regions") and not check.get("could_be"):
            yield from self._close(state)

    def _named(
        self, check: dict, colours: dict[str, int | None]
    ) -> Iterator[tuple[str, Option, bool]]:
        """The readings a check's hints name, each (region, reading, whether the rules
        leave no doubt)."""
        for rid, colour in check.get("could_be", ()):
            yield rid, colour, False
        for rid in check.get("could_be_coloured", ()):
            if colours.get(rid) is None:
                yield from ((rid, c, False) for c in self.in_play)
        for rid in check.get("could_be_blank", ()):
            yield rid, None, False
        for rid, colour in check.get("must_be_coloured", ()):
            if colours.get(rid) is None:
                yield from ((rid, c, True) for c in ([colour] if colour else self.in_play))
        for rid in check.get("must_be_blank", ()):
            yield rid, None, True

    def _close(self, state: _Reading) -> Iterator[tuple[str, Option, bool | None]]:
        """A tally disagreeing with the drawing names no region: the drawing's regions in the
        photo whose evidence leaves another reading closest, cheapest first; where a
        disagreeing player's tally is itself in doubt, that tally's doubted boxes instead
        (the drawing would bend to a faint tick)."""
        scores = state.scoring.scores or {}
        gaps = {p for p, t in state.tallies.items() if p in scores and scores[p] != t}
        gaps -= state.explained  # a break's own disagreement: undoing the break mends it
        if not gaps:
            return
        if tallies_sure(self.layout, self.measured, gaps):
            pool = self.drawing
        else:
            pool = {rid for rid, p in self.box_owner.items() if p in gaps} & self.doubted
        pool = pool - self.unseen - state.changes.keys()
        close = sorted(
            (
                (self.evidence[rid].against(o), rid, o)
                for rid in pool
                for o in self.evidence[rid].loglik
                if o != self.as_read[rid]
            ),
            key=lambda c: (c[0], c[1], c[2] is None, c[2] or 0),
        )
        close = [c for c in close if c[0] < self.config.sure_logodds]
        # No region named: each close reading is one of len(close) the tally could mean.
        self.unnamed = math.log(len(close)) if close else 0.0
        for _, rid, o in close[: self.config.tally_close_tries]:
            yield rid, o, None

    def _cost(self, rid: str, option: Option, must: bool | None) -> float:
        """What reading ``rid`` as ``option`` costs in log-odds of its pixels."""
        if option == self.as_read[rid] or (must and rid in self.boxes):
            return 0.0
        return self.evidence[rid].against(option)

    # --- the search ---

    def run(self) -> _Reading:
        """The likeliest reading found (see the module's docstring): a descent first, whose
        reading bounds the branch and bound that follows."""
        root = self.evaluate({})
        best = self._descend(root)
        self.limit = min(
            self.evaluations + self.config.solve_bound_evaluations, self.config.solve_evaluations
        )
        return self._branch_and_bound(root, best)

    def _descend(self, state: _Reading) -> _Reading:
        """Local search: from ``state``, take the first change (likeliest gain first) that
        makes the reading likelier, until none does or the budget is spent. A change that
        did not help is tried again only when no other does (it seldom helps later, and
        scoring it again after every step would spend the budget)."""
        failed: set[tuple[str, Option]] = set()
        while True:
            moves = self.moves(state)
            fresh = [m for _, m in moves if (m.rid, m.option) not in failed]
            again = [m for _, m in moves if (m.rid, m.option) in failed]
            free = self._free(state, [m for _, m in moves])
            for move in [free, *fresh, *again] if free else fresh + again:
                changes = self._with(state, move)
                if not self._affordable(changes):
                    return state
                child = self.evaluate(changes)
                if child.objective < state.objective - _EPS:
                    state = child
                    break
                if isinstance(move, _Move):
                    failed.add((move.rid, move.option))
            else:
                return state

    def _branch_and_bound(self, root: _Reading, best: _Reading) -> _Reading:
        """Best-first over the sets of changes reachable from ``root``; a set whose changes
        alone cost as much as ``best`` is not scored. Exact if it runs to its end."""
        heap: list[tuple[float, int, _Reading]] = [(root.objective, 0, root)]
        seen: dict[frozenset[tuple[str, Option]], float] = {frozenset(): 0.0}
        order = itertools.count(1)
        while heap:
            _, _, state = heapq.heappop(heap)
            if state.cost >= best.objective - _EPS:
                continue
            for _, move in self.moves(state):
                changes = self._with(state, move)
                key = _key(changes)
                cost = sum(m.cost for m in changes.values())
                if cost >= min(seen.get(key, math.inf), best.objective) - _EPS:
                    continue
                seen[key] = cost
                if not self._affordable(changes):
                    self.exact = False
                    return best
                child = self.evaluate(changes)
                if child.objective < best.objective - _EPS:
                    best = child
                heapq.heappush(heap, (child.objective, next(order), child))
        return best

    def _free(self, state: _Reading, moves: list[_Move]) -> list[_Move]:
        """The tally boxes the tallies' runs call misread beyond doubt (free changes), all
        at once where there are several: each alone leaves its run's check failed, so one at
        a time none makes the reading likelier, and a search cut short by its budget kept
        them all as read (a messaging copy's lost ticks 32-35 and 61-62, tuning seeds 400+)."""
        free = [
            m
            for m in moves
            if m.cost == 0.0 and m.rid in self.boxes and m.option != self.as_read[m.rid]
        ]
        if len(free) < 2 or any(m.rid in state.changes for m in free):
            return []
        return free

    def _with(self, state: _Reading, move: _Move | list[_Move]) -> dict[str, _Move]:
        """The changes of ``state`` and ``move`` (a region changed back drops out); a list of
        moves is made together."""
        changes = dict(state.changes)
        for one in move if isinstance(move, list) else [move]:
            if one.option == self.as_read[one.rid]:
                changes.pop(one.rid, None)
            else:
                changes[one.rid] = one
        return changes

    def _affordable(self, changes: dict[str, _Move]) -> bool:
        """Whether scoring ``changes`` keeps within the budget (a reading scored already is
        free)."""
        return _key(changes) in self._scored or self.evaluations < self.limit


def _key(changes: dict[str, _Move]) -> frozenset[tuple[str, Option]]:
    return frozenset((rid, m.option) for rid, m in changes.items())


def _sides_without_order(
    layout: Layout,
    players: int | None,
    search: _Search,
    best: _Reading,
    config: ScannerConfig,
) -> frozenset[tuple[str, Option]]:
    """The sides of captured spaces that ``best`` reads in their captor's colour (a capture
    check's offer: a space filled in a colour none of its sides has, or with a side left
    open) where no legal order of play can colour that side so: the rule engine's order
    search of the lines as ``best`` reads them (Arp; within ``order_proof`` positions) finds
    the side round a seam nothing on the sheet could start (``OrderSearch.starved``: two
    pieces of a line meeting in different colours with no line of the player before either
    crossing there). The captor colours the side that closes the space, which the check
    cannot tell and the order of play does; a player's recoloured closing side otherwise
    hides behind other sides read in the captor's colour. Only a side the captor's colour
    starves: with every such side read as measured (the other changes kept) its seam could
    be started (a side round a starved seam either way sits in a stretch misread piece by
    piece, which the order of play's choice reads together). The seam is the side's own, so
    another misread or a player's break elsewhere on the sheet does not bar it. Empty where
    ``capture_side_order`` is off or the lines so read have an order (or none is proven
    impossible), and where more than ``capture_side_wholesale`` of the sheet's lines are
    read with doubt (a messaging copy): a seam's proof rests on the pieces round it, and
    there a misread neighbour starves a seam as often as the side does."""
    sides = frozenset((rid, m.option) for rid, m in best.changes.items() if m.closes)
    if not sides or not config.capture_side_order:
        return frozenset()
    if not neighbours_surer(layout, search.measured, config.capture_side_wholesale):
        return frozenset()
    order = order_searcher(layout, search.colours(best.changes), players)
    found = order({}, config.order_proof)
    if found is None or found.legal is not False:
        return frozenset()
    starved = {(rid, option) for rid, option in sides if rid in found.starved}
    if not starved:
        return frozenset()
    back = order({rid: search.as_read[rid] for rid, _ in sides}, config.order_proof)
    if back is None:
        return frozenset()
    # The captor's colour makes the seam: such a side cannot close its space.
    return frozenset((rid, option) for rid, option in starved if rid not in back.starved)


def _name_broken_rules(
    layout: Layout,
    readings: dict[str, Reading],
    checks: list[dict],
    evidence: dict[str, Evidence],
    sure: float,
) -> list[str]:
    """The regions of each failed check go to review (in place): those of the position the
    pixels state surely are read as drawn, saying which rule the sheet breaks (their
    confidence is the pixels': the reading is not in doubt, the sheet is); the others are
    doubted. Returns the regions read as drawn."""
    kinds = {r.id: r.kind for r in layout.regions}
    as_drawn: list[str] = []
    for check in checks:
        if check.get("ok", True):
            continue
        for rid in check.get("regions", ()):
            rd = readings.get(rid)
            if rd is None or rd.reason is not None:
                continue
            if kinds.get(rid) in POSITION_KINDS and evidence[rid].margin >= sure:
                readings[rid] = replace(rd, reason=f"{AS_DRAWN}: {check['message']}")
                as_drawn.append(rid)
            else:
                readings[rid] = rd.doubted(0.5, f"{BY_THE_RULES.doubted}: {check['message']}")
    return as_drawn


def _doubt_before_sure_strays(
    layout: Layout,
    readings: dict[str, Reading],
    measured: dict[str, Reading],
    failed: list[dict],
    config: ScannerConfig,
) -> None:
    """A tally's failed run whose tick past a stretch of blanks is misread beyond doubt by
    the count of misreads (``must_be_blank``), but which the pixels read surely and the
    solved sheet keeps: that count weighs every sure blank before it as one misread, yet a
    photo that loses ticks loses them in a row, and the tick is as sure as the blanks. Two
    sure readings disagree and the rules cannot say which is misread (design point 3), so
    the sure blanks of the stretch just before that tick go to review too (in place), the
    player's colour second. A tick read with doubt (a shadow's patchy darkening) is left to
    the count."""
    regions = {r.id: r for r in layout.regions}
    for check in failed:
        for rid in check.get("must_be_blank", ()):
            rd, was, region = readings.get(rid), measured.get(rid), regions.get(rid)
            if rd is None or was is None or region is None or rd.color is None:
                continue
            if was.reason is not None or was.confidence < config.review_below:
                continue  # a doubtful tick: the count of misreads decides
            number = box_name(rid)
            for before in boxes_before(layout, rid):
                box = readings.get(before)
                if box is None or box.color is not None:
                    break  # the stretch of blanks just before the tick ends here
                if box.reason is None:
                    readings[before] = replace(
                        box.doubted(
                            0.5,
                            f"read blank, but box {number} after it, which the run of ticks "
                            "calls stray, is read ticked as surely: one of them is misread",
                        ),
                        runner_up=region.player,
                    )


def _confirmed(
    search: _Search,
    readings: dict[str, Reading],
    evidence: dict[str, Evidence],
    failed: int,
    config: ScannerConfig,
) -> set[str]:
    """Regions of the drawing whose pixels leave another reading close (under the margin of
    ``review_below``), but where every such reading would break a rule (or make an unusual
    finding) on a solved sheet that breaks none: their margin after solving is the pixels'
    plus ``sure_logodds`` (or ``unusual_logodds``), no longer small, and they leave review
    whatever the measurement's doubt. Not where the solved sheet still breaks a rule (its
    misreads may hide each other: the truth of one breaks a rule only beside another's
    misread). Nor a traced line whose close readings include blank where its fit does not
    rule out a bare line by ``confirm_bare``: a player's segment left uncoloured breaks a
    rule that confirming its colour would hide. Nor a region whose colour matches no key
    (``Reading.off_keys``): an outlier to the colour model, whose true reading need not be
    among the close ones the rules rule out. The least sure first, one rescoring per alternative,
    within ``confirm_evaluations``."""
    out: set[str] = set()
    if failed:  # a sheet still breaking a rule (or unusual) confirms nothing
        return out
    colours = {rid: rd.color for rid, rd in readings.items()}
    left = config.confirm_evaluations
    for rid in _doubted_as_measured(search, readings, config):
        if readings[rid].off_keys:
            continue  # an outlier: its close readings need not hold the true one
        others = _close_options(evidence[rid], colours[rid], config)
        if not others or len(others) > left:
            continue
        if None in others and rid in search.pieces and readings[rid].bare > -config.confirm_bare:
            continue  # a trace the fit does not state surely: left blank is a player's break
        left -= len(others)
        if all(_failed_with(search, colours | {rid: o}) > failed for o in others):
            out.add(rid)
    return out


def _doubted_as_measured(
    search: _Search, readings: dict[str, Reading], config: ScannerConfig
) -> list[str]:
    """Regions of the drawing read under ``review_below``, in the photo and as measured
    (neither changed nor named by a failed check), least sure first."""
    return [
        rid
        for _, rid in sorted(
            (rd.confidence, rid)
            for rid, rd in readings.items()
            if rd.confidence < config.review_below
            and rid in search.drawing
            and rd.reason != OUTSIDE
            and rd is search.measured[rid]
        )
    ]


def _doubted_pieces(
    search: _Search, readings: dict[str, Reading], config: ScannerConfig
) -> list[str]:
    """Line pieces of the drawing read under ``review_below``, as measured, least sure
    first (:func:`_doubted_as_measured`)."""
    return [rid for rid in _doubted_as_measured(search, readings, config) if rid in search.pieces]


def _close_options(evidence: Evidence, read: Option, config: ScannerConfig) -> list[Option]:
    """The readings other than ``read`` that a region's pixels leave close (under the margin
    of ``review_below``)."""
    close = math.log(config.review_below / (1.0 - config.review_below))
    return [o for o in evidence.loglik if o != read and evidence.against(o) < close]


def _order_choices(evidence: Evidence, now: Option, within: float) -> dict[int, float]:
    """The colours a line piece may take in Arp's order of play, each at what the solver
    prices it: its reading now nothing, another colour what its pixels make it less likely
    than that reading (log-odds; nothing where they favour it: a reading its line's run
    decoding or the solver gave against the pixels' own best), if under ``within``
    (``order_choice_logodds``)."""
    base = 0.0 if now is None else evidence.against(now)
    out = {
        o: cost
        for o in evidence.loglik
        if o is not None and (cost := max(evidence.against(o) - base, 0.0)) < within
    }
    if now is not None:
        out[now] = 0.0
    return out


def _failed_with(search: _Search, colours: dict[str, int | None]) -> int:
    """Failed checks and unusual findings of the reading ``colours``, its tallies read as the
    solve step reads the sheet's own: the point boxes out of the photo that
    :func:`~artsheets.scanner.mending.unseen_ticks` takes as ticked are ticked. A close
    reading that scores a point more than the boxes seen show does not break a rule where the
    frame hides the box that point is ticked in: the reading as solved was judged with its
    own such boxes ticked, and judging its alternatives without them confirmed a misread
    segment (benchmarks/RESULTS.md, issue 20, fills: a box out of the photo)."""
    config = search.config

    def scored(cs: dict[str, int | None]) -> Scoring:
        return _scored(
            search.layout, cs, search.players, search.unseen, search.doubted, config, search.weights
        )[1]

    scoring = scored(colours)
    if scoring.failed:
        ticks, ends = unseen_ticks(
            search.layout, colours, search.unseen, scoring, config.tally_end_unseen_most
        )
        if ticks or ends:
            scoring = scored(colours | ticks | ends)
    found = unusual_readings(search.layout, colours, search.players)
    return len(scoring.failed) + len(found)


def _review_small_margins(
    readings: dict[str, Reading], below: float, confirmed: set[str] = frozenset()
) -> None:
    """Regions whose reading, after solving, is under ``below`` go to review (in place),
    naming the alternative, but for those the rules ``confirmed``; those already in review
    keep their own reason."""
    for rid, rd in readings.items():
        if rid in confirmed:
            readings[rid] = replace(rd, reason=None)
        elif rd.reason is None and rd.confidence < below:
            other = "blank" if rd.runner_up is None else f"colour {rd.runner_up}"
            read = "blank" if rd.color is None else f"colour {rd.color}"
            readings[rid] = replace(rd, reason=f"read as {read}, but {other} is nearly as likely")
