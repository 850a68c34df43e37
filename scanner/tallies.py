"""Tallies: the scores the players marked on the sheet themselves.

Two records exist: score areas, where a player marks one small box per point (``score_box``
regions with ``role: point``, possibly two areas per player), and Klee's track, where a
player's furthest marked box is his position (``track_box`` regions). A tally is only
reported for a player whose sheet has such a record; the total box (T), where a number is
written by hand, is not read. Delaunay's penalty rows (``role: penalty``) are not tallied,
but they are marked the same way, so they are checked the same way.

How the boxes were marked is itself evidence about how they were read. A player ticks his
boxes 1, 2, 3... without gaps, so a run read with a gap has a misread box in it: either a
box read ticked after the run (a shadow taken for pencil) or a box read empty inside it (a
light tick lost). The fewest boxes whose reading must change to restore a clean run are the
doubtful ones; the check that reports the gap names them (``regions``), and the pipeline
sends them to review. A track is marked at one box (the position) or along a run from its
start; marks read elsewhere are doubtful in the same way. And a player marks his score boxes
with one pencil: a box read in a colour unlike the rest is doubtful.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Mapping, Sequence, Set

from artsheets.generator.layout import Layout, Region
from artsheets.scanner.config import DEFAULT, ScannerConfig

__all__ = [
    "box_name",
    "boxes_before",
    "end_ticks",
    "hidden_ticks",
    "lost_weights",
    "off_run",
    "point_boxes",
    "read_tallies",
    "unresolved_blanks",
]

_TRACK_RE = re.compile(r"^track-p(\d+)-(\d+)$")
_WEIGHT_EPS = 1e-9  # weighed misread counts this close are alike


def read_tallies(
    layout: Layout,
    colours: Mapping[str, int | None],
    unseen: Set[str] = frozenset(),
    doubted: Set[str] = frozenset(),
    config: ScannerConfig = DEFAULT,
    weights: Mapping[str, float] | None = None,
) -> tuple[dict[int, int], list[dict[str, object]]]:
    """(player -> tally, checks about how the tallies were marked).

    A failed check names the boxes whose reading is doubtful (see :func:`_clean_marking`).
    Boxes ``unseen`` (not in the photo) count as blank in the tally but are no evidence
    either way; one inside a run beyond reasonable doubt is named as ticked. Boxes read with
    doubt (``doubted``) are no evidence when judging what is beyond doubt
    (``config.tally_sure_margin``); a lost tick weighs ``weights[area]`` there
    (:func:`lost_weights`, of ``colours`` where not given: the solver gives the measured
    reading's, the photo's own rate, not that of a reading it is trying)."""
    track: dict[int, list[tuple[int, str, bool]]] = {}
    track_order = (layout.topology.data.get("track") if layout.topology else None) or {}
    position = {rid: n for p, ids in track_order.items() for n, rid in enumerate(ids, 1)}
    for r in layout.regions:
        if r.kind == "track_box" and r.player is not None:
            m = _TRACK_RE.match(r.id)
            n = position.get(r.id) or (int(m.group(2)) if m else 0)
            track.setdefault(r.player, []).append((n, r.id, colours.get(r.id) is not None))
    tallies: dict[int, int] = {}
    checks: list[dict[str, object]] = []
    areas = _score_areas(layout)
    if weights is None:
        weights = lost_weights(layout, colours, unseen, doubted, config.tally_stray_rate)
    for (player, role, area), values_ids in sorted(areas.items()):
        boxes = [(v, rid, colours.get(rid) is not None) for v, rid in values_ids]
        if role == "point":
            tallies[player] = tallies.get(player, 0) + sum(1 for _, _, m in boxes if m)
        values = sorted(v for v, _, m in boxes if m)
        if values and values != list(range(1, len(values) + 1)):
            doubtful, sure, inferred = _clean_marking(
                boxes,
                False,
                unseen,
                doubted,
                config.tally_sure_margin,
                config.tally_doubt_margin,
                config.tally_end_lost,
                weights.get(area, 1.0),
            )
            if not doubtful and not inferred:
                continue  # the gaps are out of the photo, and may be ticked
            hidden = {v for v, rid, _ in boxes if rid in unseen}
            gaps = sorted(set(range(1, values[-1] + 1)) - set(values))
            empty = [v for v in gaps if v not in hidden]
            message = f"player {player} marked {role} boxes up to {values[-1]} in {area}"
            if empty:
                message += f" but left {_ranges(empty)} empty"
            if hidden & set(gaps):
                message += f"; {_ranges(sorted(hidden & set(gaps)))} are not in the photo"
            checks.append(
                {
                    "ok": False,
                    "message": message,
                    "regions": doubtful + inferred,
                    # A penalty row may be ticked in either of a team's colours.
                    **_mends(player, doubtful, colours, sure, inferred, role == "point"),
                }
            )
    checks += _odd_colours(layout, colours)
    for player, boxes in sorted(track.items()):
        marked = sorted(n for n, _, m in boxes if m)
        tallies[player] = tallies.get(player, 0) + (marked[-1] if marked else 0)
        if len(marked) > 1 and marked != list(range(1, len(marked) + 1)):
            doubtful, sure, _ = _clean_marking(
                boxes,
                True,
                frozenset(),
                doubted,
                config.tally_sure_margin,
                config.tally_doubt_margin,
                config.tally_end_lost,
            )
            checks.append(
                {
                    "ok": False,
                    "message": f"player {player}'s track is marked at {_ranges(marked)}, not at "
                    f"one box nor along a run from the start; the furthest ({marked[-1]}) "
                    "is taken as his position",
                    "regions": doubtful,
                    **_mends(player, doubtful, colours, sure, [], True),
                }
            )
    return tallies, checks


def _score_areas(layout: Layout) -> dict[tuple[int, str, str], list[tuple[int, str]]]:
    """Point and penalty boxes, (value, region id) sorted, per (player, role, area)."""
    return _score_areas_of(layout.regions)


def _score_areas_of(
    regions: Sequence[Region],
) -> dict[tuple[int, str, str], list[tuple[int, str]]]:
    """:func:`_score_areas` of a template's regions."""
    areas: dict[tuple[int, str, str], list[tuple[int, str]]] = {}
    for r in regions:
        role = r.extra.get("role")
        if r.kind == "score_box" and role in ("point", "penalty") and r.player is not None:
            area = r.id.rsplit("-box-", 1)[0]
            value = int(r.extra.get("value", 0))
            areas.setdefault((r.player, str(role), area), []).append((value, r.id))
    return {key: sorted(boxes) for key, boxes in areas.items()}


