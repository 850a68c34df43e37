"""One photo through the whole scanner: registration, identification, refinement, colour,
tallies, scores. :func:`scan_image` returns a :class:`ScanResult`; the report, the overlay and
the command read from it.
"""

from __future__ import annotations

import contextlib
import functools
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from artsheets.generator.layout import Layout, Page
from artsheets.scanner import warmup
from artsheets.scanner.calibration import calibrate
from artsheets.scanner.captordoubt import doubt_foreign_captors
from artsheets.scanner.colours import (
    Palette,
    Reading,
    RegionStats,
    classify,
    doubt_dark_paper,
    learn_palette,
    measure,
    without_bleed,
)
from artsheets.scanner.config import DEFAULT, ScannerConfig
from artsheets.scanner.copydoubt import doubt_copy_fills
from artsheets.scanner.drawing import check_drawing
from artsheets.scanner.errors import ScanError
from artsheets.scanner.evidence import Evidence
from artsheets.scanner.finished import sheet_problems, withhold_result
from artsheets.scanner.identify import (
    PAGE_GUESS,
    normalise_code,
    read_sheet_code,
)
from artsheets.scanner.light import Light, doubt_washed_out, light_field, paper_dips
from artsheets.scanner.lightdoubt import doubt_across_edge
from artsheets.scanner.linedoubt import doubt_line_pieces
from artsheets.scanner.lines import pixels_per_sample
from artsheets.scanner.locate import locate_sheet
from artsheets.scanner.markdoubt import doubt_marks_under_fills
from artsheets.scanner.paperpoint import fit_paper_point
from artsheets.scanner.photo import Photo, read_photo
from artsheets.scanner.quality import blur_mm, check_blur, check_exposure
from artsheets.scanner.refine import Refinement, refine, untrusted
from artsheets.scanner.registration import (
    Registration,
    detect_marker_candidates,
    page_inside_photo,
    page_markers,
    register,
    warp_page,
)
from artsheets.scanner.scoring import Scoring
from artsheets.scanner.solve import solve
from artsheets.scanner.template import (
    PX_PER_MM,
    Template,
    keep_rules_cache,
    template_for,
    template_soon,
)

__all__ = ["SYMBOL_GAMES", "ScanResult", "load_photo", "scan_file", "scan_image"]

_FULL = ScannerConfig(reduced_decode=False)  # load_photo: always in full

# Games whose spaces hold a drawn symbol rather than a fill (less of the space is coloured).
SYMBOL_GAMES = frozenset({"synch"})
# The symbol each colour writes in a symbol game's spaces, colour 1 first (GAMES.md: player 1
# draws X, player 2 draws O): a written symbol's shape says whose it is.
SYMBOL_SHAPES = {"synch": ("X", "O")}


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
    config: ScannerConfig = DEFAULT
    # Per region, the measured evidence before solving (each reading's log-likelihood).
    evidence: dict[str, Evidence] = field(default_factory=dict)
    # Regions the rules wanted otherwise that the pixels state surely: read as drawn.
    as_drawn: list[str] = field(default_factory=list)
    # Every change the rules proposed: region -> (reading, its cost in log-odds of the pixels).
    proposed: dict[str, tuple[int | None, float]] = field(default_factory=dict)
    # The solver's search: readings of the whole sheet it scored, and whether it ran to its
    # end within its budget (the reading is then the likeliest the rules' hints reach).
    solve_evaluations: int = 0
    solve_exact: bool = True
    problems: list[str] = field(default_factory=list)  # why no result is given (finished.py)
    # The photo was decoded at 1/photo_scale of its file's size (``photo.py``); the
    # registration's pixels are the decoded image's.
    photo_scale: int = 1

    @property
    def colours(self) -> dict[str, int | None]:
        return {rid: r.color for rid, r in self.readings.items()}

    @property
    def needs_review(self) -> list[str]:
        return [rid for rid, r in self.readings.items() if r.reason is not None]

    def probability(self, rid: str) -> float:
        """The calibrated probability that region ``rid`` is read right."""
        return _calibrated(self.readings[rid].confidence, self.config.calibration)


