"""One place for the scanner's settings: :class:`ScannerConfig`.

Every threshold of the evidence, solving, margin and review steps is a field here, with the
measurement that set it; a scan is a function of the photo and its config (nothing is read
from global state). ``scan_image(photo, config=ScannerConfig(review_below=0.9))`` reads a
photo with other settings; tests and the benchmark pass their own.

Of the measurement step, the felt-tip bleed (``bleed_mm``, ``core_pixels``), the grey-marks
test (``grey_min_px_per_mm``), a small photo's colour samples (``colour_full_px_per_mm``) and
the smallest sheet read (``min_px_per_mm``) are here; the
other per-pixel constants of the older stages (``colours.py``, ``light.py``, ``lines.py``,
``tallies.py``, ``mending.py``) have not all moved yet: docs/scanner.md lists where the move
stands.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DEFAULT", "ScannerConfig"]

# Raw confidence -> observed share right: `benchmarks/bench_scanner.py --fit-calibration` on the
# old benchmark's tuning seeds (0-3 of every game, 36 photos, 12394 regions the photos show);
# knots of the isotonic fit (one pseudo-region per 0.01 of raw confidence, right as often as
# it states), interpolated linearly between. Refitted on the named conditions' tuning split,
# the table did not carry over: fitted on its seeds 0-5 and tried on 6-11 and back (120
# photos), the count-weighted calibration error was 0.0028 and 0.0059 (prior 1; 0.0024 and
# 0.0078 with prior 5), this table's 0.0043 and 0.0032 (wrong readings cluster in a few
# photos, which the raw confidence does not see). So this table stays (benchmarks/RESULTS.md).
CALIBRATION = (
    (0.0, 0.92),
    (0.4, 0.92),
    (0.5, 0.92),
    (0.6, 0.9582),
    (0.7, 0.9653),
    (0.75, 0.9735),
    (0.8, 0.9892),
    (0.85, 0.9928),
    (0.9, 0.9983),
    (0.95, 0.9997),
    (0.99, 0.9999),
    (1.0, 0.9999),
)


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
    # The seed of the k-means that learns a blank colour key (a local generator: the same
    # photo reads the same in any process, after any other photo).
    palette_seed: int = 1
    # Raw confidence -> probability right (knots, increasing), see CALIBRATION.
    calibration: tuple[tuple[float, float], ...] = CALIBRATION


DEFAULT = ScannerConfig()
