"""Worked examples drawn from a sheet itself: the opening moves of a game on that very field,
coloured in and numbered, and the score the rule engine gives them, explained in words.

The moves are chosen by the rule engine, not written by hand, so the example is right for
every field (standard or random, any options): each turn takes the move that gains its
player the most at once (lose the least, in Delaunay), ties broken by a generator seeded with
the sheet code, among at most :data:`SAMPLE` candidates. Play stops at the first scoring move
after a few moves (:data:`PLIES`), or at a cap; the explanation then says which move scored
what, and why, in the terms of the game's rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from shapely.geometry import LineString, Polygon

from artsheets.generator.layout import Circle, Layout, Path, Point, Region, Text
from artsheets.generator.rng import Rng
from artsheets.generator.rulespage import Diagram, Paragraph, text_box
from artsheets.generator.sheet import INK, Rect, Sheet, Style
from artsheets.generator.sheetcode import parse_sheet_code
from artsheets.rules import State, new_game

__all__ = ["PALETTE", "Example", "example_diagram", "example_text", "play_example"]

# Player colours on rules pages (the book's red, blue, yellow, green, then two more).
PALETTE = (
    ("red", "#e0453a"),
    ("blue", "#3b78d8"),
    ("yellow", "#f4c430"),
    ("green", "#3fa34d"),
    ("purple", "#9b59b6"),
    ("orange", "#f08a24"),
)
SAMPLE = 80  # candidate moves looked at per turn (Crossing The Rings offers thousands)
# (fewest moves shown, most moves played looking for a score) per game; default (4, 24).
PLIES = {"rings": (2, 6), "synch": (6, 24), "klee": (12, 28), "miro": (4, 16)}
PLAY_KINDS = {"space", "segment", "triangle"}
LOWER_WINS = {"delaunay"}  # scores are penalties
# First moves tried when the plain opening scores nothing (Miro: always, the start decides).
START_SEARCH = {"miro": 40}


@dataclass
class Ply:
    number: int  # counts only the moves that coloured something (the numbers on the diagram)
    player: int
    move: str
    regions: list[str]
    gains: dict[int, int]


@dataclass
class Example:
    layout: Layout
    state: State
    plies: list[Ply] = field(default_factory=list)

    @property
    def scoring(self) -> Ply | None:
        """The last move that changed a score."""
        return next((p for p in reversed(self.plies) if any(p.gains.values())), None)


def _rule_options(layout: Layout) -> dict[str, object]:
    from artsheets.scanner.scoring import rule_options  # the scanner's sheet -> rules mapping

    return rule_options(layout)


def play_example(layout: Layout) -> Example:
    """Play the opening of a game on ``layout``'s field (see the module docstring)."""
    assert layout.topology is not None, "a worked example needs the field's topology"
    options = _rule_options(layout)
    # Seeded by the field, not the page: an A4 and a Letter sheet show the same example.
    rng = Rng.derive("rules-example", parse_sheet_code(layout.sheet_code).field_id())
    plain = _greedy(layout, new_game(layout.topology, options), rng)
    if plain.scoring is not None and layout.game not in START_SEARCH:
        return plain
    # Where the first move goes decides how soon anybody scores (Miro: a capture needs a
    # closed loop of the curve): try first moves, keep the one that scores soonest.
    firsts = new_game(layout.topology, options).legal_moves()
    firsts = rng.shuffled(firsts)[: START_SEARCH.get(layout.game, 12)]
    best = plain
    for first in firsts:
        ex = _greedy(layout, new_game(layout.topology, options), rng.child(first), first)
        if ex.scoring and (best.scoring is None or len(ex.plies) < len(best.plies)):
            best = ex
    return best


def _greedy(layout: Layout, state: State, rng: Rng, first: str | None = None) -> Example:
    lower = layout.game in LOWER_WINS
    fewest, most = PLIES.get(layout.game, (4, 24))
    ex = Example(layout, state)
    number = 0
    for _ in range(most):
        if state.is_over():
            break
        player = state.current_player()
        assert player is not None
        before, colours = state.scores(), state.sheet_colours()
        if first is not None and not state.history:
            move = first
        else:
            move = _best_move(state, player, before, rng, lower)
        state.apply(move)
        after = state.sheet_colours()
        new = [r for r, c in after.items() if colours.get(r) != c]
        gains = {p: v - before.get(p, 0) for p, v in state.scores().items()}
        gains = {p: g for p, g in gains.items() if g}
        if new:
            number += 1
        ex.plies.append(Ply(number, player, move, new, gains))
        if gains and number >= fewest:
            break
    return ex