@functools.lru_cache(maxsize=4096)
def _calibrated(raw: float, table: tuple[tuple[float, float], ...]) -> float:
    """:func:`~.calibration.calibrate`, kept: the report and the overlay ask it of every
    region (some 450 a photo on the bench's four, 10 us each; confidences come rounded to
    three decimals, so few are distinct)."""
    return calibrate(raw, table)


def load_photo(path: Path) -> np.ndarray:
    """Decode a photo file in full (any format OpenCV reads), or say clearly why it cannot
    be (:func:`~.photo.read_photo` with the reduced decode off)."""
    return read_photo(path, _FULL).image


def colours_in_play(layout: Layout, players: int | None) -> list[int]:
    """Colour indexes in play: every key on the sheet, or as many as ``players`` need."""
    keys = sorted(r.color_index for r in layout.regions if r.kind == "key" and r.color_index)
    if players is None:
        return keys
    from artsheets.generator.registry import get_game  # only here: it imports every game

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
    photo: np.ndarray | Photo,
    sheet: str | None = None,
    players: int | None = None,
    config: ScannerConfig = DEFAULT,
    on_rectified: Callable[[np.ndarray], object] | None = None,
) -> ScanResult:
    """Read one photo (BGR, or a :class:`~.photo.Photo` perhaps decoded at a reduced
    scale). ``sheet`` is the sheet code when the QR code cannot be read; ``config`` holds the
    settings of the evidence, solving and review steps; ``on_rectified`` is given the
    rectified sheet (the result's ``image``) as soon as it is final, before its colours are
    read (the overlay's picture is made meanwhile).

    A photo decoded reduced is registered and identified as it is; when its sparsest marker
    has fewer than ``config.reduced_decode_min_px_per_mm`` pixels per mm, or registration,
    the blur check or the QR code fail on it, the whole photo is decoded and those steps run
    again on it (any error is then the full photo's). Every stage of the geometry (warps,
    blur, QR code, the place of the page in the photo) and the photo's stated px/mm are of
    the image scanned; the colour code's chroma blocks, 16 x 16 pixels of the JPEG file,
    are counted at the file's px/mm."""
    t: dict[str, float] = {}
    t0 = time.perf_counter()
    warmup.start()  # OpenCV's one-time tables, built on another core meanwhile
    given = normalise_code(sheet) if sheet else None
    if not isinstance(photo, Photo):
        photo = Photo(photo, 1, np.empty(0, np.uint8), Path())
    seen = None
    if photo.scale > 1:
        with contextlib.suppress(ScanError):  # the full photo's error, if any, is told
            seen = _identify(photo.image, given, config)
        if seen is None or seen.reg.least_px_per_mm < config.reduced_decode_min_px_per_mm:
            photo, seen = photo.full(), None
    if seen is None:
        seen = _identify(photo.image, given, config)
    image, scale = photo.image, photo.scale
    reg, corners, guess, code = seen.reg, seen.reg.corners, seen.guess, seen.code
    blur, notes = seen.blur, seen.notes
    code_source = "given" if given else "qr"
    t["register"] = time.perf_counter() - t0

    # The page is warped at the size its markers say while the sheet's template is read in
    # a thread (the warp is OpenCV's work, the template's mostly Python's); a template of
    # another page size registers and warps the page again.
    soon = template_soon(code, config)
    work = _warp(image, reg, guess)
    tpl = soon.result()
    layout = tpl.layout
    if layout.page != guess:
        reg = register(corners, layout.markers, config)
        work = _warp(image, reg, layout.page)
    t["identify"] = time.perf_counter() - t0 - sum(t.values())

    inside = page_inside_photo(
        reg.page_from_photo, image.shape, (layout.page.width_mm, layout.page.height_mm), PX_PER_MM
    )
    fit_page = len(reg.markers_used) < config.refine_page_markers
    work, inside, refinement = refine(work, tpl, inside, config, fit_page)
    if seen.unvouched:
        check_drawing(work, tpl, inside, code, typed=bool(given))
    if on_rectified is not None:
        on_rectified(work)
    t["rectify"] = time.perf_counter() - t0 - sum(t.values())

    warmup.wait()  # before the first colour conversion
    light = light_field(work, tpl, inside, config)
    check_exposure(light.paper_level, config)
    symbols = layout.game in SYMBOL_GAMES
    copy = reg.px_per_mm < config.grey_min_px_per_mm  # a messaging app's copy
    in_play = colours_in_play(layout, players)
    shapes = SYMBOL_SHAPES.get(layout.game, ())

    def measured(light: Light) -> tuple[RegionStats, Palette]:
        """The regions measured under ``light``, bleed left out, and the keys learned."""
        stats = measure(work, light, tpl, inside, config.bleed_mm, config, symbols, copy)
        stats = without_bleed(stats, tpl, symbols, config)
        return stats, learn_palette(
            stats, tpl, in_play, symbols, config.palette_seed, config, shapes
        )

    stats, palette = measured(light)
    refit = fit_paper_point(light, stats, palette, tpl.masks.regions, symbols, config)
    if refit is not None:  # the clipped channels' paper where the fills point: measured again
        light = refit
        stats, palette = measured(light)
    palette.paper_level = light.paper_level
    if light.clipped_channels:
        _doubt_the_cast(
            palette,
            light.clipped_channels,
            light.cast_from_ink,
            config.clipped_paper_spread if light.cast_from_paper else None,
        )
    grey_veto = reg.px_per_mm >= config.grey_min_px_per_mm
    per_sample = pixels_per_sample(blur, reg.px_per_mm, config)
    thin_scale = max(1.0, config.colour_full_px_per_mm / reg.px_per_mm) ** 0.5
    readings = classify(
        stats,
        palette,
        tpl,
        symbols,
        blur,
        grey_veto,
        per_sample,
        thin_scale,
        config,
        reg.px_per_mm * scale,  # the JPEG's chroma blocks are the file's pixels
        shapes,
    )
    doubt_dark_paper(readings, tpl, paper_dips(light, tpl), config)
    if washed := doubt_washed_out(readings, tpl, light, config):
        notes.append(washed)
    by_id = {r.id: rd for r, rd in zip(tpl.masks.regions, readings, strict=True)}
    t["colour"] = time.perf_counter() - t0 - sum(t.values())

    solved = solve(layout, by_id, players, in_play, config)
    _doubt_untrusted(by_id, untrusted(refinement, tpl.masks, work.shape[1], config), tpl)
    doubt_copy_fills(
        by_id,
        solved.evidence,
        tpl.masks.regions,
        stats.censored,
        palette,
        reg.px_per_mm,
        bool(light.clipped_channels),
        config,
    )
    doubt_line_pieces(by_id, solved.evidence, layout, tpl.masks, config)
    doubt_foreign_captors(by_id, solved.scoring.broken, tpl.masks.regions, config)
    doubt_across_edge(by_id, light, tpl.masks, work.shape, config)
    doubt_marks_under_fills(by_id, layout, config)
    tallies, scoring = solved.tallies, solved.scoring
    problems = sheet_problems(layout, {rid: rd.color for rid, rd in by_id.items()}, palette.unknown)
    withhold_result(scoring, problems)
    keep_rules_cache(code, tpl, config)
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
        config=config,
        evidence=solved.evidence,
        as_drawn=solved.as_drawn,
        proposed=solved.proposed,
        solve_evaluations=solved.evaluations,
        solve_exact=solved.exact,
        problems=problems,
        photo_scale=scale,
    )


