"""Reading a sheet by the rules: mending misreads the rule engine points at, then doubting.

The rule engine knows what a played sheet can and cannot show: its checks name the rules a
reading breaks, and its findings what is legal but unusual, with their regions. The hints
(:mod:`artsheets.scanner.hints`) say which other readings would satisfy each; the scanner
then takes one it doubted already, whose second choice fits (:func:`mend`), or, where the
rules leave no doubt (a gap inside Miro's curve, a tick far after a tally's run), one it was
sure of. One at a time, the sheet scored again after each. What still fails goes to review
(:func:`doubt`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from itertools import combinations
from typing import Literal, NamedTuple

from artsheets.generator.layout import Layout
from artsheets.rules.games.arp_order import OrderSearch
from artsheets.scanner.colours import OUTSIDE, REVIEW_BELOW, Reading, is_tally_box
from artsheets.scanner.scoring import (
    POSITION_KINDS,
    Scoring,
    order_search,
    score_sheet,
    unusual_readings,
)
from artsheets.scanner.tallies import hidden_ticks, off_run, point_boxes, read_tallies

__all__ = [
    "BY_THE_RULES",
    "UNUSUAL",
    "Wording",
    "doubt",
    "mend",
    "mend_and_score",
    "neighbours_surer",
    "rescore",
]

MEND_ROUNDS = 30  # readings mended by the rules, one at a time, the sheet scored after each
UNUSUAL_MENDS = 20  # readings mended, one at a time, as games are mostly played
WHOLESALE_DOUBT = 0.8  # share of a sheet's lines doubted beyond which neighbours are no surer
# How much likelier a misread is than a true unusual finding, before the region's pixels are
# seen (log odds): off sheets doubted wholesale, 80 island mends went right and 6 wrong.
UNUSUAL_ODDS = 2.5
TALLY_MEND_TRIES = 80  # doubted readings tried, least sure first, to make the tallies agree
# The order of play's search for a misread line piece (Arp), in positions (about 56,000 a
# second): 1.0 s at most on the benchmark photos. Smaller budgets missed mends found with
# these (some need 5,000 positions a try).
ORDER_PROOF = 50_000  # positions to prove the lines as read illegal
ORDER_TRY_LIKELY = 20_000  # ... to try a piece round a seam nothing could start, or a blank
ORDER_TRY = 8_000  # ... to try any other doubted piece
ORDER_BUDGET = 100_000  # ... for all the tries of a sheet
ORDER_FITS_KEPT = 4  # fits found before the tries stop
ORDER_PREFER_ODDS = 2.0  # of several fits, one the pixels favour by this much is taken
ORDER_CLOSE_ODDS = 1.0  # a doubted piece is tried in colours this near its reading's (log odds)


def mend_and_score(
    layout: Layout, by_id: dict[str, Reading], players: int | None
) -> tuple[dict[int, int], Scoring]:
    """Mend ``by_id`` (in place) by what is unusual, then by the rules, one reading at a
    time; send what still fails to review; return the tallies and the final scoring."""
    mended: set[str] = set()
    instead: dict[str, Instead] = {}
    as_read = dict(by_id)
    # What games seldom show (Arp's one-piece stretch) is mended first: the rules' checks
    # (a capture whose colour is on none of its sides) then see the pieces as played.
    for _ in range(UNUSUAL_MENDS if neighbours_surer(layout, by_id) else 0):
        found = _unusual(layout, by_id, players)
        if not mend(by_id, found, mended, UNUSUAL, pick="least sure", odds=UNUSUAL_ODDS):
            break
    tallies, scoring = _score(layout, by_id, players)
    for _ in range(MEND_ROUNDS):
        if not mend(by_id, scoring.checks, mended, BY_THE_RULES, pick="first", instead=instead):
            break
        tallies, scoring = _score(layout, by_id, players)
    if _mend_by_order(layout, by_id, players, as_read):
        tallies, scoring = _score(layout, by_id, players)
    tallies, scoring = _mend_by_tallies(layout, by_id, players, tallies, scoring, instead)
    if _tick_hidden_boxes(layout, by_id, scoring):
        tallies, scoring = _score(layout, by_id, players)
    doubt(by_id, scoring.checks, BY_THE_RULES)
    doubt(by_id, _unusual(layout, by_id, players), UNUSUAL)
    doubt(by_id, _tally_suspects(layout, by_id, tallies, scoring), BY_THE_RULES)
    return tallies, scoring


def rescore(
    layout: Layout, readings: dict[str, Reading], players: int | None
) -> tuple[dict[int, int], Scoring]:
    """The tallies and the scoring of the readings as they stand (no mending)."""
    return _score(layout, readings, players)


def _score(
    layout: Layout, readings: dict[str, Reading], players: int | None
) -> tuple[dict[int, int], Scoring]:
    """The tallies read, and the rule engine's scores and checks of the colours read."""
    colours = _colours(readings)
    unseen = {rid for rid, rd in readings.items() if rd.reason == OUTSIDE}
    doubted = {rid for rid, rd in readings.items() if rd.confidence < REVIEW_BELOW}
    tallies, tally_checks = read_tallies(layout, colours, unseen, doubted)
    scoring = score_sheet(layout, colours, tallies, players)
    scoring.checks[:0] = tally_checks
    return tallies, scoring


