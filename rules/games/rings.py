"""Crossing The Rings (Leroy Quet), 2+ players: draw chords across a divided target.

Rule reading (see also ``docs/rules/rings.md``):

- One target per round (``data["rounds"]``); the generator played the divider, so the field
  already holds the dividing segments. Round r's divider is player ((r - 1) mod n) + 1. In
  each round the other players draw one chord each, in turn order starting after the
  divider, and the divider draws last; so over n rounds every player is divider once and
  plays in every position once.
- A chord is a straight segment between two different intersection points (where a divider
  meets a circle) of the round's target. It fills every unfilled section whose interior it
  crosses with the drawer's colour; filled sections stay as they are. Chords may cross
  each other and filled sections; a chord may fill nothing.
- Chords along a dividing segment (the clarification, option ``coincide``): ``forbid`` makes
  a chord that runs along any dividing segment illegal; ``fill_neither`` allows it, and it
  fills neither section beside that segment. Geometrically, a chord running along a divider
  crosses no section interior there, so both readings fill the same sections.
- Each player scores one point per section of his colour; scores add up over the rounds and
  the highest total wins (equal totals draw). The intersection points are computed
  analytically (angles on the circles); no geometry library is needed.

Moves: ``c<k>.<j>-c<k2>.<j2>``: the j-th intersection point (counter-clockwise from angle 0,
counting from 1) on circle k (1 = innermost) to the j2-th on circle k2, lower point first.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from artsheets.rules.common import decide
from artsheets.rules.core import (
    IllegalMoveError,
    Move,
    Option,
    OptionError,
    State,
    field_cache,
    register,
)
from artsheets.rules.field import Field
from artsheets.rules.position import Check, PositionReport, colour_range_checks, tally_checks

EPS = 1e-7  # degrees: a chord touching a section's edge does not cross its interior


@dataclass(frozen=True)
class Target:
    """One round's target as plain numbers (centre at the origin)."""

    radii: tuple[float, ...]
    dividers: dict[int, tuple[float, ...]]  # ring m -> angles (deg)
    points: dict[str, tuple[float, float, float]]  # point id -> (x, y, angle)
    sections: tuple[tuple[str, int, float, float], ...]  # id, ring, a0, a1


def _targets(field: Field) -> list[Target]:
    def build(f: Field) -> list[Target]:
        rounds = f.data.get("rounds")
        if not rounds:
            raise OptionError("a Crossing The Rings field needs data['rounds']")
        out = []
        for r, rd in enumerate(rounds, start=1):
            radii = tuple(float(x) for x in rd["radii"])
            dividers = {
                int(m): tuple(float(a) % 360 for a in angs) for m, angs in rd["dividers"].items()
            }
            points: dict[str, tuple[float, float, float]] = {}
            for k in range(1, len(radii) + 1):
                angs = sorted(set(dividers.get(k - 1, ())) | set(dividers.get(k, ())))
                merged: list[float] = []
                for a in angs:
                    if not merged or a - merged[-1] > EPS:
                        merged.append(a)
                for j, a in enumerate(merged, start=1):
                    rad = math.radians(a)
                    points[f"c{k}.{j}"] = (
                        radii[k - 1] * math.cos(rad),
                        radii[k - 1] * math.sin(rad),
                        a,
                    )
            members = f.groups.get(f"round-{r}", ())
            secs = tuple(
                (s, int(f.attrs[s]["ring"]), float(f.attrs[s]["a0"]), float(f.attrs[s]["a1"]))
                for s in members
            )
            out.append(Target(radii, dividers, points, secs))
        return out

    return field_cache(field, "rings-targets", build)


def _overlaps(lo: float, hi: float, a0: float, a1: float) -> bool:
    """Does the angular range lo..hi (open; a single angle if lo == hi) meet (a0, a1)?"""
    # max() and min() written out: called for every chord and section of a field.
    for k in (-720.0, -360.0, 0.0, 360.0, 720.0):
        b0, b1 = a0 + k, a1 + k
        if lo == hi:
            if b0 + EPS < lo < b1 - EPS:
                return True
        elif (lo if lo >= b0 else b0) < (hi if hi <= b1 else b1) - EPS:
            return True
    return False


