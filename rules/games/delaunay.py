"""Delaunay (Sid Sackson), 2-4 players: fill a section at a time; unable to fill = a penalty.

Rule reading (see also ``docs/rules/delaunay.md``):

- Four players play as teams (1+3 against 2+4, partners opposite, one penalty row per team);
  three play each for himself; two play with two colours each (player 1: colours 1 and 3,
  player 2: colours 2 and 4). Otherwise player p colours with colour p.
- One section is in play at a time. Opening it, a player fills any space of any section not
  yet played. Then each move fills an uncoloured space of that section next to a space
  already coloured in it. A space may never be next to a space of the same colour - across
  section borders too.
- A player who cannot fill a space in the section in play marks a penalty box (``pass``).
- When nobody can fill any more, the section is exhausted: the other players each mark a
  penalty in turn, and when the turn returns to the player who filled its last space the
  section is complete and he opens the next one. (A player who cannot open any remaining
  section marks a penalty and the next player opens; if nobody can, the game ends.)
- The game ends when every section is complete; the lowest penalty total (per team with
  four players) wins.

Moves: ``space-<n>`` (three or four players), ``space-<n>=<colour>`` (two players), ``pass``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from artsheets.rules.breaks import LeftOpen
from artsheets.rules.common import (
    decide,
    next_to_colour,
    own_colour_fills,
    parse_space_move,
    teams_of,
)
from artsheets.rules.core import IllegalMoveError, Move, Option, OptionError, State, register
from artsheets.rules.field import Field
from artsheets.rules.position import (
    Check,
    PositionReport,
    adjacency_checks,
    colour_range_checks,
    complete_tallies,
    connected_checks,
)


def colours_of(players: int, player: int) -> tuple[int, ...]:
    """Two players own two colours each (p and p + 2); otherwise colour p."""
    return (player, player + 2) if players == 2 else (player,)


# Boxes in a printed penalty row (the generator draws this many): the most penalties a row
# can record.
PENALTY_BOXES = 40


@register
class Delaunay(State):
    game = "delaunay"
    title = "Delaunay"
    OPTIONS: Mapping[str, Option] = {
        "players": Option(4, "4 (two teams), 3, or 2 (two colours each)", choices=(2, 3, 4)),
    }
    _COPY = ("colour", "completed")

    def _setup(self) -> None:
        if not self.field.groups:
            raise OptionError("a Delaunay field needs sections (groups)")
        self._section_of = {s: g for g, m in self.field.groups.items() for s in m}
        self.colour: dict[str, int] = {}
        self.completed: list[str] = []
        self.section: str | None = None
        self.last_filler: int | None = None
        self.turn = 0

    def current_player(self) -> int | None:
        return None if self._outcome else self.turn % self.players + 1

    def _section_candidates(self, section: str) -> list[str]:
        col = self.colour
        adj = self.field.adjacent
        sec = self._section_of
        return [
            s
            for s in self.field.groups[section]
            if s not in col and any(n in col and sec.get(n) == section for n in adj.get(s, ()))
        ]

    def _fills(self, player: int) -> list[Move]:
        if self.section is None:
            cands = [
                s
                for g in self.field.groups
                if g not in self.completed
                for s in self.field.groups[g]
            ]
        else:
            cands = self._section_candidates(self.section)
        return own_colour_fills(self.field, self.colour, cands, colours_of(self.players, player))

    def _exhausted(self) -> bool:
        return self.section is not None and not any(
            self._fills(p) for p in range(1, self.players + 1)
        )

    def legal_moves(self) -> list[Move]:
        if self._outcome:
            return []
        return self._fills(self.turn % self.players + 1) or ["pass"]

    def _play(self, move: Move) -> None:
        player = self.turn % self.players + 1
        if move == "pass":
            fills = self._fills(player)
            if fills:
                raise IllegalMoveError(f"pass: you can fill {fills[0]}, so you must fill a space")
            self._scores[player] = self._scores.get(player, 0) + 1
        else:
            space, c = parse_space_move(self.field, move, colours_of(self.players, player))
            if space in self.colour:
                raise IllegalMoveError(f"{move}: {space} is already coloured")
            sec = self._section_of[space]
            if self.section is None:
                if sec in self.completed:
                    raise IllegalMoveError(
                        f"{move}: {sec} is already complete; open another section"
                    )
            elif sec != self.section:
                raise IllegalMoveError(
                    f"{move}: {space} is in {sec}, but {self.section} is in play"
                )
            elif space not in self._section_candidates(sec):
                raise IllegalMoveError(f"{move}: {space} is not next to a coloured space of {sec}")
            clash = next_to_colour(self.field, self.colour, space, c)
            if clash is not None:
                raise IllegalMoveError(
                    f"{move}: {space} is next to {clash}, already colour {c}; a space may never "
                    "be next to one of its own colour"
                )
            self.colour[space] = c
            self.section = sec
            self.last_filler = player
        self.turn += 1
        self._advance()

    def _advance(self) -> None:
        """Close an exhausted section when the turn is back with its last filler; end the game
        when no section remains (or none can be opened)."""
        nxt = self.turn % self.players + 1
        if self.section is not None and nxt == self.last_filler and self._exhausted():
            self.completed.append(self.section)
            self.section = None
        if self.section is None:
            if len(self.completed) == len(self.field.groups):
                self._finish("every section is complete")
            elif not any(self._fills(p) for p in range(1, self.players + 1)):
                self._finish("no remaining section can be opened")

    def _finish(self, reason: str) -> None:
        self._outcome = decide(
            self.scores(), reason, teams=teams_of(self.players, self.players == 4), lower_wins=True
        )

    def sheet_colours(self) -> dict[str, int]:
        """What a photo of the sheet shows: the filled spaces."""
        return dict(self.colour)

    def _key(self) -> tuple[Any, ...]:
        return (
            tuple(sorted(self.colour.items())),
            tuple(self.completed),
            self.section,
            self.last_filler,
            self.turn,
        )

    def _describe(self) -> list[str]:
        lines = [
            f"section in play: {self.section or '- (to open)'}; complete: {len(self.completed)}"
        ]
        for g, m in self.field.groups.items():
            lines.append(f"  {g:>10} {''.join(str(self.colour.get(s, '.')) for s in m)}")
        return lines

    @classmethod
    def score_position(
        cls,
        field: Field,
        options: Mapping[str, Any],
        colours: Mapping[str, int],
        tallies: Mapping[int, int | None],
    ) -> PositionReport:
        """Penalties depend on the order of play (the tallies are the record). The sheet is
        checked: no colour next to itself, each section's coloured spaces connected, and in a
        finished game no space left that some colour could still fill."""
        players = options["players"]
        all_colours = range(1, 5 if players in (2, 4) else 4)
        checks = colour_range_checks(colours, field.spaces, all_colours, "spaces")
        checks += adjacency_checks(
            field, colours, None, "no space next to its own colour", all_colours
        )
        open_spaces = False  # some section could still be played on
        for g, members in field.groups.items():
            filled = [s for s in members if s in colours]
            if not filled:
                continue
            checks += connected_checks(field, filled, f"coloured spaces of {g}")
            for s in members:
                if s in colours:
                    continue
                near = [n for n in field.adjacent.get(s, ()) if n in colours]
                if not any(n in members for n in near):
                    continue
                free = [c for c in all_colours if all(colours[n] != c for n in near)]
                if free:
                    open_spaces = True
                    checks.append(
                        Check(
                            False,
                            f"{s} in {g} is empty though colour {free[0]} could still fill it",
                            [s],
                            LeftOpen(s, tuple(free)),
                        )
                    )
        untouched = [g for g, m in field.groups.items() if not any(s in colours for s in m)]
        if untouched:
            checks.append(Check(False, f"game not finished: {', '.join(untouched)} not played", []))
        finished = not untouched and not open_spaces
        penalties = complete_tallies(tallies, players)
        checks += _penalty_checks(penalties, options, len(field.groups) if finished else 0)
        outcome = None
        if penalties is not None:
            outcome = decide(
                penalties,
                "from the penalty rows",
                teams=teams_of(players, players == 4),
                lower_wins=True,
            )
        return PositionReport(cls.game, None, checks, outcome, {"tallies": penalties})


def _penalty_checks(
    penalties: Mapping[int, int] | None, options: Mapping[str, Any], completed: int
) -> list[Check]:
    """Penalty rows a game cannot leave: a row past its boxes, or too few penalties for the
    ``completed`` sections. When a section is exhausted every player but the one who filled
    its last space marks a penalty: with four players each team at least one a section,
    otherwise the rows together at least ``players - 1`` a section."""
    if penalties is None:
        return []
    players = options["players"]
    teams = teams_of(players, players == 4)
    rows = {
        f"team {'+'.join(map(str, t))}" if teams else f"player {t[0]}": sum(penalties[p] for p in t)
        for t in (teams or tuple((p,) for p in range(1, players + 1)))
    }
    boxes = PENALTY_BOXES
    out = [
        Check(False, f"{who} marked {n} penalties; the row has {boxes} boxes", [])
        for who, n in rows.items()
        if n > boxes
    ]
    if teams:
        out += [
            Check(
                False,
                f"{who} marked {n} penalties over {completed} completed sections; each "
                "completed section gives each team at least one",
                [],
            )
            for who, n in rows.items()
            if n < completed
        ]
    elif sum(rows.values()) < completed * (players - 1):
        out.append(
            Check(
                False,
                f"{sum(rows.values())} penalties in all over {completed} completed sections; "
                f"each gives at least {players - 1} (all but the player who filled its last "
                "space)",
                [],
            )
        )
    return out
