"""Mondrian (Sid Sackson), 2-4 players: fill rectangles next to filled ones, score rectangles.

Rule reading (see also ``docs/rules/mondrian.md``):

- "Next to" = sharing a boundary of positive length (``Field.adjacent``); corners don't count.
- Player p colours with colour p. With two or three players colour ``players + 1`` is
  neutral: any player may use it instead of his own; it may not be next to itself and never
  scores.
- The first move fills any space. Every later move fills an uncoloured space next to at least
  one filled space. A player's own colour may never be next to his own colour.
- Filling a space scores the largest (by number of spaces) axis-aligned rectangle that
  contains it and is exactly a union of two or more filled spaces, of any colours; one
  rectangle only. (The candidate rectangles of each space are precomputed from the field.)
- The game ends as soon as a player's score reaches the target (80; with two players
  optionally 160, two score areas each). A player with no legal move passes (``pass``); if no
  player can move the game ends. Highest score wins; four players may play as teams (1+3
  against 2+4), adding the partners' scores even if one reached the target.

Moves: ``space-<n>`` (four players) or ``space-<n>=<colour>`` (with a neutral colour), or
``pass`` when nothing can be filled.

The book's worked example (spaces A..H) cannot be drawn with rectangles: B would score A+B and
H a rectangle larger than C, D, E, H (proof in ``docs/rules/mondrian.md``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from artsheets.rules.common import (
    TEAMS_OPTION,
    check_team_options,
    decide_with_teams,
    id_order,
    next_to_colour,
    own_colour_fills,
    parse_space_move,
)
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
from artsheets.rules.position import (
    Check,
    PositionReport,
    adjacency_checks,
    colour_range_checks,
    complete_tallies,
    connected_checks,
)


def rectangles(field: Field) -> dict[str, tuple[tuple[str, ...], ...]]:
    """For every space, the rectangles (as member tuples, largest first, two or more spaces)
    that contain it and are exact unions of spaces.

    A rectangle that is a union of spaces has one space at its top-left corner and one at its
    bottom-right, so trying every such pair finds them all: a pair spans a rectangle if the
    spaces inside it add up to its area. Coordinates are rounded to the 0.01 mm grid.
    """

    def build(f: Field) -> dict[str, tuple[tuple[str, ...], ...]]:
        rect = {}
        for s in f.spaces:
            r = f.attrs.get(s, {}).get("rect")
            if r is None:
                raise OptionError(f"a Mondrian field needs attrs['{s}']['rect']")
            rect[s] = tuple(round(v * 100) for v in r)
        items = sorted(rect.items(), key=lambda kv: (kv[1][0], kv[1][1]))
        by_member: dict[str, list[tuple[str, ...]]] = {s: [] for s in f.spaces}
        for a, (ax0, ay0, _ax1, _ay1) in items:
            inside_a = [
                (s, r) for s, r in items if r[0] >= ax0 and r[1] >= ay0
            ]  # candidates right of and below a's corner
            for b, (_bx0, _by0, bx1, by1) in inside_a:
                if b == a or bx1 <= ax0 or by1 <= ay0:
                    continue
                area = (bx1 - ax0) * (by1 - ay0)
                members = []
                covered = 0
                ok = True
                for s, r in inside_a:
                    if r[2] <= bx1 and r[3] <= by1:
                        members.append(s)
                        covered += (r[2] - r[0]) * (r[3] - r[1])
                    elif r[0] < bx1 and r[1] < by1:
                        ok = False  # sticks out of the rectangle
                        break
                if ok and covered == area and len(members) >= 2:
                    t = tuple(members)
                    for s in t:
                        by_member[s].append(t)
        return {s: tuple(sorted(set(v), key=lambda t: (-len(t), t))) for s, v in by_member.items()}

    return field_cache(field, "mondrian-rectangles", build)


@register
class Mondrian(State):
    game = "mondrian"
    title = "Mondrian"
    OPTIONS: Mapping[str, Option] = {
        "players": Option(4, "number of players (2 and 3 add a neutral colour)", choices=(2, 3, 4)),
        "target": Option(
            80, "points that end the game (160 only with two players)", choices=(80, 160)
        ),
        "teams": TEAMS_OPTION,
    }
    _COPY = ("colour", "frontier")

    def _setup(self) -> None:
        if self.options["target"] == 160 and self.players != 2:
            raise OptionError("the 160-point game is for two players (two score areas each)")
        check_team_options(self.players, self.options)
        self._rects = rectangles(self.field)
        self.neutral: int | None = self.players + 1 if self.players < 4 else None
        self.colour: dict[str, int] = {}
        self.frontier: set[str] = set()  # uncoloured spaces next to a coloured one
        self.turn = 0
        self.passes = 0

    def colours_of(self, player: int) -> tuple[int, ...]:
        return (player,) if self.neutral is None else (player, self.neutral)

    def current_player(self) -> int | None:
        return None if self._outcome else self.turn % self.players + 1

    def _fills(self, player: int) -> list[Move]:
        cands = self.frontier if self.colour else self.field.spaces
        return own_colour_fills(self.field, self.colour, cands, self.colours_of(player))

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
            self.turn += 1
            self._end_if_stuck()
            return
        colours = self.colours_of(player)
        space, c = parse_space_move(self.field, move, colours)
        if space in self.colour:
            raise IllegalMoveError(f"{move}: {space} is already filled")
        if self.colour and space not in self.frontier:
            raise IllegalMoveError(f"{move}: {space} is not next to any filled space")
        clash = next_to_colour(self.field, self.colour, space, c)
        if clash is not None:
            what = (
                "the neutral colour may not be next to itself"
                if c == self.neutral
                else ("a player may never fill a space next to his own colour")
            )
            raise IllegalMoveError(f"{move}: {space} is next to {clash} of colour {c}; {what}")
        self.colour[space] = c
        self.frontier.discard(space)
        for n in self.field.adjacent.get(space, ()):
            if n not in self.colour:
                self.frontier.add(n)
        if c != self.neutral:
            gain = self.rectangle_scored(space)
            if gain:
                self._scores[player] = self._scores.get(player, 0) + gain
                if self._scores[player] >= self.options["target"]:
                    self._finish(f"player {player} reached {self.options['target']} points")
                    self.turn += 1
                    return
        self.turn += 1
        self._end_if_stuck()

    def rectangle_scored(self, space: str) -> int:
        """Spaces in the largest filled rectangle through ``space`` (0 if none)."""
        col = self.colour
        for members in self._rects.get(space, ()):
            if all(m in col for m in members):
                return len(members)
        return 0

    def _end_if_stuck(self) -> None:
        if not any(self._fills(p) for p in range(1, self.players + 1)):
            self._finish("no space can be filled")

    def _finish(self, reason: str) -> None:
        self._outcome = decide_with_teams(self.scores(), reason, self.options)

    def sheet_colours(self) -> dict[str, int]:
        """What a photo of the sheet shows: the filled spaces."""
        return dict(self.colour)

    def _key(self) -> tuple[Any, ...]:
        return (tuple(sorted(self.colour.items())), self.turn)

    def _describe(self) -> list[str]:
        filled = " ".join(
            f"{s}:{c}"
            for s, c in sorted(self.colour.items(), key=lambda kv: id_order(self.field)[kv[0]])
        )
        lines = [f"filled {len(self.colour)}/{len(self.field.spaces)}: {filled}"]
        if self.neutral:
            lines.append(f"neutral colour {self.neutral}")
        return lines

    @classmethod
    def score_position(
        cls,
        field: Field,
        options: Mapping[str, Any],
        colours: Mapping[str, int],
        tallies: Mapping[int, int | None],
    ) -> PositionReport:
        """Scores depend on the order of play, so the tallies are the record; the sheet can
        still be checked: own-colour and neutral adjacency, and one connected filled area."""
        players = options["players"]
        ncol = players + 1 if players < 4 else players
        checks = colour_range_checks(colours, field.spaces, range(1, ncol + 1), "spaces")
        checks += adjacency_checks(
            field, colours, None, "own colours and the neutral colour", range(1, ncol + 1)
        )
        checks += connected_checks(
            field, [s for s in field.spaces if s in colours], "filled spaces"
        )
        target = options["target"]
        for p, t in sorted(tallies.items()):
            if t is not None and t > target + len(field.spaces):
                checks.append(
                    Check(False, f"player {p} tallied {t}, more than the game allows", [])
                )
        checks += _ending_checks(field, colours, tallies, target, players, ncol)
        scores = complete_tallies(tallies, players)
        outcome = None
        if scores is not None:
            outcome = decide_with_teams(scores, "from the tallies", options)
        return PositionReport(cls.game, None, checks, outcome, {"tallies": scores})


def _ending_checks(
    field: Field,
    colours: Mapping[str, int],
    tallies: Mapping[int, int | None],
    target: int,
    players: int,
    ncol: int,
) -> list[Check]:
    """How a finished game can end: the first player to reach the target ends it at once (so
    no two players reach it), or nobody can fill any space."""
    reached = sorted(p for p, t in tallies.items() if t is not None and t >= target)
    if len(reached) > 1:
        who = " and ".join(f"player {p}" for p in reached)
        return [
            Check(
                False,
                f"{who} both tallied {target} or more; the game ends when the first "
                f"reaches {target}",
                [],
            )
        ]
    if reached or complete_tallies(tallies, players) is None:
        return []
    filled = [s for s in field.spaces if s in colours]
    near = {n for s in filled for n in field.adjacent.get(s, ())}
    empty = [s for s in field.spaces if s not in colours and (not filled or s in near)]
    open_ = own_colour_fills(field, colours, empty, range(1, ncol + 1))
    if not open_:
        return []
    spaces = sorted({m.partition("=")[0] for m in open_}, key=id_order(field).__getitem__)
    return [
        Check(
            False,
            f"nobody tallied {target}, yet {len(spaces)} spaces can still be filled (such as "
            f"{spaces[0]}): the game is not over",
            spaces,
        )
    ]