def _mend_by_order(
    layout: Layout,
    readings: dict[str, Reading],
    players: int | None,
    as_read: dict[str, Reading],
) -> bool:
    """Where no legal order of play colours the lines as read and mended (Arp), the one
    change of line pieces that lets one do is made, still for review (:func:`_order_fits`:
    of one piece, or failing that of some mends taken back together, or of two pieces).

    The search must first prove the reading illegal (every order tried within its budget);
    then :func:`_order_fits` tries changes. A change is made only if no other tried fits
    too (two would leave the order of play unable to tell which is misread), unless the
    pieces' own pixels clearly prefer one (:func:`_decisive`); tries stop when
    ``ORDER_BUDGET`` positions are spent, so a change not tried might have fitted as well,
    which is why the mend stays for review. On eight benchmark sets (108 Arp photos) it
    made 32 changes, all right. Returns whether it mended."""
    colours = _colours(readings)
    found = order_search(layout, colours, players, budget=ORDER_PROOF)
    if found is None or found.legal is not False:
        return False
    fits, complete = _order_fits(layout, readings, colours, players, found, as_read)
    change = _decisive(fits, readings, complete)
    if change is None:
        return False
    why = (
        "by the order of play: no legal order of moves colours the lines as read, and one "
        f"does {'with this piece so' if len(change) == 1 else 'with these pieces so'}"
    )
    for rid, colour in change:
        _read_otherwise(readings, rid, colour, why)
    return True


Change = tuple[tuple[str, int | None], ...]  # (region, colour or blank) read otherwise


class Instead(NamedTuple):
    """What a mend by the rules replaced, and the other readings its check offered."""

    before: Reading
    others: list[tuple[str, int | None]]


