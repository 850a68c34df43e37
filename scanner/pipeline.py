"""One photo through the whole scanner: registration, identification, refinement, colour,
tallies, scores. :func:`scan_image` returns a :class:`ScanResult`; the report, the overlay and
the command read from it.
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Literal, NamedTuple

import cv2
import numpy as np

from artsheets.generator.layout import PAGES, Layout
from artsheets.generator.registry import get_game
from artsheets.scanner.colours import (
    OUTSIDE,
    REVIEW_BELOW,
    Palette,
    Reading,
    classify,
    learn_palette,
    measure,
)
from artsheets.scanner.errors import ScanError
from artsheets.scanner.identify import layout_for_code, normalise_code, read_sheet_code
from artsheets.scanner.light import light_field
from artsheets.scanner.quality import blur_mm, check_blur, check_exposure, explain_no_markers
from artsheets.scanner.refine import Refinement, refine
from artsheets.scanner.registration import (
    Registration,
    detect_markers,
    page_inside_photo,
    page_markers,
    register,
    warp_page,
)
from artsheets.scanner.scoring import Scoring, score_sheet, unusual_readings
from artsheets.scanner.tallies import read_tallies
from artsheets.scanner.template import PX_PER_MM, template_for

__all__ = ["SYMBOL_GAMES", "ScanResult", "load_photo", "scan_file", "scan_image"]

# Games whose spaces hold a drawn symbol rather than a fill (less of the space is coloured).
SYMBOL_GAMES = frozenset({"synch"})
PALETTE_SEED = 1  # OpenCV's random seed for learning blank keys: a photo always reads the same


@dataclass
class ScanResult:
    """Everything read from one photo."""

    code: str
    layout: Layout
    registration: Registration
    refinement: Refinement
    readings: dict[str, Reading]
    palette: Palette
    tallies: dict[int, int]
    scoring: Scoring
    image: np.ndarray  # the rectified, refined sheet (BGR, working resolution)
    blur_mm: float
    paper_level: float
    code_source: str  # "qr" or "given"
    notes: list[str] = field(default_factory=list)
    timings: dict[str, float] = field(default_factory=dict)

    @property
    def colours(self) -> dict[str, int | None]:
        return {rid: r.color for rid, r in self.readings.items()}

    @property
    def needs_review(self) -> list[str]:
        return [rid for rid, r in self.readings.items() if r.reason is not None]


def load_photo(path: Path) -> np.ndarray:
    """Decode a photo file (any format OpenCV reads), or say clearly why it cannot be."""
    try:
        data = np.fromfile(str(path), np.uint8)
    except OSError as e:
        raise ScanError("unreadable_file", f"cannot read {path}: {e.strerror or e}") from None
    img = cv2.imdecode(data, cv2.IMREAD_COLOR) if data.size else None
    if img is None:
        raise ScanError(
            "unreadable_file",
            f"{path} is not an image OpenCV can read; give a JPEG or PNG photo of the sheet",
        )
    return img


def colours_in_play(layout: Layout, players: int | None) -> list[int]:
    """Colour indexes in play: every key on the sheet, or as many as ``players`` need."""
    keys = sorted(r.color_index for r in layout.regions if r.kind == "key" and r.color_index)
    if players is None:
        return keys
    spec = get_game(layout.game)
    lo, hi = spec.players
    if not lo <= players <= hi:
        raise ScanError(
            "bad_players", f"--players {players} does not fit {spec.title}: it takes {lo}-{hi}"
        )
    opts = dict(layout.options)
    if "players" in opts:
        opts["players"] = players
    n = spec.colours(opts)
    if n > len(keys):
        raise ScanError(
            "bad_players",
            f"--players {players} needs {n} colours but this sheet has {len(keys)} colour keys",
        )
    return keys[:n]


def scan_image(
    photo: np.ndarray, sheet: str | None = None, players: int | None = None
) -> ScanResult:
    """Read one photo (BGR). ``sheet`` is the sheet code when the QR code cannot be read."""
    t: dict[str, float] = {}
    t0 = time.perf_counter()
    given = normalise_code(sheet) if sheet else None
    gray = cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY)
    corners = detect_markers(gray)
    if len(corners) < 3:
        err = explain_no_markers(gray, len(corners))
        if err.reason != "markers_missing":
            raise err
    guess = layout_for_code(given).page if given else PAGES["a4"]
    reg = register(corners, page_markers(guess))
    guessed = [m for m in page_markers(guess) if m.id in reg.markers_used]
    blur = blur_mm(photo, reg.page_from_photo, guessed, reg.px_per_mm, PX_PER_MM)
    check_blur(blur)
    t["register"] = time.perf_counter() - t0

    centres = [m.center for m in page_markers(guess)]
    text = read_sheet_code(photo, reg.page_from_photo, centres[3], centres[1], reg.px_per_mm)
    code_source = "given" if given else "qr"
    notes: list[str] = []
    if given:
        code = given
        if text and _clean(text) != given:
            raise ScanError(
                "wrong_sheet",
                f"the photo's QR code says {text.strip()} but --sheet says {given}; "
                "leave out --sheet, or give the code printed on this sheet",
            )
    elif text:
        code = normalise_code(text)
    else:
        raise ScanError(
            "qr_unreadable",
            "the sheet's QR code cannot be read; type the code printed beside it: "
            "artsheets scan PHOTO --sheet CODE (or retake the photo closer and in focus)",
        )
    tpl = template_for(code)
    layout = tpl.layout
    if layout.page != guess:
        reg = register(corners, layout.markers)
    t["identify"] = time.perf_counter() - t0 - sum(t.values())

    work = warp_page(
        photo,
        reg.page_from_photo,
        PX_PER_MM,
        (layout.page.width_mm, layout.page.height_mm),
        photo_px_per_mm=reg.px_per_mm,
    )
    inside = page_inside_photo(
        reg.page_from_photo, photo.shape, (layout.page.width_mm, layout.page.height_mm), PX_PER_MM
    )
    work, inside, refinement = refine(work, tpl, inside)
    t["rectify"] = time.perf_counter() - t0 - sum(t.values())

    light = light_field(work, tpl, inside)
    check_exposure(light.paper_level)
    symbols = layout.game in SYMBOL_GAMES
    stats = measure(work, light, tpl, inside)
    # A blank key's colour is learned by k-means, seeded from OpenCV's global random state,
    # which every earlier k-means in the process (the QR detector runs some) has moved on:
    # without a fixed seed the same photo could read differently after other photos.
    cv2.setRNGSeed(PALETTE_SEED)
    palette = learn_palette(stats, tpl, colours_in_play(layout, players), symbols)
    if light.clipped_channels:
        _doubt_the_cast(palette, light.clipped_channels, light.cast_from_ink)
    readings = classify(stats, palette, tpl, symbols, blur)
    by_id = {r.id: rd for r, rd in zip(tpl.masks.regions, readings, strict=True)}
    t["colour"] = time.perf_counter() - t0 - sum(t.values())

    mended: set[str] = set()
    # What games seldom show (Arp's one-piece stretch) is mended first: the rules' checks
    # (a capture whose colour is on none of its sides) then see the pieces as played.
    for _ in range(UNUSUAL_MENDS if _neighbours_surer(layout, by_id) else 0):
        if not _mend(by_id, _unusual(layout, by_id, players), mended, UNUSUAL, pick="least sure"):
            break
    tallies, scoring = _score(layout, by_id, players)
    for _ in range(MEND_ROUNDS):
        if not _mend(by_id, scoring.checks, mended, BY_THE_RULES, pick="first"):
            break
        tallies, scoring = _score(layout, by_id, players)
    _doubt(by_id, scoring.checks, BY_THE_RULES)
    _doubt(by_id, _unusual(layout, by_id, players), UNUSUAL)
    t["score"] = time.perf_counter() - t0 - sum(t.values())
    notes.extend(palette.notes)
    if reg.markers_rejected:
        notes.append(
            "marker(s) "
            + ", ".join(str(i) for i in reg.markers_rejected)
            + " disagreed with the others and were ignored"
        )
    return ScanResult(
        code=code,
        layout=layout,
        registration=reg,
        refinement=refinement,
        readings=by_id,
        palette=palette,
        tallies=tallies,
        scoring=scoring,
        image=work,
        blur_mm=blur,
        paper_level=light.paper_level,
        code_source=code_source,
        notes=notes,
        timings=t,
    )


MEND_ROUNDS = 30  # readings mended by the rules, one at a time, the sheet scored after each
UNUSUAL_MENDS = 20  # readings mended, one at a time, as games are mostly played
WHOLESALE_DOUBT = 0.8  # share of a sheet's lines doubted beyond which neighbours are no surer
CAST_UNKNOWN_SPREAD = 2.0  # colour scatter when the light's colour cast is hidden by clipping
_CHANNEL_NAMES = {"B": "blue", "G": "green", "R": "red"}


def _doubt_the_cast(palette: Palette, clipped: tuple[str, ...], from_ink: bool) -> None:
    """White paper clipped at the camera's white in some channel hides the light's colour
    cast there, and every pencil shifts with it (pale ones most): look-alike colours (red and
    pink, orange and red) can no longer be told apart surely. When the cast was measured on
    the printed ink instead, say so; when it could not be measured at all, say so, and widen
    the colours' scatter so that such decisions go to review."""
    names = " and ".join(_CHANNEL_NAMES[c] for c in clipped)
    if from_ink:
        palette.notes.append(
            f"the paper is overexposed (clipped white in {names}): the light's colour was "
            "measured on the printed ink instead; a photo a little darker would be surer"
        )
        return
    palette.spread = max(palette.spread, CAST_UNKNOWN_SPREAD)
    palette.notes.append(
        f"the paper is overexposed (clipped white in {names}): the light's colour cannot be "
        "measured, so close colours are doubted; retake the photo a little darker"
    )