def boxes_before(layout: Layout, rid: str) -> list[str]:
    """The boxes of ``rid``'s score area that come before it, the nearest first (none for a
    region that is no point or penalty box)."""
    for boxes in _score_areas(layout).values():
        value = next((v for v, r in boxes if r == rid), None)
        if value is not None:
            return [r for v, r in reversed(boxes) if v < value]
    return []


def point_boxes(layout: Layout) -> dict[int, list[tuple[int, str]]]:
    """Each player's point boxes (value, region id), for players who tally in one area."""
    areas: dict[int, list[list[tuple[int, str]]]] = {}
    for (player, role, _), boxes in _score_areas(layout).items():
        if role == "point":
            areas.setdefault(player, []).append(boxes)
    return {p: a[0] for p, a in areas.items() if len(a) == 1}


def _odd_colours(layout: Layout, colours: Mapping[str, int | None]) -> list[dict[str, object]]:
    """Checks naming the boxes of a player's score area (points, initials, totals, rounds)
    marked in a colour unlike the rest of them.

    A player marks his boxes with one pencil, his own as a rule (one scorekeeper's pencil
    at worst): a box in another colour is a misread (two look-alike pencils, a shadow) more
    likely than a pencil changed. His own colour is taken as the pencil if any box shows it
    (misreads may outnumber right readings where a photo is bad), else the commonest one.
    Penalty rows are left out: there a team or a player with two colours marks them."""
    penalty_rows = {r.player for r in layout.regions if r.extra.get("role") == "penalty"}
    areas: dict[int, list[tuple[int, int, str, int]]] = {}
    for r in layout.regions:
        c = colours.get(r.id)
        if r.kind == "score_box" and r.player not in (None, *penalty_rows) and c is not None:
            order = (0, int(r.extra.get("value", 0))) if "-box-" in r.id else (1, 0)
            areas.setdefault(r.player, []).append((*order, r.id, c))
    checks: list[dict[str, object]] = []
    for player, boxes in sorted(areas.items()):
        counts = Counter(c for *_, c in boxes)
        pencil = player if player in counts else max(counts, key=lambda c: counts[c])
        odd = sorted(b for b in boxes if b[3] != pencil)
        if not odd:
            continue
        names = [box_name(rid) for _, _, rid, _ in odd]
        found = ", ".join(str(c) for c in sorted({c for *_, c in odd}))
        checks.append(
            {
                "ok": False,
                "message": f"player {player}'s score boxes {', '.join(names)} are marked in "
                f"colour {found}, the rest of them in colour {pencil}",
                "regions": [rid for _, _, rid, _ in odd],
                "could_be": [[rid, pencil] for _, _, rid, _ in odd],
            }
        )
    return checks


