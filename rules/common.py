"""Logic several games share: teams and partnership scoring, deciding a winner, colouring a
space under the own-colour rule, and move text for spaces.

Kept in one place so that, e.g., Miro and Arp score partnerships identically and Mondrian,
Delaunay and Springer forbid own-colour neighbours with the same code the position checker uses.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from artsheets.rules.core import IllegalMoveError, Option, OptionError, Outcome, field_cache
from artsheets.rules.field import Field

__all__ = [
    "PARTNERSHIP_OPTION",
    "TEAMS_OPTION",
    "check_team_options",
    "decide",
    "decide_with_teams",
    "format_space_move",
    "id_order",
    "next_to_colour",
    "own_colour_conflicts",
    "own_colour_fills",
    "parse_space_move",
    "team_totals",
    "teams_of",
]

TEAMS_OPTION = Option(False, "four players play as two teams, partners sitting opposite", kind=bool)
PARTNERSHIP_OPTION = Option(
    "sum",
    "team total: sum, or double the lower (double_lower) or higher (double_higher) partner",
    choices=("sum", "double_lower", "double_higher"),
    kind=str,
)


def teams_of(players: int, teams: bool) -> tuple[tuple[int, ...], ...] | None:
    """Partners sit opposite: with four players in turn order 1, 2, 3, 4 the teams are 1+3
    and 2+4. None when everyone plays for himself."""
    if not teams:
        return None
    if players != 4:
        raise ValueError("teams need four players")
    return ((1, 3), (2, 4))


def check_team_options(players: int, options: Mapping[str, Any]) -> None:
    """Teams need four players; a partnership variant needs teams (Miro, Arp; Mondrian, which
    has no partnership option, only the first)."""
    if options["teams"] and players != 4:
        raise OptionError("teams need four players")
    if options.get("partnership", "sum") != "sum" and not options["teams"]:
        raise OptionError("a partnership scoring variant needs teams=true")


def team_totals(
    scores: Mapping[int, int], teams: Sequence[tuple[int, ...]], partnership: str = "sum"
) -> dict[str, int]:
    """Team label ("1+3") -> total, under Miro's partnership scoring variants.

    ``double_lower``: the partner with fewer points doubles his score (either one on a tie);
    ``double_higher``: the partner with more points doubles his. Both equal "add the doubled
    score to the partner's", i.e. total = sum + min (or + max).
    """
    out: dict[str, int] = {}
    for team in teams:
        pts = [scores.get(p, 0) for p in team]
        total = sum(pts)
        if partnership == "double_lower":
            total += min(pts)
        elif partnership == "double_higher":
            total += max(pts)
        out["+".join(str(p) for p in team)] = total
    return out


def decide(
    scores: Mapping[int, int],
    reason: str,
    *,
    teams: Sequence[tuple[int, ...]] | None = None,
    partnership: str = "sum",
    lower_wins: bool = False,
    winners: tuple[int, ...] | None = None,
) -> Outcome:
    """The outcome from final scores: best player (or team) wins, a tie at the top is a draw.

    ``winners`` overrides the comparison for games that end by an event (a completed chain...).
    """
    scores = dict(sorted(scores.items()))
    team_scores = team_totals(scores, teams, partnership) if teams else None
    if winners is None:
        if team_scores:
            pick = min if lower_wins else max
            best = pick(team_scores.values())
            top = [t for t, v in team_scores.items() if v == best]
            winners = tuple(int(p) for p in top[0].split("+")) if len(top) == 1 else ()
        else:
            pick = min if lower_wins else max
            best = pick(scores.values())
            top_players = [p for p, v in scores.items() if v == best]
            winners = (top_players[0],) if len(top_players) == 1 else ()
    return Outcome(scores, winners, reason, team_scores, lower_wins)


def decide_with_teams(
    scores: Mapping[int, int], reason: str, options: Mapping[str, Any]
) -> Outcome:
    """:func:`decide` with the teams the ``teams`` option asks for, totalled under the
    ``partnership`` option where the game has one (Miro, Arp) and as a plain sum otherwise
    (Mondrian). Used both when play ends and when a finished sheet is scored."""
    return decide(
        scores,
        reason,
        teams=teams_of(options["players"], options["teams"]),
        partnership=options.get("partnership", "sum"),
    )


def id_order(fld: Field) -> dict[str, int]:
    """Region id -> rank in the field's stable order (spaces first, then other ids sorted
    naturally), used to sort move lists deterministically."""

    def build(f: Field) -> dict[str, int]:
        return {s: i for i, s in enumerate(f.spaces)}

    return field_cache(fld, "id_order", build)


def format_space_move(space: str, colour: int | None) -> str:
    """``space-7`` when the player has a single colour, ``space-7=3`` when he chooses one."""
    return space if colour is None else f"{space}={colour}"


def parse_space_move(
    fld: Field, move: str, colours: Sequence[int], what: str = "space"
) -> tuple[str, int]:
    """Read ``space-N`` or ``space-N=c`` for a player who may use ``colours``.

    With one allowed colour the plain form is canonical and ``=c`` is refused (two spellings of
    one move would break record equality); with several the colour must be given.
    """
    space, sep, col = move.partition("=")
    if space not in id_order(fld):
        raise IllegalMoveError(f"{move}: there is no {what} '{space}' on this field")
    if len(colours) == 1:
        if sep:
            raise IllegalMoveError(f"{move}: you have one colour here; write just '{space}'")
        return space, colours[0]
    if not sep:
        allowed = ", ".join(str(c) for c in colours)
        raise IllegalMoveError(f"{move}: say which colour ({allowed}), e.g. '{space}={colours[0]}'")
    if not col.isdigit() or int(col) not in colours:
        allowed = ", ".join(str(c) for c in colours)
        raise IllegalMoveError(f"{move}: colour {col} is not yours to use; yours: {allowed}")
    return space, int(col)


def own_colour_conflicts(
    fld: Field, colours: Mapping[str, int | None], restrict: Iterable[int] | None = None
) -> list[tuple[str, str, int]]:
    """Pairs of spaces next to each other (positive-length boundary) with the same colour.

    ``restrict`` limits the check to some colours (e.g. Mondrian's player and neutral colours
    but not Klee's). Each pair appears once, ordered by the field's id order.
    """
    order = id_order(fld)
    wanted = None if restrict is None else set(restrict)
    out = []
    for a in fld.spaces:
        ca = colours.get(a)
        if ca is None or (wanted is not None and ca not in wanted):
            continue
        for b in fld.adjacent.get(a, ()):
            if order.get(b, -1) > order[a] and colours.get(b) == ca:
                out.append((a, b, ca))
    out.sort(key=lambda t: (order[t[0]], order[t[1]]))
    return out


def own_colour_fills(
    fld: Field,
    colours: Mapping[str, int],
    candidates: Iterable[str],
    allowed: Sequence[int],
) -> list[str]:
    """Fill moves under the own-colour rule (Mondrian, Delaunay, Springer): each candidate
    space, in field order, with each ``allowed`` colour that no neighbour already has, as
    canonical move text (``space-7``, or ``space-7=3`` when several colours are allowed)."""
    multi = len(allowed) > 1
    adj = fld.adjacent
    order = id_order(fld)
    out = []
    for s in sorted(candidates, key=order.__getitem__):
        near = {colours.get(n) for n in adj.get(s, ())}
        for c in allowed:
            if c not in near:
                out.append(format_space_move(s, c if multi else None))
    return out


def next_to_colour(fld: Field, colours: Mapping[str, int], space: str, colour: int) -> str | None:
    """A neighbour of ``space`` already holding ``colour`` (the one that forbids it), or None.

    The first such neighbour in field order, so error messages do not depend on set order."""
    found = [n for n in fld.adjacent.get(space, ()) if colours.get(n) == colour]
    if not found:
        return None
    order = id_order(fld)
    return min(found, key=lambda n: order.get(n, 0))