@dataclass
class _Seen:
    """What registration and identification found on a photo."""

    reg: Registration
    guess: Page  # the page size its markers fit
    blur: float
    code: str
    notes: list[str]
    # Nothing but the drawing vouches for the code: typed with --sheet, the QR code unread,
    # or read by the sheet code's forms alone (the weakest reader).
    unvouched: bool


def _identify(photo: np.ndarray, given: str | None, config: ScannerConfig) -> _Seen:
    """The photo's sheet: located, its blur checked, its code read (or ``given``)."""
    gray = cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY)
    guess = template_for(given, config).layout.page if given else PAGE_GUESS
    located = locate_sheet(
        gray, detect_marker_candidates(gray, config), guess, given, config=config
    )
    reg = located.registration
    if reg.px_per_mm < config.min_px_per_mm:
        raise ScanError(
            "too_small",
            f"the sheet is too small in the photo ({reg.px_per_mm:.1f} pixels per mm, need "
            f"{config.min_px_per_mm}); move closer so the sheet fills most of the frame",
        )
    guess = located.sheet.page
    guessed = [m for m in page_markers(guess) if m.id in reg.markers_used]
    blur = blur_mm(photo, reg.page_from_photo, guessed, reg.px_per_mm, PX_PER_MM)
    check_blur(blur, config)
    centres = [m.center for m in page_markers(guess)]
    text, by_form = located.sheet.code, False
    if not text:
        text, by_form = read_sheet_code(
            photo, reg.page_from_photo, centres[3], centres[1], reg.px_per_mm, config=config
        )
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
    unvouched = not text if given else by_form
    return _Seen(reg, guess, blur, code, list(located.notes), unvouched)