def _mends(
    player: int,
    doubtful: list[str],
    colours: Mapping[str, int | None],
    sure: set[str],
    inferred: list[str],
    own_pencil: bool,
) -> dict[str, list]:
    """What would mend a run: each doubtful box read blank ticked in the player's colour
    (``could_be``), each read ticked blank (``could_be_blank``); and those misread beyond
    reasonable doubt, or not in the photo but inside the run beyond doubt
    (``must_be_coloured``, ``must_be_blank``): a shadow's edge read as a tick fifteen boxes
    after a player's run is no tick. A box to be ticked is in the player's colour where he
    ticks with his own pencil (``own_pencil``), else in the colour its reading likes best."""
    blank = [rid for rid in doubtful if colours.get(rid) is None]
    ticked = [rid for rid in doubtful if colours.get(rid) is not None]
    out: dict[str, list] = {
        "could_be": [[rid, player] for rid in blank],
        "could_be_blank": ticked,
    }
    must = [rid for rid in blank if rid in sure] + inferred
    if must:
        out["must_be_coloured"] = [[rid, player if own_pencil else None] for rid in must]
    if any(rid in sure for rid in ticked):
        out["must_be_blank"] = [rid for rid in ticked if rid in sure]
    return out


def unresolved_blanks(
    regions: Sequence[Region],
    ticked: Set[str],
    faint: Set[str],
    blank: Set[str],
    chance: float,
) -> set[str]:
    """The boxes read surely ``blank`` that a tally's run may have ticked, in a photo too
    small to see a tick (``ScannerConfig.tally_unresolved_px_per_mm``).

    A player ticks from the first box without gaps, so his run reaches his last box read
    ``ticked`` at least, and a tick the photo lost darkens its box no more than a blank
    box's specks: every blank before that box may be a lost tick. The photo loses ticks at
    the rate it lost them inside the run (the share of its boxes before the last tick not
    read ticked), so the run may go on past it for as many boxes as all lose their ticks
    with at least ``chance`` (none where it lost none); a box with a sign of a tick
    (``faint``: read blank with doubt, a faint or darkened mark) within that many boxes of
    the run's end carries it on. Boxes in neither set (not in the photo) count for
    nothing."""
    out: set[str] = set()
    for boxes in _score_areas_of(regions).values():
        seen = [(v, rid) for v, rid in boxes if rid in ticked or rid in faint or rid in blank]
        end = max((v for v, rid in seen if rid in ticked), default=0)
        inside = [rid for v, rid in seen if v < end]
        if not inside:
            continue
        lost = sum(1 for rid in inside if rid not in ticked) / len(inside)
        more = 0
        if lost >= 1.0:
            more = len(boxes)
        elif lost > 0.0:
            more = int(math.log(chance) / math.log(lost))
        for v, rid in seen:
            if v > end and rid in faint and v - end - 1 <= more:
                end = v
        out |= {rid for v, rid in seen if v <= end + more and rid in blank}
    return out