def _order_fits(
    layout: Layout,
    readings: dict[str, Reading],
    colours: dict[str, int | None],
    players: int | None,
    found: OrderSearch,
    as_read: dict[str, Reading],
) -> tuple[list[Change], bool]:
    """The changes that let a legal order be found, as tried (stopping at
    ``ORDER_FITS_KEPT``), and whether the tries ran to the end of their phase (not cut
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
        for c in _close_colours(readings[rid])
        if ((rid, c),) not in likely
    ]
    round_seams = [c for (c,) in likely if c[0] in found.starved]
    fits: list[Change] = []
    clearing: list[tuple[str, int]] = []  # changes round seams that leave none unstartable
    left = ORDER_BUDGET
    complete = True  # no phase cut short

    def settled(changes: list[Change], budget: int) -> bool:
        """Try each change; whether the tries are over (enough fits, or the budget spent)."""
        nonlocal left, complete
        for change in changes:
            tried = order_search(layout, colours | dict(change), players, budget=min(budget, left))
            assert tried is not None  # the game searched the reading: it searches this too
            left -= tried.visited
            if tried.legal:
                fits.append(change)
            elif len(change) == 1 and change[0][0] in found.starved and not tried.starved:
                clearing.append(change[0])
            if len(fits) >= ORDER_FITS_KEPT or left <= 0:
                complete = False
                return True
        return False

    if settled(likely, ORDER_TRY_LIKELY) or settled(doubted, ORDER_TRY) or fits:
        return fits, complete
    if settled(close, ORDER_TRY) or fits:
        return fits, complete
    if settled(_taken_back(found.pieces, readings, as_read), ORDER_TRY) or fits:
        return fits, complete
    pairs = [
        (a, b) for k, a in enumerate(round_seams) for b in round_seams[k + 1 :] if a[0] != b[0]
    ]
    if settled(pairs, ORDER_TRY_LIKELY) or fits:
        return fits, complete
    # One misread at a seam nothing could start, one elsewhere: a change that clears every
    # such seam, with a doubted piece's second choice.
    mixed = [(a, d) for a in clearing for (d,) in doubted if d[0] != a[0]]
    settled(mixed, ORDER_TRY)
    return fits, complete


def _decisive(fits: list[Change], readings: dict[str, Reading], complete: bool) -> Change | None:
    """The change to make: the only fit; or, of several found when every change of the
    phase was tried, the only one giving each piece it changes the colour that piece's own
    pixels favour most (pieces a line's run carried to its colour, where another fit gives
    one a third colour), else the one the changed pieces' own pixels favour over every other
    by ``ORDER_PREFER_ODDS``. None when the order of play and the pixels
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
    return fits[k] if second - best >= ORDER_PREFER_ODDS else None


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


UNDO_MENDS_UP_TO = 5  # mended pieces whose sets (26 of two or more) are taken back in turn


def _taken_back(
    pieces: frozenset[str], readings: dict[str, Reading], as_read: dict[str, Reading]
) -> list[Change]:
    """Sets of two or more mended pieces read as first seen, smallest sets first; none when
    more than ``UNDO_MENDS_UP_TO`` pieces were mended."""
    mended = sorted(
        rid
        for rid in pieces
        if readings[rid] is not as_read[rid] and as_read[rid].color is not None
    )
    if len(mended) > UNDO_MENDS_UP_TO:
        return []
    return [
        tuple((rid, as_read[rid].color) for rid in chosen)
        for k in range(2, len(mended) + 1)
        for chosen in combinations(mended, k)
    ]


def _close_colours(rd: Reading) -> list[int]:
    """Colours other than a piece's reading and its second choice that its own pixels make
    nearly as likely as the colour they favour most (within ``ORDER_CLOSE_ODDS``),
    likeliest first: in a dim photo a line's pixels may favour no colour much (four colours
    within 0.7, the true one third, happens)."""
    best = max(rd.loglik.values(), default=0.0)
    close = [c for c, v in rd.loglik.items() if best - v <= ORDER_CLOSE_ODDS]
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


def _disagreeing(tallies: dict[int, int], scoring: Scoring) -> dict[int, tuple[int, int]]:
    """Players whose tally differs from the score the drawing gives: (tally, score)."""
    if scoring.scores is None:
        return {}
    return {
        p: (t, s)
        for p, t in tallies.items()
        if t is not None and (s := scoring.scores.get(p)) is not None and s != t
    }


def _failed(scoring: Scoring) -> int:
    return sum(1 for c in scoring.checks if not c.get("ok", True))


