"""One place for the scanner's settings: :class:`ScannerConfig`.

Every threshold of the evidence, solving, margin and review steps is a field here, with the
measurement that set it; a scan is a function of the photo and its config (nothing is read
from global state). ``scan_image(photo, config=ScannerConfig(review_below=0.9))`` reads a
photo with other settings; tests and the benchmark pass their own.

Of the measurement step, the felt-tip bleed (``bleed_mm``, ``core_pixels``), the grey-marks
test (``grey_min_px_per_mm``), a small photo's colour samples (``colour_full_px_per_mm``) and
the smallest sheet read (``min_px_per_mm``) are here, and every setting of the traced-line
fit (``line_*``, ``run_*``) and the region masks (``region_*``); the other per-pixel
constants of the older stages (``colours.py``, ``light.py``, ``tallies.py``,
``mending.py``) have not all moved yet: docs/scanner.md lists where the move stands.
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
    # --- lines.py and regions.py: reading a traced line, and which pixels each region has ---
    # (Measured on the older benchmark's Arp photos unless said otherwise; the figures are
    # pieces the line fit misread, of all it read.)
    # A trace's pressure relative to its key swatch: the fit tries 16 steps from 0 to this.
    line_trace_max: float = 1.5
    # A fill's pressure beside the line, relative to its space's measured colour: at most this
    # (the pencil thins towards the line it stops short of): misread 204 with up to 1.5, 188
    # with 1.2, 159 with 1.0, 166 with 0.9, 196 with 0.8 of 17,568 (held-out eighth set: 25,
    # 26, 22, 24, 26 of 2,196).
    line_fill_max: float = 1.0
    # Within this (mm) of the line, the printed grey darkens the pencil: only colour counts.
    line_core_mm: float = 0.3
    # The most neutral density a printed line's blur may add beside it.
    line_halo: float = 0.12
    # The most of a neighbouring fill, relative to its space's measured colour, that blur
    # carries onto the printed core (a blue trace between pink fills otherwise reads purple):
    # 0.2, 0.3, 0.4 misread 222, 218, 224 of 17,568 with fills modelled by their keys, none
    # 256; with the spaces' own colours 173, 159, 168. On the tuning split's 36 Arp photos of
    # six conditions (seeds 0-5), 0.3, 0.6, 1.0 misread 518, 505, 576 of 6,570, felt tip 335,
    # 329, 354 of 1,097: felt tip's dye over the core is not what misleads the fit there.
    line_core_fill: float = 0.3
    # A pixel's squared density misfit counts at most this (a stray stroke, a speck). On the
    # same 36 photos 0.008, 0.03, 0.1, 0.5 misread 518, 488, 498, 513 pieces, and the pieces
    # misread yet stated surely (0.8 or more) were 15, 17, 19, 22.
    line_misfit_cap: float = 0.008
    # ... but no lower than this quantile of the pixels' best misfits on the sheet: in felt
    # tip most pixels lie beyond the fixed cap (dye and printed black near the camera's
    # black) and every colour's misfit came out alike. On the 36 photos (line_blur_power
    # 0.5), quantiles 0, 0.5, 0.7, 0.8, 0.85, 0.9, 0.95 misread 335, 315, 274, 262, 254,
    # 259, 256 of felt tip's 1,097 pieces and left 10, 10, 5, 5, 7, 7, 7 misread yet sure;
    # messaging 139 and 1 up to 0.8; the other conditions' quantile stays under the cap.
    line_misfit_quantile: float = 0.8
    # Pixels with a channel darker than this (reflectance) are near the camera's black and
    # say little of a colour; a line with fewer than ``line_min_usable`` others states none.
    line_dark_below: float = 0.035
    line_min_usable: int = 10
    # A sheet with at least this share of its lines' pixels that dark has its lines dyed
    # over (felt tip: on the 36 photos, 0.81-0.87 of them in felt tip, none in the others):
    # there a fill's dye bleeds over the line beside it, and a line read in that fill's
    # colour may be bare (a planted blank piece between fills read coloured surely).
    line_dyed_share: float = 0.2
    # The density misfit expected of a pixel that fits (noise, JPEG, grain).
    line_scatter: float = 0.05
    # Working pixels per independent sample of a line's colour in a sharp photo with the page
    # at 7.5 photo pixels per mm or more (blur and JPEG chroma; calibrated).
    line_pixels_per_sample: float = 15.0
    # How a photo's blur (measured edge spread, over ``line_sharp_mm``) thins a line's
    # samples: the blurred area to this power. A line's band is about 1.2 mm across, so blur
    # correlates its pixels mostly along the line (power 0.5) rather than over an area (1, as
    # calibrated before). On the tuning split's 36 Arp photos of seeds 0-5 (pencil, felt tip,
    # close colours, messaging, steep, table and thumb), pieces the line fit read coloured yet
    # under 0.8 sure were 3,062 of 6,570 with 1, 2,524 with 0.5, 2,152 with 0 (misread but
    # sure: 15, 16, 18); whole scans: median review 21.8 % -> 13.4 % (0.5) -> 8.3 % (0), wrong
    # regions not flagged 0, 0, 1 (a piece left blank beside a fill read coloured, in steep).
    # On the 120 photos of the shared tuning split: 0 unflagged with 0.5, Arp's median review
    # 21.7 -> 14.3 %, Miro's 2.8 -> 2.1 %. The page's own pixels per mm
    # (``colour_full_px_per_mm``) keep thinning the samples in full.
    line_blur_power: float = 0.5
    line_sharp_mm: float = 0.1
    # The darkest reflectance a line's pixel is taken at (deeper is noise or a black pen).
    line_min_reflectance: float = 0.03
    # What a change of colour between two pieces of one printed line costs, in the fit's log
    # odds (on the benchmark a piece read at 0.5-0.6 was right nine times in ten), and the
    # pieces read alike in a row that the decoding keeps as read (runs that long are common
    # moves; the decoding overturned such stretches only wrongly, four pieces on five sets).
    run_change: float = 0.3
    run_kept: int = 4
    # A polygon is measured this far (mm) inside its outline, and this far from anything
    # printed inside it (Vasarely's dots, score boxes' letters); a region keeps a thinner
    # erosion while it would have fewer pixels than ``region_min_pixels``.
    region_erode_mm: float = 0.8
    region_print_clear_mm: float = 0.5
    region_min_pixels: int = 20
    # A traced line is measured this far (mm) either side of it; blur and JPEG halos of
    # printed lines reach about ``near_print_mm``.
    segment_measure_mm: float = 0.6
    near_print_mm: float = 0.6
    # The seed of the k-means that learns a blank colour key (a local generator: the same
    # photo reads the same in any process, after any other photo).
    palette_seed: int = 1
    # Raw confidence -> probability right (knots, increasing), see CALIBRATION.
    calibration: tuple[tuple[float, float], ...] = CALIBRATION


DEFAULT = ScannerConfig()