def lost_weights(
    layout: Layout,
    colours: Mapping[str, int | None],
    unseen: Set[str],
    doubted: Set[str],
    stray_rate: float,
) -> dict[str, float]:
    """Per score area, what a lost tick weighs against a stray one (1) in its run's test of
    "beyond doubt", judged by the photo's other score areas: where they lost ticks at a
    rate ``l`` (their boxes in the photo before their last tick read surely, read blank),
    a lost tick is ``log l / log stray_rate`` as unlikely as a stray (at most 1). The area
    judged is left out: its own stretch of blanks is what is in question. Where the other
    runs lost nothing, or without a ``stray_rate``, every misread weighs alike."""
    counts: dict[str, tuple[int, int]] = {}
    for (_, _, area), boxes in _score_areas(layout).items():
        last = max(
            (v for v, rid in boxes if colours.get(rid) is not None and rid not in doubted),
            default=0,
        )
        seen = [rid for v, rid in boxes if v < last and rid not in unseen]
        lost = sum(1 for rid in seen if colours.get(rid) is None)
        inside, was = counts.get(area, (0, 0))
        counts[area] = (inside + len(seen), was + lost)
    out: dict[str, float] = {}
    for area in counts:
        inside = sum(n for a, (n, _) in counts.items() if a != area)
        lost = sum(k for a, (_, k) in counts.items() if a != area)
        if lost and 0.0 < stray_rate < 1.0:
            out[area] = min(1.0, math.log(lost / inside) / math.log(stray_rate))
    return out


def box_name(rid: str) -> str:
    """``score-p2-box-14`` -> ``14``; ``score-p2-t`` -> ``t``."""
    return rid.rsplit("-", 1)[-1]


def off_run(
    boxes: Sequence[tuple[int, str]], colours: Mapping[str, int | None], score: int
) -> list[str]:
    """The boxes (value, region id) read otherwise than a clean run of ``score`` ticks would
    read them: blank up to ``score``, or ticked beyond it."""
    return [rid for value, rid in boxes if (colours.get(rid) is not None) != (value <= score)]


def hidden_ticks(
    layout: Layout,
    colours: Mapping[str, int | None],
    unseen: Set[str],
    scores: Mapping[int, int],
) -> dict[str, int]:
    """Point boxes not in the photo inside a player's run of ticks, where the run ends at the
    score the drawing gives him (box -> his colour): only unseen boxes differ from a clean
    run of that score, and the score's own box is seen ticked. Players tick without gaps,
    and the drawing rules out a stray mark at the run's end, so the unseen boxes are ticked:
    counted blank, they would report a disagreement nobody made (boxes 48-50 cut off, 51
    ticked, 51 points drawn). Unseen boxes at a run's end are not taken here: a tally short
    of the drawing may be a miscount, and :func:`end_ticks` takes them only within narrower
    bounds."""
    out: dict[str, int] = {}
    for player, boxes in point_boxes(layout).items():
        score = scores.get(player)
        end = next((rid for value, rid in boxes if value == score), None)
        if score is None or end is None or end in unseen or colours.get(end) is None:
            continue
        differ = off_run(boxes, colours, score)
        if differ and all(rid in unseen for rid in differ):
            out |= dict.fromkeys(differ, player)
    return out


def end_ticks(
    layout: Layout,
    colours: Mapping[str, int | None],
    unseen: Set[str],
    scores: Mapping[int, int],
    most: int,
) -> dict[str, int]:
    """Point boxes not in the photo at the end of a player's run (box -> his colour): every
    box after the run's last tick in the photo, up to the score the drawing gives him, is
    unseen (at most ``most`` of them), and the boxes in the photo read as a clean run to that
    tick. The frame cut the run short, so nothing in the photo says the player stopped
    there; unlike :func:`hidden_ticks` a tally short of the drawing is as consistent, so the
    caller takes these only where the drawing breaks no rule (a break read as drawn scores
    what the player did not tally)."""
    out: dict[str, int] = {}
    for player, boxes in point_boxes(layout).items():
        score = scores.get(player)
        last = max(
            (v for v, rid in boxes if rid not in unseen and colours.get(rid) is not None),
            default=0,
        )
        if score is None or last == 0 or not 0 < score - last <= most:
            continue
        ends = [rid for value, rid in boxes if last < value <= score]
        differ = off_run(boxes, colours, score)
        if len(ends) == score - last and all(rid in unseen for rid in differ):
            out |= dict.fromkeys(differ, player)
    return out