def _mend_by_tallies(
    layout: Layout,
    readings: dict[str, Reading],
    players: int | None,
    tallies: dict[int, int],
    scoring: Scoring,
    instead: Mapping[str, Instead] | None = None,
) -> tuple[dict[int, int], Scoring]:
    """Where the players' tallies, read surely, disagree with the drawing's scores, the one
    doubted reading of the drawing whose second choice makes every tally agree (and fails
    no check that passed) is taken in that choice, still for review: the drawing and the
    players' own counting then agree. A reading a failed check names is doubted too, and
    tried in each colour the check offers it (a capture circle read blank at a shadow's
    edge, which two players could have closed: the tallies say which). And a mend by the
    rules may be taken back for another reading its check offered (``instead``): a capture's
    circle and its space's last segment disagree, the rules took the less sure one in the
    other's colour, and the tallies say it was the other that was misread. Of the
    ``TALLY_MEND_TRIES`` least sure readings, only when one alone does it, of those leaving
    the fewest checks failed (two capture circles whose spaces score alike cannot be told
    apart), and never where a disagreeing player's tally is itself in doubt (a faint tick
    ending his run: the drawing would be bent to a misread tally; :func:`_tallies_sure`).

    A player who miscounted still sees the disagreement unless a doubted reading accounts
    for it exactly and breaks nothing; that reading is then named for review, the tallies
    its reason. On eight benchmark sets (972 photos) this mended 3 readings, all rightly;
    an earlier try that took any reading bringing the scores nearer the tallies misread 2
    of 6, and one that also mended tally boxes bent a drawing to a faint tick. The checks'
    colours, the fewest failed and the clean runs mended one more on the eleven sets of 1296
    photos, and changed nothing else; mends taken back mended two more."""
    gaps = _disagreeing(tallies, scoring)
    if not gaps or not _tallies_sure(layout, readings, set(gaps)):
        return tallies, scoring
    failed = _failed(scoring) - len(gaps)
    # The drawing, never the tallies' own boxes (a box flipped to agree would hide the very
    # miscount the tally check is there to report).
    drawing = {r.id for r in layout.regions if r.kind in POSITION_KINDS}
    in_play = {rd.color for rid, rd in readings.items() if rid in drawing} - {None}

    def seen(rid: str) -> bool:
        """A reading of the drawing in the photo: one the tallies may change."""
        return rid in drawing and rid in readings and readings[rid].reason != OUTSIDE

    candidates = {
        (rd.confidence, rid, colour)
        for rid, rd in readings.items()
        if seen(rid) and rd.confidence < REVIEW_BELOW
        for colour in _alternatives(rd, in_play)
    }
    # A reading a failed check names is in doubt too (it goes to review, its confidence at
    # most 0.5): the colours the check says would satisfy it are tried as well.
    candidates |= {
        (min(readings[rid].confidence, 0.5), rid, colour)
        for check in scoring.checks
        if not check.get("ok", True)
        for rid, colour in map(tuple, check.get("could_be", ()))
        if seen(rid) and readings[rid].color != colour
    }
    doubted = sorted(candidates, key=lambda c: (c[0], c[1], c[2] is None, c[2] or 0))
    changes: list[Change] = [((rid, colour),) for _, rid, colour in doubted[:TALLY_MEND_TRIES]]
    # A mend by the rules taken back, and another reading its check offered taken instead
    # (the circle of a capture, not its last segment): the check is met either way.
    for rid, (before, others) in (instead or {}).items():
        changes += [
            ((rid, before.color), (other, colour))
            for other, colour in others
            if seen(other)
            and readings[other].color != colour
            and readings[other].confidence < REVIEW_BELOW
        ]
    fits = []
    for change in changes:
        kept = {rid: readings[rid] for rid, _ in change}
        for rid, colour in change:
            readings[rid] = replace(kept[rid], color=colour, runner_up=kept[rid].color)
        t, sc = _score(layout, readings, players)
        if not _disagreeing(t, sc) and _failed(sc) <= failed:
            fits.append((change, t, sc))
        readings.update(kept)
    # Of several, those that leave the fewest checks failing: a reading that satisfies the
    # rules as well as the tallies is likelier than one that satisfies the tallies alone.
    fewest = min((_failed(sc) for *_, sc in fits), default=0)
    fits = [f for f in fits if _failed(f[2]) == fewest]
    if len(fits) != 1:  # none, or several alike: the tallies cannot tell which
        return tallies, scoring
    ((change, t, sc),) = fits
    said = ", ".join(
        f"player {p} tallied {t_}, the sheet showed {s_}" for p, (t_, s_) in gaps.items()
    )
    for rid, colour in change:
        _read_otherwise(readings, rid, colour, f"by the tallies ({said})")
    return t, sc