def _best_move(state: State, player: int, before: dict[int, int], rng: Rng, lower: bool) -> str:
    """The move (among at most SAMPLE) that gains ``player`` most now; ties by ``rng``."""
    moves = state.legal_moves()
    if len(moves) > SAMPLE:
        moves = rng.shuffled(moves)[:SAMPLE]
    best: list[str] = []
    best_gain = None
    for m in moves:
        gain = state.child(m).scores().get(player, 0) - before.get(player, 0)
        gain = -gain if lower else gain
        if best_gain is None or gain > best_gain:
            best, best_gain = [m], gain
        elif gain == best_gain:
            best.append(m)
    return rng.choice(best)


# --- the picture --------------------------------------------------------------------------


def _bbox(points: list[Point]) -> Rect:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return Rect(min(xs), min(ys), max(xs), max(ys))


def _region_points(r: Region) -> list[Point]:
    return list(r.polygon or r.polyline or [])


def _crop(ex: Example) -> Rect:
    """The part of the sheet shown: its playing field (Crossing The Rings: the rounds played)
    and whatever the example coloured outside it (Klee's sequences, completion boxes), grown
    to hold every printed line centred there (Arp's lines run on past their last crossing)."""
    coloured = set(ex.state.sheet_colours())
    groups = {r.group for r in ex.layout.regions if r.id in coloured and r.group}
    pts: list[Point] = []
    for r in ex.layout.regions:
        if r.id in coloured or (
            r.kind in PLAY_KINDS and (ex.layout.game != "rings" or r.group in groups)
        ):
            pts += _region_points(r)
    crop = _bbox(pts)
    boxes = [_box(p) for p in ex.layout.drawing]
    held = [b for b in boxes if crop.x0 <= b.cx <= crop.x1 and crop.y0 <= b.cy <= crop.y1]
    return _bbox(pts + [q for b in held for q in b.corners()]).inset(-0.5)


def _box(p: Path | Circle | Text) -> Rect:
    if isinstance(p, Path):
        return _bbox(p.points)
    if isinstance(p, Circle):
        return Rect(p.center[0] - p.r, p.center[1] - p.r, p.center[0] + p.r, p.center[1] + p.r)
    return text_box(p)


def _inside(p: Path | Circle | Text, crop: Rect) -> bool:
    b = _box(p)
    return crop.x0 <= b.x0 and b.x1 <= crop.x1 and crop.y0 <= b.y0 and b.y1 <= crop.y1


def _anchor(r: Region) -> Point:
    """A point inside the region, for its move number."""
    if r.polygon and len(r.polygon) >= 3:
        pt = Polygon(r.polygon).representative_point()
    else:
        line = LineString(_region_points(r))
        pt = line.interpolate(0.5, normalized=True)
    return (pt.x, pt.y)


def _size(r: Region) -> float:
    if r.polygon and len(r.polygon) >= 3:
        return Polygon(r.polygon).area
    return LineString(_region_points(r)).length


def example_diagram(ex: Example) -> Diagram:
    """The sheet's field with the example's colours and move numbers, scaled into a box."""
    crop = _crop(ex)
    colours = ex.state.sheet_colours()
    regions = {r.id: r for r in ex.layout.regions}

    def draw(sheet: Sheet, box: Rect) -> None:
        s = min(box.w / crop.w, box.h / crop.h)
        ox = box.x0 + (box.w - crop.w * s) / 2 - crop.x0 * s
        oy = box.y0 + (box.h - crop.h * s) / 2 - crop.y0 * s

        def t(p: Point) -> Point:
            return (ox + p[0] * s, oy + p[1] * s)

        def colour(index: int) -> str:
            return PALETTE[(index - 1) % len(PALETTE)][1]

        lines = []
        for rid, c in colours.items():  # filled areas first: the field's lines stay on top
            r = regions.get(rid)
            if r is None:
                continue
            if r.polygon:
                sheet.path([t(p) for p in r.polygon], Style(None, 0, colour(c)), closed=True)
            elif r.polyline:
                lines.append((r, c))
        for p in ex.layout.drawing:
            if not _inside(p, crop):
                continue
            if isinstance(p, Path):
                sheet.path(
                    [t(q) for q in p.points],
                    Style(p.stroke, max(0.08, p.width * s), p.fill, p.dash and _scaled(p.dash, s)),
                    closed=p.closed,
                )
            elif isinstance(p, Circle):
                sheet.circle(t(p.center), p.r * s, Style(p.stroke, max(0.08, p.width * s), p.fill))
            elif p.size * s >= 1.2:  # smaller text would be a smudge: leave it out
                sheet.text(t(p.pos), p.text, p.size * s, p.anchor, p.bold, p.fill)
        for r, c in lines:  # coloured lines over the printed ones
            width = max(0.7, (r.width_mm or 1.2) * s * 0.8)
            sheet.path([t(q) for q in _region_points(r)], Style(colour(c), width))
        scoring = ex.scoring
        for ply in ex.plies:
            shown = [regions[r] for r in ply.regions if r in regions]
            shown = [r for r in shown if r.kind in PLAY_KINDS] or shown
            if not shown:
                continue
            x, y = t(_anchor(max(shown, key=_size)))
            bold = ply is scoring
            sheet.circle((x, y), 1.6, Style(INK, 0.35 if bold else 0.15, "#ffffff"))
            sheet.text((x, y + 0.75), str(ply.number), 2.1, "middle", bold)

    return Diagram(draw, crop.h / crop.w)


