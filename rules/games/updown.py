"""Ups and Downs (Leroy Quet, 2009): a card game for 2 with a hidden arrangement.

Reading (``docs/rules/updown.md``): the deck is 2n cards numbered 1..2n (option ``n``,
default 10), or with ``deck="standard"`` the 52 cards of a standard deck (n = 26, ace 1 ..
king 13). Each player holds n cards and lays them, secretly, in the order he will play them:
player 1 ("Up") first names his n cards one by one, then player 2 ("Down"); a move is one
card (``7``; ``QH`` in the standard deck). Then the cards are played alternately, Up first,
onto a common pile, in the arranged orders; nothing is left to decide, so the engine plays
them at once. A card higher than the card before it scores a point for Up, a lower one for
Down; with equal values (standard deck only) a red card (hearts, diamonds) scores for Up, a
black one (spades, clubs) for Down. Most points wins; 2n - 1 points are scored, so there is
no draw.

The deal: with ``deal=None`` (default) the engine takes the hands from the arrangements (a
record of a game dealt with real cards: Up's n cards are his hand, Down holds the rest); with
``deal=S`` the engine shuffles with seed S and each player may arrange only the cards dealt
to him. :meth:`UpDown.observation` is what one player sees: his own order, and only how many
cards the other has laid.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from itertools import pairwise
from typing import Any

from artsheets.rules.boardscore import NotFromPhotos
from artsheets.rules.core import (
    IllegalMoveError,
    InvalidMoveError,
    Move,
    Option,
    OptionError,
    Outcome,
    RulesError,
    State,
)
from artsheets.rules.field import Field
from artsheets.rules.game import Game, register_game

__all__ = ["Card", "UpDown", "UpDownGame", "assignment", "card_name", "parse_card", "point"]

NAMES = {1: "Up", 2: "Down"}
SUITS = "SHDC"  # spades, hearts, diamonds, clubs
RED = "HD"
FACES = {1: "A", 11: "J", 12: "Q", 13: "K"}
Card = tuple[int, str]  # (value, suit); the suit is "" in the numbered deck


def deck(options: Mapping[str, Any]) -> list[Card]:
    if options["deck"] == "standard":
        return [(v, s) for s in SUITS for v in range(1, 14)]
    return [(v, "") for v in range(1, 2 * options["n"] + 1)]


def card_name(card: Card) -> str:
    value, suit = card
    return f"{FACES.get(value, value) if suit else value}{suit}"


def parse_card(text: str, standard: bool) -> Card:
    """``7`` (numbered deck) or ``7H``, ``10C``, ``QS``, ``AD`` (standard deck)."""
    t = text.strip().upper()
    if not standard:
        if not t.isdigit():
            raise InvalidMoveError(f"{text}: a card is its number, e.g. 7")
        return (int(t), "")
    if len(t) < 2 or t[-1] not in SUITS:
        raise InvalidMoveError(f"{text}: a card is value and suit (S H D C), e.g. QH or 10C")
    head = t[:-1]
    faces = {v: k for k, v in FACES.items()}
    value = faces.get(head) or (int(head) if head.isdigit() else 0)
    if not 1 <= value <= 13:
        raise InvalidMoveError(f"{text}: the value is A, 2..10, J, Q or K")
    return (value, t[-1])


def point(before: Card, card: Card) -> int:
    """Who scores when ``card`` is laid on ``before``: 1 (Up) or 2 (Down)."""
    if card[0] != before[0]:
        return 1 if card[0] > before[0] else 2
    return 1 if card[1] in RED else 2


def pile_points(up: Sequence[Card], down: Sequence[Card]) -> dict[int, int]:
    """Points of a full game: Up's and Down's orders interleaved, Up first."""
    pile = [c for pair in zip(up, down, strict=True) for c in pair]
    scores = {1: 0, 2: 0}
    for a, b in pairwise(pile):
        scores[point(a, b)] += 1
    return scores


class UpDown(NotFromPhotos, State):
    game = "updown"
    title = "Ups and Downs"
    OPTIONS: Mapping[str, Option] = {
        "players": Option(2, "two players", choices=(2,)),
        "n": Option(10, "cards per player (deck of 2n numbered cards)", minimum=1),
        "deck": Option(
            "numbered", "numbered (1..2n) or standard (52 cards)", ("numbered", "standard"), str
        ),
        "deal": Option(None, "a seed to deal from, or none (hands as arranged)", nullable=True),
    }

    def _setup(self) -> None:
        if self.field.game != "updown":  # pragma: no cover - State checks it
            raise OptionError("not an Ups and Downs field")
        if self.options["deck"] == "standard":
            self.options["n"] = 26
        if self.options["n"] > 26:
            raise OptionError("updown: option 'n' must be at most 26 (a 52-card deck)")
        self.cards = deck(self.options)
        self.standard = self.options["deck"] == "standard"
        self.orders: dict[int, list[Card]] = {1: [], 2: []}
        self.hands: dict[int, list[Card]] | None = None
        if self.options["deal"] is not None:
            shuffled = list(self.cards)
            random.Random(self.options["deal"]).shuffle(shuffled)
            n = self.options["n"]
            self.hands = {1: sorted(shuffled[:n]), 2: sorted(shuffled[n:])}

    @property
    def n(self) -> int:
        return int(self.options["n"])

    def hand(self, player: int) -> list[Card]:
        """The cards ``player`` holds: dealt, or (without a deal) Up's choice and the rest."""
        if self.hands is not None:
            return self.hands[player]
        if player == 1:
            return list(self.cards)
        taken = set(self.orders[1])
        return [c for c in self.cards if c not in taken]

    def current_player(self) -> int | None:
        if self._outcome:
            return None
        return 1 if len(self.orders[1]) < self.n else 2

    def legal_moves(self) -> list[Move]:
        p = self.current_player()
        if p is None:
            return []
        laid = set(self.orders[p])
        return [card_name(c) for c in self.hand(p) if c not in laid]

    def _play(self, move: Move) -> None:
        p = self.current_player()
        assert p is not None
        card = parse_card(move, self.standard)
        if card not in self.cards:
            raise IllegalMoveError(f"{move}: the deck has no such card")
        if card in self.orders[p]:
            raise IllegalMoveError(f"{move}: you have laid that card already")
        if card not in self.hand(p):
            raise IllegalMoveError(f"{move}: that card is not in your hand")
        self.orders[p].append(card)
        if len(self.orders[2]) == self.n:
            scores = pile_points(self.orders[1], self.orders[2])
            self._scores = scores
            winner = 1 if scores[1] > scores[2] else 2
            self._outcome = Outcome(
                scores,
                (winner,),
                f"all {2 * self.n} cards played: Up {scores[1]}, Down {scores[2]} points",
            )

    def copy(self) -> State:
        new = super().copy()
        new.orders = {p: list(o) for p, o in self.orders.items()}  # type: ignore[attr-defined]
        return new

    def observation(self, player: int) -> dict[str, Any]:
        """What ``player`` knows: his hand, his order so far and the other's card count; the
        other's order only once the cards are on the pile."""
        other = 3 - player
        seen: dict[str, Any] = {
            "hand": [card_name(c) for c in self.hand(player)],
            "order": [card_name(c) for c in self.orders[player]],
            "other_laid": len(self.orders[other]),
        }
        if self._outcome is not None:
            seen["other_order"] = [card_name(c) for c in self.orders[other]]
        return seen

    def scores(self) -> dict[int, int]:
        return dict(self._scores) if self._outcome else {1: 0, 2: 0}

    def sheet_colours(self) -> dict[str, int]:
        return {}

    def _key(self) -> tuple[Any, ...]:
        return (tuple(self.orders[1]), tuple(self.orders[2]))

    def _describe(self) -> list[str]:
        lines = [f"Up:   {' '.join(card_name(c) for c in self.orders[1])}"]
        lines.append(f"Down: {' '.join(card_name(c) for c in self.orders[2])}")
        return lines