def _tick_hidden_boxes(layout: Layout, readings: dict[str, Reading], scoring: Scoring) -> bool:
    """Point boxes out of the photo inside a run of ticks that ends at the drawing's score
    (:func:`~artsheets.scanner.tallies.hidden_ticks`) are taken as ticked in place, with no
    confidence, for review, saying why (as the rules' mend words a box out of the photo
    inside a run beyond doubt). Returns whether any was."""
    if scoring.scores is None:
        return False
    unseen = {rid for rid, rd in readings.items() if rd.reason == OUTSIDE}
    ticks = hidden_ticks(layout, _colours(readings), unseen, scoring.scores)
    for rid, player in ticks.items():
        why = (
            f"by the tallies: not in the photo, inside player {player}'s run of ticks to "
            f"{scoring.scores[player]}, the score the drawing gives him"
        )
        _read_otherwise(readings, rid, player, why)
    return bool(ticks)


def _alternatives(rd: Reading, in_play: set[int]) -> list[int]:
    """The colours a doubted reading might be instead: its second choice; for a blank the
    rules coloured without saying which colour (a gap in Miro's curve between two moves),
    which has none, every other colour in play."""
    if rd.runner_up is not None:
        return [rd.runner_up] if rd.runner_up != rd.color else []
    return _other_colours(rd, in_play) if rd.color is not None else []


def _tallies_sure(layout: Layout, readings: dict[str, Reading], players: set[int]) -> bool:
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


def _tally_suspects(
    layout: Layout, readings: dict[str, Reading], tallies: dict[int, int], scoring: Scoring
) -> list[dict]:
    """Where a player's tally disagrees with the score the drawing gives, the point boxes a
    clean run of that score would read otherwise: one side is misread, and which is for a
    person to see (findings for review, never mends)."""
    if scoring.scores is None:
        return []
    out = []
    for player, boxes in point_boxes(layout).items():
        score, tally = scoring.scores.get(player), tallies.get(player)
        if score is None or tally is None or score == tally:
            continue
        colours = {rid: readings[rid].color for _, rid in boxes if rid in readings}
        message = f"player {player} tallied {tally} points; the sheet shows {score}"
        out.append({"ok": False, "message": message, "regions": off_run(boxes, colours, score)})
    return out


def _unusual(layout: Layout, readings: dict[str, Reading], players: int | None) -> list[dict]:
    """The rule engine's findings of what is legal but seldom played, in the colours read."""
    return unusual_readings(layout, _colours(readings), players)


def neighbours_surer(layout: Layout, readings: dict[str, Reading]) -> bool:
    """Whether mending an unusual reading by its neighbours can be trusted: not when most of
    the sheet's lines are doubted (a photo so blurred, or so clipped, that look-alike pencils
    cannot be told apart anywhere), since the neighbours are then no surer than the piece. On
    the benchmark photos, such sheets' one-piece stretches were as often true as misread
    (13 mends went wrong, 7 right), elsewhere rarely (6 wrong, 80 right)."""
    lines = [readings[r.id] for r in layout.regions if r.kind == "segment" and r.id in readings]
    doubted = sum(1 for rd in lines if rd.confidence < REVIEW_BELOW)
    return doubted <= WHOLESALE_DOUBT * len(lines)