def _warp(photo: np.ndarray, reg: Registration, page: Page) -> np.ndarray:
    """The photo's ``page`` rectified at the working resolution."""
    size = (page.width_mm, page.height_mm)
    return warp_page(photo, reg.page_from_photo, PX_PER_MM, size, photo_px_per_mm=reg.px_per_mm)


def _doubt_untrusted(readings: dict[str, Reading], moved: dict[int, float], tpl: Template) -> None:
    """Regions whose place on the photo is uncertain (:func:`~.refine.untrusted`: moved far
    to fit printed lines none of which matched near them) go to review, after solving so
    that no rule confirms a reading that may be its neighbour's; those already in review
    keep their own reason."""
    for i, shift in moved.items():
        rid = tpl.masks.regions[i].id
        rd = readings.get(rid)
        if rd is not None and rd.reason is None:
            readings[rid] = rd.doubted(
                0.5,
                f"its place in the photo is uncertain (moved {shift:.0f} mm to fit printed "
                "lines, none matched near it)",
            )


CAST_UNKNOWN_SPREAD = 2.0  # colour scatter when the light's colour cast is hidden by clipping
_CHANNEL_NAMES = {"B": "blue", "G": "green", "R": "red"}


def _doubt_the_cast(
    palette: Palette, clipped: tuple[str, ...], from_ink: bool, from_paper: float | None = None
) -> None:
    """White paper clipped at the camera's white in some channel hides the light's colour
    cast there, and every pencil shifts with it (pale ones most): look-alike colours (red and
    pink, orange and red) can no longer be told apart surely. When the cast was measured on
    unclipped paper (less brightly lit) or on the printed ink instead, say so (on the tuning
    split's 120 photos, within 2.4 % and 4.7 % of the truth); when it could not be measured
    at all, say so, and widen the colours' scatter (fills' too) so that such decisions go
    to review.
    ``from_paper``: the cast was measured on unclipped paper, and the scatter is widened
    this much (``ScannerConfig.clipped_paper_spread``; not a fill's, compared with key
    swatches under the same light); None: it was not."""
    names = " and ".join(_CHANNEL_NAMES[c] for c in clipped)
    if from_paper is not None:
        palette.spread = max(palette.spread, from_paper)
        palette.notes.append(
            f"the paper is overexposed (clipped white in {names}): the light's colour was "
            "measured on the paper less brightly lit; a photo a little darker would be surer"
        )
        return
    if from_ink:
        palette.notes.append(
            f"the paper is overexposed (clipped white in {names}): the light's colour was "
            "measured on the printed ink instead; a photo a little darker would be surer"
        )
        return
    palette.spread = max(palette.spread, CAST_UNKNOWN_SPREAD)
    palette.fill_spread = max(palette.fill_spread, CAST_UNKNOWN_SPREAD)
    palette.notes.append(
        f"the paper is overexposed (clipped white in {names}): the light's colour cannot be "
        "measured, so close colours are doubted; retake the photo a little darker"
    )


def _clean(text: str) -> str:
    try:
        return normalise_code(text)
    except ScanError:
        return text.strip().upper()


def scan_file(
    path: Path,
    sheet: str | None = None,
    players: int | None = None,
    config: ScannerConfig = DEFAULT,
) -> ScanResult:
    """:func:`scan_image` on a photo file."""
    t0 = time.perf_counter()
    warmup.start()  # beside the decode too
    photo = read_photo(path, config)
    decode = time.perf_counter() - t0
    result = scan_image(photo, sheet, players, config)
    result.timings = {"decode": decode, **result.timings}
    return result