def _score(
    layout: Layout, readings: dict[str, Reading], players: int | None
) -> tuple[dict[int, int], Scoring]:
    """The tallies read, and the rule engine's scores and checks of the colours read."""
    unseen = {rid for rid, rd in readings.items() if rd.reason == OUTSIDE}
    tallies, tally_checks = read_tallies(layout, _colours(readings), unseen)
    scoring = score_sheet(layout, _colours(readings), tallies, players)
    scoring.checks[:0] = tally_checks
    return tallies, scoring


def _unusual(layout: Layout, readings: dict[str, Reading], players: int | None) -> list[dict]:
    """The rule engine's findings of what is legal but seldom played, in the colours read."""
    return unusual_readings(layout, _colours(readings), players)


def _neighbours_surer(layout: Layout, readings: dict[str, Reading]) -> bool:
    """Whether mending an unusual reading by its neighbours can be trusted: not when most of
    the sheet's lines are doubted (a photo so blurred, or so clipped, that look-alike pencils
    cannot be told apart anywhere), since the neighbours are then no surer than the piece. On
    the benchmark photos, such sheets' one-piece stretches were as often true as misread
    (13 mends went wrong, 7 right), elsewhere rarely (6 wrong, 80 right)."""
    lines = [readings[r.id] for r in layout.regions if r.kind == "segment" and r.id in readings]
    doubted = sum(1 for rd in lines if rd.confidence < REVIEW_BELOW)
    return doubted <= WHOLESALE_DOUBT * len(lines)