def _clean_marking(
    boxes: Sequence[tuple[int, str, bool]],
    single: bool,
    unseen: Set[str] = frozenset(),
    doubted: Set[str] = frozenset(),
    sure_margin: int = DEFAULT.tally_sure_margin,
    doubt_margin: int = DEFAULT.tally_doubt_margin,
    end_lost: int = DEFAULT.tally_end_lost,
    lost_weight: float = 1.0,
) -> tuple[list[str], set[str], list[str]]:
    """(the doubtful boxes; those of them misread beyond reasonable doubt; and the boxes not
    in the photo (``unseen``) ticked beyond reasonable doubt).

    The doubtful boxes (value, region id, read marked) are those the likeliest clean
    markings dispute: a run 1..N for some N (or, with ``single``, also one box alone),
    whichever needs the fewest readings changed, unseen boxes counting for nothing. When
    several are equally likely, or as likely once boxes read with doubt count for nothing
    (a faint tick and a blank before the last tick: lost, or is the last a stray?), every
    box any of them disputes is doubtful: which one is right is for a person to see. Where
    they take a blank before the last box read ticked
    for a lost tick, so are the blanks before that last tick that a marking within
    ``doubt_margin`` more changes ticks: the photo loses ticks, and a run that ends at its
    last tick may have lost a few in a row (a messaging app's copy read three ticks blank
    surely after a gap); and where the run to the last tick is among the likeliest and takes
    ``end_lost`` or more blanks inside it for lost ticks, the box after that last tick: a
    photo that loses ticks inside a run loses its last one alike (a messaging copy's last
    tick, faint, read blank after nine lost inside). Beyond
    reasonable doubt
    means: every clean marking that keeps the box as read (or leaves an unseen box blank)
    needs ``sure_margin`` more misreads of sure boxes than the likeliest one, where boxes
    read with doubt (``doubted``: faint ticks, say) count for nothing and a blank taken for
    a lost tick counts ``lost_weight`` (:func:`lost_weights`: in a photo that loses ticks a
    stretch of sure blanks before sure ticks is likelier lost ticks than strays); a tick
    fifteen boxes after the run, say, past boxes surely empty."""
    hidden = {v for v, rid, _ in boxes if rid in unseen}
    weak = {v for v, rid, _ in boxes if rid in doubted}
    marked = {v for v, _, m in boxes if m}
    values = sorted({v for v, _, _ in boxes})
    models: list[set[int]] = [set(range(1, n + 1)) for n in [0, *values]]
    if single:
        models += [{v} for v in sorted(marked)]
    diffs = [(marked ^ model) - hidden for model in models]
    cost = [len(d) for d in diffs]
    best = min(cost)
    strong = [len((d - weak) & marked) + lost_weight * len(d - weak - marked) for d in diffs]
    disputed = set().union(*(d for d, c in zip(diffs, cost, strict=True) if c == best))
    # As likely once faint ticks count for nothing: a run through them to a later tick.
    least = min(strong)
    disputed |= set().union(
        *(d for d, c in zip(diffs, strong, strict=True) if c <= least + _WEIGHT_EPS)
    )
    last = max(marked - hidden, default=0)
    if any(v < last for v in disputed - marked):  # the likeliest runs take a tick for lost
        for d, c in zip(diffs, cost, strict=True):
            if c <= best + doubt_margin:
                disputed |= {v for v in d - marked if v < last}
    # A photo that loses ticks inside the run (``end_lost`` or more, the run to the last
    # tick among the likeliest) loses its last one alike: the box after it is doubtful.
    to_last = set(range(1, last + 1))
    lost = to_last - marked - hidden
    after = min((v for v in values if v > last), default=None)
    likeliest = any(m == to_last and c == best for m, c in zip(models, cost, strict=True))
    if end_lost and len(lost) >= end_lost and after is not None and after not in hidden:
        disputed |= {after} if likeliest else set()
    near = least + sure_margin - _WEIGHT_EPS
    sure = {
        v
        for v in disputed
        if min((c for d, c in zip(diffs, strong, strict=True) if v not in d), default=near) >= near
    }
    ticked = {
        v
        for v in hidden
        if all(v in model for model, c in zip(models, strong, strict=True) if c < near)
    }
    ids = {v: rid for v, rid, _ in boxes}
    doubtful = [rid for v, rid, _ in sorted(boxes) if v in disputed]
    return doubtful, {ids[v] for v in sure}, [ids[v] for v in sorted(ticked)]


def _ranges(values: list[int]) -> str:
    """``[3, 4, 5, 9]`` -> ``"3-5, 9"``."""
    out: list[str] = []
    for v in values:
        if out and v == int(out[-1].split("-")[-1]) + 1:
            out[-1] = f"{out[-1].split('-')[0]}-{v}"
        else:
            out.append(str(v))
    return ", ".join(out)