def _colours(readings: dict[str, Reading]) -> dict[str, int | None]:
    return {rid: rd.color for rid, rd in readings.items()}


class Wording(NamedTuple):
    """How a mend or a doubt names its finding in a region's reason."""

    mended: str  # "read as {read} {mended}: {message}"
    doubted: str  # "{doubted}: {message}"


BY_THE_RULES = Wording("by the rules", "fails a check")
UNUSUAL = Wording("as games are mostly played", "unusual")


def mend(
    readings: dict[str, Reading],
    checks: list[dict],
    mended: set[str],
    wording: Wording,
    pick: Literal["first", "least sure"],
    odds: float | None = None,
    instead: dict[str, Instead] | None = None,
) -> bool:
    """Mend one reading that a failed check says would satisfy it (a capture's mark in a
    colour on none of its sides: any side in that colour would do; a piece left blank in a
    game that ends with every piece coloured: that piece in any colour; a tick after a
    tally's run: that box blank; a Miro segment breaking the order of play: the colour of a
    least-changed order; an Arp piece unlike both its neighbours: their colour) with a
    reading the scanner doubted already: its second choice (for a blank with faint or grey
    marks, the colour they are likeliest to be, or the likeliest of the colours the check
    leaves it), or blank, still for review. On a sheet played by the rules that is likelier
    than a misread it was surer of. A region the rules say no legal sheet leaves blank (a
    gap in Miro's curve) takes the colour they give it, else its likeliest, even where the
    scanner saw none: a pale grey-green pencil on a grey printed line hides.

    One at a time, the sheet judged again after each, since one mend can satisfy several
    checks or make another wrong: from the ``first`` failed check that can be mended (the
    rule engine lists what weighs the whole sheet, Miro's order of play, before a single
    capture's circle) or the ``least sure`` candidate of all (findings of equal weight that
    may overlap: a misread piece beside a true one-piece stretch makes two). Within a check
    its least sure candidate. A region is mended once (``mended``, kept by the caller
    across rounds). With ``odds`` (the log odds of a misread against a true finding), a
    line whose own pixels favour its colour over the mend's by more is left as read: a
    doubt that came from elsewhere (its line's neighbours, a light trace) says nothing of
    its colour. ``instead`` (if given) keeps, for each mend, the reading it replaced and the
    other readings its check offered (the tallies may later say one of those was meant).
    Returns whether anything changed."""
    chosen: list[tuple[float, str, int | None, dict]] = []
    # What the rules leave a region is only known when they saw all of the sheet.
    whole = not any(rd.reason == OUTSIDE for rd in readings.values())
    for check in checks:
        if check.get("ok", True):
            continue
        wanted = _mends_wanted(readings, check)
        options = [
            (readings[rid].confidence, rid, colour, check)
            for rid, colour in wanted
            if (
                _may_mend(readings.get(rid), colour)
                or (whole and _colour_left(readings.get(rid), rid, colour, wanted))
            )
            and rid not in mended
            and (odds is None or not _pixels_hold(readings[rid], colour, odds))
        ]
        options += [
            (readings[rid].confidence, rid, colour, check)
            for rid, colour in _must_mend(readings, check)
            if rid not in mended
        ]
        if options:
            chosen.append(min(options, key=lambda o: o[0]))
            if pick == "first":
                break
    if not chosen:
        return False
    _, rid, colour, check = min(chosen, key=lambda o: o[0])
    if instead is not None:
        others = [(r, c) for r, c in _mends_wanted(readings, check) if r != rid]
        instead[rid] = Instead(readings[rid], others)
    _read_otherwise(readings, rid, colour, f"{wording.mended}: {check['message']}")
    mended.add(rid)
    return True


def _read_otherwise(readings: dict[str, Reading], rid: str, colour: int | None, why: str) -> None:
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


