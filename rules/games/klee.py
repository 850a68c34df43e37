"""Klee (Sid Sackson), 2 players: colour squares with four shared colours, score sequences.

Rule reading (see also ``docs/rules/klee.md``):

- Setup: the players fill their sequence areas alternately, player 1 first, area by area left
  to right: the four standard areas (``data["standard_areas"]``) or, with ``all_areas``, all
  six. Each area's rule follows from its length (``data["area_lengths"]``):
  three cells - three different colours, and a set of colours the player has not used in an
  earlier three-cell area (his second must bring in the fourth colour); four cells - exactly
  two colours with both end cells the same, and a pair of colours he has not used in an
  earlier four-cell area (one of them may be reused); other lengths - at least two colours.
  Nobody may copy any sequence of the opponent, read either way (a sequence and its reverse
  form the same pattern on the field), nor his own.
- Play: colours 1-4 belong to nobody. Player 1 fills any square with any colour; afterwards
  a square must touch a filled one along an edge or at a corner.
- A move scores for the mover's sequences only: each placement of one of his sequences along
  a row, column or diagonal (read either way) that includes the square just filled scores one
  point; a palindrome counts once per placement. Variant ``triangular``: k placements formed
  at once score k(k+1)/2, and the five-point rule is not used.
- The game ends when a player reaches the end of the track (``track_length``, default the
  whole track, may be cut shorter), when a player leads by five points (not in the variant),
  or when the field is full; the leader wins, equal scores draw.

Moves: setup ``seq=1-2-3`` (colours of the next area, left to right); play
``space-<n>=<colour>``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from artsheets.rules.breaks import AreaBreaksSetup, Unfinished
from artsheets.rules.common import decide, parse_space_move
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
    colour_range_checks,
    complete_tallies,
    unreached,
)

COLOURS = (1, 2, 3, 4)
DIRECTIONS = ((0, 1), (1, 0), (1, 1), (1, -1))  # rows, columns and both diagonals


def windows(field: Field) -> dict[int, dict[str, tuple[tuple[str, ...], ...]]]:
    """Length -> space -> every straight run of that many squares through the space."""

    def build(f: Field) -> dict[int, dict[str, tuple[tuple[str, ...], ...]]]:
        at = {}
        for s in f.spaces:
            a = f.attrs.get(s, {})
            if "row" not in a or "col" not in a:
                raise OptionError(f"a Klee field needs attrs['{s}'] with row and col")
            at[(a["row"], a["col"])] = s
        out: dict[int, dict[str, tuple[tuple[str, ...], ...]]] = {}
        lengths = set(f.data.get("area_lengths", (3, 4))) | {3, 4}
        for length in sorted(lengths):
            per: dict[str, list[tuple[str, ...]]] = {s: [] for s in f.spaces}
            for r, c in at:
                for dr, dc in DIRECTIONS:
                    run = [at.get((r + k * dr, c + k * dc)) for k in range(length)]
                    if all(run):
                        w = tuple(run)  # type: ignore[arg-type]
                        for m in w:
                            per[m].append(w)
            out[length] = {s: tuple(v) for s, v in per.items()}
        return out

    return field_cache(field, "klee-windows", build)


def full_track(field: Field) -> int:
    """Boxes on a player's scoring track (50 when the field does not draw one): the points
    that win unless ``track_length`` cuts the track shorter."""
    return len(field.data.get("track", {}).get("1", ())) or 50


def area_problem(
    seq: Sequence[int],
    length: int,
    own_earlier: Sequence[Sequence[int]],
    theirs: Sequence[Sequence[int]],
) -> str | None:
    """Why ``seq`` may not fill an area of ``length`` cells, or None if it may."""
    if len(seq) != length:
        return f"this area holds {length} colours"
    if any(c not in COLOURS for c in seq):
        return "the colours are 1, 2, 3 and 4"
    kinds = set(seq)
    if length == 3:
        if len(kinds) != 3:
            return "a three-cell area uses three different colours"
        for old in own_earlier:
            if len(old) == 3 and set(old) == kinds:
                return "you used these three colours already; bring in the fourth colour"
    elif length == 4:
        if len(kinds) != 2:
            return "a four-cell area uses exactly two colours"
        if seq[0] != seq[-1]:
            return "a four-cell area has the same colour in both end cells"
        for old in own_earlier:
            if len(old) == 4 and set(old) == kinds:
                return "you used this pair of colours already; one of them may stay"
    elif len(kinds) < 2:
        return "a sequence uses at least two colours"
    for old in theirs:
        if tuple(old) in (tuple(seq), tuple(reversed(seq))):
            return "it copies your opponent's sequence (read either way)"
    for old in own_earlier:
        if tuple(old) in (tuple(seq), tuple(reversed(seq))):
            return "it repeats one of your own sequences"
    return None


@register
class Klee(State):
    game = "klee"
    title = "Klee"
    OPTIONS: Mapping[str, Option] = {
        "players": Option(2, "Klee is for two players", choices=(2,)),
        "all_areas": Option(False, "use all six sequence areas (experienced players)", kind=bool),
        "triangular": Option(False, "variant: k sequences at once score k(k+1)/2", kind=bool),
        "track_length": Option(
            None, "points that win (cut the track shorter)", minimum=1, nullable=True
        ),
    }
    _COPY = ("colour", "sequences")

    def _setup(self) -> None:
        data = self.field.data
        lengths = list(data.get("area_lengths", ()))
        if not lengths:
            raise OptionError("a Klee field needs data['area_lengths']")
        idx = range(len(lengths)) if self.options["all_areas"] else data.get("standard_areas", ())
        self.areas: tuple[int, ...] = tuple(sorted(idx))
        self._lengths = lengths
        full = full_track(self.field)
        if self.options["track_length"] is None:
            self.options["track_length"] = full
        elif self.options["track_length"] > full:
            raise OptionError(f"the track has {full} boxes; track_length cannot be longer")
        self._windows = windows(self.field)
        self.sequences: dict[int, tuple[tuple[int, ...], ...]] = {1: (), 2: ()}
        self.colour: dict[str, int] = {}
        self.turn = 0  # setup moves and fills alike

    @property
    def in_setup(self) -> bool:
        return self.turn < 2 * len(self.areas)

    def current_player(self) -> int | None:
        return None if self._outcome else self.turn % 2 + 1

    def _next_area(self) -> int:
        return self.areas[self.turn // 2]

    def _setup_moves(self, player: int) -> list[Move]:
        length = self._lengths[self._next_area()]
        own, theirs = self.sequences[player], self.sequences[3 - player]
        out = []
        for seq in _all_sequences(length):
            if area_problem(seq, length, own, theirs) is None:
                out.append("seq=" + "-".join(str(c) for c in seq))
        return out

    def legal_moves(self) -> list[Move]:
        if self._outcome:
            return []
        player = self.turn % 2 + 1
        if self.in_setup:
            return self._setup_moves(player)
        if not self.colour:
            cands: list[str] = list(self.field.spaces)
        else:
            col = self.colour
            touch = self.field.touching
            cands = [
                s for s in self.field.spaces if s not in col and any(n in col for n in touch(s))
            ]
        return [f"{s}={c}" for s in cands for c in COLOURS]

    def _play(self, move: Move) -> None:
        player = self.turn % 2 + 1
        if self.in_setup:
            self._play_setup(move, player)
            return
        if move.startswith("seq="):
            raise IllegalMoveError(f"{move}: the sequence areas are all filled; play on the field")
        space, c = parse_space_move(self.field, move, COLOURS)
        if space in self.colour:
            raise IllegalMoveError(f"{move}: {space} is already coloured")
        if self.colour and not any(n in self.colour for n in self.field.touching(space)):
            raise IllegalMoveError(
                f"{move}: {space} does not touch a coloured square (edge or corner)"
            )
        self.colour[space] = c
        k = self.placements(space, player)
        gain = k * (k + 1) // 2 if self.options["triangular"] else k
        if gain:
            self._scores[player] = self._scores.get(player, 0) + gain
        self.turn += 1
        self._check_end()

    def _play_setup(self, move: Move, player: int) -> None:
        if not move.startswith("seq="):
            raise IllegalMoveError(
                f"{move}: fill your sequence area first, e.g. seq=1-2-3 (setup is not finished)"
            )
        try:
            seq = tuple(int(x) for x in move[4:].split("-"))
        except ValueError:
            raise IllegalMoveError(f"{move}: write the colours as seq=1-2-3") from None
        length = self._lengths[self._next_area()]
        problem = area_problem(seq, length, self.sequences[player], self.sequences[3 - player])
        if problem:
            raise IllegalMoveError(f"{move}: {problem}")
        self.sequences[player] = (*self.sequences[player], seq)
        self.turn += 1

    def placements(self, space: str, player: int) -> int:
        """Placements of ``player``'s sequences through ``space`` in the current colouring."""
        col = self.colour
        count = 0
        for seq in self.sequences[player]:
            rev = seq[::-1]
            for w in self._windows[len(seq)][space]:
                got = tuple(col.get(s) for s in w)
                if got in (seq, rev):
                    count += 1
        return count

    def _check_end(self) -> None:
        s1, s2 = self._scores.get(1, 0), self._scores.get(2, 0)
        target = self.options["track_length"]
        if max(s1, s2) >= target:
            self._outcome = decide(self.scores(), f"reached the end of the track ({target})")
        elif not self.options["triangular"] and abs(s1 - s2) >= 5:
            self._outcome = decide(self.scores(), "a lead of five points")
        elif len(self.colour) == len(self.field.spaces):
            self._outcome = decide(self.scores(), "the field is full")

    def sheet_colours(self) -> dict[str, int]:
        """What a photo of the sheet shows: squares and the sequence areas' cells."""
        out = dict(self.colour)
        areas = self.field.data["sequence_areas"]
        for p in (1, 2):
            for a, seq in zip(self.areas, self.sequences[p], strict=False):
                out.update(zip(areas[str(p)][a], seq, strict=True))
        return out

    def _key(self) -> tuple[Any, ...]:
        return (
            tuple(sorted(self.colour.items())),
            tuple(sorted(self.sequences.items())),
            self.turn,
        )

    def _describe(self) -> list[str]:
        lines = []
        for p in (1, 2):
            seqs = "  ".join("".join(str(c) for c in s) for s in self.sequences[p])
            lines.append(f"P{p} sequences: {seqs or '-'}")
        grid: dict[tuple[int, int], str] = {}
        for s in self.field.spaces:
            a = self.field.attrs[s]
            grid[(a["row"], a["col"])] = str(self.colour.get(s, "."))
        rows = max(r for r, _ in grid) + 1
        cols = max(c for _, c in grid) + 1
        for r in range(rows):
            lines.append("  " + " ".join(grid.get((r, c), " ") for c in range(cols)))
        return lines

    @classmethod
    def score_position(
        cls,
        field: Field,
        options: Mapping[str, Any],
        colours: Mapping[str, int],
        tallies: Mapping[int, int | None],
    ) -> PositionReport:
        """Scores depend on the order of play (the track marks are the record). The sheet is
        checked: the sequence areas obey the setup rules, the filled squares touch each other,
        the tallies agree with the track rules."""
        data = field.data
        checks = colour_range_checks(colours, field.spaces, COLOURS, "squares")
        lengths = list(data["area_lengths"])
        used = range(len(lengths)) if options["all_areas"] else sorted(data["standard_areas"])
        seqs: dict[int, list[tuple[int, ...]]] = {1: [], 2: []}
        for a in used:
            for p in (1, 2):
                cells = data["sequence_areas"][str(p)][a]
                seq = tuple(colours.get(m) for m in cells)
                if any(c is None for c in seq):
                    checks.append(
                        Check(
                            False,
                            f"player {p}'s area {a + 1} is not fully coloured",
                            list(cells),
                            Unfinished(
                                tuple(m for m, c in zip(cells, seq, strict=True) if c is None)
                            ),
                        )
                    )
                    continue
                # Setup order: player 1's area before player 2's, area by area.
                problem = area_problem(seq, lengths[a], seqs[p], seqs[3 - p])  # type: ignore[arg-type]
                if problem:
                    checks.append(
                        Check(
                            False,
                            f"player {p}'s area {a + 1} breaks the setup rules: {problem}",
                            list(cells),
                            AreaBreaksSetup(
                                tuple(cells),
                                lengths[a],
                                tuple(seqs[p]),
                                tuple(seqs[3 - p]),
                            ),
                        )
                    )
                seqs[p].append(seq)  # type: ignore[arg-type]
        filled = [s for s in field.spaces if s in colours]
        apart = unreached(filled, field.touching)
        if apart:
            checks.append(
                Check(
                    False,
                    "the filled squares do not all touch each other; every fill touches "
                    "an earlier one",
                    apart,
                )
            )
        target = options["track_length"] or full_track(field)
        checks += _track_checks(tallies, target)
        scores = complete_tallies(tallies, 2)
        outcome = None
        if scores is not None:
            lead = abs(scores[1] - scores[2])
            full = len(filled) == len(field.spaces)
            if max(scores.values()) < target and (options["triangular"] or lead < 5) and not full:
                # The tallies say play went on, so every empty square was filled.
                checks.append(
                    Check(
                        False,
                        "by the tallies nobody has won yet and the field is not full",
                        [],
                        Unfinished(tuple(s for s in field.spaces if s not in colours)),
                    )
                )
            outcome = decide(scores, "from the track")
        return PositionReport(
            cls.game, None, checks, outcome, {"tallies": scores, "sequences": seqs}
        )


def _track_checks(tallies: Mapping[int, int | None], target: int) -> list[Check]:
    """Positions the track cannot show: past its end, or both players at the end (only the
    mover scores, and the game ends when the first reaches the end)."""
    out = [
        Check(False, f"player {p} tallied {t} on a track of {target} boxes", [])
        for p, t in sorted(tallies.items())
        if t is not None and t > target
    ]
    if all(tallies.get(p) is not None and tallies[p] >= target for p in (1, 2)):  # type: ignore[operator]
        out.append(
            Check(
                False,
                f"both players are at the end of the track ({target}); the game ends when the "
                "first reaches it, and only the mover scores",
                [],
            )
        )
    return out


def _all_sequences(length: int) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()]
    for _ in range(length):
        out = [(*s, c) for s in out for c in COLOURS]
    return out