def _scaled(dash: tuple[float, float], s: float) -> tuple[float, float]:
    return (max(0.2, dash[0] * s), max(0.2, dash[1] * s))


# --- the words ----------------------------------------------------------------------------


def _name(player: int, game: str = "") -> str:
    if game == "klee":  # colours belong to nobody
        return f"player {player}"
    return f"player {player} ({PALETTE[(player - 1) % len(PALETTE)][0]})"


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if abs(n) == 1 else f"{n} {word}s"


def _points(n: int) -> str:
    return _count(n, "point")


def _why(ex: Example, ply: Ply, scorer: int) -> str:
    """Why the scoring move scored, in the game's own terms."""
    g = ply.gains[scorer]
    regions = {r.id: r for r in ex.layout.regions}
    new = [regions[r] for r in ply.regions if r in regions]
    game = ex.layout.game
    if game == "vasarely":
        return (
            f"fills the last space of a cube, so the cube is closed: its spaces in other "
            f"colours than his are worth {_points(g)}"
        )
    if game == "miro":
        caught = sum(1 for r in new if r.kind != "segment")
        it = "it" if caught == 1 else "them"
        return (
            f"closes the last gap around {_count(caught, 'space')} and captures {it}: one point "
            f"per segment of his colour around {it}, {_points(g)}"
        )
    if game == "mondrian":
        return f"completes a rectangle of {g} filled spaces, worth {_points(g)}"
    if game == "arp":
        caught = sum(1 for r in new if r.kind == "space")
        it = "it" if caught == 1 else "them"
        return f"closes the last side of {_count(caught, 'space')}, capturing {it}: {_points(g)}"
    if game == "delaunay":
        return (
            "cannot fill any space next to the coloured ones without touching his own colour,"
            " so he marks a penalty box"
        )
    if game == "klee":
        return f"completes {g} of his own sequences in straight lines: {_points(g)}"
    if game == "springer":
        return (
            f"reaches a numbered triangle: the triangles his chains reach now add up to "
            f"{ex.state.scores().get(scorer, 0)}"
        )
    if game == "rings":
        return f"draws a line through {g} uncoloured sections and colours them: {_points(g)}"
    if game == "synch":
        return f"lands on an empty square and draws his symbol there: {_points(g)}"
    return f"scores {_points(g)}"


def example_text(ex: Example) -> tuple[Paragraph, ...]:
    """The explanation printed under the diagram."""
    players = sorted(ex.state.scores())

    def name(p: int) -> str:
        return _name(p, ex.layout.game)

    who = ", ".join(name(p) for p in players)
    coloured = max((p.number for p in ex.plies), default=0)
    out = [
        Paragraph(
            f"This sheet's own field after the first {coloured} moves of a game between "
            f"{who}. The numbers show the order in which the moves were coloured."
        )
    ]
    ply = ex.scoring
    if ply is None:
        out.append(Paragraph("No move has scored yet."))
    else:
        # A move that coloured nothing (a penalty) has no number of its own on the diagram.
        lead = f"Move {ply.number}:" if ply.regions else f"After move {ply.number},"
        # Usually the mover scores; in Move In Synch a move can score for the other only.
        scorer = ply.player if ply.player in ply.gains else min(ply.gains)
        out.append(Paragraph(f"{lead} {name(scorer)} {_why(ex, ply, scorer)}."))
        others = [p for p in ply.gains if p != scorer]
        for p in others:
            out.append(Paragraph(f"On the same move {name(p)} gains {_points(ply.gains[p])}."))
    scores = ex.state.scores()
    label = "Penalties" if ex.layout.game == "delaunay" else "Scores"
    out.append(
        Paragraph(f"{label} now: " + ", ".join(f"{name(p)} {scores[p]}" for p in players) + ".")
    )
    return tuple(out)
