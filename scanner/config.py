"""One place for the scanner's settings: :class:`ScannerConfig`.

Every threshold of the evidence, solving, margin and review steps is a field here, with the
measurement that set it; a scan is a function of the photo and its config (nothing is read
from global state). ``scan_image(photo, config=ScannerConfig(review_below=0.9))`` reads a
photo with other settings; tests and the benchmark pass their own.

Of the measurement step, the felt-tip bleed (``bleed_mm``, ``core_pixels``), the grey-marks
test (``grey_min_px_per_mm``), a small photo's colour samples (``colour_full_px_per_mm``),
the smallest sheet read (``min_px_per_mm``), the mark styles' coverage thresholds and the
fill's core and colour settings (``fill``, ``stroke``, ``tick``, ``fill_core_*``,
``fill_sigma``) and the tallies' margin (``tally_sure_margin``) are here; the other per-pixel
constants of the older stages (``colours.py``, ``light.py``, ``lines.py``, ``mending.py``)
have not all moved yet: docs/scanner.md lists where the move stands.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DEFAULT", "ScannerConfig"]

# Raw confidence -> observed share right: the isotonic fit (pool adjacent violators, one
# pseudo-region per 0.01 of raw confidence right as often as it states) of the tuning split's
# regions (120 photos, 12 of every condition, 41,918 regions the photos show; their counts
# per raw confidence: tests/data/scanner_calibration_tune.json), read at these knots and
# interpolated linearly between. Raw values under 0.5 are fitted as 0.5 (they do not order
# readings), and a photo counts at most 10 regions at each 0.01 of raw confidence: misreads
# cluster in photos, and fitted on the split's even seeds and on its odd ones, a raw 0.5
# was right 0.705 and 0.924 of the time counting every region, 0.848 and 0.941 so
# (``bench_scanner.CALIBRATION_FLOOR``, ``CALIBRATION_PHOTO_CAP``). The table it replaces
# stated 0.92 at a raw 0.5, where 78 % of the tuning regions were right (its 0.90-0.95 bin:
# 0.927 stated, 82 % observed); on the tuning split's regions this one states 0.868 at a raw
# 0.5, where one overexposed photo's fifty misreads make 78 % right (benchmarks/RESULTS.md).
# Refit: ``bench_scanner.py --split tune --fit-calibration``; tests/scanner/test_calibration.py.
CALIBRATION = (
    (0.0, 0.8678),
    (0.5, 0.8678),
    (0.55, 0.919),
    (0.6, 0.9543),
    (0.65, 0.9603),
    (0.7, 0.985),
    (0.75, 0.985),
    (0.8, 0.9967),
    (0.85, 0.9982),
    (0.9, 0.9995),
    (0.95, 0.9999),
    (0.99, 0.9999),
    (1.0, 0.9999),
)


@dataclass(frozen=True)
class Style:
    """How a region is marked, so what coverage (its share of pencil pixels) means: below
    ``off`` uncoloured, above ``on`` coloured, and only from ``sure`` on surely so (between,
    the region is doubted); a region read uncoloured (under the middle of ``off`` and
    ``on``) is surely so only from ``blank`` down."""

    off: float
    on: float
    sure: float
    blank: float


@dataclass(frozen=True)
class ScannerConfig:
    """Every setting of the evidence -> solve -> margin -> review steps."""

    # A region goes to review when its reading's raw confidence after solving (a monotone
    # stand-in for its margin over the next reading) is under this. The measurement's own
    # doubts use 0.8 (``colours.REVIEW_BELOW``): a higher value sends more to review.
    review_below: float = 0.8
    # Log-odds of the pixels for a reading over the one a rule would want, from which the
    # reading is taken as drawn whatever the rules say: a player's real mistake is read as
    # drawn and reported as a broken rule. A prior (a rule-break about 5 % as likely as a
    # legal reading). On the tuning split (60 photos, 85 changes the rules proposed), the
    # regions read right: 50 with 2, 51 with 3, 50 with 4 (the changes costing 2-4 were
    # right 2 of 4 times, the readings as drawn 3 of 4), and a planted rule-break whose
    # line the pixels favour by 3.4 is read as drawn from 3 (benchmarks/RESULTS.md).
    sure_logodds: float = 3.0
    # The largest margin evidence can state (log-odds): a raw confidence of 1 is not proof.
    max_logodds: float = 9.0
    # Colours neither the best reading nor its runner-up sit this much further below the best
    # than the runner-up (log-odds): the measurement ranked them lower without saying how much.
    beyond_second_logodds: float = 1.0
    # A fill is also measured on its core, this far (mm) or further from its outline: felt
    # tip bleeds 0.5-1.5 mm over an outline into the neighbours' rims. On the tuning photos'
    # blank spaces and marks among felt-tip fills, the share covered at 1.4 mm was under
    # 0.127 in 99 % (at 1.8 mm, 0.056, under a fill's ``off`` of 0.06), while every coloured
    # one's core (scribbles along one edge too) stayed 0.094 or more; at 2.2 mm a scribble's
    # core could be bare (benchmarks/RESULTS.md).
    bleed_mm: float = 1.8
    # Core pixels (at 5 px/mm) enough to judge a fill's core by: as many as a region needs
    # to be read with no doubt for its size (``colours``: confidence full from 40 pixels).
    core_pixels: int = 40
    # A sheet seen at fewer photo pixels per mm of paper than this is refused (move closer):
    # its QR code cannot be read. The tuning split's 24 messaging photos shrunk further
    # (JPEG quality 50): QR read in 0 of 24 at 1.4 px/mm, 2 at 1.6, 11 at 1.8, 17 at 2.0,
    # 20 at 2.2; the split's messaging photos (1200-1600 px) showed the sheet at 2.3-4.5.
    min_px_per_mm: float = 1.6
    # Grey marks where the key is colourful are taken for a shadow's edge or a smudge only
    # in a photo with this many pixels per mm of paper or more. A phone's JPEG keeps colour
    # at half resolution, and a messaging app's low quality rounds it further: on the tuning
    # photos, the colour of ticks and strokes truly marked was under the grey test's share
    # of their key's (0.35) in 48 % of them at 2.3 px/mm, 7 % at 3.3, 2 % at 4.5, and in
    # 1 % of 9447 from 5 px/mm on (benchmarks/RESULTS.md).
    grey_min_px_per_mm: float = 5.0
    # A traced line's colour evidence counts one independent sample per so many working
    # pixels (``lines.PIXELS_PER_SAMPLE``, calibrated on photos of the page at about 7.5 photo
    # pixels per mm); a photo with fewer pixels per mm of paper than this has fewer samples,
    # in proportion to its pixels' area, and the colour of a stroke or tick scatters wider by
    # the square root of the ratio (the scatter is part pencil, part sampling). On the tuning
    # split's 120 photos (12 of every condition), wrong regions not flagged 7 -> 2 (lines) ->
    # 0 (strokes), messaging's median review unchanged (1.3 %); widening strokes' scatter by
    # the whole ratio flagged 85 of a Synch sheet's 106 regions, by its root 33.
    colour_full_px_per_mm: float = 7.5
    # A traced line's misfit beyond the expected noise beside a filled space (the best
    # colour explains its pixels poorly: felt-tip dye over the printed core, which the fit
    # allows only a little of) is the model's error, alike along the line: its pixels count
    # as fewer samples, by 1 + this times the misfit beyond the noise, in units of the
    # noise's variance (``lines.fit_lines``; the confidence only, not the colours' ranking).
    # On the tuning split's 48 Arp photos in felt tip and messaging (seeds 0-23), unflagged
    # wrong line pieces 19 with 0, 4 with 2, 3 with 3 (felt tip 16 -> 1 -> 0; messaging's
    # 3, whose misfit is within the noise, stay), regions right 93.8 % unchanged, those
    # photos' median review 37.9 -> 38.3 %; the 60 photos of seeds 0-5 of every condition:
    # median review 1.03 % unchanged (benchmarks/RESULTS.md).
    line_misfit_weight: float = 3.0
    # --- the solver (solve.py, mending.py) ---
    # How much likelier a misread is than a true unusual finding (Arp's one-piece stretch),
    # before the region's pixels are seen (log-odds, a prior on legal but seldom played
    # patterns): on the old benchmark's photos off sheets doubted wholesale, 80 island
    # changes it made went right and 6 wrong.
    unusual_logodds: float = 2.5
    # Share of a sheet's lines doubted beyond which the unusual prior is not weighed (the
    # neighbours are no surer than the line): on the old benchmark's photos such sheets'
    # one-piece stretches were as often true as misread (13 changes wrong, 7 right).
    wholesale_doubt: float = 0.8
    # Readings of the whole sheet the solver scores at most (each a rescoring through the
    # rule engine, 1-6 ms); beyond it the best found is taken. On the tuning split (120
    # photos, solver alone on the same measured readings): 100 and 400 alike (sheets not
    # exact 19), the median photo scores 1 reading, 10 photos reach the budget.
    solve_evaluations: int = 100
    # ... of which the branch and bound after the descent scores at most this many: sheets
    # not exact 22 with 0, 20 with 10, 19 with 30 and with 100.
    solve_bound_evaluations: int = 30
    # Rescorings spent, after solving, on doubted regions of a sheet that breaks no rule,
    # each close alternative scored: where every one breaks a rule the region leaves review
    # (its margin after solving is no longer small). Tuning split (120 photos), median review
    # 0.88 % with 0, 0.59 % with 10, 0.45 % with 20, 0.26 % with 40, 0.23 % with 80, wrong
    # regions unflagged 0 throughout; also on sheets still breaking a rule: 7 unflagged.
    confirm_evaluations: int = 40
    # Close readings of the drawing offered, cheapest first, when a tally disagrees with it
    # (a check naming no region), each at the prior log(close readings on the sheet): on the
    # tuning split 5 and 80 alike (19 not exact); without the prior, 80 made 21 not exact and
    # 0 left a capture circle the tallies settle misread.
    tally_close_tries: int = 5
    # Arp's order of play (mending.mend_by_order), in positions searched (about 56,000 a
    # second): 1.0 s at most on the old benchmark's photos; smaller budgets missed changes
    # found with these (some need 5,000 positions a try).
    order_proof: int = 50_000  # to prove the lines as read illegal
    order_try_likely: int = 20_000  # a piece round a seam nothing could start, or a blank
    order_try: int = 8_000  # any other doubted piece
    order_budget: int = 100_000  # all the tries of a sheet
    order_fits_kept: int = 4  # fits found before the tries stop
    # Of several fits, one the pieces' pixels favour by this much (log-odds) is taken.
    order_prefer_logodds: float = 2.0
    # A doubted piece is tried in colours its pixels make this near its reading's: in a dim
    # photo a line's pixels may favour no colour much (four within 0.7, the true one third).
    order_close_logodds: float = 1.0
    # Changed pieces whose sets are taken back together (26 sets of two or more at 5).
    order_undo_up_to: int = 5
    # --- colours.py, tallies.py (fills, ticks, symbols) ---
    # Measured on the tuning split (120 photos, 12 of every condition; Arp and one
    # overexposed photo whose paper light failed aside, 107 photos): coverage, the share of
    # a region's pixels carrying pencil, per mark style (benchmarks/RESULTS.md).
    # A fill (spaces, marks, keys, Klee's cells): blank fills covered 0.083 or less in 99.9 %
    # of 4,678 (felt-tip bleed up to 0.32 before the core is judged, below); coloured ones
    # 0.315 or more in 99.5 % of 9,666 (hurried scribbles from 0.21), 0.86 or more in 99 %
    # where filled with pencil or felt tip (wax crayon 0.63). Those with no core to judge by
    # (Miro's marks, Springer's triangles: 1,549 coloured) covered 0.48 or more in 99 %.
    # Read blank, a fill or stroke is surely so from a third of its ``off`` down.
    fill: Style = Style(0.06, 0.22, 0.75, 0.02)
    # A traced line, a drawn symbol, a number written: blank 0.001 at most (161); coloured
    # 0.042 or more in 99 % of 4,807 (the faintest read by their line's tint, ``lines.py``).
    stroke: Style = Style(0.025, 0.08, 0.12, 0.0083)
    # A tick in a point, penalty or track box: blank boxes covered 0.118 or less in 99.9 % of
    # 11,012 (0.25 at most, messaging), ticked ones 0.333 or more in 99.5 % of 5,165. Boxes
    # read blank with a faint mark covering 0.074-0.12 (a blank surely from a third of
    # ``off``, as for the other styles, 0.04) were blank in all 31; at 0.12-0.19, 11 of 17:
    # a box is surely blank from 0.088, where its doubt reaches review at ``off``.
    tick: Style = Style(0.12, 0.3, 0.45, 0.088)
    # A fill whose core (its pixels ``bleed_mm`` or more from the outline, ``core_pixels``
    # of them at least) is covered this much is surely marked, however little of the rest
    # is (from the fill's ``off``, the doubt falls to none here): a hurried scribble covers
    # a third of a space, reaching in; felt tip bleeds over the rim only. Coloured fills
    # covering 0.2-0.75 (851 with a core) had cores covered 0.125 or more (0.2 in 99.5 %);
    # blank fills read coloured, 0.091 at most. Scribble's median review 3.5 -> 0.6 %.
    fill_core_sure: float = 0.15
    # A fill whose core is covered less than this (and less than the whole) is measured on
    # its core alone: its rim may hold a neighbour's felt-tip bleed. Blank fills' cores
    # covered 0.091 at most (4,597), coloured fills' 0.125 or more (8,116, two faint fills
    # the light took for paper aside). Felt tip exact 66.7 -> 83.3 %.
    fill_core_bare: float = 0.1
    # A fill's colour scatter about its key's pressure curve when telling two keys apart
    # (CIELAB units, times the palette's spread and, in a photo of fewer than
    # ``colour_full_px_per_mm``, the root of the ratio; its reach from a key, the "matches
    # no key" test, stays 1.5). Of fills read "colour between keys" at 0.675-0.8 in photos
    # of 5 px/mm or more, 145 of 147 were right with 1.5; table_thumb's median review
    # 2.1 -> 0.9 % with 1.1.
    fill_sigma: float = 1.1
    # Log-odds that a player's score or track box carries his own colour, added to that
    # colour's likelihood: on the tuning split 5,813 of 5,813 ticked boxes did. Kept at 2
    # (88 %), not more, so that a box a player truly marked in another colour (a slip the
    # tallies' check reports) is read as drawn where its pixels say so clearly.
    owner_prior: float = 2.0
    # A tally box whose reading every clean run of ticks (1..N) within this many more
    # misreads disputes is misread beyond doubt, and mended however sure its reading (a
    # tick fifteen boxes after the run); docs/scanner.md gives the benchmark's figures.
    tally_sure_margin: int = 2
    # The seed of the k-means that learns a blank colour key (a local generator: the same
    # photo reads the same in any process, after any other photo).
    palette_seed: int = 1
    # Raw confidence -> probability right (knots, increasing), see CALIBRATION.
    calibration: tuple[tuple[float, float], ...] = CALIBRATION


DEFAULT = ScannerConfig()