def chord_crossings(target: Target, p: str, q: str) -> tuple[list[tuple[int, float, float]], bool]:
    """The angular ranges (ring, lo, hi) the chord pq sweeps inside each ring's open annulus,
    and whether it runs along a dividing segment somewhere."""
    ax, ay, _ = target.points[p]
    bx, by, _ = target.points[q]
    dx, dy = bx - ax, by - ay
    dd = dx * dx + dy * dy
    ad = ax * dx + ay * dy
    aa = ax * ax + ay * ay
    cross = ax * dy - ay * dx
    radial = abs(cross) <= 1e-9 * math.sqrt(aa * dd)

    def roots(r: float) -> tuple[float, float] | None:
        disc = ad * ad - dd * (aa - r * r)
        if disc <= 0:
            return None
        sq = math.sqrt(disc)
        return (-ad - sq) / dd, (-ad + sq) / dd

    out = []
    along = False
    for m in range(1, len(target.radii)):
        outer = roots(target.radii[m])
        if outer is None:
            continue
        lo_t, hi_t = max(0.0, outer[0]), min(1.0, outer[1])
        inner = roots(target.radii[m - 1])
        pieces = (
            [(lo_t, hi_t)]
            if inner is None
            else [(lo_t, min(hi_t, inner[0])), (max(lo_t, inner[1]), hi_t)]
        )
        for t0, t1 in pieces:
            if t1 - t0 <= 1e-12:
                continue
            a0 = math.degrees(math.atan2(ay + t0 * dy, ax + t0 * dx))
            a1 = math.degrees(math.atan2(ay + t1 * dy, ax + t1 * dx))
            if radial:
                tm = (t0 + t1) / 2
                a = math.degrees(math.atan2(ay + tm * dy, ax + tm * dx)) % 360
                out.append((m, a, a))
                if any(
                    _overlaps(a, a, d - EPS * 2, d + EPS * 2) for d in target.dividers.get(m, ())
                ):
                    along = True
                continue
            if cross < 0:
                a0, a1 = a1, a0
            sweep = (a1 - a0) % 360
            out.append((m, a0 % 360, a0 % 360 + sweep))
    return out, along


def chord_sections(target: Target, p: str, q: str) -> list[str]:
    """The sections whose interior the chord from point ``p`` to point ``q`` crosses."""
    ranges, _ = chord_crossings(target, p, q)
    return _crossed(target, ranges, _sections_by_ring(target))


def _crossed(
    target: Target,
    ranges: list[tuple[int, float, float]],
    by_ring: dict[int, list[tuple[str, float, float]]],
) -> list[str]:
    """The sections (in the target's order) that the angular ``ranges`` of a chord meet: for
    each range, only the sections of its ring (``by_ring``) are tried."""
    hit: set[str] = set()
    for m, lo, hi in ranges:
        hit.update(sid for sid, a0, a1 in by_ring.get(m, ()) if _overlaps(lo, hi, a0, a1))
    return [sid for sid, *_ in target.sections if sid in hit]


def _sections_by_ring(target: Target) -> dict[int, list[tuple[str, float, float]]]:
    out: dict[int, list[tuple[str, float, float]]] = {}
    for sid, ring, a0, a1 in target.sections:
        out.setdefault(ring, []).append((sid, a0, a1))
    return out


def _chord_reach(field: Field, forbid: bool) -> list[list[frozenset[str]]]:
    """Per round, the sections each legal chord crosses (cached per field)."""

    def build(f: Field) -> list[list[frozenset[str]]]:
        out = []
        for t in _targets(f):
            ids = list(t.points)
            by_ring = _sections_by_ring(t)
            reach = []
            for i, a in enumerate(ids):
                for b in ids[i + 1 :]:
                    ranges, along = chord_crossings(t, a, b)
                    if not (forbid and along):
                        reach.append(frozenset(_crossed(t, ranges, by_ring)))
            out.append(reach)
        return out

    return field_cache(field, f"rings-reach-{forbid}", build)


def one_chord_checks(
    field: Field, options: Mapping[str, Any], colours: Mapping[str, int]
) -> list[Check]:
    """Each player draws one chord a round and a chord only fills sections it crosses, so a
    player's sections in a round must all lie on one chord (a whole round in one colour, say,
    where no chord crosses every section, is no game)."""
    reach = _chord_reach(field, options["coincide"] == "forbid")
    out = []
    for r, t in enumerate(_targets(field), start=1):
        mine: dict[int, set[str]] = {}
        for sid, *_ in t.sections:
            if colours.get(sid) is not None:
                mine.setdefault(colours[sid], set()).add(sid)
        for player, secs in sorted(mine.items()):
            if not any(secs <= crossed for crossed in reach[r - 1]):
                out.append(
                    Check(
                        False,
                        f"round {r}: no one chord crosses all {len(secs)} sections of colour "
                        f"{player}; each player draws one chord a round",
                        sorted(secs),
                    )
                )
    return out


