"""Vasarely (Sid Sackson), 2-4 players: fill dotted spaces in cubes, score completed cubes.

Rule reading (see also ``docs/rules/vasarely.md``):

- Player p colours with colour p. Turns go 1, 2, ..., n, 1, ...
- The required dot count advances every turn, 1, 2, 3, 4, 5, 1, ..., also on a turn where the
  player cannot fill (he then plays ``pass``; ``pass`` is legal only then).
- A space may be filled if it is uncoloured, has the required dots and lies in a cube in
  play, or in an unopened cube while fewer cubes than the limit (2; 3 in the variant
  ``max_cubes=3``) are in play: filling it opens that cube. So at the limit a player must use
  the cube(s) in play that hold his number ("he must use that cube").
- Filling a cube's last space completes it (it leaves play) and scores one point per space of
  that cube not of the filler's colour; the filler colours the cube's completion box.
- The game ends when every cube is complete; the highest total wins, equal totals draw.

Moves: ``space-<n>`` or ``pass``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from artsheets.rules.common import decide, id_order
from artsheets.rules.core import IllegalMoveError, Move, Option, OptionError, State, register
from artsheets.rules.field import Field
from artsheets.rules.position import (
    Check,
    MarkWording,
    PositionReport,
    colour_range_checks,
    completion_mark_checks,
    tally_checks,
    with_marks,
)

_COMPLETION_WORDING = MarkWording(
    unmarked="{record} is full but its completion box is not coloured",
    incomplete="{record}'s completion box is coloured {owner} but {open} of its spaces are empty",
    foreign="{record}'s completion box has colour {owner}, which none of its spaces has: the "
    "player who completes a cube colours its last space",
)


@register
class Vasarely(State):
    game = "vasarely"
    title = "Vasarely"
    OPTIONS: Mapping[str, Option] = {
        "players": Option(2, "number of players", choices=(2, 3, 4)),
        "max_cubes": Option(
            2, "cubes in play at one time (3: the difficult variant)", choices=(2, 3)
        ),
    }
    _COPY = ("colour", "in_play", "remaining", "completed")

    def _setup(self) -> None:
        f = self.field
        if not f.groups:
            raise OptionError("a Vasarely field needs cubes (groups)")
        self._cube_of = {s: g for g, members in f.groups.items() for s in members}
        for s in f.spaces:
            if s not in self._cube_of:
                raise OptionError(f"{s} belongs to no cube")
            if f.attrs.get(s, {}).get("dots") not in (1, 2, 3, 4, 5):
                raise OptionError(f"{s} needs 1-5 dots in attrs")
        self._by_dots = {
            g: {d: tuple(s for s in m if f.attrs[s]["dots"] == d) for d in range(1, 6)}
            for g, m in f.groups.items()
        }
        self.colour: dict[str, int] = {}
        self.in_play: list[str] = []
        self.remaining: dict[str, int] = {g: len(m) for g, m in f.groups.items()}
        self.completed: dict[str, int] = {}
        self.turn = 0

    # --- turn state ---------------------------------------------------------------------

    def current_player(self) -> int | None:
        return None if self._outcome else self.turn % self.players + 1

    @property
    def required_dots(self) -> int:
        return self.turn % 5 + 1

    def _open_cubes(self) -> list[str]:
        """Cubes a player may use this turn: those in play, plus unopened ones below the limit."""
        cubes = list(self.in_play)
        if len(self.in_play) < self.options["max_cubes"]:
            cubes += [
                g for g in self.field.groups if g not in self.in_play and g not in self.completed
            ]
        return cubes

    def legal_moves(self) -> list[Move]:
        if self._outcome:
            return []
        d = self.required_dots
        moves = [s for g in self._open_cubes() for s in self._by_dots[g][d] if s not in self.colour]
        if not moves:
            return ["pass"]
        order = id_order(self.field)
        return sorted(moves, key=order.__getitem__)

    def _play(self, move: Move) -> None:
        player = self.turn % self.players + 1
        d = self.required_dots
        if move == "pass":
            if self.legal_moves() != ["pass"]:
                raise IllegalMoveError(
                    f"pass: a {d}-dot space can be filled ({self.legal_moves()[0]}), "
                    "so you must fill one"
                )
            self.turn += 1
            return
        cube = self._cube_of.get(move)
        if cube is None:
            raise IllegalMoveError(f"{move}: there is no space '{move}' on this field")
        if move in self.colour:
            raise IllegalMoveError(f"{move}: already coloured")
        dots = self.field.attrs[move]["dots"]
        if dots != d:
            raise IllegalMoveError(f"{move}: it has {dots} dots; this turn needs a {d}-dot space")
        if cube not in self.in_play:
            if len(self.in_play) >= self.options["max_cubes"]:
                playing = ", ".join(self.in_play)
                raise IllegalMoveError(
                    f"{move}: {cube} is not in play and {len(self.in_play)} cubes ({playing}) "
                    "already are; finish one first"
                )
            self.in_play.append(cube)
        self.colour[move] = player
        self.remaining[cube] -= 1
        if self.remaining[cube] == 0:
            self.in_play.remove(cube)
            self.completed[cube] = player
            members = self.field.groups[cube]
            gain = sum(1 for s in members if self.colour[s] != player)
            self._scores[player] = self._scores.get(player, 0) + gain
            if len(self.completed) == len(self.field.groups):
                self._outcome = decide(self.scores(), "all cubes completed")
        self.turn += 1

    def sheet_colours(self) -> dict[str, int]:
        """What a photo of the sheet shows: spaces and completion boxes."""
        return with_marks(self.colour, self.completed, self.field.data.get("completion_marks", {}))

    def _key(self) -> tuple[Any, ...]:
        return (
            tuple(sorted(self.colour.items())),
            tuple(self.in_play),
            tuple(sorted(self.completed.items())),
            self.turn,
        )

    def _describe(self) -> list[str]:
        lines = [
            f"needs a {self.required_dots}-dot space; in play: {', '.join(self.in_play) or '-'}"
        ]
        for g, members in self.field.groups.items():
            cells = "".join(str(self.colour.get(s, ".")) for s in members)
            done = f" completed by P{self.completed[g]}" if g in self.completed else ""
            lines.append(f"  {g:>8} {cells}{done}")
        return lines

    # --- finished positions -------------------------------------------------------------

    @classmethod
    def score_position(
        cls,
        field: Field,
        options: Mapping[str, Any],
        colours: Mapping[str, int],
        tallies: Mapping[int, int | None],
    ) -> PositionReport:
        """Each coloured completion box scores its cube for the box's colour."""
        players = options["players"]
        marks: dict[str, str] = dict(field.data.get("completion_marks", {}))
        checks: list[Check] = []
        checks += colour_range_checks(colours, field.spaces, range(1, players + 1), "spaces")
        checks += colour_range_checks(
            colours, marks.values(), range(1, players + 1), "completion boxes"
        )
        records = [(cube, marks.get(cube), members) for cube, members in field.groups.items()]
        found, completions = completion_mark_checks(colours, records, _COMPLETION_WORDING)
        checks += found
        scores = {p: 0 for p in range(1, players + 1)}
        for _cube, owner, members in completions:
            if owner in scores:
                scores[owner] += sum(1 for s in members if colours[s] != owner)
        checks += tally_checks(scores, tallies)
        complete = all(colours.get(marks.get(g, "")) is not None for g in field.groups)
        outcome = decide(scores, "all cubes completed") if complete else None
        return PositionReport(cls.game, scores, checks, outcome)