def _colours(readings: dict[str, Reading]) -> dict[str, int | None]:
    return {rid: rd.color for rid, rd in readings.items()}


class Wording(NamedTuple):
    """How a mend or a doubt names its finding in a region's reason."""

    mended: str  # "read as {read} {mended}: {message}"
    doubted: str  # "{doubted}: {message}"


BY_THE_RULES = Wording("by the rules", "fails a check")
UNUSUAL = Wording("as games are mostly played", "unusual")


def _mend(
    readings: dict[str, Reading],
    checks: list[dict],
    mended: set[str],
    wording: Wording,
    pick: Literal["first", "least sure"],
) -> bool:
    """Mend one reading that a failed check says would satisfy it (a capture's mark in a
    colour on none of its sides: any side in that colour would do; a piece left blank in a
    game that ends with every piece coloured: that piece in any colour; a tick after a
    tally's run: that box blank; a Miro segment breaking the order of play: the colour of a
    least-changed order; an Arp piece unlike both its neighbours: their colour) with a
    reading the scanner doubted already: its second choice (for a blank with faint or grey
    marks, the colour they are likeliest to be), or blank, still for review. On a sheet
    played by the rules that is likelier than a misread it was surer of. A region the rules
    say no legal sheet leaves blank (a gap in Miro's curve) takes the colour they give it,
    else its likeliest, even where the scanner saw none: a pale grey-green pencil on a grey
    printed line hides.

    One at a time, the sheet judged again after each, since one mend can satisfy several
    checks or make another wrong: from the ``first`` failed check that can be mended (the
    rule engine lists what weighs the whole sheet, Miro's order of play, before a single
    capture's circle) or the ``least sure`` candidate of all (findings of equal weight that
    may overlap: a misread piece beside a true one-piece stretch makes two). Within a check
    its least sure candidate. A region is mended once (``mended``, kept by the caller
    across rounds). Returns whether anything changed."""
    chosen: list[tuple[float, str, int | None, dict]] = []
    for check in checks:
        if check.get("ok", True):
            continue
        options = [
            (readings[rid].confidence, rid, colour, check)
            for rid, colour in _mends_wanted(readings, check)
            if _may_mend(readings.get(rid), colour) and rid not in mended
        ]
        options += [
            (readings[rid].confidence, rid, colour, check)
            for rid, colour in _must_mend(readings, check)
            if rid not in mended
        ]
        if options:
            chosen.append(min(options, key=lambda o: o[0]))
            if pick == "first":
                break
    if not chosen:
        return False
    _, rid, colour, check = min(chosen, key=lambda o: o[0])
    rd = readings[rid]
    read = "blank" if colour is None else f"colour {colour}"
    read += ", its second choice," if colour is not None and colour == rd.runner_up else ""
    readings[rid] = replace(
        rd,
        color=colour,
        runner_up=rd.color,
        confidence=min(rd.confidence, 0.5),
        reason=f"read as {read} {wording.mended}: {check['message']}",
    )
    mended.add(rid)
    return True