@register
class Rings(State):
    game = "rings"
    title = "Crossing The Rings"
    OPTIONS: Mapping[str, Option] = {
        "players": Option(2, "number of players (2 or more)", minimum=2),
        "coincide": Option(
            "forbid",
            "chords along a dividing segment: forbid, or allow them filling neither side",
            choices=("forbid", "fill_neither"),
            kind=str,
        ),
    }
    _COPY = ("colour", "round_scores")

    def _setup(self) -> None:
        self._targets = _targets(self.field)
        self.colour: dict[str, int] = {}
        self.round = 0
        self.step = 0
        self.round_scores: list[dict[int, int]] = [{} for _ in self._targets]

    def order(self, rnd: int) -> list[int]:
        """Turn order of round ``rnd`` (0-based): after the divider around the table, the
        divider last."""
        n = self.players
        d = rnd % n
        return [(d + 1 + i) % n + 1 for i in range(n - 1)] + [d + 1]

    def divider(self, rnd: int) -> int:
        return rnd % self.players + 1

    def current_player(self) -> int | None:
        return None if self._outcome else self.order(self.round)[self.step]

    def _all_moves(self, rnd: int) -> list[Move]:
        forbid = self.options["coincide"] == "forbid"

        def build(f: Field) -> list[list[Move]]:
            out = []
            for t in _targets(f):
                ids = sorted(t.points, key=lambda s: tuple(int(x) for x in s[1:].split(".")))
                moves = []
                for i, p in enumerate(ids):
                    for q in ids[i + 1 :]:
                        if forbid and chord_crossings(t, p, q)[1]:
                            continue
                        moves.append(f"{p}-{q}")
                out.append(moves)
            return out

        return field_cache(self.field, f"rings-moves-{forbid}", build)[rnd]

    def legal_moves(self) -> list[Move]:
        if self._outcome:
            return []
        return list(self._all_moves(self.round))

    def fills(self, move: Move) -> list[str]:
        """Unfilled sections of the current round that the chord ``move`` would fill."""
        p, _, q = move.partition("-")
        crossed = chord_sections(self._targets[self.round], p, q)
        return [sid for sid in crossed if sid not in self.colour]

    def _play(self, move: Move) -> None:
        t = self._targets[self.round]
        p, sep, q = move.partition("-")
        if not sep or p not in t.points or q not in t.points:
            bad = next((x for x in (p, q) if x not in t.points), move)
            raise IllegalMoveError(
                f"{move}: '{bad}' is not an intersection point of round {self.round + 1}; "
                "write a chord as c2.1-c5.3"
            )
        if p == q:
            raise IllegalMoveError(f"{move}: a chord joins two different points")
        canon = "-".join(sorted((p, q), key=lambda s: tuple(int(x) for x in s[1:].split("."))))
        if canon != move:
            raise IllegalMoveError(f"{move}: write the lower point first: {canon}")
        if self.options["coincide"] == "forbid" and chord_crossings(t, p, q)[1]:
            raise IllegalMoveError(
                f"{move}: this chord runs along a dividing segment, which is forbidden "
                "(option coincide=forbid)"
            )
        player = self.order(self.round)[self.step]
        got = self.fills(move)
        for sid in got:
            self.colour[sid] = player
        if got:
            self._scores[player] = self._scores.get(player, 0) + len(got)
            rs = dict(self.round_scores[self.round])
            rs[player] = rs.get(player, 0) + len(got)
            self.round_scores[self.round] = rs
        self.step += 1
        if self.step == self.players:
            self.step = 0
            self.round += 1
            if self.round == len(self._targets):
                self._outcome = decide(self.scores(), f"all {self.round} rounds played")

    def sheet_colours(self) -> dict[str, int]:
        """What a photo of the sheets shows: the filled sections of every round."""
        return dict(self.colour)

    def _key(self) -> tuple[Any, ...]:
        return (tuple(sorted(self.colour.items())), self.round, self.step)

    def _describe(self) -> list[str]:
        lines = []
        for r, rs in enumerate(self.round_scores):
            pts = " ".join(f"P{p}:{rs.get(p, 0)}" for p in range(1, self.players + 1))
            lines.append(f"round {r + 1} (divider P{self.divider(r)}): {pts}")
        return lines

    @classmethod
    def score_position(
        cls,
        field: Field,
        options: Mapping[str, Any],
        colours: Mapping[str, int],
        tallies: Mapping[int, int | None],
    ) -> PositionReport:
        """One point per section of a player's colour, added over the rounds."""
        players = options["players"]
        checks: list[Check] = colour_range_checks(
            colours, field.spaces, range(1, players + 1), "sections"
        )
        scores = {p: 0 for p in range(1, players + 1)}
        per_round = {}
        for g, members in field.groups.items():
            rs = {p: 0 for p in range(1, players + 1)}
            for s in members:
                c = colours.get(s)
                if c in rs:
                    rs[c] += 1
                    scores[c] += 1
            per_round[g] = rs
        checks += one_chord_checks(field, options, colours)
        checks += tally_checks(scores, tallies)
        outcome = decide(scores, "sections of each colour, over all rounds")
        return PositionReport(cls.game, scores, checks, outcome, {"rounds": per_round})
