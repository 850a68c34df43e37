"""What the solver (:mod:`artsheets.scanner.solve`) cannot yet do by its search, and the
words it reads regions otherwise with.

- Arp's order of play: no rule-break names the misread piece when no legal order of play
  colours the lines as read, and proving that takes a search of its own (the rule engine's,
  within a budget of positions). There the legal order of least pixel cost among the
  pieces' close colours is read (:func:`choose_by_order`); failing that, one or two changes
  (:func:`mend_by_order`), candidates that the solver takes only where each costs under
  ``sure_logodds``. On a sheet whose lines as read
  some legal order colours, the doubted pieces whose every close reading it proves illegal
  are confirmed (:func:`confirm_by_order`): they leave review.
- Boxes out of the photo inside a tally's run (:func:`tick_hidden_boxes`), and the boxes a
  tally disagreeing with the drawing points at, for review (:func:`tally_suspects`);
  whether a tally is read surely enough to bend the drawing to it (:func:`tallies_sure`).
- :func:`doubt`: the regions of a failed check or finding sent to review.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Set
from dataclasses import replace
from itertools import combinations
from typing import NamedTuple

from artsheets.generator.layout import Layout
from artsheets.rules.games.arp_order import OrderSearch
from artsheets.scanner.colours import OUTSIDE, REVIEW_BELOW, Reading, is_tally_box
from artsheets.scanner.config import ScannerConfig
from artsheets.scanner.scoring import OrderSearcher, Scoring, order_choice, order_searcher
from artsheets.scanner.tallies import end_ticks, hidden_ticks, off_run, point_boxes

__all__ = [
    "BY_THE_RULES",
    "UNUSUAL",
    "Wording",
    "choose_by_order",
    "confirm_by_order",
    "doubt",
    "mend_by_order",
    "neighbours_surer",
    "read_otherwise",
    "tallies_sure",
    "tally_suspects",
    "tick_hidden_boxes",
    "unseen_ticks",
]

Change = tuple[tuple[str, int | None], ...]  # (region, colour or blank) read otherwise


def mend_by_order(
    layout: Layout,
    readings: dict[str, Reading],
    players: int | None,
    as_read: dict[str, Reading],
    config: ScannerConfig,
    affordable: Callable[[str, int | None], bool],
) -> Change:
    """Where no legal order of play colours the lines as read and solved (Arp), the one
    change of line pieces that lets one do is made, still for review (:func:`_order_fits`:
    of one piece, or failing that of some changes taken back together, or of two pieces).
    Only changes each of whose pieces is ``affordable`` (its pixels leave it close) count.

    The search must first prove the reading illegal (every order tried within
    ``order_proof`` positions); then :func:`_order_fits` tries changes. A change is made
    only if no other tried fits too (two would leave the order of play unable to tell which
    is misread), unless the pieces' own pixels clearly prefer one (:func:`_decisive`); tries
    stop when ``order_budget`` positions are spent, so a change not tried might have fitted
    as well, which is why the change stays for review. Returns the change made (empty:
    none)."""
    colours = _colours(readings)
    search = order_searcher(layout, colours, players)
    found = search({}, config.order_proof)
    if found is None or found.legal is not False:
        return ()
    fits, complete = _order_fits(search, readings, colours, found, as_read, config)
    fits = [change for change in fits if all(affordable(rid, c) for rid, c in change)]
    change = _decisive(fits, readings, complete, config.order_prefer_logodds)
    if change is None:
        return ()
    why = (
        "by the order of play: no legal order of moves colours the lines as read, and one "
        f"does {'with this piece so' if len(change) == 1 else 'with these pieces so'}"
    )
    for rid, colour in change:
        read_otherwise(readings, rid, colour, why)
    return change


def choose_by_order(
    layout: Layout,
    readings: dict[str, Reading],
    players: int | None,
    choices: Callable[[str], dict[int, float]],
    config: ScannerConfig,
) -> tuple[Change, set[str]]:
    """Where no legal order of play colours the lines as read and solved (Arp's pieces, Miro's
    curve and capture circles), the legal order its pieces' pixels make likeliest: each piece
    may take the colours its pixels leave close (``choices``: colour -> cost in log-odds of its
    pixels, the reading's own among them; a piece read surely keeps its colour), and the rule
    engine's search finds the order of least summed cost among every combination of them
    (:func:`.scoring.order_choice`). Several misread pieces (a move's stretch read in a
    look-alike colour, piece by piece) are so read together, where changing one or two at a time
    finds no legal order.

    The reading must first be proven illegal (every order tried within ``order_proof``
    positions). The search is bounded in cost, the bound raised through ``order_choice_bounds``
    (log-odds of the whole change; a piece takes only colours costing under the bound): a low
    bound leaves most pieces one colour, which keeps the search small, and a search that ends
    within its bound having found an order has found the cheapest. Miro's choice is exact at any
    bound, and is bounded by ``order_choice_curve_bound`` alone. Within ``order_choice_budget``
    positions in all; a search the budget cuts short proves nothing, and then nothing is
    changed, nor where no order costs under the last bound (a confident reading is never changed
    to satisfy a rule).

    The pieces changed stay in review, their reading before it second, but for those the
    rules leave only one reading: with the colour chosen for it taken from its choices (the
    others' choices kept), a search under the same bound proves no legal order, within
    ``order_choice_confirm`` positions for the sheet; not a piece read in the colour of a
    filled space beside it that a bare piece would show (:func:`_bare_alike`). Returns the
    change made (empty: none) and the pieces so confirmed."""
    colours = _colours(readings)
    pieces, searched = _proven_illegal(layout, colours, players, config)
    if not pieces:
        return (), set()
    options = {rid: choices(rid) for rid in sorted(pieces)}
    left = config.order_choice_budget
    bounds = config.order_choice_bounds if searched else (config.order_choice_curve_bound,)
    for bound in bounds:
        allowed = _allowed(options, colours, bound)
        if allowed is None:
            continue  # some piece has no colour under the bound
        best = order_choice(layout, colours, allowed, players, left, bound)
        if best is None:
            return (), set()
        left -= best.expanded
        if not best.complete or left <= 0:
            return (), set()
        if best.colours is not None:
            break
    else:
        return (), set()
    change = tuple((rid, c) for rid, c in sorted(best.colours.items()) if c != colours.get(rid))
    why = (
        "by the order of play: no legal order of moves colours the lines as read; the one "
        "their pixels make likeliest colours it so"
    )
    for rid, colour in change:
        read_otherwise(readings, rid, colour, why)
    only: set[str] = set()
    left = config.order_choice_confirm
    for rid, colour in change:
        if left <= 0:
            break
        others = {c: v for c, v in allowed[rid].items() if c != colour}
        alone = order_choice(layout, colours, allowed | {rid: others}, players, left, bound)
        if alone is None:
            break
        left -= alone.expanded
        if alone.complete and alone.colours is None:
            only.add(rid)
    # Not a piece read in the colour of a fill beside it that a bare piece would show.
    now = _colours(readings)
    only = {rid for rid in only if not _bare_alike(layout, readings, rid, now, config)}
    return change, only


def _proven_illegal(
    layout: Layout, colours: dict[str, int | None], players: int | None, config: ScannerConfig
) -> tuple[frozenset[str], bool]:
    """The regions an order of play colours (Arp's pieces; Miro's segments and capture
    circles), where the rule engine proves that no legal order colours them as read (within
    ``order_proof`` positions; none otherwise), and whether the game's order is searched move
    by move. Arp's proof is that search (as :func:`mend_by_order` asks it, whose answer it
    keeps); a game whose order is not searched so (Miro: its choice is exact) proves it by
    finding no order at all among the reading's own colours."""
    found = order_searcher(layout, colours, players)({}, config.order_proof)
    if found is not None:
        return (found.pieces if found.legal is False else frozenset()), True
    plain = order_choice(layout, colours, {}, players, config.order_proof)
    if plain is None or not plain.complete or plain.colours is not None:
        return frozenset(), False
    return plain.pieces, False


def _allowed(
    options: dict[str, dict[int, float]], colours: dict[str, int | None], bound: float
) -> dict[str, dict[int, float]] | None:
    """The pieces' colours costing under ``bound``, for the pieces that have another than
    their reading (the others keep it); None where a piece read in a colour has none. A
    piece read blank with no colour under the bound stays blank (Miro: it fits any move;
    Arp: no order leaves one, so none is found)."""
    out: dict[str, dict[int, float]] = {}
    for rid, costs in options.items():
        under = {c: v for c, v in costs.items() if v < bound}
        if not under and colours.get(rid) is None:
            continue
        if not under:
            return None
        if len(under) > 1 or colours.get(rid) not in under:
            out[rid] = under
    return out


def confirm_by_order(
    layout: Layout,
    readings: dict[str, Reading],
    players: int | None,
    candidates: list[str],
    close: Callable[[str], list[int | None]],
    config: ScannerConfig,
    taken_back: Collection[str] = (),
) -> set[str]:
    """Doubted line pieces that Arp's order of play confirms: on a sheet whose lines as read
    some legal order of moves colours (found within ``order_proof`` positions), a piece of
    ``candidates`` (least sure first) each of whose ``close`` readings (those its pixels
    leave close) is a colour with which no legal order exists, proven within
    ``order_confirm_try`` positions a try and ``order_confirm_budget`` a sheet. Its margin
    after solving is the pixels' and the order of play's, no longer small: it leaves review.

    Not where blank is among its close readings, nor where it is read in the colour of a
    filled space beside it and the line fit does not rule out a bare piece by
    ``order_confirm_bare`` log-odds: a piece a player left bare breaks a rule that reading it
    coloured would hide, and a bare piece shows the pencil of the fills beside it (a pale
    pencil's trace fits no better), so it reads in their colour; nor where the same change
    to the whole run of pieces of its colour along its line also lets a legal order be
    found (a move's stretch read in a look-alike colour throughout: each piece alone breaks
    the order, together they do not); nor where the pieces the order of play changed before
    (``taken_back``: read otherwise by :func:`choose_by_order` or :func:`mend_by_order`, in
    review, their reading before second) taken back to that reading let one be found with
    the close reading: the order proven legal rests on those changes, and a nearly as cheap
    order may change this piece instead of them. A search the budget cuts short proves
    nothing. Returns the pieces confirmed (an empty set where the game has no order of
    play, or none is found)."""
    if not candidates or config.order_confirm_budget <= 0:
        return set()
    colours = _colours(readings)
    search = order_searcher(layout, colours, players)
    found = search({}, config.order_proof)
    if found is None or not found.legal:
        return set()
    left = config.order_confirm_budget
    runs = _runs_of(layout, colours, found.pieces)
    undo = {rid: readings[rid].runner_up for rid in taken_back if rid in found.pieces}
    out: set[str] = set()
    for rid in candidates:
        others = close(rid)
        if rid not in found.pieces or not others or None in others:
            continue
        if _bare_alike(layout, readings, rid, colours, config):
            continue
        proven = True
        for colour in others:
            tries = [{rid: colour}, dict.fromkeys(runs.get(rid, (rid,)), colour)]
            if undo and rid not in undo:
                tries.append(undo | {rid: colour})
            for change in tries:
                if left <= 0:
                    return out
                tried = search(change, min(config.order_confirm_try, left))
                assert tried is not None  # the game searched the reading: it searches this too
                left -= tried.visited
                if tried.legal is not False:
                    proven = False
                    break
            if not proven:
                break
        if proven:
            out.add(rid)
    return out


def _bare_alike(
    layout: Layout,
    readings: dict[str, Reading],
    rid: str,
    colours: dict[str, int | None],
    config: ScannerConfig,
) -> bool:
    """Whether a piece is read in the colour of a filled space beside it and its line fit
    does not rule out a bare piece by ``order_confirm_bare``: a bare piece between fills of
    that colour would read the same (their pencil shows on it), so the order of play does
    not confirm it."""
    beside = (layout.topology.data or {}).get("segment_spaces", {}) if layout.topology else {}
    fills = {colours.get(sp) for sp in beside.get(rid, ())} - {None}
    return readings[rid].color in fills and readings[rid].bare > -config.order_confirm_bare


def _runs_of(
    layout: Layout, colours: dict[str, int | None], pieces: frozenset[str]
) -> dict[str, tuple[str, ...]]:
    """Per line piece, the run of pieces of its colour along its printed line that holds it
    (the pieces of one line that meet end to end, as the layout lists them)."""
    along: dict[str, list[str]] = {}
    for r in layout.regions:
        line = r.extra.get("line") if r.kind == "segment" else None
        if line is not None and r.id in pieces:
            along.setdefault(line, []).append(r.id)
    out: dict[str, tuple[str, ...]] = {}
    for ids in along.values():
        run: list[str] = []
        for rid in [*ids, ""]:
            if run and (rid == "" or colours.get(rid) != colours.get(run[-1])):
                out.update(dict.fromkeys(run, tuple(run)))
                run = []
            if rid:
                run.append(rid)
    return out


def _order_fits(
    search: OrderSearcher,
    readings: dict[str, Reading],
    colours: dict[str, int | None],
    found: OrderSearch,
    as_read: dict[str, Reading],
    config: ScannerConfig,
) -> tuple[list[Change], bool]:
    """The changes that let a legal order be found (``search``: the reading's order search,
    :func:`.scoring.order_searcher`), as tried (stopping at
    ``order_fits_kept``), and whether the tries ran to the end of their phase (not cut
    short by the budget or that many fits).

    One piece first: those round a seam nothing on the sheet could have started
    (``found.starved``: two pieces of a line meeting in different colours with no line of
    the player before either crossing there) and those read blank or coloured from a blank
    by a guess, in every other colour in play, second choice first, least sure first; then the
    other doubted pieces in their second choice, least sure first; then in the other
    colours their own pixels make nearly as likely (:func:`_close_colours`). When no one
    piece did it: the mends of pieces (``as_read``: the readings before any) taken back
    two or more at a time (what games mostly show is a prior, and the rules' mends that
    follow an unusual finding's lean on it: a wrong stretch mend and the captor mend it led
    to may each need the other); then pairs round such seams (two
    misread seams need a change each); then a change that clears every such seam with a
    doubted piece's second choice (one misread at such a seam, one elsewhere)."""
    in_play = {c for rid, c in colours.items() if rid in found.pieces} - {None}
    by_doubt = sorted(found.pieces, key=lambda rid: (readings[rid].confidence, rid))
    likely = [
        ((rid, c),)
        for rid in by_doubt
        if rid in found.starved or _blank_or_guessed(readings[rid])
        for c in _other_colours(readings[rid], in_play)
    ]
    unsure = [rid for rid in by_doubt if readings[rid].confidence < REVIEW_BELOW]
    doubted = [
        ((rid, rd.runner_up),)
        for rid in unsure
        if (rd := readings[rid]).runner_up not in (None, rd.color)
        and ((rid, rd.runner_up),) not in likely
    ]
    close = [
        ((rid, c),)
        for rid in unsure
        for c in _close_colours(readings[rid], config.order_close_logodds)
        if ((rid, c),) not in likely
    ]
    round_seams = [c for (c,) in likely if c[0] in found.starved]
    fits: list[Change] = []
    clearing: list[tuple[str, int]] = []  # changes round seams that leave none unstartable
    left = config.order_budget
    complete = True  # no phase cut short

    def settled(changes: list[Change], budget: int) -> bool:
        """Try each change; whether the tries are over (enough fits, or the budget spent)."""
        nonlocal left, complete
        for change in changes:
            tried = search(dict(change), min(budget, left))
            assert tried is not None  # the game searched the reading: it searches this too
            left -= tried.visited
            if tried.legal:
                fits.append(change)
            elif len(change) == 1 and change[0][0] in found.starved and not tried.starved:
                clearing.append(change[0])
            if len(fits) >= config.order_fits_kept or left <= 0:
                complete = False
                return True
        return False

    if settled(likely, config.order_try_likely) or settled(doubted, config.order_try) or fits:
        return fits, complete
    if settled(close, config.order_try) or fits:
        return fits, complete
    if (
        settled(
            _taken_back(found.pieces, readings, as_read, config.order_undo_up_to), config.order_try
        )
        or fits
    ):
        return fits, complete
    pairs = [
        (a, b) for k, a in enumerate(round_seams) for b in round_seams[k + 1 :] if a[0] != b[0]
    ]
    if settled(pairs, config.order_try_likely) or fits:
        return fits, complete
    # One misread at a seam nothing could start, one elsewhere: a change that clears every
    # such seam, with a doubted piece's second choice.
    mixed = [(a, d) for a in clearing for (d,) in doubted if d[0] != a[0]]
    settled(mixed, config.order_try)
    return fits, complete


def _decisive(
    fits: list[Change], readings: dict[str, Reading], complete: bool, prefer: float
) -> Change | None:
    """The change to make: the only fit; or, of several found when every change of the
    phase was tried, the only one giving each piece it changes the colour that piece's own
    pixels favour most (pieces a line's run carried to its colour, where another fit gives
    one a third colour), else the one the changed pieces' own pixels favour over every other
    by ``prefer`` (``order_prefer_logodds``). None when the order of play and the pixels
    cannot tell."""
    if len(fits) == 1:
        return fits[0]
    costs = [_pixel_cost(change, readings) for change in fits]
    if not fits or not complete or None in costs:
        return None
    # Pieces read against their own pixels (carried by their line's run, or mended) that the
    # order of play wants otherwise: a fit giving each its pixels' own best colour is the
    # reading without those priors, and it is taken when no other fit does so.
    own = [change for change in fits if all(_own_best(readings[rid], c) for rid, c in change)]
    if len(own) == 1:
        return own[0]
    ranked = sorted(zip(costs, range(len(fits)), strict=True))
    (best, k), (second, _) = ranked[0], ranked[1]
    return fits[k] if second - best >= prefer else None


def _own_best(reading: Reading, colour: int | None) -> bool:
    """Whether ``colour`` is the one the reading's own pixels favour most (weighed colour by
    colour), and not the colour it was read in."""
    return colour != reading.color and _likeliest(reading, list(reading.loglik)) == colour


def _pixel_cost(change: Change, readings: dict[str, Reading]) -> float | None:
    """How much less likely the changed pieces' own pixels make the change than the reading
    (log odds, summed); None where a piece's pixels were not weighed colour by colour."""
    total = 0.0
    for rid, colour in change:
        rd = readings[rid]
        if colour not in rd.loglik or rd.color not in rd.loglik:
            return None
        total += rd.loglik[rd.color] - rd.loglik[colour]
    return total


def _taken_back(
    pieces: frozenset[str],
    readings: dict[str, Reading],
    as_read: dict[str, Reading],
    up_to: int,
) -> list[Change]:
    """Sets of two or more mended pieces read as first seen, smallest sets first; none when
    more than ``up_to`` (``order_undo_up_to``) pieces were mended."""
    mended = sorted(
        rid
        for rid in pieces
        if readings[rid] is not as_read[rid] and as_read[rid].color is not None
    )
    if len(mended) > up_to:
        return []
    return [
        tuple((rid, as_read[rid].color) for rid in chosen)
        for k in range(2, len(mended) + 1)
        for chosen in combinations(mended, k)
    ]


def _close_colours(rd: Reading, within: float) -> list[int]:
    """Colours other than a piece's reading and its second choice that its own pixels make
    nearly as likely as the colour they favour most (within ``within``: ``order_close_logodds``),
    likeliest first: in a dim photo a line's pixels may favour no colour much (four colours
    within 0.7, the true one third, happens)."""
    best = max(rd.loglik.values(), default=0.0)
    close = [c for c, v in rd.loglik.items() if best - v <= within]
    return sorted(
        (c for c in close if c not in (rd.color, rd.runner_up)), key=lambda c: -rd.loglik[c]
    )


def _blank_or_guessed(rd: Reading) -> bool:
    """A piece read blank (a finished Arp sheet has none), or coloured by the rules from a
    blank with nothing to say which colour (doubted, with no second choice)."""
    return rd.color is None or (rd.runner_up is None and rd.confidence < REVIEW_BELOW)


def _other_colours(rd: Reading, in_play: set[int]) -> list[int]:
    """The colours in play but a reading's own, its second choice first."""
    return sorted(in_play - {rd.color}, key=lambda c: (c != rd.runner_up, c))


def unseen_ticks(
    layout: Layout,
    colours: Mapping[str, int | None],
    unseen: Set[str],
    scoring: Scoring,
    end_most: int,
) -> tuple[dict[str, int], dict[str, int]]:
    """The point boxes out of the photo that the reading ``colours`` scored as ``scoring``
    takes as ticked (box -> player): those inside a run to the drawing's score
    (:func:`~artsheets.scanner.tallies.hidden_ticks`), and up to ``end_most`` at a run's end
    cut off by the frame (:func:`~artsheets.scanner.tallies.end_ticks`) where no failed
    check names a region. One rule for the solved reading (:func:`tick_hidden_boxes`) and
    for the close readings the solver weighs against it."""
    if scoring.scores is None:
        return {}, {}
    ticks = hidden_ticks(layout, colours, unseen, scoring.scores)
    ends: dict[str, int] = {}
    if end_most and not any(c.get("regions") for c in scoring.failed):
        ends = end_ticks(layout, colours, unseen, scoring.scores, end_most)
    return ticks, ends


def tick_hidden_boxes(
    layout: Layout, readings: dict[str, Reading], scoring: Scoring, end_most: int = 0
) -> bool:
    """Point boxes out of the photo inside a run of ticks that ends at the drawing's score
    (:func:`~artsheets.scanner.tallies.hidden_ticks`) are taken as ticked in place, with no
    confidence, for review, saying why (as the rules' mend words a box out of the photo
    inside a run beyond doubt); so are up to ``end_most`` at the end of a run cut off by the
    frame (:func:`~artsheets.scanner.tallies.end_ticks`) where no failed check names a
    region: a break read as drawn scores what the player did not tally. Returns whether
    any was."""
    if scoring.scores is None:
        return False
    unseen = {rid for rid, rd in readings.items() if rd.reason == OUTSIDE}
    ticks, ends = unseen_ticks(layout, _colours(readings), unseen, scoring, end_most)
    for rid, player in (ends | ticks).items():
        where = "at the end of" if rid in ends and rid not in ticks else "inside"
        why = (
            f"by the tallies: not in the photo, {where} player {player}'s run of ticks to "
            f"{scoring.scores[player]}, the score the drawing gives him"
        )
        read_otherwise(readings, rid, player, why)
    return bool(ticks or ends)


def tallies_sure(layout: Layout, readings: dict[str, Reading], players: set[int]) -> bool:
    """Whether these players' tallies were read surely: every tally box (point, penalty,
    track) read surely, but for point boxes a clean run of ticks decides without them. A
    player ticks 1, 2, 3... without gaps, so where his boxes read as such a run, a light
    tick inside it is a tick and a faint mark far past its end is not; only the run's last
    box and the one after it could change the count. Elsewhere a faint tick makes a tally
    no surer than the drawing it would mend."""
    decided = _decided_by_runs(layout, readings, players)
    return not any(
        r.player in players
        and is_tally_box(r.kind, r.extra.get("role"))
        and r.id not in decided
        and (rd := readings.get(r.id)) is not None
        and rd.confidence < REVIEW_BELOW
        for r in layout.regions
    )


def _decided_by_runs(layout: Layout, readings: dict[str, Reading], players: set[int]) -> set[str]:
    """Point boxes whose reading a clean run decides: of a player who tallies in one area
    whose boxes read ticked from 1 to n and blank after, those ticked below n and those
    blank beyond n + 1."""
    out: set[str] = set()
    for player, boxes in point_boxes(layout).items():
        if player not in players:
            continue
        ticked = [readings[rid].color is not None for _, rid in boxes if rid in readings]
        if len(ticked) != len(boxes):
            continue
        n = sum(ticked)
        if ticked != [i < n for i in range(len(ticked))]:
            continue  # not a clean run: the boxes themselves are in question
        out |= {rid for i, (_, rid) in enumerate(boxes) if i < n - 1 or i > n}
    return out


def tally_suspects(
    layout: Layout,
    readings: dict[str, Reading],
    tallies: dict[int, int],
    scoring: Scoring,
    explained: Collection[int] = (),
) -> list[dict]:
    """Where a player's tally disagrees with the score the drawing gives, the point boxes a
    clean run of that score would read otherwise: one side is misread, and which is for a
    person to see (findings for review, never mends); not for the ``explained`` players,
    whose tally a rule-break of the drawing accounts for."""
    if scoring.scores is None:
        return []
    out = []
    for player, boxes in point_boxes(layout).items():
        score, tally = scoring.scores.get(player), tallies.get(player)
        if score is None or tally is None or score == tally or player in explained:
            continue
        colours = {rid: readings[rid].color for _, rid in boxes if rid in readings}
        message = f"player {player} tallied {tally} points; the sheet shows {score}"
        out.append({"ok": False, "message": message, "regions": off_run(boxes, colours, score)})
    return out


def neighbours_surer(layout: Layout, readings: dict[str, Reading], wholesale: float) -> bool:
    """Whether weighing an unusual reading against its neighbours can be trusted: not when
    more than ``wholesale`` of the sheet's lines are doubted (a photo so blurred, or so
    clipped, that look-alike pencils cannot be told apart anywhere), since the neighbours are
    then no surer than the piece."""
    lines = [readings[r.id] for r in layout.regions if r.kind == "segment" and r.id in readings]
    doubted = sum(1 for rd in lines if rd.confidence < REVIEW_BELOW)
    return doubted <= wholesale * len(lines)


def _colours(readings: dict[str, Reading]) -> dict[str, int | None]:
    return {rid: rd.color for rid, rd in readings.items()}


class Wording(NamedTuple):
    """How a mend or a doubt names its finding in a region's reason."""

    mended: str  # "read as {read} {mended}: {message}"
    doubted: str  # "{doubted}: {message}"


BY_THE_RULES = Wording("by the rules", "fails a check")
UNUSUAL = Wording("as games are mostly played", "unusual")


def read_otherwise(readings: dict[str, Reading], rid: str, colour: int | None, why: str) -> None:
    """Take a region in another reading (for review, its old one second), saying why."""
    rd = readings[rid]
    read = "blank" if colour is None else f"colour {colour}"
    read += ", its second choice," if colour is not None and colour == rd.runner_up else ""
    readings[rid] = replace(
        rd,
        color=colour,
        runner_up=rd.color,
        confidence=min(rd.confidence, 0.5),
        reason=f"read as {read} {why}",
    )


def _likeliest(rd: Reading, colours: list[int | None]) -> int | None:
    """Of ``colours``, the one a reading's pixels make likeliest (None where they were not
    weighed for each, or two are equally likely)."""
    if not colours or any(c not in rd.loglik for c in colours):
        return None
    ranked = sorted(((rd.loglik[c], c) for c in colours), reverse=True)
    if len(ranked) > 1 and ranked[0][0] == ranked[1][0]:
        return None
    return ranked[0][1]


def doubt(readings: dict[str, Reading], checks: list[dict], wording: Wording) -> None:
    """Regions a failed check names (two same-coloured neighbours, say, or a box read ticked
    after a gap in a player's tally, or an Arp piece unlike both its neighbours) are
    doubtful: a misread is the likelier cause on a sheet played by the rules, so they go to
    review."""
    for check in checks:
        if check.get("ok", True):
            continue
        for rid in check.get("regions", ()):
            rd = readings.get(rid)
            if rd is not None and rd.reason is None:
                readings[rid] = rd.doubted(
                    0.5,
                    f"{wording.doubted}: {check['message']}",
                )