def _mends_wanted(readings: dict[str, Reading], check: dict) -> list[tuple[str, int | None]]:
    """The (region, colour) readings that would each mend a failed check."""
    wanted: list[tuple[str, int | None]] = [tuple(w) for w in check.get("could_be", ())]
    for rid in check.get("could_be_coloured", ()):
        rd = readings.get(rid)
        if rd is not None and rd.color is None and rd.runner_up is not None:
            wanted.append((rid, rd.runner_up))  # faint or grey marks: their likeliest colour
    for rid in check.get("could_be_blank", ()):
        rd = readings.get(rid)
        if rd is not None and rd.color is not None:
            wanted.append((rid, None))
    return wanted


def _must_mend(readings: dict[str, Reading], check: dict) -> list[tuple[str, int | None]]:
    """Readings a failed check says no legal sheet has, sure or not: blanks to colour, with
    the colour the rules give them, else their likeliest; ticks to blank (a shadow taken for
    a tick far after a tally's run). Only if the scanner is sure of the check's other
    regions (a capture's circle), which say so."""
    must = check.get("must_be_coloured", ())
    named = {rid for rid, _ in must} | set(check.get("must_be_blank", ()))
    evidence = [readings.get(rid) for rid in check.get("regions", ()) if rid not in named]
    if any(rd is None or rd.confidence < REVIEW_BELOW for rd in evidence):
        return []
    out: list[tuple[str, int | None]] = []
    for rid, colour in must:
        rd = readings.get(rid)
        if rd is not None and rd.color is None and (colour or rd.runner_up):
            out.append((rid, colour or rd.runner_up))
    for rid in check.get("must_be_blank", ()):
        rd = readings.get(rid)
        if rd is not None and rd.color is not None:
            out.append((rid, None))
    return out


def _may_mend(rd: Reading | None, colour: int | None) -> bool:
    """A reading doubted already whose second choice (or blank) is ``colour``."""
    return (
        rd is not None
        and rd.color != colour
        and (colour is None or rd.runner_up == colour)
        and rd.confidence < REVIEW_BELOW
    )


def _doubt(readings: dict[str, Reading], checks: list[dict], wording: Wording) -> None:
    """Regions a failed check names (two same-coloured neighbours, say, or a box read ticked
    after a gap in a player's tally, or an Arp piece unlike both its neighbours) are
    doubtful: a misread is the likelier cause on a sheet played by the rules, so they go to
    review."""
    for check in checks:
        if check.get("ok", True):
            continue
        for rid in check.get("regions", ()):
            rd = readings.get(rid)
            if rd is not None and rd.reason is None:
                readings[rid] = replace(
                    rd,
                    confidence=min(rd.confidence, 0.5),
                    reason=f"{wording.doubted}: {check['message']}",
                )


def _clean(text: str) -> str:
    try:
        return normalise_code(text)
    except ScanError:
        return text.strip().upper()


def scan_file(path: Path, sheet: str | None = None, players: int | None = None) -> ScanResult:
    """:func:`scan_image` on a photo file."""
    t0 = time.perf_counter()
    photo = load_photo(path)
    decode = time.perf_counter() - t0
    result = scan_image(photo, sheet, players)
    result.timings = {"decode": decode, **result.timings}
    return result
