"""Ups and Downs' print-and-play kit: a play mat with the score pad, 2n cut-out cards
(``--cards N``), the rules page and a record sheet for the two orders."""

from __future__ import annotations

import math
from collections.abc import Mapping

from artsheets.generator.boardkit import Kit, Piece, draw_piece, kit_spec
from artsheets.generator.boardrules import RulesText
from artsheets.generator.furniture import score_area
from artsheets.generator.registry import SheetOption
from artsheets.generator.sheet import FURNITURE, INK, SOFT, Rect, Sheet, Style

CARDS_OPTION = SheetOption("cards", "N", 10, 2, 26, "Ups and Downs: cards per player n (2n cards)")
ASPECT = 1.4  # a card's height over its width
USABLE_W, USABLE_H = 188.0, 180.0  # room for the cards on either page


def card_width(opts: Mapping[str, int]) -> float:
    """The widest card (at most 40 mm) at which all 2n cards fit on one page."""
    count = 2 * opts["cards"]
    width = 40.0
    while width > 12.0:
        per_row = int((USABLE_W + 2.0) // (width + 2.0))
        rows = math.ceil(count / per_row)
        if rows * (width * ASPECT + 2.0) <= USABLE_H:
            break
        width -= 1.0
    return width


def cards(opts: Mapping[str, int]) -> tuple[Piece, ...]:
    return tuple(
        Piece(f"card {k}", 1, str(k), "plain", cells=(1, ASPECT))
        for k in range(1, 2 * opts["cards"] + 1)
    )


RULES = RulesText(
    sections=(
        (
            "What you need",
            (
                "A deck of 2n cards numbered 1 to 2n (n = 10 makes 20 cards), or a standard "
                "deck of 52 (n = 26; ace 1, jack 11, queen 12, king 13). One player is Up, "
                "the other Down.",
            ),
        ),
        (
            "Arrange",
            (
                "Shuffle and deal n cards each. Each player secretly puts his cards in the "
                "order he will play them, as a face-down pile, and may not change it later.",
            ),
        ),
        (
            "Play",
            (
                "Up, then Down, then Up and so on, turn over the top card of your pile onto "
                "a common pile. If the card is higher than the one before it, Up scores a "
                "point; if lower, Down scores a point.",
                "Standard deck: on equal values a red card (hearts, diamonds) scores for Up, "
                "a black card (spades, clubs) for Down.",
            ),
        ),
        (
            "The end",
            (
                "When all 2n cards are down, the player with more points wins (there are "
                "2n - 1 points, so no draw). Write each order on the record sheet: "
                "artsheets replay checks it and scores it; the engine can also say the best "
                "reply to an order and its expected score against a random one.",
            ),
        ),
    ),
    caption="Up's order 6 1 4 against Down's 2 5 3: the pile reads 6 2 1 5 4 3. Each card "
    "scores for Up if it is higher than the card before it, for Down if lower: Up 1, Down 4.",
    diagram_mm=48.0,
)


def diagram(sheet: Sheet, box: Rect, opts: Mapping[str, int]) -> None:
    pile = [6, 2, 1, 5, 4, 3]
    width, gap = 20.0, 9.0
    total = len(pile) * width + (len(pile) - 1) * gap
    x = box.cx - total / 2
    top = box.y0 + 8.0
    for k, value in enumerate(pile):
        who = 1 if k % 2 == 0 else 2
        card = Piece("card", 1, str(value), "plain", player=who, cells=(1, ASPECT))
        draw_piece(sheet, card, Rect(x, top, x + width, top + width * ASPECT))
        name = "Up" if who == 1 else "Down"
        sheet.text((x + width / 2, top - 2.0), name, 2.8, "middle", fill=SOFT)
        if k:
            scorer = "Up +1" if value > pile[k - 1] else "Down +1"
            sheet.text((x - gap / 2, top + width * ASPECT + 6.0), scorer, 2.8, "middle", True)
        x += width + gap


def mat(sheet: Sheet, body: Rect, opts: Mapping[str, int]) -> None:
    """Places for the two face-down piles and the common pile, and a score area each."""
    n = opts["cards"]
    w, h = 56.0, 80.0
    top = body.y0 + 10.0
    labels = ("Up's cards, face down", "the common pile", "Down's cards, face down")
    for k, label in enumerate(labels):
        x = body.x0 + 4.0 + k * (body.w - 8.0 - w) / 2
        sheet.rect(Rect(x, top, x + w, top + h), Style(FURNITURE, 0.4, dash=(2.0, 1.5)))
        sheet.text((x + w / 2, top - 3.0), label, 3.0, "middle", fill=FURNITURE)
    rule = (
        "A card higher than the card before it: a point for Up. Lower: a point for Down. "
        "Standard deck, equal values: red scores for Up, black for Down."
    )
    sheet.text((body.cx, top + h + 8.0), rule, 2.8, "middle", fill=INK)
    y = top + h + 18.0
    sheet.text((body.x0, y - 3.0), "Score pad: tick a box for every point", 3.0, bold=True)
    for player, name in ((1, "Up"), (2, "Down")):
        score_area(sheet, Rect(body.x0, y, body.x1, y + 30.0), player, 2 * n - 1, name)
        y += 38.0


KIT = Kit(
    name="updown",
    title="Ups and Downs",
    order=20,
    players=(2, 2),
    reminder="Arrange your cards in secret, then play them in turn: higher than the last card "
    "scores for Up, lower for Down.",
    board=None,
    pieces=cards,
    standins="a standard deck of 52 cards (the variation), or cards 1 to 2n taken from one or "
    "two decks, counting jacks, queens and kings as 11, 12, 13.",
    rules=RULES,
    diagram=diagram,
    notation=(
        ("7", "the card numbered 7"),
        ("QH", "standard deck: queen of hearts"),
        ("10C", "standard deck: ten of clubs"),
        ("AS", "standard deck: ace of spades"),
    ),
    record_columns=("Up's order", "Down's order"),
    options=(CARDS_OPTION,),
    cell_mm=card_width,
    mat=mat,
    cut_list="Cut out the cards; keep the backs plain so nobody can read them from behind.",
)

GAME = kit_spec(KIT)