def assignment(weights: Sequence[Sequence[int]]) -> list[int]:
    """The column for each row maximising the total weight (Hungarian method, O(n^3))."""
    n = len(weights)
    big = max((w for row in weights for w in row), default=0)
    cost = [[big - w for w in row] for row in weights]
    u, v = [0] * (n + 1), [0] * (n + 1)
    match, way = [0] * (n + 1), [0] * (n + 1)
    for i in range(1, n + 1):
        match[0], j0 = i, 0
        minv, used = [float("inf")] * (n + 1), [False] * (n + 1)
        while match[j0]:
            used[j0] = True
            i0, delta, j1 = match[j0], float("inf"), 0
            for j in range(1, n + 1):
                if not used[j]:
                    cur = cost[i0 - 1][j - 1] - u[i0] - v[j]
                    if cur < minv[j]:
                        minv[j], way[j] = cur, j0
                    if minv[j] < delta:
                        delta, j1 = minv[j], j
            for j in range(n + 1):
                if used[j]:
                    u[match[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
        while j0:
            j1 = way[j0]
            match[j0] = match[j1]
            j0 = j1
    out = [0] * n
    for j in range(1, n + 1):
        out[match[j] - 1] = j - 1
    return out


class UpDownGame(Game):
    """Ups and Downs as a game object; beyond the seed, the best reply to an arrangement and
    an arrangement's expected score against a random one."""

    state_class = UpDown

    def board(self, options: Mapping[str, Any] | None = None) -> Field:
        opts = self.resolve_options(options)
        n = 26 if opts["deck"] == "standard" else opts["n"]
        return Field(game="updown", field_id=f"UPDOWN-1-STD-K1N{n}", spaces=())

    def _cards(self, text: Sequence[str], options: Mapping[str, Any]) -> list[Card]:
        opts = self.resolve_options(options)
        standard = opts["deck"] == "standard"
        cards = [parse_card(t, standard) for t in text]
        n = 26 if standard else opts["n"]
        full = deck({**opts, "n": n})
        if len(cards) != n or len(set(cards)) != n or any(c not in full for c in cards):
            raise RulesError(f"updown: an arrangement is {n} different cards of the deck")
        return cards

    def _slot_weights(self, fixed: list[Card], player: int, hand: list[Card]) -> list[list[int]]:
        """Points ``player`` scores with card c in slot i around the other's fixed order."""
        n = len(fixed)
        rows = []
        for i in range(n):
            row = []
            for c in hand:
                if player == 2:  # Down's card i follows Up's i and precedes Up's i + 1
                    pts = point(fixed[i], c) == 2
                    pts += i + 1 < n and point(c, fixed[i + 1]) == 2
                else:  # Up's card i follows Down's i - 1 and precedes Down's i
                    pts = i > 0 and point(fixed[i - 1], c) == 1
                    pts += point(c, fixed[i]) == 1
                row.append(int(pts))
            rows.append(row)
        return rows

    def best_reply(
        self, order: Sequence[str], player: int = 1, options: Mapping[str, Any] | None = None
    ) -> tuple[list[str], int]:
        """Given ``player``'s arrangement, the other player's best arrangement of the remaining
        cards and the points it scores him."""
        fixed = self._cards(order, options or {})
        opts = self.resolve_options(options)
        hand = [c for c in deck({**opts, "n": len(fixed)}) if c not in fixed]
        other = 3 - player
        weights = self._slot_weights(fixed, other, hand)
        pick = assignment(weights)
        reply = [hand[j] for j in pick]
        up, down = (fixed, reply) if player == 1 else (reply, fixed)
        return [card_name(c) for c in reply], pile_points(up, down)[other]

    def expected_score(
        self, order: Sequence[str], player: int = 1, options: Mapping[str, Any] | None = None
    ) -> Fraction:
        """``player``'s expected points with ``order`` when the other player's cards lie in a
        random order (exact: each slot holds each of his cards with equal chance)."""
        fixed = self._cards(order, options or {})
        opts = self.resolve_options(options)
        hand = [c for c in deck({**opts, "n": len(fixed)}) if c not in fixed]
        other = 3 - player
        weights = self._slot_weights(fixed, other, hand)
        # the other's expected points, by linearity; the total is 2n - 1
        theirs = sum(Fraction(sum(row), len(hand)) for row in weights)
        return 2 * len(fixed) - 1 - theirs


GAME = register_game(UpDownGame())