def _mends_wanted(readings: dict[str, Reading], check: dict) -> list[tuple[str, int | None]]:
    """The (region, colour) readings that would each mend a failed check."""
    wanted: list[tuple[str, int | None]] = [tuple(w) for w in check.get("could_be", ())]
    for rid in check.get("could_be_coloured", ()):
        rd = readings.get(rid)
        if rd is not None and rd.color is None and rd.runner_up is not None:
            wanted.append((rid, rd.runner_up))  # faint or grey marks: their likeliest colour
    for rid in check.get("could_be_blank", ()):
        rd = readings.get(rid)
        if rd is not None and rd.color is not None:
            wanted.append((rid, None))
    return wanted


def _must_mend(readings: dict[str, Reading], check: dict) -> list[tuple[str, int | None]]:
    """Readings a failed check says no legal sheet has, sure or not: blanks to colour, with
    the colour the rules give them, else their likeliest; ticks to blank (a shadow taken for
    a tick far after a tally's run). Only if the scanner is sure of the check's other
    regions (a capture's circle), which say so."""
    must = check.get("must_be_coloured", ())
    named = {rid for rid, _ in must} | set(check.get("must_be_blank", ()))
    evidence = [readings.get(rid) for rid in check.get("regions", ()) if rid not in named]
    if any(rd is None or rd.confidence < REVIEW_BELOW for rd in evidence):
        return []
    out: list[tuple[str, int | None]] = []
    for rid, colour in must:
        rd = readings.get(rid)
        if rd is not None and rd.color is None and (colour or rd.runner_up):
            out.append((rid, colour or rd.runner_up))
    for rid in check.get("must_be_blank", ()):
        rd = readings.get(rid)
        if rd is not None and rd.color is not None:
            out.append((rid, None))
    return out


def _may_mend(rd: Reading | None, colour: int | None) -> bool:
    """A reading doubted already whose second choice is ``colour``, or, for blank, one
    doubted to be marked at all (a region surely marked, whose doubt is only which colour,
    is not blank: a capture circle read between two look-alike keys, say)."""
    return (
        rd is not None
        and rd.color != colour
        and (rd.runner_up == colour if colour is not None else not rd.surely_marked)
        and rd.confidence < REVIEW_BELOW
    )


def _colour_left(
    rd: Reading | None, rid: str, colour: int | None, wanted: list[tuple[str, int | None]]
) -> bool:
    """A region read blank with doubt, marks or darker paper seen on it (faint pencil: its
    likeliest colour is a guess from a few pixels), which the check would have coloured in
    ``colour`` and no other: the rules leave it that colour alone, a surer guess than the
    marks' hue (Delaunay: a space left empty though one colour, and only that one, could
    still fill it; a pale yellow fill's few visible grains read orange or green). Where the
    check leaves it several colours, the one its marks are likeliest to be of those (marks
    nearest colour 1, where colours 3 and 4 could fill the space: the nearer of 3 and 4).
    Only on a photo showing the whole sheet: a neighbour out of the photo counts as blank to
    the rules, and the colour they leave may be that neighbour's own.
    Likewise a region read in a colour but not surely marked (its colour unlike every key,
    or its pencil patchy): its second choice is as weak a guess (a Klee sequence cell read
    4 where only 2 keeps its area's three colours apart)."""
    left = [c for r, c in wanted if r == rid]
    return (
        rd is not None
        and (rd.runner_up is not None if rd.color is None else not rd.surely_marked)
        and colour is not None
        and rd.confidence < REVIEW_BELOW
        and (left == [colour] or (rd.color is None and _likeliest(rd, left) == colour))
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


def _pixels_hold(rd: Reading, colour: int | None, odds: float) -> bool:
    """Whether a line's own pixels favour its colour over ``colour`` by more than ``odds``
    (log-likelihood ratio, from the line fit)."""
    if rd.color is None or colour is None or colour not in rd.loglik or rd.color not in rd.loglik:
        return False
    return rd.loglik[rd.color] - rd.loglik[colour] > odds


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
