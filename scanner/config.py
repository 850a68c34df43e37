"""One place for the scanner's settings: :class:`ScannerConfig`.

Every threshold of the evidence, solving, margin and review steps is a field here, with the
measurement that set it; a scan is a function of the photo and its config (nothing is read
from global state). ``scan_image(photo, config=ScannerConfig(review_below=0.9))`` reads a
photo with other settings; tests and the benchmark pass their own.

Of the measurement step, the felt-tip bleed (``bleed_mm``, ``core_pixels``), the grey-marks
test (``grey_min_px_per_mm``), a small photo's colour samples (``colour_full_px_per_mm``),
the smallest sheet read (``min_px_per_mm``), the mark styles' coverage thresholds and the
fill's core and colour settings (``fill``, ``stroke``, ``tick``, ``fill_core_*``,
``fill_sigma``), the tallies' margin (``tally_sure_margin``), the solver's budgets and
priors, every setting of the traced-line fit (``line_*``, ``run_*``) and the region masks
(``region_*``), the per-pixel tests of fills, ticks and written symbols (``ink_delta``...
``symbol_*``), and the settings of registration, of the sheets in the frame, of the
refinement, of the refusals and of the light are here (one block, by module).
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["DEFAULT", "ScannerConfig"]

# Raw confidence -> observed share right: the isotonic fit (pool adjacent violators, one
# pseudo-region per 0.01 of raw confidence right as often as it states) of the tuning
# photos' regions (960 photos, 96 of every condition, about 331,000 regions the photos show;
# their counts per raw confidence: tests/data/scanner_calibration_tune.json), read at these
# knots and interpolated linearly between. Raw values under 0.5 are fitted as 0.5 (they do
# not order readings), and a photo counts at most 10 regions at each 0.01 of raw confidence:
# misreads cluster in photos, and fitted on the split's even seeds and on its odd ones, a
# raw 0.5 was right 0.705 and 0.924 of the time counting every region, 0.848 and 0.941 so
# (``bench_scanner.CALIBRATION_FLOOR``, ``CALIBRATION_PHOTO_CAP``). Refitted on the scanner
# as it is (the solver, the line, mark and clipped-colour models changed the readings), on
# 960 tuning photos (seeds 0-95 of every condition, print and pencil in register): fitted on
# seeds 0-11 alone and read on seeds 12-23, the bin stated 0.92 held 0.81 right (misreads
# cluster in a few photos), so the fit takes every tuning photo there is; the hand-set table
# before the fits stated 0.92 at a raw 0.5, where 78 % of the tuning regions were right
# (benchmarks/RESULTS.md).
# Refit: ``bench_scanner.py --split tune --per-condition 96 --fit-calibration``;
# tests/scanner/test_calibration.py.
CALIBRATION = (
    (0.0, 0.9242),
    (0.5, 0.9242),
    (0.55, 0.9276),
    (0.6, 0.9708),
    (0.65, 0.9749),
    (0.7, 0.9793),
    (0.75, 0.9871),
    (0.8, 0.9914),
    (0.85, 0.9978),
    (0.9, 0.9997),
    (0.95, 0.9997),
    (0.99, 0.9997),
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
    # line the pixels favour by 3.4 is read as drawn from 3 (benchmarks/RESULTS.md). On 240
    # tuning photos (seeds 0-23), the change satisfying a failed check of the sheet as
    # measured cost under 3.7 for 170 checks a misread failed and for 2 a planted break did
    # (both under 0.7), 4.3 or more for the other 48 breaks: 3, 3.5, 4, 4.3 left 212 sheets
    # exact, 46 of 53 breaks reported, 9 / 9 / 10 / 10 wrong regions unflagged.
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
    # pixels (``line_pixels_per_sample``, calibrated on photos of the page at about 7.5 photo
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
    # Arp's lines run along the template's 0.2 mm grid, so their pixels lie at 0, 0.2, 0.28,
    # 0.4, 0.45 mm...: 0.3 takes those within 0.28 mm, as any value from 0.29 to 0.4 does
    # (Miro's curves' pixels lie at any distance). In register (reg48's 48 Arp photos
    # outside messaging copies and seeds 7000-7011's 108, 28,533 traced pieces), the line
    # fit alone misread 378 at 0.3, 434 at 0.22 (the core 0.2 mm), 560 at 0.42 (0.4 mm;
    # felt tip 127 -> 212) (benchmarks/RESULTS.md, "Arp's wrong regions in register by
    # cause").
    line_core_mm: float = 0.3
    # The most neutral density a printed line's blur may add beside it. In register, the
    # line fit alone (each sheet's fit as kept, truly traced pieces misread) on reg48's 48 Arp
    # photos outside messaging copies (8,778 pieces) / seeds 9800-9823's 72 Arp (13,170) at
    # 0.08 146 / 120, 0.12 100 / 97, 0.16 90 / 95, 0.2 91 / 112, 0.24 104 / 133, 0.3 137 / -;
    # 0.16 gains on steep and pencil and loses on crayon (9 -> 13 / 24 -> 28), and on reg96b's
    # 49 Arp (the check) reads 133 -> 134 (at 1 log-odds or more 18 -> 21): kept (benchmarks/
    # RESULTS.md, "Arp's line pieces in register by stage and by the photo's JPEG quality").
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
    # --- registration.py, locate.py, refine.py, quality.py, light.py (speed) ---------------
    # Registration (``registration.py``). Markers are first looked for in a copy of the photo
    # this size (longest side, pixels), in passes cheapest first, each run only while fewer
    # than four markers are found: (smallest perimeter as a share of the copy's longest side;
    # adaptive-threshold windows: smallest, largest, step). Each window is a whole pass over
    # the copy: on 108 benchmark photos the first pass's one window found all four markers in
    # every photo, 48-56 -> 14-15 ms a photo, mean reprojection error 1.49 -> 1.48 px (git
    # b020ae1). The last pass is also the one run at twice the copy's resolution.
    detect_max_side: int = 1600
    detect_passes: tuple[tuple[float, int, int, int], ...] = (
        (0.03, 19, 19, 12),
        (0.02, 7, 31, 12),
        (0.01, 5, 45, 8),
    )
    # Markers whose median side in the copy is under this (pixels) are looked for again at
    # twice its resolution: the ArUco bits are sampled 8 pixels a cell (6 cells a side).
    detect_again_below_px: float = 40.0
    # Beyond this reprojection error (rms, page mm) the paper is too bent for the line
    # refinement to mend ("flatten the paper"); markers one homography fits this closely can
    # be one sheet's (``locate.py``). The refinement's coarse pass takes up 6 mm.
    max_reprojection_mm: float = 2.5
    # A marker this far (rms, mm) from where the best three put it is not the sheet's own (a
    # look-alike in the clutter lands many millimetres off; curl moves a real one 1-10 mm
    # under a steep tilt), tested only when four markers disagree by more than
    # ``agree_mm`` and those three fit each other within ``three_agree_mm`` (git 264660b,
    # 0db4a3d: the sheets-in-the-frame tests; no sweep over a set is on record).
    outlier_mm: float = 10.0
    agree_mm: float = 1.0
    three_agree_mm: float = 0.5
    # Several sheets in the frame (``locate.py``, git 0db4a3d): a QR code this close (rms,
    # page mm) to a sheet's footer or header place is that sheet's; at most this many
    # markers of one id (the largest) are grouped; a page this much inside the frame is
    # whole (one corner cut off leaves about 0.97).
    qr_agree_mm: float = 4.0
    max_markers_per_id: int = 4
    whole_share: float = 0.9
    # Refinement against the printed lines (``refine.py``): passes of (resolution as a share
    # of the working one, tile, step, search window in mm); the coarse pass finds a curled
    # corner several mm off, the fine one follows the lines with a window too small to lock
    # onto the next box of a grid (git b020ae1). A coarse shift over ``recoarse_mm``
    # somewhere runs the coarse pass once more: on the six photo sets of git c9cc8d2, wrong
    # regions 93 -> 85, one more sheet exact on each, none worse, 0 unflagged.
    refine_passes: tuple[tuple[float, float, float, float], ...] = (
        (0.25, 40.0, 24.0, 6.0),
        (0.5, 24.0, 16.0, 2.0),
    )
    recoarse_mm: float = 5.0
    # A region the refinement moved more than ``untrusted_shift_mm`` somewhere with no tile
    # matched around it (``Refinement.support`` at most ``untrusted_support``: the shift was
    # carried over from tiles further off, e.g. beyond the photo's edge where a corner
    # marker is cut off) goes to review: it may be read from its neighbour's pixels. On 264
    # tuning photos (24 of every condition, 48 steep: two sets of seeds), 38 with three
    # markers: the 6 wrong regions left unflagged with such shifts (5.4-9.0 mm, support 0,
    # one Synch sheet) all go, and 25 read right, in 2 photos; nothing else changes (the
    # shared tuning split: none). Region by region (shift and support each the region's
    # worst): at 4.5 mm 40 right ones go, in 7 photos; at 5.5 mm a wrong one stays; with
    # support up to 0.25, 46 in 4 (benchmarks/RESULTS.md).
    untrusted_shift_mm: float = 5.0
    untrusted_support: float = 0.01
    # A QR code none of the readers decodes is fitted through the photo's blur as an ellipse
    # (``identify.py``, ``qrdeblur.py``) of each of these sizes (sigma, photo pixels), the
    # best fit decoded first: a search grid over the blurs the simulator's cameras make
    # (0.5-2.5 px), not a threshold (git c4ec38d: the 6 blurred codes of that run read).
    qr_blur_sigmas: tuple[float, ...] = (0.5, 0.7, 0.95, 1.25, 1.6, 2.0, 2.5)
    # Refusals (``quality.py``): edge spread of the rectified markers (Gaussian sigma, mm)
    # beyond which colours smear across borders ("too blurred"); sure paper darker than this
    # (linear light, about 60/255 in sRGB: "too dark"). With no markers found: a photo whose
    # 99th percentile of grey is under ``dark_photo_level`` is too dark; one whose detail
    # (variance of the Laplacian at 1280 px wide) is under ``smooth_photo_detail`` is
    # blurred, if a bright blob ``paper_share`` of the frame and ``paper_solidity`` convex
    # shows a sheet is there (else "not a sheet", git 0db4a3d). Set when each check landed
    # and held by tests/scanner/test_errors.py; no sweep over a set is on record.
    max_blur_mm: float = 0.45
    min_paper_level: float = 0.045
    dark_photo_level: float = 60.0
    smooth_photo_detail: float = 12.0
    paper_share: float = 0.08
    paper_solidity: float = 0.85
    # The light (``light.py``; each change's figures in git: 23e65b6 made the module and the
    # shadow edge, same 216 photos 542 -> 512 wrong; the others as named). Paper light is a
    # high quantile (``paper_quantile``) of paper-like 1 mm blocks in windows of
    # ``quantile_window`` blocks of each size in ``quantile_blocks`` mm (14 mm: larger
    # windows reach across shadows); a block ``darker`` than this share of the brightest
    # paper near it is not paper; sure paper under ``dark_paper`` of its median lends no
    # cast (an object on it, the black beyond a cut corner: git 01ca164, one photo's 183
    # unflagged -> 0). Where no such window has enough paper (dense grids of small boxes),
    # the quantile is taken over 1 mm blocks every ``fine_stride`` mm in ``fine_window`` mm.
    # With every sure paper block clipped, the cast is measured on the
    # printed ink from ``ink_pixels_enough`` pixels (git 498ef8c: 216 photos 512 -> 311
    # wrong). With no shadow, blocks in the drawing lit under ``repaper_below`` of the sure
    # paper are no paper (git 93b7d94: five sets 617 -> 625 of 648 exact, 69 -> 56 wrong).
    # A clipped pencil pixel's channel counts ``clipped_pencil`` of the way from its clip
    # level to paper (git b28de49: wrong regions down on six sets, e.g. 22 -> 13).
    # Paper-like blocks: saturation under ``paper_saturation`` and grain (relative spread
    # of grey) under (factor x the sure paper's median, at least floor): ``grain_strict``
    # inside regions large enough to be filled solid, ``grain_lenient`` elsewhere (small boxes
    # among dense lines, where JPEG noise is rough). Set when the light model landed (git
    # e963685, 4586865); no sweep over a set is on record. The same test keeps sure paper (the
    # margins) that is coloured against the paper out of the light and its tint (a thumb on
    # the margin): over tune48's 48 table_thumb photos the sure paper's 99th percentile was
    # 0.07 at most per photo, thumbs' skin 0.2-0.86 (benchmarks/RESULTS.md, "Keys").
    paper_saturation: float = 0.12
    grain_strict: tuple[float, float] = (2.0, 0.01)
    grain_lenient: tuple[float, float] = (3.0, 0.05)
    paper_quantile: float = 80.0
    quantile_window: int = 7
    quantile_blocks: tuple[int, ...] = (2,)
    fine_window: int = 9
    fine_stride: int = 2
    darker: float = 0.5
    dark_paper: float = 0.3
    ink_pixels_enough: int = 500
    repaper_below: float = 0.85
    clipped_pencil: float = 0.3
    # Sure paper clipped in a channel bounds the light's colour from below there (as a ratio
    # to an unclipped channel, the median over ``clip_bound_blocks`` or more 1 mm blocks):
    # unclipped paper breaking a bound by more than ``clip_bound_slack`` lends no cast (it is
    # something on the margin: a thumb), and the cast is raised to the bounds. On the tuning
    # split's 120 photos the cast measured on unclipped paper was within 2.4 % of the truth
    # but on one photo (40 % off, a thumb on the margin: its 55 blank spaces read coloured).
    clip_bound_blocks: int = 50
    clip_bound_slack: float = 0.05
    # Colour scatter (times the palette's spread) when paper is clipped and the cast was
    # measured on unclipped paper (``pipeline._doubt_the_cast``; unmeasured: 2, on the ink:
    # 1). The tuning split's 33 photos with most paper clipped, scatter 1 / 1.5 / 2: wrong
    # 49 / 51 / 56, unflagged 1 / 1 / 0 (a traced line), median review 0 / 0.28 / 0.63 %.
    # Not for fills (``Palette.fill_spread``): a fill and its key swatch share the light, and
    # over tune48 fills scattered alike with it (rms 1.28 / 1.48 CIELAB in other / messaging
    # photos) and without (1.31 / 1.55). The 86 such photos of tune48: flagged 1,715 ->
    # 1,460, wrong 85 -> 84, unflagged 0 -> 0, planted breaks 19 -> 20 of 21.
    clipped_paper_spread: float = 2.0
    # A blank region whose paper is clipped white in every channel with this much headroom
    # (a pencil this much darker than paper in each channel would still clip) goes to review
    # (``light.doubt_washed_out``): the faintest of the tuning split's 11,635 coloured fills
    # (spaces, keys, marks, cells) darkened its pencil pixels' darkest channel by 0.209 on
    # average (0.237 at the 0.1 % point). On 24 tuning-seed photos made overexposed (the
    # brightest channel's gain 1.2-1.5, ``benchmarks/overexposed_photos.py``) five coloured
    # regions read blank, all flagged already; at 0.21 no blank region was doubted there,
    # at 0.1 (as at 0.2 with unknown brightness doubted) 1,328 (1,606), median review
    # 1.5 -> 10.4 % (14.1 %).
    washed_out: float = 0.21
    # A hard shadow: paper ``shadow_step`` darker than the estimate round it may be shaded; a
    # band of it ``shadow_min_mm`` long and thin (area under ``shadow_thin`` of its diagonal
    # squared), within ``shadow_straight_mm`` of a line, is a straight edge, whose light is
    # taken ``shadow_reach`` blocks beyond it (git 23e65b6). Seen only in pieces: a Hough
    # line of ``shadow_votes`` dark blocks, the ``shadow_candidates`` strongest tried, pieces
    # over ``shadow_span_mm`` in ``shadow_pieces`` or more (git 4b5981d: six sets 125 -> 99
    # wrong, 10 more sheets exact, none worse). A bent edge is fitted on sections
    # ``bend_section_mm`` long every ``bend_step_mm``, up to ``bend_max_mm`` off the line
    # (git 5da2ed3: the seventh set 20 -> 17 wrong, the six others unchanged).
    shadow_step: float = 0.88
    shadow_min_mm: float = 30.0
    shadow_thin: float = 0.15
    shadow_reach: int = 2
    shadow_straight_mm: float = 2.0
    # A strip not that straight is fitted again (four times) on its blocks within three
    # times ``shadow_straight_mm`` of the line, and taken if they are this share of the
    # strip or more (``light._shadow_line``; 1: never): a dark fill passing for paper in a
    # dim photo can join the strip and bend the line off it, leaving the edge unfitted and
    # the fills beside it lit by themselves. Against 1, over the in-register photos of
    # seeds 0-95, 9000-9015 and 9200-9211 (1,116) and the drifted seeds 0-95 (960), it
    # changed six photos' figures: one sheet's wrong regions 25 -> 0 (85 % of its strip's
    # blocks near the refitted line; the share was set below that, on that sheet), five
    # photos' review smaller (by 9 to 75 regions); no reading worse (1-3 regions more in
    # review on four drifted sheets not separated from other changes). RESULTS "A hard
    # shadow's edge bent by a dark fill".
    shadow_line_share: float = 0.75
    shadow_votes: int = 15
    shadow_candidates: int = 5
    shadow_span_mm: float = 60.0
    shadow_pieces: int = 2
    # The page's outermost blocks (this many mm from its edge) are no candidates for a hard
    # shadow's inner strip: where the paper's edge lies a little inside the fitted page, a
    # dark table shows in them as grey paper-like blocks, and a run of them along the border,
    # bridged onto the strip's end, bent the strip's line off the edge or was taken for the
    # strip itself, and no edge was fitted; a run taken for a strip that no line fitted also
    # kept a faint fill passing for paper from being left out of the estimate (0: every
    # block). Against 0, on reg48 and seeds 12600-12631 (672 photos) two sheets' edges were
    # fitted that were not (a scribble and a table-and-thumb Klee sheet: wrong 2 -> 0 and
    # 4 -> 0), no other photo's figures changed; 2 and 3 fitted the same edges on seeds
    # 12600-12631. Report seeds 12800-12815: no change; reg96b (the check): one close-colours
    # sheet with no shadow, 2 wrong (1 unflagged) -> 0 (RESULTS "A shadow's strip and the
    # page's border").
    shadow_border_mm: int = 2
    bend_section_mm: float = 30.0
    bend_step_mm: float = 15.0
    bend_max_mm: float = 2.5
    # The strip's blocks give the edge's direction; where the strip is short beside the edge
    # (it crosses a field of fills) a direction a few degrees off leaves the edge millimetres
    # off the line where the strip ends, beyond ``bend_max_mm`` and where no section has
    # paper on both sides of the line. Where the line through the bend's shifts (least
    # squares) leaves the edge by ``edge_turn_mm`` or more somewhere on the sheet, the edge
    # is turned onto that line and fitted again, up to ``edge_turns`` times, then each side's
    # light taken again as the turned line divides them (``light._turned``; 0: never). On
    # the in-register photo it was found on (a blank space each side of the edge read as a
    # dull key, the edge 7 mm off at the sheet's far end, the strip's direction 3 degrees
    # off) both read blank with it. Counted over reg48 and seeds 11400-11447 of the fill
    # games, and every reading changed: RESULTS "A hard shadow's edge turned onto its bend".
    edge_turns: int = 2
    edge_turn_mm: float = 2.0
    # --- the solver (solve.py, mending.py) ---
    # How much likelier a misread is than a true rare stretch (Arp's one to three pieces
    # between two pieces of one colour), before the region's pixels are seen (log-odds, a
    # prior on legal but seldom played patterns). In register (reg48 Arp and tuning seeds
    # 8200-8223 Arp, 264 photos outside messaging copies), the changes this prior made at 2.5
    # went right 132 times, lost a right reading 24 times, wrong to wrong 7: under 1.5 of the
    # pixels' cost 131 / 18 / 6, at 1.5 or more 1 / 6 / 1 (true stretches read right,
    # turned). At 1.5 (with ``uncommon_logodds`` 0): wrong regions 191 -> 188 and 181 -> 168,
    # sheets exact 37 -> 38 and 163 alike, breaks alike; report seeds 8400-8411 Arp 80 -> 75
    # wrong, exact alike, one planted break lost (benchmarks/RESULTS.md, "The solver's own
    # changes of readings in register").
    unusual_logodds: float = 1.5
    # The same prior for an uncommon finding (Arp's one or two pieces between pieces of two
    # other colours: about three times as often played as a rare stretch, and no reading is
    # named to mend it), weighed in a reading that makes or ends one. At the rare stretch's
    # prior, a change ending both a rare stretch and an uncommon one beside it weighed twice
    # (true stretches read right by 1.76-2.02 log-odds turned: two seeds, five photos). 0
    # over the same sets, the rare prior at 1.5: wrong regions 190 -> 188 and 181 -> 168,
    # sheets exact 37 -> 38 and 163 alike (0.5 and 1.5: 190 and 180-181).
    uncommon_logodds: float = 0.0
    # Share of a sheet's lines doubted beyond which the unusual prior is not weighed (the
    # neighbours are no surer than the line): on the old benchmark's photos such sheets'
    # one-piece stretches were as often true as misread (13 changes wrong, 7 right).
    wholesale_doubt: float = 0.8
    # Readings of the whole sheet the solver scores at most (each a rescoring through the
    # rule engine, 1-6 ms); beyond it the best found is taken. On the tuning split (120
    # photos, solver alone on the same measured readings): 100 and 400 alike (sheets not
    # exact 19), the median photo scores 1 reading, 10 photos reach the budget. On 240
    # tuning photos (seeds 0-23), 100 / 200 / 400 (30 / 100 / 300 after the descent): 212
    # sheets exact each, 20 / 17 / 14 reach the budget, breaks 46 / 46 / 47 of 53, wrong
    # regions 349 / 343 / 338 (two sheets already far from exact), mean solve 0.23 / 0.47 /
    # 0.62 s at load 12-15: kept at 100.
    solve_evaluations: int = 100
    # ... of which the branch and bound after the descent scores at most this many: sheets
    # not exact 22 with 0, 20 with 10, 19 with 30 and with 100.
    solve_bound_evaluations: int = 30
    # Rescorings spent, after solving, on doubted regions of a sheet that breaks no rule,
    # each close alternative scored: where every one breaks a rule the region leaves review
    # (its margin after solving is no longer small). Tuning split (120 photos), median review
    # 0.88 % with 0, 0.59 % with 10, 0.45 % with 20, 0.26 % with 40, 0.23 % with 80, wrong
    # regions unflagged 0 throughout; also on sheets still breaking a rule: 7 unflagged.
    # In register a Miro sheet's capture marks, about half a JPEG chroma block at 12 MP,
    # read "between keys" far more often (a scribbled sheet up to 67 of 109, with segments
    # read as tints): 40 ran out before the marks. Seeds 6400-6463 (Miro, 8 conditions, in
    # register), 40 / 80: regions in review 1,021 / 843, scribble's median 2.07 / 0.35 %,
    # overall 0.65 / 0.35 %, wrong and unflagged unchanged (49, 5) (benchmarks/RESULTS.md,
    # "Capture marks in register").
    confirm_evaluations: int = 80
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
    # A captured space's side read in its captor's colour (a capture check's offer) only
    # where the captor can have closed the space with it: not where that colour leaves the
    # side round a seam nothing on the sheet could start and, with every such side read as
    # measured, it is not (``solve._sides_without_order``; the search then runs again
    # without it). Arp seeds 10600-10623 (nine conditions, 216 photos, replayed on captured
    # readings): the search read 48 sides so, 38 right; 8 starved so (7 wrong, 1 right).
    # On: wrong 115 -> 111, breaks 45 -> 46 of 54, exact and unflagged unchanged; reg48 Arp
    # outside messaging copies unchanged; a side tested alone (the other sides kept in the
    # captor's colour) left two adjacent sides starved either way (wrong 112). Report seeds
    # 10800-10823 (both settings): wrong 119 -> 102, exact 168 -> 170; reg96b Arp, the
    # check: one crayon sheet 4 -> 11 (three right sides starved beside misread pieces).
    # (benchmarks/RESULTS.md, "A captured space's side read in its captor's colour".)
    capture_side_order: bool = True
    # Not on a sheet where more than this share of the lines is read with doubt (under
    # ``review_below``; as ``wholesale_doubt`` does for the unusual prior): the order of
    # play's proof that a seam cannot be started rests on the pieces round it being read
    # right, and where nearly every line is doubted a seam is as often starved by a misread
    # neighbour as by the side. Captured Arp readings: messaging copies doubt 0.90-1.00 of
    # their lines, every other sheet of reg48, reg96b, tune48, tune96b and seeds 10600-10623
    # and 11800-11823 0.84 at most; the bar lifted on the 20 messaging copies of those four
    # sets (replayed): wrong 820 -> 801 (10 copies change, 8 fewer, 2 more), none exact
    # either way. At 0.8 a crayon sheet of seeds 11800-11823 (0.81 doubted) lost its bar,
    # 2 -> 16 wrong (benchmarks/RESULTS.md, "Arp's planted breaks the solver decides, by
    # cause and seed").
    capture_side_wholesale: float = 0.88
    # Arp's "game not finished" (line pieces left uncoloured) weighs the prior once per piece
    # it names, not once for the check: each piece left bare is a mistake of its own, so on a
    # sheet with a bare piece the pixels state surely a faint trace read blank is still
    # coloured where its colour is close (one check for all left the rules nothing to gain).
    # Arp seeds 10600-10623 (216, replayed, with ``capture_side_order``): wrong 111 -> 107
    # (four traces read blank at 0.6 or closer, coloured right), no sheet worse, breaks and
    # exact unchanged; reg48 Arp outside messaging copies wrong 28 -> 27 (benchmarks/
    # RESULTS.md, "A captured space's side read in its captor's colour").
    unfinished_per_piece: bool = True
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
    # A sheet whose fills are scribbled does not bleed: ``without_bleed`` leaves its fills'
    # whole measurements. Scribbled: of its fills outside the keys (filled with care on every
    # sheet) with a core covered ``fill_core_sure`` or more, at least ``scribbled_min_fills``,
    # under this share are covered ``fill.sure`` or more as a whole. That share per sheet on
    # reg48 (seeds 0-47, every condition, sheets of 20 such fills or more) and seeds
    # 13000-13039: scribble 0.000-0.111 (44 sheets), every other condition 0.833 or more
    # (crayon; felt tip 1.000 in all 44, pencil 0.987). Miro's and Synch's sheets have 0-2
    # such (measured as before). On reg48's scribbled sheets 92 fills were measured on their
    # core alone: 85 covered under 0.02 as a whole (surely blank either way), the other 7
    # (0.15-0.36) all coloured, three of them read blank on their core (a sliver's tip).
    scribbled_full_share: float = 0.5
    scribbled_min_fills: int = 20
    # Two or more blank (or unseen) keys learned by clustering (``learn_palette``) are
    # clustered on each region's pencil direction (its absorbance, one minus its colour
    # relative to paper, as a unit vector: the same for a pencil at any pressure), not on
    # its CIELAB colour, where a light and a heavy hand of one pencil lie further apart than
    # two close pencils. The fill games' tuning photos of seeds 14200-14247 (felt tip, fit
    # to page, table and thumb, messaging; 192): where two keys lay out of the photo and
    # the pencils were close (two pinks, CIELAB b +4.6 and -2.7), the CIELAB clusters split
    # light from heavy hands, a score box voted the pale one its player's, and 81 regions
    # were read in the other player's colour, 79 unflagged; by direction none. On seeds
    # 0-95 (960) and the report seeds 14400-14415 (160) no photo's readings change
    # (benchmarks/RESULTS.md, "The fill games in the held-out misses' conditions").
    # False: clustered on CIELAB, as one blank key still is.
    key_cluster_direction: bool = True
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
    # --- colours.py: a traced line's two closest keys in a photo too small for its colour ---
    # In a photo with fewer pixels per mm of paper than ``grey_min_px_per_mm`` (a messaging
    # app's copy: JPEG at low quality keeps colour in blocks that span a whole line piece),
    # a line read by the fit under these log-odds over a runner-up key closer than this
    # (CIELAB distance of the two keys as learned on the sheet) goes to review: the chroma
    # error is alike over the piece, so its many pixels do not make the close pair sure.
    # On 16 messaging photos of Arp and Miro (tuning seeds 0-15) and the tuning split's
    # 27 Arp and Miro photos, 26 of 782 line pieces read surely at under 5 px/mm were
    # wrong, all with the runner-up closer than 22.5 and log-odds under 3.5 (373 pieces,
    # 25 a photo); 20 and 3.5 missed 2, 22.5 and 3 missed 2; no such piece was wrong from
    # 5 px/mm on (14,409 read surely, 4 wrong, all with other causes; benchmarks/RESULTS.md).
    line_close_delta_e: float = 22.5
    line_close_logodds: float = 3.5
    # A line piece under this coverage whose fit reads it in the colour of a filled space
    # beside it, by under these log-odds, may be bare: that fill's pencil reaching into the
    # line's band (and bled onto its printed core) reads the same; it goes to review with
    # blank as the alternative. Of 21,363 line pieces of the 107 Arp and Miro photos above,
    # 2 were truly blank and read coloured (one surely); this rule takes that one and 23
    # others (0.2 a photo); coverage 0.6 or log-odds 3 took 34 and 56 (benchmarks/RESULTS.md).
    line_bare_cover: float = 0.5
    line_bare_logodds: float = 2.0
    # Where the paper is at or beyond the camera's white in a channel (its light there at
    # least ``light.CLIPPED_LINEAR``), a fill's, mark's or tick's pixel within this many
    # 8-bit levels below ``light.CLIPPED``, and clipped in another such channel, is read as
    # clipped there too (a censored measurement: "at least this bright"): compression
    # scatters clipped paper a few levels down (4 % of blank paper's pixels, the lowest 0.1 %
    # 7 levels). Over-exposed tuning-seed photos (24, then 40 of all conditions), 4 / 8 / 12
    # on every near channel: flagged 141 / 136 / 170, wrong 35 / 25 / 28; beside a clipped
    # channel only, 8: main's 739 flagged -> 404, wrong 93 -> 46, unflagged 6 -> 4 on the 40
    # (benchmarks/RESULTS.md, "Clipped fills").
    clip_noise_levels: int = 8
    # A JPEG keeps colour once per chroma block: 16 x 16 photo pixels under 4:2:0
    # subsampling, the common case. A tick or written mark (a fill: ``fill_full_blocks``
    # below) whose area in the photo spans fewer
    # than ``colour_full_samples`` such blocks (at least one) has its colour scatter widened
    # by the root of the shortfall: its many working pixels repeat a sample or two, bled
    # from the pencil round it. On 8 messaging Miro photos (tuning seeds) 2 / 3 / 4 / 5 / 6 /
    # 8 left 28 / 9 / 5 / 4 / 3 / 3 of main's 68 wrong regions unflagged (the last 3 blank
    # boxes read coloured, not a colour error), review 35.5 % -> 37.1 % at 6; the tuning
    # split kept 0 unflagged, median review 0.00 % -> 0.06 %, mean 2.81 % -> 3.25 %
    # (benchmarks/RESULTS.md, "Small marks").
    chroma_block_px: float = 256.0
    colour_full_samples: float = 6.0
    # --- marks (colours.py, light.py): fills, ticks and written symbols ---
    # Measured on 360 tuning-seed photos (the tuning split's 120 and a wider set of 240 of
    # Delaunay, Rings, Klee, Springer, Mondrian, Vasarely and Synch, seeds 0-23 of every
    # condition: 103,000 regions; benchmarks/RESULTS.md, "Marks").
    # A pixel carries pencil from ``ink_delta`` CIELAB units darker than paper (darkening
    # counting ``halo_weight`` near print: blur and JPEG halos), the coverage tests of
    # ``fill``, ``stroke`` and ``tick`` above measured on it (commit 0dc670f, b550504).
    # On the wider set, ``ink_delta`` 6 / 7 / 8: sheets not exact 11 / 11 / 10, wrong 39 /
    # 38 / 38, unflagged 0 / 1 / 1, flagged 562 / 554 / 560; ``halo_weight`` 0.3 / 0.4 /
    # 0.5: 11 not exact and 38 wrong each, flagged 555 / 554 / 554. Flat: kept.
    ink_delta: float = 7.0
    halo_weight: float = 0.4
    # A key's colour is compared along its pencil's pressure curve, ``1 - t * (1 - key)``,
    # at these pressures t (lightest, heaviest, steps): set when the colour model landed
    # (0dc670f); no sweep is on record.
    pressure_steps: tuple[float, float, int] = (0.3, 2.0, 35)
    # A tally box's light is taken again from the paper within ``box_paper_mm`` of it, at
    # the finest of ``box_light_sigma_mm`` where a ``box_paper_enough`` share is paper,
    # except within ``box_edge_mm`` of a fitted shadow edge's ramp (commits 198710a,
    # b550504: six sets' wrong regions 134 -> 125, none worse).
    box_paper_mm: float = 3.0
    box_light_sigma_mm: tuple[float, ...] = (0.8, 1.6, 3.2)
    box_paper_enough: float = 0.002
    box_edge_mm: float = 5.0
    # A faint traced line is read by its printed line's tint from ``tint_off`` chroma, its
    # doubt gone at 1.5 x ``tint_on``: of the 360 photos' 88 segments read by their tint,
    # 87 were right (70 faint traces for review, all right; 4 tints between keys, 3 right).
    tint_off: float = 1.2
    tint_on: float = 3.0
    # A region whose pencil is darker than paper by under ``pale_share`` of the palest
    # key's faintest stroke is a colour cast, read blank for review (37bed30: ten sets'
    # wrong 52 -> 46): 3 regions of the 360 photos, all truly blank.
    pale_share: float = 0.5
    # Grey marks where the key, at the mark's depth, would show ``grey_chroma`` (a fill:
    # ``grey_chroma_fill``) are a shadow's edge or a smudge, read blank for review; in a
    # photo dimmer than ``grey_full_level`` the chroma needed grows (b1fc0bd, aea93e1). On
    # the 360 photos: 5 regions, all truly coloured (each read right after solving), no
    # shadow caught: nothing to measure a change by.
    grey_chroma: float = 6.0
    grey_chroma_fill: float = 4.0
    grey_full_level: float = 0.7
    # A blank reading where the paper's light dips under ``dip_below`` of the sure paper's
    # round it goes to review (e8292aa). With ``repaper_sides`` no blank reading of the
    # 360 photos dips so (two, truly coloured, on the tuning split and the wider set did
    # without it); 1 blank at 0.85-0.9 and 406 at 0.9-0.95 (2 truly coloured): a higher
    # bound would send ~200 blanks to review for each fill it found.
    dip_below: float = 0.85
    # A region less than ``fully_seen`` in the photo is read for review, less than
    # ``part_seen`` not read (2d55459). The 360 photos: 6 regions at 0.5-0.9 (6 read
    # right), 28 under 0.5 (22 of them would have read right: blank or their colour; the
    # rest are a guess).
    fully_seen: float = 0.9
    part_seen: float = 0.5
    # Beside a fitted shadow edge, each side's paper estimate is made again without the
    # drawing's blocks that dip under ``repaper_below`` of that side's sure paper (as with
    # no shadow): a faint grey fill lit as paper. Tuning split exact 91.7 -> 92.5 %, the
    # wider set's wrong 40 -> 38, none worse.
    repaper_sides: bool = True
    # A written symbol's shape (Synch: colour 1 writes X, colour 2 O): the mean darkening
    # within ``symbol_centre`` of a space's centre and on the ring ``symbol_ring`` (in half
    # its side), ``z = (centre - ring) / (centre + ring + 1)``; log-odds X over O are ``z /
    # symbol_shape_scale`` within ``symbol_shape_cap``. On the tuning split's 1,139
    # written symbols z was 0.19 or more for every X (median 0.56) and -0.14 or less for
    # every O (median -0.82); 161 blank spaces -0.29 to 0.25. At 0.05 the least X and O state
    # 3.8 and 2.8; at the cap (6) a blank key is learned from the symbols (Synch wrong: the
    # tuning split 7 -> 0, the wider set 80 -> 4).
    symbol_centre: float = 0.25
    symbol_ring: tuple[float, float] = (0.45, 0.8)
    symbol_shape_scale: float = 0.05
    symbol_shape_cap: float = 6.0
    # A fill's, tick's or written symbol's reading carries each colour's log-likelihood as
    # its style's model measured it (the colour's distance from the key's pressure curve
    # over the style's scatter, the owner's prior, a symbol's shape), and the evidence of
    # the colours beyond the runner-up is that (``evidence_of``), not one step
    # (``beyond_second_logodds``) past it. Tuning split: wrong 95 -> 95, unflagged 0 -> 0,
    # flagged 1,845 -> 1,831; wider set: wrong 38 -> 38, unflagged 1 -> 1, flagged
    # 554 -> 542 (Delaunay 61 -> 52: the rules no longer offer a far colour).
    mark_loglik: bool = True
    # --- Miro (lines.py, tallies.py) ---
    # A segment read blank by its coverage whose pixels the line fit reads in one colour by
    # this many log-odds over the next is doubted, that colour second
    # (``lines.traced_though_blank``), so that the curve's unbroken stretch and a capture
    # circle's boundary can colour it. Miro tuning photos outside messaging copies (tune48's
    # 49, seeds 2760-2789's 171): 57 traced segments read blank, the fit's colour right on
    # all 57, 8 of them under 3 (0.8-2.6; at 2-3: 4); 18 photos of finished games with 25
    # segments each left bare (seeds 2780-2781, every condition but messaging): 339 bare
    # segments read blank, whose fit reaches 3 on 1, 2.5 on 3, 2 on 7, 1.5 on 17, 0.9 on 41
    # (their 12 traced segments read blank: the fit right on all, 3 at 2.2-2.4). At 2 a
    # bare segment is doubted one time in fifty (a planted gap the rules may then colour);
    # under 2 the bare ones grow faster than the traces gained. At 3 before (80 photos, 71
    # of 103 traced reached 3, 2.5: 78 with one fit wrong; 24 photos of unfinished games:
    # 13 of 821 bare segments read blank reached 3).
    line_blank_fit_logodds: float = 2.0
    # A piece of Arp's printed lines read blank by its coverage (surely, or as faint marks:
    # a dark grey key over the printed grey) whose fit's colour beats no trace at all
    # (``LineFit.bare``) by this many log-odds is doubted the same way, that colour second
    # (``lines.traced_though_blank``). Arp, in register, reg48 and tune seeds 9800-9887
    # (408 photos, 15 readings of planted bare pieces read blank so, of 4 seeds): the
    # traced pieces so read 34, whose fit beats no trace by 0.8-2.0 on 7, 2.86-49.7 on 27
    # (9 of them left blank at the end); the planted bare pieces by 0.01-2.25 (1.57 and
    # 2.25: one seed's steep and fit-to-page photos). At 2.5 27 traces and no bare piece; at 2 one
    # bare piece (a planted break the rules may then colour).
    line_faint_bare_logodds: float = 2.5
    # A piece read in the colour of a fill beside it with no other doubt (its band holds
    # ``line_bare_share`` of the fill or more) goes to review, blank named, where the side of
    # its core no fill of that colour reaches holds under ``line_open_doubt_share`` of the
    # sheet's traces there (``LineFit.open_share``) and its core under
    # ``line_open_doubt_core`` of its fill (``core_share``): review only, its confidence and
    # evidence unchanged (``lines.open_side_bare``). Arp in register, outside messaging copies
    # (reg48 Arp, 106 photos of tune seeds 11000-11023, four of seeds 10493/10498: 158
    # photos, 28,914 pieces): the planted bare pieces read in a fill's colour (15, of 5 seeds)
    # held open side 0.04-0.34 (10 measured) and core 0.21-0.84 (and one 1.4, in review
    # between keys); the two left unflagged (one seed's close-colours and low-toner photos) 0.34 /
    # 0.84 and 0.07 / 0.61. Pieces read coloured and unflagged at the end that the bars newly
    # reach: those 2 and 5 traces read right (7 photos); at 0.5 / 0.9 2 and 16, at 0.3 / 0.9
    # 1 and 2, at 0.4 / 0.8 1 and 3, at 0.4 / 1.0 2 and 10 (benchmarks/RESULTS.md, "Arp's
    # planted bare pieces read in a fill's colour surely").
    line_open_doubt_share: float = 0.4
    line_open_doubt_core: float = 0.9
    # A curve's segments (Miro): the line fit's margins between colours times this
    # (``lines.curve_evidence``), in photos that resolve a mark's colour. On 80 Miro tuning
    # photos (seeds 0-7 a condition) segments read by a margin of 1.5-3 were right 1,360 of
    # 1,360 times at 2-3 and 710 of 714 at 1.5-2 (the 4 misses in messaging copies, which
    # keep 1): by their word 82-95 %. At 1.5 exact 81.2 -> 83.8 %, planted breaks read as
    # drawn 17 -> 19 of 20, unflagged 3 -> 3, review median 3.6 -> 3.8 %; at 2.0 the same
    # but a crayon photo's wrong 19 -> 14; kept at 1.5, within what every bin bears (a
    # margin of 1.5 stays under ``sure_logodds``). Tuning split: figures unchanged.
    line_curve_evidence_scale: float = 1.5
    # A tally's run whose likeliest clean reading takes a blank for a lost tick: the blanks
    # before the last tick that a run needing up to this many more changed readings ticks
    # are doubtful too (``tallies._clean_marking``). On 80 Miro tuning photos (seeds 0-7 a
    # condition) unflagged wrong regions 6 -> 3 (three ticks lost in a row in a messaging
    # copy: the run to its last tick needed 2 more changes; 1 leaves them unflagged),
    # review +3 regions on that photo; the tuning split's 120 photos unchanged. (Runs tied
    # once faint boxes count for nothing are doubted alike: unflagged 3 -> 2 there, and
    # 5 -> 3 on 32 more close-colours and messaging Miro photos, seeds 0-15.)
    tally_doubt_margin: int = 2
    # --- Arp's line pieces (lines.py, regions.py, mending.py) ---
    # Beside the printed core, a line pixel's channel darker than ``line_dark_below`` is read
    # as censored ("at least this dark"), its other channels as measured
    # (``lines._censored_misfit``); off, such a pixel weighs a thousandth, as on the core.
    # And on a sheet whose lines are dyed over (``line_dyed_share``), a pixel beside a line
    # is fitted under the fills of both spaces beside the line: felt tip bleeds across it.
    # The line fit alone on 9 felt-tip Arp photos (tuning seeds): pieces misread 244 of
    # 1,647 with neither, 217 censoring alone, 305 across alone, 166 both (misread by 3
    # log-odds or more 13, 31, 13, 7). Whole scans, the Arp tuning set's 8 felt-tip photos:
    # wrong 93 -> 51 (benchmarks/RESULTS.md, "Arp").
    line_dark_censored: bool = True
    line_bleed_across: bool = True
    # A doubted line piece leaves review where, on a sheet breaking no rule whose lines as
    # read a legal order of play colours, every close reading of it (and the same change to
    # its run along its line) is proven to leave no legal order (mending.confirm_by_order):
    # positions searched per try and per sheet (about 56,000 a second; on 30 legal Arp
    # sheets of the tuning sets a sheet's tries took 1,700-56,000 positions at 5,000 a try,
    # and none of the pieces so proven was misread but the planted bare pieces below).
    # 0: never.
    order_confirm_try: int = 5_000
    order_confirm_budget: int = 60_000
    # ... and a piece read in the colour of a filled space beside it only where its line fit
    # rules out no trace at all by this many log-odds (``lines.LineFit.bare``): a bare piece
    # shows the fills' pencil, and between pale pencil fills it fits a pale trace. The
    # planted bare pieces of the Arp tuning set (one seed in six conditions) fit no trace within
    # 0.9-4.5 of their best colour (felt tip 18), all read in their fills' colour, and the
    # order proved five of them (benchmarks/RESULTS.md, "Arp").
    order_confirm_bare: float = 6.0
    # A line piece read in the colour of a filled space beside it whose band holds less of
    # that colour than the fills in it do (``lines.LineFit.fill_share``: the band's pixels
    # in those spaces, their colour along their fill's, as a share of it) under this may be
    # bare: a fill stops short of its outline, a trace lies over it. It goes to review,
    # blank second, whatever else doubts it (not on a sheet whose lines are dyed over:
    # ``under_fill`` speaks there). Measured on 30 Arp photos made for it (seeds 100-102 of
    # every condition, 12 pieces of each finished sheet left bare: 360 bare, 5,130 traced),
    # the pieces read in a fill's colour outside felt tip: under 0.6 / 0.7 / 0.8 held 135 /
    # 160 / 184 of 206 bare pieces and 55 / 121 / 208 of 1,645 traced ones (3 / 7 / 13 %);
    # the planted bare pieces of tune48's Arp photos (7) lay at 0.25-0.75. The line fit's
    # own margin over no trace (``bare``) told them apart less: 0.21 of the bare pieces
    # within 1.4 log-odds, against 0.06 of the traced (benchmarks/RESULTS.md, "Arp's bare
    # pieces").
    line_bare_share: float = 0.8
    # A piece unlike every piece it meets on its line (an island, for review) has its
    # confidence lowered to 0.6, so that the solver's prior for such a rare run can overturn
    # it, unless the line fit reads it by this many log-odds or more. On tune48's 53 Arp
    # photos (messaging aside), of 334 islands the fit read 32 wrong, none by 6 or more (by
    # 3: 2, by 5: 1), and 78 right by 6 or more; the rules overturned three of those, read
    # by 7.9-19.6 log-odds (benchmarks/RESULTS.md, "Arp's bare pieces"). Infinite: always.
    line_island_sure_logodds: float = 6.0
    # --- the colour keys and the colours of small marks (colours.py, light.py) ---
    # A JPEG keeps colour once per chroma block (``chroma_block_px``) and mixes a mark
    # smaller than a block with the paper round it: its lightness stays, its chroma fades.
    # A fill, mark or box (not a traced line) spanning under ``dull_below_blocks`` of a block
    # in the photo is compared with its key's curve at any chroma from ``dull_chroma_least``
    # of the key's to all of it (``colours._dulled``). On 8 messaging and close-colours Arp
    # and Miro photos (tuning seeds), truly coloured fills kept of the chroma their key shows
    # at their lightness (10th percentile / median): under 0.25 of a block (488 fills, all in
    # messaging copies) 0.29 / 0.63; 0.25-1 block (51) 0.91 / 0.98 or more; larger (217)
    # 0.92 / 0.99 or more. Least share 0.3 / 0.45 / 0.6 on 16 messaging Arp and Miro photos
    # (tuning seeds 0-15): wrong
    # regions 635 -> 589 / 581 / 584, flagged 3,870 -> 3,917 / 3,897 / 3,883, unflagged 5
    # throughout (benchmarks/RESULTS.md, "Dulled small marks"). 1: off.
    dull_chroma_least: float = 0.45
    dull_below_blocks: float = 0.25
    # A fill's colour scatter (``fill_sigma``) is widened by the root of ``fill_full_blocks``
    # over its area in chroma blocks (not at all from this many on; no floor: a tenth of a
    # block widens by 5, where messaging copies' Miro capture marks lie nearer another key
    # a quarter of the time), and not by the photo's pixels per mm
    # (``colour_full_px_per_mm``, which strokes and ticks keep, with
    # ``colour_full_samples``). Over tune48 (480 photos), truly coloured
    # fills' distance to their key (rms, CIELAB) in messaging copies was 2.1 at 0.25-1
    # block, 1.4-1.5 from 1 block on, against 1.2-1.3 in 12 MP photos; the scatter stated
    # was up to 4 times that. Replayed on those fills (first pass), 1.6 / 2.5 / 4: right
    # fills doubted in photos under 5 px/mm 572 (main) -> 55 / 90 / 152, misread fills read
    # surely 0 -> 1 / 0 / 0 (benchmarks/RESULTS.md, "Keys").
    fill_full_blocks: float = 2.5
    # A pale fill's colour scatter widened by ``((fill_pale_delta - ink_delta) / (d -
    # ink_delta))**2``, ``d`` its mean colour's distance from paper (``ink_delta``'s
    # measure), under this (``colours._pale_widening``: its pencil pixels are those whose
    # noise carried them over ``ink_delta``, more chroma than the pencil's). Truly coloured
    # fills' distance to their key (rms CIELAB; 2.5 chroma blocks or more, covered 0.1 or
    # more) by ``d``, over reg48's pencil, scribble, close-colours and table-and-thumb
    # photos (192) and seeds 7800-7919 and 44 dim photos of seeds 7920-7999 (close colours,
    # Klee, Vasarely, Delaunay, Mondrian): 9-10 3.60 (3 fills), 10-11 1.71 (29), 11-12 1.00
    # (88), 12-14 0.77 (810), 14-25 0.71-0.74 (16,967), 25 or more 1.0-1.3 (dark fills).
    # Replayed on those fills read surely, right ones newly doubted: 12 with the square 31
    # (scribble 16 of them), with the first power 13; 13 with the square 72. Only in a
    # photo of ``grey_min_px_per_mm`` or more, where it was measured: in a messaging copy a
    # colour is its chroma blocks' (reg96b's copies, seen after the setting was chosen:
    # three Miro copies changed, their wrong regions 90 -> 93 with it there). 0: never.
    fill_pale_delta: float = 12.0
    # A blank (or unseen) key with no marked boxes or symbols of its own is learned by
    # clustering the coloured regions no known key explains: those further than this from
    # every known key's curve (CIELAB; a fill's reach from its key, the "matches no key"
    # test, begins at 4.5). 20 simulated photos of Delaunay, Klee, Rings and Springer with
    # one blank key (tuning seeds 2000-2034, pencil, close colours, messaging, crayon), 12 /
    # 8 / 6 / 4.5: exact 15 / 19 / 19 / 19, wrong 115 / 1 / 1 / 1 (four Klee sheets whose
    # colour near another key was never learned), unflagged 0; tune48's two sheets learned
    # by clustering: wrong 6 -> 0 at 8 and below (benchmarks/RESULTS.md, "Keys").
    key_unmatched_delta: float = 6.0
    # --- the solver's use of the evidence, the tallies (solve.py, tallies.py) ---
    # A tally's run whose likeliest clean reading is the run to its last tick and takes this
    # many blanks inside it or more for lost ticks: the box after that last tick is doubtful
    # too (``tallies._clean_marking``; 0: never). A photo that loses ticks inside a run
    # loses its last one alike. tune48 (480 photos, solver alone): at 2 (to 5 alike) seeds
    # 0-23 unflagged 12 -> 11 (a messaging Miro copy's box 62, faint, read blank after nine
    # ticks lost inside), flagged +1, the box itself; seeds 24-47 unchanged. At 1 (one lost
    # tick enough) +2 flagged more, right boxes of a crayon and a messaging Miro sheet.
    tally_end_lost: int = 2
    # A doubted traced line whose close readings include blank is confirmed by the rules
    # (``solve._confirmed``: every close reading breaks a rule on a legal sheet) only where
    # its fit rules out a bare line by this (``Reading.bare``): a player's segment left
    # uncoloured breaks a rule that confirming its colour would hide. 0: always, as before.
    # tune48 (480 photos, solver alone): the Miro segments confirmed so held bare -3.4 to
    # -81 when traced and -2.5 for a planted blank (a pencil copy, unflagged before); at 3
    # unflagged 2 -> 1 on seeds 24-47, flagged -3 on that sheet (the skipped segment no
    # longer spends the confirmation budget); at 6 the same, +2 flagged; seeds 0-23 alike.
    # Not doubting every close blank: +109 flagged on 24 sheets (median review 0 -> 0.23 %
    # on seeds 24-47) for that one region.
    confirm_bare: float = 3.0
    # --- blank's measured log-likelihood for a traced line (lines.py, colours.py) ---
    # A piece read in the colour of a filled space beside it (not dyed over) has blank's
    # log-likelihood against that colour measured from how much of it its printed core holds
    # against the fill (``lines.LineFit.core_share``, s): ``line_bare_loglik_at_one +
    # line_bare_loglik_slope * log(max(s, line_bare_core_floor))``; where that is positive
    # the piece reads blank (the solver weighs it against the rules' prior). Fitted (logistic
    # regression on log s, its base rate taken out) on 30 Arp photos made for it (seeds
    # 100-102 of every condition, 12 pieces of each finished sheet left bare; the pieces read
    # in a fill's colour outside felt tip: 137 bare, 1,490 traced in that colour). Blank's
    # log-likelihood over 3 there (read as drawn past ``sure_logodds``): 68 / 137 bare, 12 /
    # 1,490 traced; over 4: 52 and 8 (benchmarks/RESULTS.md, "Bare pieces read blank").
    line_bare_loglik_at_one: float = -1.39
    line_bare_loglik_slope: float = -3.88
    line_bare_core_floor: float = 0.05
    # ... and it reads blank only where that reaches this: under it the piece keeps its
    # colour, for review with blank second (``line_bare_share``). Where blank is read under
    # the rules' prior (``sure_logodds``) the solver colours it again, and the blank pieces
    # of one sheet fail one check together, so several traced pieces read blank paid that
    # prior once and stood. tune48's Arp photos (53), read blank from 0 / 3 / 4: planted
    # breaks read as drawn 6 -> 9 / 9 / 8 of 13, sheets exact 27 -> 23 / 25 / 27 (from 0
    # and 3, traced pieces of core share 0.31 read blank), unflagged 0 throughout
    # (benchmarks/RESULTS.md, "Bare pieces read blank").
    line_bare_read_logodds: float = 4.0
    # --- marks in small photos, where a JPEG's chroma is a block's (colours.py) ---
    # In a photo under ``grey_min_px_per_mm`` (a messaging app's copy) a region's colour is
    # its chroma blocks' mean: a blank region among fills takes a tint from them with hardly
    # any darkening. There it is a colour cast under ``pale_share_small`` of the palest key's
    # faintest stroke (elsewhere ``pale_share``). tune48, regions not traced lines with
    # coverage past their style's mid point, darkening over that faintest stroke: messaging
    # copies (7,136 regions), truly coloured from 1.01 on, truly blank read coloured at 0.51,
    # 0.51, 0.70; 12 MP photos (66,510), truly coloured at 0.5-0.8 ten (scribbles, crayon,
    # steep, low toner: all read right), which is why the share is not raised everywhere.
    pale_share_small: float = 0.8
    # There too, a fill spanning ``grey_fill_blocks`` chroma blocks or more keeps its key's
    # chroma, and grey marks unlike its key (``grey_chroma_fill``) are read blank for review
    # as in a larger photo. tune48's 48 messaging copies, truly coloured fills the grey test
    # would call grey against their own key: under 0.5 of a block 115 of 626, 0.5-1 block 0
    # of 225, from 1 block on 0 of 3,252; truly blank fills read coloured from 1 block on: 2,
    # one of them grey (the other a tint, under ``pale_share_small``).
    grey_fill_blocks: float = 1.0
    # --- Arp's and Miro's order of play chosen among close readings (choose_by_order) ---
    # Where no legal order colours the lines as read, each piece may take the colours whose
    # pixels cost under this (log-odds more than its reading), and the rule engine's search
    # finds the legal order of least summed cost. ``sure_logodds``: a reading surer than
    # that is never changed for a rule. tune48 Arp: the misread pieces of sheets the search
    # reads right cost 0-2.1 log-odds in their true colour (2.8 on one it runs out on).
    order_choice_logodds: float = 3.0
    # The bounds of the whole change's cost (log-odds) searched in turn, each search only
    # among orders costing under it (a piece takes only colours under it). On eight tune48
    # Arp sheets handed to the search, within 100,000 positions: these steps found 4
    # orders; one search under 8 found 2 of them (in 0.8 and 1.8 times the positions) and
    # ran out on the rest; finer steps (0.5, 1, 1.5, 2, 3, 4, 6, 8) found the same 4.
    order_choice_bounds: tuple[float, ...] = (1.0, 2.0, 4.0, 8.0)
    # Positions those searches expand at most in all (a search cut short changes nothing).
    # Searched best first (A*), on tune48's 53 Arp photos: 30,000 read 33 exact; 50,000 one
    # more (a table-and-thumb sheet, 5 wrong -> 0), nothing else changed; the Arp solve
    # step's processor time over the 53 +32 % (13.6 -> 18.0 s; the median photo's 0.133 ->
    # 0.134 s: only sheets whose search runs to the budget pay). tune96b (the check): 2
    # more sheets exact, one more sheet with its pieces in review, nothing unflagged
    # (benchmarks/RESULTS.md, "Arp's cheapest order searched best first").
    order_choice_budget: int = 50_000
    # Positions, for a sheet, to prove of each piece changed that no other of its choices
    # gives a legal order under the same bound (then the rules leave only one reading: it
    # leaves review, if its colour is also its pixels' best). Not swept.
    order_choice_confirm: int = 20_000
    # Miro's curve (and capture circles) chosen so, by an exact search (the curve's dynamic
    # programming over costs): orders costing under this alone. The choice does not weigh
    # the checks and tallies the solver weighs; kept under one rule-break's prior
    # (``sure_logodds``), it takes no reading a player's mistake would explain as cheaply.
    # Miro, Arp's bounds (to 8) against this: tune48 (54 sheets) one messaging copy 23 -> 4
    # wrong, no sheet exact either way; tune96b (53, the check) 475 -> 424 wrong regions, no
    # sheet exact, and a planted break (a messaging copy's segment 1.84 log-odds from the
    # played colour, read with three misreads as the played game) lost, 13/13 -> 12/13;
    # under 3: tune48 as before, tune96b 475 -> 473.
    order_choice_curve_bound: float = 3.0
    # --- fills, ticks and written symbols across photos (colours.py) ---
    # A tick's coverage is the share of its box's pixels darker than paper by ``ink_delta``;
    # a photo that renders a pencil line thin or soft (a messaging app's small copy, wax
    # crayon's grain) shows every tick covering less of its box, blank boxes not alike (a
    # blank box's marks are the JPEG's ringing and specks, not the pencil). So the ``tick``
    # thresholds are scaled, per photo, by how much of its box a tick covers there: the
    # median coverage of the photo's boxes covered ``tick.on`` or more (at least
    # ``tick_scale_least`` of them), over ``tick_full_cover``, at most 1. tune48 (480
    # photos), per photo medians of those boxes: pencil, scribble, close colours and steep
    # 0.94-0.97 (median 0.94), crayon 0.80, messaging 0.87 (0.63 at the least: Miro's copies
    # at 2.4-2.8 px/mm). With 0.94, the boxes whose reading as blank or ticked changes: 19
    # right, 1 wrong (a crayon box beside a thumb's shadow); 0.9: 17 / 1; 1.0: 23 / 4.
    tick_full_cover: float = 0.94
    tick_scale_least: int = 10
    # ... but a median under this is not ticks': in an overexposed messaging copy of a sheet
    # with no tick, the boxes counted are blank boxes whose printed outlines the copy
    # darkens, and scaled by them every outline read ticked; the thresholds are then kept
    # unscaled. Medians over the 290 messaging and crayon photos of tune48, tune96b and
    # messaging seeds 2500-2599 (130 of them scaled): every photo with real ticks 0.583 or
    # more, the two copies with no tick 0.36 and 0.40. Those two copies' whole scans, wrong /
    # unflagged: 75 / 5 -> 4 / 0 and 21 / 14 -> 23 / 12 (there the outlines cover more than
    # ``tick.sure`` unscaled); no photo of tune48 or tune96b reads otherwise
    # (benchmarks/RESULTS.md, "an overexposed copy's tally boxes").
    tick_scale_min_cover: float = 0.5
    # ... and where a tick is thinner than the photo's pixels it covers nothing at all, but
    # its darkening over the box (the mean ``ink_delta`` of all its pixels) stays: a tally
    # box read blank, darkened ``tick_dark_share`` or more of the photo's ticks' median
    # darkening, is doubted (``colours._doubt_dark_boxes``). Tally boxes read blank, tune48
    # (all 480 photos) / the 96 messaging copies of tune48 and tune96b, lost ticks doubted
    # and blank boxes doubted at 0.1: 24 of 26 and 521 of 39,782 / 122 of 149 and 592 of
    # 7,897; 0.15: 14, 124 / 111, 191; 0.2: 10, 27 / 102, 50; 0.3: 5, 1 / 56, 4.
    tick_dark_share: float = 0.2
    # --- score boxes a small photo cannot resolve (colours.py, tallies.py) ---
    # Under this many photo pixels per mm of paper a pencil tick (about 0.4 mm wide) is
    # thinner than a pixel, and a lost tick may darken its box no more than a blank box's
    # specks: the blanks before a tally's last tick read, and the few after it that the
    # photo's own rate of lost ticks leaves in doubt (``tally_unresolved_chance``), are
    # doubted (``tallies.unresolved_blanks``). Messaging copies: tune48 (48 photos, 2.0-4.5
    # px/mm) ticks lost 0 under 2.5, 11 at 2.5-3 (all flagged), 0 from 3; truly blank boxes
    # this doubts at 2.5 / 3.0: 0 / 2 (none unflagged to catch). tune96b (47 read, 1.9-3.9
    # px/mm; ticks lost 116 under 2.5, 18 at 2.5-3): unflagged lost ticks 14 -> 1 at both,
    # truly blank boxes doubted 15 / 41 (sweep on the scans' readings; RESULTS "tally").
    tally_unresolved_px_per_mm: float = 2.5
    # The boxes after the run's end doubted: as many as all lose their ticks with at least
    # this chance, at the share of the run's boxes before its end the photo lost (0.5: 4
    # boxes, 0.2: 1). Not tunable on tune48 (nothing to catch there at any value); on
    # tune96b's copies at 0.01 / 0.05 / 0.2 truly blank boxes doubted 46 / 15 / 5, unflagged
    # lost ticks 1 at each (a run's end with four sure blanks and one faint box after it).
    tally_unresolved_chance: float = 0.05
    # --- a sure reading doubted where two views of it disagree ---
    # A coloured line piece read surely is still doubted (its reading and confidence kept)
    # where its printed core, read alone, favours another colour and a coloured piece it
    # meets on its printed line reads another colour alone, while the fit's log-odds are
    # under this. Over tune48 and tune96b's 107 Arp photos, 107 sure pieces show both
    # disagreements: the 5 misread among them had log-odds 2.2-5.3, the 102 right ones
    # 1.4-26 (81 under 8). At 8: tune96b's two unflagged Arp pieces of that kind flagged.
    line_split_doubt_logodds: float = 8.0
    # --- the colour keys adapted to the sheet's own sure fills (keys.py) ---
    # Each key's direction (linear absorbance) re-estimated by ``keys_rounds`` EM rounds
    # from the fills read surely marked, each weighing on a key by how likely it is that
    # key (counted from ``keys_learn_above``), the swatch counting as ``keys_prior_marks``
    # fills, a key moving from ``keys_least_marks`` fills' weight; the fills read again
    # against it (``keys_adapt``). tune48 (480 photos; RESULTS "Keys adapted"), against the
    # swatches: exact 443 -> 444, wrong 472 -> 466, unflagged 0 -> 0, breaks 99 -> 99;
    # seeds 0-23 / 24-47 exact 220 -> 220 / 223 -> 224; tune96b (the check): 427 -> 429,
    # 928 -> 914, 7 -> 7, 97 -> 96. ``keys_learn_above`` 0 (soft weights): fills read
    # with confidence 0.9 or more are those far from the other key, and teach the swatch
    # back (seen on one sheet the issue names, not swept: tune96b's pencil Miro, whose dull
    # green key moved a tenth of the way its fills lie); 0.5 with ``keys_lines`` on: exact
    # 444, wrong 466, unflagged 2 (a messaging Miro). The prior (8), rounds (3) and least
    # marks (3) were not swept.
    keys_adapt: bool = True
    keys_learn_above: float = 0.0
    keys_least_marks: int = 3
    keys_prior_marks: float = 8.0
    keys_rounds: int = 3
    # Traced lines fitted against the adapted keys too: tune48 exact 443 -> 443, wrong
    # 472 -> 444, flagged 6,584 -> 6,674 (close colours' and messaging copies' pieces
    # moved both ways: a crayon Arp 11 -> 0 wrong, a close-colours Miro 0 -> 3): off.
    keys_lines: bool = False
    # With ``keys_lines`` off, a key the fills moved this far or more (CIELAB, full
    # pressure; ``keys.line_palette``) is the lines' key too. tune48's Arp and Miro (107
    # photos; RESULTS "Lines against the keys the fills moved far"), wrong regions at
    # inf (off) / 5 / 4 / 3 / 2 / 1.5 / all keys: 439 / 429 / 424 / 404 / 388 / 398 / 414;
    # exact 76 at 2 and above, 75 at 1.5 and with all keys (a close-colours Miro 0 -> 2);
    # unflagged 0 and breaks 19/27 at every setting. At 2, seeds 0-23 / 24-47 wrong
    # 264 -> 226 / 175 -> 162 (only messaging copies changed).
    keys_lines_shift: float = 2.0
    # --- the paper's level in clipped channels, from where the fills point (paperpoint.py) ---
    # Where the paper is clipped white in a channel, its level there scaled by a factor
    # between the one that brings the page's median paper to the clip and 1, at these
    # shares of that span (channel by channel), that brings the surely marked fills (spaces
    # and cells covered ``fill.sure`` or more, ``paper_point_least`` of them at least)
    # nearest their nearest key's curve, each distance capped at ``paper_point_cap``
    # (CIELAB), where it brings the summed squared distance under ``paper_point_gain`` of
    # the light's own. Empty: off. Tuning seeds 15200-15223 (168 photos of the fill games in
    # seven conditions; 43 with clipped paper): the best cost over the light's own was 0.29
    # on an overexposed messaging copy whose ink cast set G and R a fifth too bright (33
    # wrong, 4 unflagged -> 0, 0 at 0.8), 0.65-0.79 on five (factors 0.95-0.98, no figure
    # changed at 0.8), 0.86-1 on the rest: 0.5, in the gap, refits that copy alone
    # (benchmarks/RESULTS.md, "A clipped channel's paper fitted to the fills").
    paper_point_steps: tuple[float, ...] = (0.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0)
    paper_point_cap: float = 10.0
    paper_point_gain: float = 0.5
    paper_point_least: int = 20
    # --- a trace on the printed core's open side (lines.py, colours.py) ---
    # A piece's colour X on the printed core where no fill of X lies (paper, or another
    # colour's fill, that fill's own colour taken out: ``lines.LineFit.open_share``), as a
    # share of the median over the sheet's pieces read in X: a fill of X reaches the core
    # only from its own side, a trace lies across the whole core. A pixel counts where the
    # part of X unlike its fill's colour keeps ``line_open_apart`` of X's (squared length):
    # nearer colours do not tell a trace from that fill. On the set below and tune48's Arp
    # photos, at 0.05 / 0.1 / 0.2 / 0.3: traced pieces still read blank by the core share
    # 1 / 1 / 2 / 3 and 2 / 2 / 2 / 4 (bare 50 and 2 throughout), the open share measured
    # on 85 / 85 / 80 / 78 % of the set's traced pieces.
    line_open_apart: float = 0.1
    # Blank's log-likelihood from that open share (o): ``line_open_loglik_at_zero +
    # line_open_loglik_slope * min(o, 2)``, a logistic fit on o (its base rate taken out)
    # over 96 Arp photos made for it in register (the pencil on its print; seeds 6100-6105
    # and 6110-6115 of pencil, crayon, scribble, close colours, steep, low toner, fit to
    # page, table and thumb, 12 pieces of each finished sheet beside a fill of their colour
    # left bare), the pieces read in a fill's colour with o measured (535 bare, 2,980
    # traced in that colour). A piece the core share reads blank (``line_bare_read_logodds``)
    # is not, where the open side favours a trace (this negative: o over 0.51): a trace
    # pressed lightly along its fill holds its colour on the open side. The fit on photos
    # whose pencil lay up to 0.35 mm off its print (5.62, -10.68; seeds 200-203, vetoing
    # from o over 0.53) is what this replaced: with the band below, blank's figure at
    # ``line_bare_read_logodds`` or more over the set's pieces read in a fill's colour with
    # band share under ``line_bare_share`` (908 bare, 537 traced) 491 -> 595 bare, 1 -> 1
    # traced, no bare piece lost (benchmarks/RESULTS.md, "Arp's bare pieces in register").
    # Reading blank from the open side alone was measured before and not kept ("The
    # printed core's open side").
    line_open_loglik_at_zero: float = 6.93
    line_open_loglik_slope: float = -13.67
    # --- the marker search at start-up (registration.py) ---
    # The search for markers stops when three of one sheet place the fourth's centre this far
    # outside the photo (in mm of the page, by the markers' printed size): then it cannot be
    # seen. A marker's centre predicted from the other three was off by up to 13.8 mm (median
    # 3.5) over tune48's 371 photos of one sheet with four markers found; a marker is seen
    # only with its centre 6 mm (half its side) inside: 13.8 - 6 = 7.8, rounded up.
    marker_out_mm: float = 8.0
    # --- a trace over a fill of its own colour (lines.py) ---
    # Beside the core, a trace in the colour of the fill under a pixel has one direction of
    # density where another key over that fill has two, which absorbs part of the pixel's
    # scatter: this share of the expected scatter's variance is credited back to it, on lines
    # whose filled sides are all of one colour (between fills of two colours each side's
    # credit drew the two colours together: on one tune48 pencil Arp sheet 51 -> 115 regions
    # in review), never in a small photo (its scatter is JPEG's colour blocks). The line fit
    # alone (before the run decoding) on tune48's 53 Arp photos, pieces misread of 8,631
    # outside messaging copies: 0 252 (136 after the run decoding), 0.25 209 (106); credited
    # on every line, 0.25 204 (112), 0.5 221 (139). tune96b's 54 (the check, 8,836): 0 286
    # (204), 0.25 236 (156). Whole scans: benchmarks/RESULTS.md, "Arp's traced pieces
    # outside messaging copies". In register (the 156 Arp photos and 28,533 pieces of
    # ``line_core_mm``): 0.1 393 misread, 0.25 378, 0.5 410; kept.
    line_own_fill_credit: float = 0.25
    # --- messaging copies (copies.py) ---
    # In a photo under ``grey_min_px_per_mm`` a traced line's chroma is mixed into its JPEG
    # chroma blocks with the print and paper round it, its lightness much less: where no
    # fill lies under a line pixel, the trace is fitted keeping this share of its key's
    # chroma (1: all of it). Measured on tune48's 10 messaging Arp and Miro copies (1,994
    # traced pieces, the fit's own best colour before run decoding and rules), pieces read
    # right at 0.45 / 0.6 / 0.7 / 0.8 / 0.9 / 1: 1,656 / 1,675 / 1,674 / 1,672 / 1,658 /
    # 1,642 (Arp 647-664, Miro 989-1,015); the middle of the flat optimum. Dulling the trace
    # beside fills too lost Arp pieces (653 -> 624 at 0.6): there the pixel's fill is modelled.
    line_open_chroma: float = 0.7
    # --- a tally's lost ticks weighed by the photo's own rate (tallies.py) ---
    # How often a box past a player's run of ticks is read ticked (a stray tick: a shadow,
    # a speck): tune48 (480 photos, the measured readings before solving) 8 of 46,165 such
    # boxes (seeds 300-323: 0 of 22,717; 400-419: 2 of 14,760). A photo that loses ticks
    # in its other score areas at a rate ``l`` weighs a lost tick as ``log l / log`` of this
    # in the tallies' test of "beyond doubt" (``tallies._clean_marking``; at most 1): a
    # stretch of sure blanks before sure ticks in such a photo is likelier lost ticks than
    # strays. 0: every misread weighs 1, as before.
    tally_stray_rate: float = 1.7e-4
    # --- the solver's evidence against the colour of a fill beside a piece ---
    # A line piece's (Arp) log-likelihood of the colour of a space beside it, as measured,
    # other than its best, is scaled by this in the solver (``evidence.beside_fills``): the
    # fit's margin against a fill's colour beside it understates. tune48's 53 Arp photos
    # and 80 new ones (seeds 760-767 of every condition), felt tip and messaging copies
    # apart, pieces whose best is not the colour Y of a fill beside them, by the margin
    # stated against Y (tune48 | seeds 760-767: pieces, truly Y): 0-1 250, 29 | 351, 21;
    # 1-1.5 234, 8 | 372, 6; 1.5-3 583, 0 | 1,098, 0; 3-6 1,009, 1 | 1,596, 0. The
    # observed log-odds are 2.6-4 times the stated in each bin under 1.5 and more above.
    # Not in the order of play's choice (weighed there too, tune48 lost misreads it had
    # mended). Arp whole scans, before -> 2: seeds 760-767 exact 49 -> 53, planted breaks
    # 10 -> 14 of 20; tune48 alike but wrong 221 -> 224 (a felt-tip sheet, inexact); 1: as
    # measured (benchmarks/RESULTS.md, "breaks3").
    beside_fill_evidence_scale: float = 2.0
    # --- the least amount of its key a traced line's pixel is fitted at ---
    # A trace's pixel is fitted at no trace or at from this much of its key's cover (on the
    # grid of ``line_trace_max``'s 16 steps, 0.1 apart; never in a small photo, whose
    # dulled traces were measured with every step). The line fit alone (before the run
    # decoding) on tune48's 48 Arp photos outside messaging copies, pieces misread of 8,631:
    # 0 (every step) 209, 0.2 200 (crayon 22 -> 16, felt tip 83 -> 80), 0.3 190 (crayon 10,
    # felt tip 78; pencil 15 -> 16, fit to page 8 -> 11), 0.4 192 (pencil 19). Whole scans
    # of tune48's Arp and Miro (107): at 0.3 Arp's review median rose 9.79 -> 10.00 % (a
    # pencil sheet 50 -> 112 regions, "colour between keys") and a crayon Miro sheet lost;
    # at 0.2 Arp exact 35 -> 36 of 53, wrong 221 -> 218, review median 9.79 % as before,
    # Miro unchanged. tune96b (the check): benchmarks/RESULTS.md, "A trace's least amount".
    # In register (the 156 Arp photos and 28,533 pieces of ``line_core_mm``): 0.1 385
    # misread, 0.2 378, 0.3 377; kept.
    line_trace_min: float = 0.2
    # --- the page's placement (refine.py) ---
    # With fewer markers than this, where the tile passes leave more than
    # ``refine_page_gain`` of their tiles unmatched, the page's homography is fitted to the
    # printed drawing as a whole (``refine._page_fit``: ECC at this resolution, a share of
    # the working one, with this Gaussian filter in pixels, at most this many iterations)
    # and the passes run again from there; kept if they match ``refine_page_gain`` of the
    # tiles more. Placement against the simulator's own mapping (``bench_placement.py``,
    # tune48's pencil, steep, table_thumb, fit_to_page and low_toner, 240 photos): regions
    # placed over 1 mm off, 26, all but one on photos with three markers (a Synch corner 19
    # mm off, its tiles locked onto the neighbouring boxes). The fit on every such photo
    # (29): 26 -> 2 (that corner 1.0 mm), but on a crayon Miro sheet of tune48 a
    # corner no tile matched 0.6 -> 1.7 mm off, 16 regions wrong: hence the tiles' test.
    # 5 % of the tiles: on that Synch sheet 189 -> 210 of 228, on the Miro sheet 205 of
    # 210 (fit not tried); a synthetic Synch page with its corner 16 mm off gains 8, 20 mm
    # off 110 (tests/scanner/test_page_fit.py). At 0.25 of the working resolution and 50
    # iterations the Synch corner was placed the same within 0.1 mm, at about four times
    # the cost. With four markers their corners fix the perspective.
    refine_page_markers: int = 4
    refine_page_fit: tuple[float, float, float] = (0.125, 5.0, 30.0)
    refine_page_gain: float = 0.05
    # --- the fills' chroma a messaging copy smears onto a line (copies.py) ---
    # In a photo under ``grey_min_px_per_mm`` the printed core of a line between filled
    # spaces shows part of each fill's colour (the copy's chroma blur); before the line fit
    # that part is taken out of each core pixel: each fill a half-plane from
    # ``copy_fill_gap_mm`` beyond the line's centre, blurred by a Gaussian of this many photo
    # pixels (0: off). Measured on tune48's 10 messaging Arp and Miro copies (914 Arp,
    # 1,080 Miro traced pieces; the fit's own best colour before run decoding and rules,
    # every line unsmeared), Arp pieces right: off 662; 1.5 / 1.75 / 2.0 px at gap 0.5 mm
    # 694 / 696 / 695, 2.5 px at 0.6 mm 695; in mm, 0.5 / 0.7 / 1.0 at gap 0.5 690 / 695 /
    # 695, 0.7 at 0.3 690, 1.0 at 0.3 / 0.8 689 / 692; with ``copy_bare_ratio`` 0.6, 1.75 /
    # 2.25 px 690 / 685. Miro's 1,012 alike (no
    # fill beside its lines). Whole scans: benchmarks/RESULTS.md, "Messaging copies: the
    # fills' chroma smeared onto a line".
    copy_chroma_blur_px: float = 1.75
    copy_fill_gap_mm: float = 0.5
    # A line whose core's mean chroma lies less than this share of the predicted smear from
    # it keeps its pixels: likely bare, read in its fill's colour as in any photo so that the
    # bare-piece test weighs it. Measured on the same copies: the one planted bare piece
    # beside fills at 0.39, traced pieces beside another colour's fill from 0.35 at their
    # 5th percentile (their own colour's 0.85); Arp pieces right at 0 / 0.3 / 0.5 / 0.6 /
    # 0.8 / 1: 696 / 696 / 696 / 690 / 686 / 684, the bare piece kept from 0.5 on.
    copy_bare_ratio: float = 0.6
    # --- a traced line's weak fit and its mean colour (lines.with_mean_colour) ---
    # A line fit whose margin is under ``line_mean_blend_below`` log-odds takes
    # ``line_mean_blend`` of the line's mean colour's log-likelihoods (its reading as a
    # stroke) added to each colour's (not in a messaging app's copy). Measured on Miro's
    # segments outside messaging (tune48 and new seeds 900-907 of crayon, pencil, felt tip,
    # close colours; 17467 coloured segments): where the fit's margin was under 1 and the
    # two disagreed (21), the mean colour was right on 19; from 1 up they disagreed on 23
    # and the fit was right on 22. Fit wrong 20, blended at 0.25 / 0.5 / 1: 9 / 7 / 6.
    # Miro's curve only: on tune48's Arp lines the mean colour was right on 59 of the 529
    # weak fits where the two disagreed (blended at 1: wrong 208 -> 400).
    line_mean_blend_below: float = 1.0
    line_mean_blend: float = 1.0
    # --- an island a line fit reads surely leaves review (colours.py) ---
    # An island read surely (``line_island_sure_logodds``) whose line fit reads it by this
    # many log-odds or more is not sent to review by the island doubt (colours._doubt_islands):
    # the rules' finding of a rare stretch still flags it, and so does their overturning it.
    # On tune48's 53 Arp photos the island doubt flagged 351 pieces, none misread (as sure:
    # 134, confidence 0.9999); at 6, 84 pieces left review, none misread, and 48 more stayed
    # flagged as a rare stretch; no reading changed, unflagged 0 -> 0, median review 10.6 %
    # -> 9.8 %. New Arp seeds 1400-1407 of every condition (80 photos): 109 left, none
    # misread, unflagged 0 -> 0 (benchmarks/RESULTS.md, "Arp's review"). Infinite: never.
    line_island_leave_logodds: float = 6.0
    # --- the open side's band as blank's evidence for a line piece (colours.py) ---
    # Where the core share's figure for blank stands (``line_bare_loglik_*``, the open side
    # not vetoing it), the band beside the printed core on the side no fill of the piece's
    # colour reaches (``lines.LineFit.open_band``, b: ``line_core_mm`` to the band's edge,
    # the other fill's colour taken out, against the sheet's pieces in that colour) adds
    # ``line_open_band_at_zero + line_open_band_slope * clip(b, 0, 2)``: a fill's blur
    # reaches over the core and fades before that band, a trace's nib covers it. Fitted
    # (logistic regression, base rate out) over the pieces whose core leaves blank in doubt
    # (figure 0-4) with the open side measured and not vetoing, on the 96 in-register Arp
    # photos above (seeds 6100-6105 and 6110-6115): 275 bare, 20 traced. In register a bare
    # piece's band holds less than on the drifted photos it was first fitted on (1.49,
    # -7.56; seeds 1500-1505), so the fit is steeper: zero at b 0.22. Blank's figure at 4
    # or more over the set's pieces read in a fill's colour with band share under
    # ``line_bare_share``: the figures with ``line_open_loglik_*`` above; the traced pieces
    # of this path reach at most 1.1 (2.4 before), the bare pieces gained hold a core share
    # of 0.37-0.45, an open share of 0.07-0.20 and a band of -0.04-0.04 (quartiles)
    # (benchmarks/RESULTS.md, "Arp's bare pieces in register").
    line_open_band_at_zero: float = 3.05
    line_open_band_slope: float = -13.97
    # --- small spaces' cores (colours.measure) ---
    # A polygon whose core at ``bleed_mm`` holds fewer than ``core_pixels`` is judged bare
    # on its pixels this far or further from its outline instead, where those are enough
    # and covered less than ``fill_core_bare``: a neighbour's felt-tip bleed over a small
    # space's rim is then left out of its measurement. Springer's edge triangles (their
    # 1.8 mm cores 3-29 pixels; at 1.5 mm 39-96) on 30 of tune48's Springer photos: the
    # 1.5 mm core of 44 coloured triangles covered 0.37 or more (a partial scribble), of the
    # 9 blank triangles bled over (covered 0.12-0.34 in all) 0.05 or less in 7 and 0.29,
    # 0.38 in 2; at 1.2 mm the blank ones reached 0.48 (benchmarks/RESULTS.md, "The other
    # art games: felt tip over small spaces and past a core"). 0: off.
    small_core_mm: float = 1.5
    # A fill whose core is covered from ``fill_core_bare`` to under ``fill_core_sure`` is in
    # doubt however much of its rim is covered (``colours._rim_confidence``): felt tip bled
    # past a Springer triangle's 1.8 mm core (0.109, 0.126) and its rim (0.26-0.29) stated it
    # surely coloured, so the one-triangle rule could not read it blank. Over 120 photos
    # (tune48's felt tip, crayon and scribble of the seven other games, 112, and 8 of seeds
    # 1800-1813), of the fills with a measured core and some pencil such cores had 2 blank
    # ones (both misread) and 1 coloured (a scribbled mark); 1,540 blank and 10,510 coloured
    # had cores outside it. tune48 exact 451 -> 452, unflagged 0 -> 0; seeds 1800-1827 of
    # the seven games 270 -> 273 (benchmarks/RESULTS.md, "The other art games").
    fill_core_doubt: bool = True
    # --- a traced line's dark channels in a full-size photo (lines.py) ---
    # In a photo that resolves colour (``grey_min_px_per_mm`` or more) a line pixel's channel
    # is taken as measured down to ``line_black_below`` of the paper's reflectance and
    # censored ("at least this dark") under it, its density floored at ``line_black_floor``
    # (``line_dark_below`` and ``line_min_reflectance`` stand in a small copy). The photo's
    # noise and JPEG error lie in its encoded (gamma) levels, a few of them near black, so a
    # felt-tip trace's dye over its fill (a channel at 0.003-0.03 of the paper) is measured,
    # not lost. The line fit alone (before the run decoding), pieces misread as
    # (``line_dark_below``, ``line_min_reflectance``) 0.035, 0.03 (as before) / 0.01, 0.008
    # / 0.005, 0.004 / 0.003, 0.0025 / 0.002, 0.0015: tune48's 6 felt-tip Arp photos' 1,034
    # pieces 80 / 32 / 27 / 21 / -, seeds 1600-1607's 8 (1,344) 118 / 45 / 37 / 28 / 30,
    # crayon there 96 / 92 / 91 / 91 / 91; pencil, close colours, scribble, steep, low toner,
    # table and thumb unchanged. tune96b (the check) felt tip 78 / 36 / 34 / 35. Whole
    # scans: tune48 Arp exact 36 -> 38 of 53, wrong 190 -> 168 (benchmarks/RESULTS.md,
    # "Felt tip's dark channels measured down to the camera's noise").
    line_black_below: float = 0.003
    line_black_floor: float = 0.0025
    # A sheet with ``line_dyed_share`` of its lines' pixels with a channel under this
    # reflectance has its lines dyed over (felt tip): the measure the share was set by,
    # kept apart from the level censored.
    line_dyed_below: float = 0.035
    # --- a messaging copy's fills read on weakened colour evidence (copydoubt.py) ---
    # In a photo under ``grey_min_px_per_mm``, a filled space or key read by fewer log-odds
    # than this over its next reading goes to review when its colour's or its runner-up's key
    # was learned from ticks, or (the paper clipped at white) its pixels clipped. Chosen on
    # messaging copies of Arp and Miro, seeds 1700-1723 (23 read): at 2 / 3 / 4 / 5 such
    # regions flag 8 / 13 / 19 / 22, of them wrong 6 / 9 / 11 / 11 (at 4 every unflagged
    # misread of the set; every space or key under 4 would be 66); seeds 1900-1923 (every
    # game, 24): 9 flagged at 4, none wrong, none unflagged. Infinite: never. Figures:
    # benchmarks/RESULTS.md, "Messaging copies: fills read surely on a ticks' key or clipped
    # pixels".
    copy_doubt_margin: float = 4.0
    # The confidence such a region is reported at, at most: of the 19 flagged at 4 on those
    # copies, 8 were right.
    copy_doubt_confidence: float = 0.5
    # --- a trace's pressure curve chosen per sheet (colours._reread_lines) ---
    # Where the run decoding overturns this many of the fit's pieces or more, the lines are
    # fitted again with a trace laid as a layer of its pigment (``lines._layer``) and that
    # reading taken where it overturns this many fewer (0: partial cover always; never in a
    # small photo). The fit alone on Arp's pieces (tune48 without messaging, 48 sheets, and
    # seeds 2200-2205 of six conditions, 36), misread after the run decoding at 2 / 3 / 4:
    # 62 / 61 / 61 (partial cover everywhere 61) and 91 / 109 / 110 (141). Whole scans at 3:
    # tune48 lost a sheet (table and thumb, 0 -> 4 wrong); at 4 tune48 reads as before and
    # seeds 2200-2205 Arp exact 25 -> 26 of 36, wrong 87 -> 56; tune96b (the check) Arp
    # wrong 303 -> 301, Miro as before. The sheet's own summed misfit is no guide: it
    # prefers the layer on felt tip, which then reads worse, and partial cover on crayon,
    # which reads better as a layer (benchmarks/RESULTS.md, "A trace's pressure curve
    # chosen per sheet"). Taking the layer too where its runs overturn 2 fewer and its
    # pieces' margins sum higher (felt tip left out) took no sheet outside its tuning set
    # but turned one drifted table-and-thumb photo 0 -> 4 wrong: not adopted ("Arp's
    # unflagged line pieces and key misreads by cause").
    line_layer_fewer: int = 4
    # --- line pieces read surely whose core or context favours the runner-up (linedoubt.py) ---
    # After solving, a line piece left out of review and read at ``review_below`` or more
    # goes to review when a second view favours its runner-up. Chosen on tuning seeds
    # 2100-2131 of every condition, Arp and Miro (319 photos; 49,537 segments read so, 3
    # wrong) and tune48's Arp and Miro (107, none wrong): by margin and key distance alone
    # no bin held more than 1 wrong in 338 (benchmarks/RESULTS.md, "Wrong regions left out
    # of review: line pieces whose core or context favours the runner-up").
    # A curve's segment (Miro) whose printed core alone favours its runner-up by this many
    # log-odds or more (the measured fit's ``dissent``), at an evidence margin under
    # ``line_core_runner_margin``: on seeds 2100-2131's 160 Miro photos 0.1 / 0.2 / 0.3 /
    # 0.4 flagged 26 / 8 / 4 / 2 segments at a margin under 3, the misread one of them each
    # time (dissent 0.48); tune48's 54: 12 / 3 / 1 / 0, none wrong.
    line_core_runner_dissent: float = 0.2
    # Margin 2 / 3 / 4 / 5 at dissent 0.2: 2 / 8 / 18 / 30 flagged (the misread at 2.24).
    line_core_runner_margin: float = 3.0
    # ... and only where at most this many of the sheet's sure segments share its pair of
    # colours (reading, core's): on two close-colour and felt-tip photos of those seeds the
    # core favoured one close key on a dozen right segments each (the photo's bias); at 1 /
    # 2 / 3 / any: 1 / 2 / 2 / 8 flagged, the misread among them; tune48: 2 / 2 / 2 / 3.
    line_core_runner_alone: int = 2
    # A straight line's piece (Arp) read in a colour no fill beside it has, whose runner-up
    # is the colour of a fill beside it and of a piece it meets on its printed line, at an
    # evidence margin under this: on seeds 2100-2131's 159 Arp photos 3 / 4 / 4.5 / 5 / 6
    # flagged 20 / 33 / 44 / 49 / 56 pieces, the misread one from 4.5 (margin 4.46);
    # tune48's 53: 5 / 13 / 14 / 14 / 16, none wrong. Any colour of a fill beside it and
    # a piece it meets within the margin, not the runner-up only (a steep photo's piece read
    # 3 at 2.24 over 4, its fills and the piece it meets read 1, 3.24 behind by the
    # evidence): on reg48's and seeds 8600-8615's 120 Arp photos outside messaging copies
    # and seeds 8616-8639's 24 felt-tip ones, at 3 / 4 / 5 the third colour flagged 9 / 22 /
    # 32 right pieces more and that misread (the runner-up: 13 / 20 / 24, none wrong).
    line_context_margin: float = 5.0
    # A straight line's piece (Arp) read surely whose runner-up a piece it meets on its line
    # favours by its own line fit, that piece read in this one's colour (turned by the run
    # along the line or the rules), at an evidence margin under this. On reg48's 53 Arp
    # photos 2 / 3 / 4 / 5 / 6 flag 1 / 3 / 6 / 10 / 12 pieces, from 5 the misread one
    # (a steep photo's, 4 read 2 at 4.33, the pieces beside it on its line turned to 2 by
    # the rules' stretch prior); seeds 12200-12223 16 / 45 / 65 / 85 / 95 and 11000-11023
    # 10 / 30 / 45 / 53 / 61, none misread (about 0.3 a sheet at 5). 0: never.
    line_met_turned_margin: float = 5.0
    # --- blank read from a printed core's share of its fill, in a messaging copy ---
    # In a photo under ``grey_min_px_per_mm`` a piece is not read blank from its core share
    # (``line_bare_read_logodds``) where its line fit's misfit (``lines.LineFit.misfit``,
    # mean squared density per pixel) reaches this: a copy's chroma is a block's, which
    # the core (a fraction of a block) shares with the fill beside it, so the core share is
    # no measure of the trace there, and a fit that explains the pixels this poorly says
    # so; the piece keeps its colour, for review with blank second. Pieces the core share
    # read blank on tune48's Arp photos (53): traced 5, misfit 2.69-5.40e-3 (4 of them
    # messaging copies), bare 4, misfit 0.40-1.68e-3 (a messaging copy's 1.03e-3); on
    # seeds 2300-2307 (56 Arp photos) traced messaging copies' 2.55-5.76e-3 (7 of 8; one
    # 1.38e-3), no bare piece. Between 1.68 and 2.69: 2.0 (benchmarks/RESULTS.md, "Arp's
    # traced pieces read blank surely").
    line_bare_small_misfit: float = 0.002
    # --- an overexposed messaging copy's fills, keys and marks read by a small margin ---
    # In a photo under ``grey_min_px_per_mm`` whose paper clipped at white, a filled space,
    # key or capture mark read by fewer log-odds than this over its next reading goes to
    # review (``copydoubt``), clipped or not: the overexposure dulls every pale colour. Chosen
    # on messaging copies of every game, seeds 2500-2515 and 2524-2599 (90 read, 29 of them
    # overexposed): at 2.0 / 2.2 / 2.5 / 3.0 such regions left out of review flag 32 / 42 /
    # 49 / 66, of them wrong 3 / 4 / 4 / 4 (the misreads at 1.65-2.10, one sheet); tune48's
    # 48 copies 7 / 15 / 20 / 28, none wrong. Minus infinity: never. Figures:
    # benchmarks/RESULTS.md, "Messaging copies: an overexposed copy's marks and keys".
    copy_overexposed_margin: float = 2.2
    # Capture marks the measurement read against its keys' curves dulled (under
    # ``dull_below_blocks`` of a chroma block: ``colours.Reading.dulled``), whose margin
    # already allows the lost chroma, are left to it (False) or doubted so too (True). Photos
    # of Miro at 4.4 px/mm (the test suite's end-to-end photo; its conditions, seeds
    # 6450-6479, in register, all 30 overexposed): right marks under 2.2 dulled 223 of 2,610,
    # not dulled 8 of 660, none wrong; messaging copies' overexposed (tune48 and tune96b, 35;
    # seeds 6410-6469, 17): dulled marks left out of review 20 and 4, under 2.2 12 and 2,
    # none wrong; every sure misread under 2.2 there (a Vasarely mark, a Miro key) was not
    # dulled (benchmarks/RESULTS.md, "Capture marks in register").
    copy_overexposed_dulled: bool = False
    # --- any messaging copy's fills and keys read by a small margin (copydoubt.py) ---
    # In a photo under ``grey_min_px_per_mm``, overexposed or not, a filled space or key
    # read by fewer log-odds than this over its next reading goes to review (marks keep
    # their own small-mark doubt): a copy keeps a fill's colour as a chroma block or two,
    # and a fill between two keys read on neither weakened reference above was left out
    # of review (tuning seeds 10200-10223, messaging copies of Arp, Miro, Vasarely and Klee:
    # an Arp space read 2 for 3 at 1.55). Spaces and keys left out of review under 1.6 /
    # 2.0 / 2.2 / 2.5 / 3.0: those 24 copies 6 / 13 / 20 / 27 / 43 (that one wrong each
    # time), reg48's 48 copies 5 / 17 / 22 / 36 / 66 (none wrong). 2.2, the overexposed
    # copies' margin: 41 right regions on 72 copies. Minus infinity: never. Figures:
    # benchmarks/RESULTS.md, "Messaging copies: any copy's fills and keys read by a small
    # margin".
    copy_fill_margin: float = 2.2
    # --- a bare piece between fills of its colour: the fills' own reach (colours.py) ---
    # Where a piece's core has no open side (fills of its colour on both sides) and the core
    # share's figure for blank (``line_bare_loglik_*``) is in doubt (0 up to
    # ``line_bare_read_logodds``), the core share s against the same fills' share on their
    # spaces' other printed cores read in another colour (``lines.LineFit.own_reach``, r: a
    # fill's margin short of its outline is its own) adds ``line_own_reach_at_zero +
    # line_own_reach_slope * clip(s - r, -1, 1)``. Fitted (logistic regression, base rate
    # out) over such pieces read in their fills' colour (band share under
    # ``line_bare_share``, outside felt tip and small copies) on 54 Arp photos made for it
    # (seeds 2716-2721 of every condition but felt tip, up to 12 pieces of each finished
    # sheet left bare beside a fill of their colour): 96 bare, 48 traced. Blank's figure at
    # ``line_bare_read_logodds`` or more over every such piece there: bare 196 -> 217 of
    # 450, traced 3 -> 4 of 295; on tune48's 53 Arp photos no piece crosses it (102 traced
    # pieces of this kind, no bare one). Whole scans (Arp): tune48 alike; new tuning seeds
    # 2700-2715 breaks 15 -> 17 of 40, exact 104 -> 102 of 160 (two traces read blank);
    # tune96b breaks 7 -> 9 of 14, exact 31 -> 32 of 54 (benchmarks/RESULTS.md, "Bare
    # pieces whose fill reaches onto the core"). 0 and 0: main's readings.
    line_own_reach_at_zero: float = 0.99
    line_own_reach_slope: float = -5.51
    # --- line pieces the rules confirmed whose fit shows no colour of their own (linedoubt) ---
    # After solving, a line piece read under ``review_below`` as measured and left out of
    # review by the rules' confirmation goes to review, blank second, where it is read in a
    # colour its line fit does not favour, the fit holding every colour's log-likelihood
    # within ``line_confirmed_spread`` of the likeliest's and a bare piece within
    # ``line_confirmed_bare`` log-odds. Chosen on seeds 2900-2939 of every condition and game
    # (400 photos; 590 such pieces read coloured, 2 wrong, both a planted bare Arp piece,
    # spreads 0.56 and 0.59, bare -0.94 and -1.48) and tune48 (none wrong): with bare over
    # -1.5, spread under 0.6 / 0.8 / 1.0 / 1.5 flagged 2 / 2 / 2 / 3 there (both wrong
    # each time), tune48 1 / 2 / 2 / 3 (none wrong); bare over -1.0 leaves one misread;
    # without the test of the fit's own colour, spread under 1.0 flagged 46 on seeds
    # 2900-2939 and 71 on tune48. 0: never. Figures: benchmarks/RESULTS.md, "Wrong regions
    # left out of review: confirmed pieces with no colour of their own".
    line_confirmed_spread: float = 1.0
    line_confirmed_bare: float = 1.5
    # --- line pieces between two keys whose line reads their colour surely (linedoubt) ---
    # After solving, a straight line's piece (Arp's), surely marked, in review only for its
    # fit's margin between two keys ("colour between keys N and M") leaves review where a
    # piece it meets on its printed line was read surely in its colour and left out of
    # review, and its runner-up is the colour of no fill beside it and of no piece it meets
    # (its reading and confidence kept). Measured over the Arp sheets of reg48 (seeds 0-47,
    # 53 photos) and tuning seeds 10200-10223 (pencil, felt tip, crayon, close colours,
    # steep, messaging, low toner; 42 Arp photos): 3,530 such pieces in review, 191
    # misread; 982 meet a sure piece of their colour (565 and 417), none misread. Report
    # seeds 10400-10423 (42 Arp photos): that test left 534, 2 misread, each with its
    # runner-up the colour of a fill beside it or of a piece it meets; with that clause (set
    # after seeing them) 434 / 295 / 400 leave (reg48 / 10200-10223 / 10400-10423), none
    # misread. Report seeds 10440-10447 (80 Arp photos, every condition): 689 left, 1
    # misread, a planted bare piece read 1 at coverage 0.008, not surely marked (blank
    # within 0.1 log-odds); the clause "surely marked" (set after seeing it) keeps 1 / 1 /
    # 3 / 4 right pieces of those sets in review and that one. The same test on the other
    # doubts' pieces was not applied (a blank alternative, the bare-piece doubts: 474 of
    # their tuning pieces meet a sure piece of their colour, 2 misread). False: every such
    # piece stays in review. Figures: benchmarks/RESULTS.md, "Arp's review: pieces between
    # two keys whose line reads their colour surely".
    line_between_keys_met_sure: bool = True
    # ... and not where its runner-up is the colour a piece it meets favours by that piece's
    # own line fit (``Reading.loglik``), read otherwise by its run along the line or by the
    # rules (a misread pair: the run decoding turned the second piece to the first's colour,
    # a table-and-thumb photo of seeds 10800-10823). Over the tuning Arp photos outside
    # messaging copies (reg48's 53, seeds 11000-11023's and 12200-12223's 216 each; main's
    # scans, ``benchmarks/settled_pieces.py``) it keeps 4 / 18 / 32 of the 432 / 1,696 /
    # 1,754 pieces settled in review, none misread. False: only the pieces' readings count.
    line_between_keys_met_own: bool = True
    # ... and only where it meets pieces on both sides along its line (not its line's last
    # piece, where no piece beyond it shows the run's change of colour). On the same sets
    # the settled pieces misread (0 / 2 / 2, and one crayon photo of seeds 10800-10823) are every
    # one a line's last piece read in the colour of the one piece it meets; the clause keeps
    # 80 / 389 / 379 settled pieces in review, those 4 misread among them (about 1.8 more a
    # sheet of ~470 regions). False: a line's last piece as any other.
    line_between_keys_both_sides: bool = True
    # --- paper beyond white in some channels only: a small copy's scatter there ---
    # In a copy under ``grey_min_px_per_mm`` (a messaging app's) whose paper is beyond white
    # in some channels and not in others (overexposed under a cool or warm light), a fill's,
    # mark's or tick's pixel within ``clip_noise_levels`` below the clip in a channel beyond
    # white, and no darker than this share of paper in each other channel, is read as paper
    # (every channel "at least this bright"): the copy's chroma scatters the clipped
    # channel's paper below the clip. 0: never. On the 24 photos of tune48 and seeds
    # 2820-2839 (seven games) where such pixels lie, 8.7 % of blank regions' ones read a
    # lit channel under 0.9 of paper (1.4 % under 0.85), coloured regions' 76 %; reading
    # only the near channel as clipped, 0.85 lost a tune48 sheet, 0.9 none. At 0.9, seeds
    # 2820-2839 wrong 18 -> 2 (an overexposed Springer copy's 15 blank triangles and spaces
    # read pale yellow now blank). In full photos it erased pale pencil (tune96b: 3 sheets
    # lost, one region unflagged), so copies only (benchmarks/RESULTS.md, "Paper beyond
    # white in one channel").
    clip_paper_share: float = 0.9
    # Tally boxes out of the photo at the end of a player's run. Where every box after the
    # run's last tick seen, up to the score the drawing gives him, is out of the photo, at
    # most this many of them, and no failed check names a region (no break read as drawn,
    # whose score the player would not have tallied), they are taken as ticked, still for
    # review. 0: never. Main's scans of tune48 (480 photos: 62 unseen tally boxes on 15
    # runs) and the 171 Miro photos of seeds 2760-2789 (70 on 13 runs): 3 unseen boxes
    # wrong, all such ends, of 2 and 1 boxes (felt tip and steep copies of one sheet),
    # each then right; no other run qualified (benchmarks/RESULTS.md, "Tally boxes at the
    # end of a run out of the photo").
    tally_end_unseen_most: int = 2
    # The seed of the k-means that learns a blank colour key (a local generator: the same
    # photo reads the same in any process, after any other photo).
    palette_seed: int = 1
    # Raw confidence -> probability right (knots, increasing), see CALIBRATION.
    calibration: tuple[tuple[float, float], ...] = CALIBRATION
    # unflagged: fills read surely across a hard shadow's fitted edge (lightdoubt.py) ---
    # A space, key or triangle read in a colour at ``review_below`` or more and left out of
    # review, whose measurement pixels lie on both sides of the light's fitted shadow edge
    # (``light.ShadowEdge``) and whose coverage is under this share of the median coverage
    # of the sheet's sure fills, goes to review after solving, blank second (a blank space's
    # shaded strip reads as a dull key). The sheet's own fills set the scale: Synch's marks
    # cover under 0.3 of every space, a hurried scribble under 0.5, so an absolute coverage
    # flags them (tune48's shadowed photos of the fill games, 107: crossed sure fills under
    # 0.3 / 0.5 absolute 66 / 116, all right). As a share of the sheet's median, the least
    # over every crossed sure fill was 0.69 on those 107 photos (76 with a fitted edge, 396
    # crossed) and 0.72 on seeds 3600-3699's shadowed photos (50, 5 a condition; 31 with an
    # edge, 191 crossed): none wrong, none flagged at 0.5. Chosen with no misread in the
    # tuning sets; the one misread of this kind seen (a blank space read coloured at
    # coverage 0.26, on tune96b, the check) was known before the rule was made
    # (benchmarks/RESULTS.md, "Wrong regions left out of review on new seeds; fills little
    # covered across a shadow's edge"). 0: never.
    shadow_edge_cover: float = 0.5
    # speed: a photo decoded at a reduced scale (photo.py, pipeline.py) ---
    # A JPEG whose longest side at 1/2, 1/4 or 1/8 of its size is still
    # ``reduced_decode_min_side`` pixels or more is decoded at the smallest such scale
    # (libjpeg's scaled decode; a 12-megapixel photo of the benchmark: 14 ms of processor at
    # 1/2 against 53 ms in full). The sheet is then seen at the px/mm the reduced image gives;
    # when its sparsest marker has fewer than ``reduced_decode_min_px_per_mm`` there (a sheet
    # small in the frame, the far edge of a tilted photo), or the reduced photo cannot be
    # registered or its QR code read, the whole photo is decoded and scanned instead. 8 px/mm
    # is above every px/mm threshold of the colour code (``colour_full_px_per_mm`` 7.5,
    # ``grey_min_px_per_mm`` 5, ``tally_unresolved_px_per_mm`` 2.5, ``min_px_per_mm`` 1.6),
    # so that each of its tests takes the branch a full decode takes; chroma blocks are
    # counted at the file's px/mm (``pipeline.scan_image``). 3500 px: a sheet upright and
    # filling the frame (88-95 % of it) of 6000 x 4500 photos, seeds 4000-4005 of nine
    # conditions (54; not messaging): at 1/2 (3000 px) the sparsest marker kept 8 px/mm in
    # 14 and fell short in 40 (the tilt's far edge), each of those then decoded twice; the
    # 14 read as in full but one Arp sheet (two segments in review either way, read in
    # another colour). 3500 px hold an A4 page's 297 mm at 10.6 px/mm when it spans 90 % of
    # the side, 8 at its far edge seen 25 % smaller. The simulator's 12-megapixel photos show
    # the sheet at 5.6-11.9 px/mm (tune48, 432 photos not messaging copies; sparsest marker
    # 4.1-10.9): none would keep 8 px/mm at 1/2, and none is tried (benchmarks/RESULTS.md,
    # "Scan speed: a reduced decode"). False: always in full (the side-by-side).
    reduced_decode: bool = True
    reduced_decode_min_side: int = 3500
    reduced_decode_min_px_per_mm: float = 8.0
    # others: a QR code read as what a sheet code can look like (identify.py, qrdecode.py) ---
    # A code neither the library nor the own reader decodes is decoded again under each
    # form a sheet code of a coloured game takes (``identify.sheet_code_templates``: 258),
    # the bits the form fixes set (``qrdecode.decode_known``); only this many forms, those
    # whose fixed bits the fitted grid contradicts least, are tried (each costs Reed-Solomon
    # passes: all 258 took 2-5 s a code, 16 about 0.1 s). Module grids of 44 sheet codes of
    # every game (standard and seeded, both pages) read with Gaussian noise: at 16, right
    # at sigma 0.3 / 0.4 / 0.5 247 / 71 / 7 of 264 (the own reader alone 73 / 0 / 0), never
    # a wrong code there (1,320 grids up to sigma 0.8) nor on 1,500 random grids. Messaging
    # copies, seeds 4700-4799 (all games): sheets with neither code read 2 -> 0 (at 1.8
    # px/mm); shrunk to 0.75 / 0.6 of their size 24 -> 6 / 55 -> 23; no code read wrong
    # (benchmarks/RESULTS.md, "QR codes read by their form"). 0: never.
    qr_form_tries: int = 16
    # unflagged: capture marks under a filled space (markdoubt.py) ---
    # A mark read in a colour and left out of review whose space is read filled goes to
    # review after solving (a fill over the circle hides its colour). No threshold: on the
    # Miro photos of seeds 4200-4229 (90), 3640-3679 (40) and tune48 (54) such marks left out
    # of review were 7, 1 wrong (read at raw 0.84, margin 1.69); seeds 4400-4489 (210): 8, 1
    # wrong (raw 0.84, margin 1.64); tune96b's 53: none. Every one on a sheet whose filled
    # space is in review already (benchmarks/RESULTS.md, "Wrong regions left out of review:
    # capture marks under a filled space"). False: never.
    mark_under_fill_doubt: bool = True
    # miro: a curve's bare segments among traces that cover their bands (colours.py) ---
    # On a sheet whose traces all cover the band round the printed line (the 10th
    # percentile of the coverage of the segments read surely marked in each colour, over
    # colours with ``curve_full_least`` such segments or more, the least of them, at
    # ``curve_full_cover`` or more), a Miro segment covered under ``curve_bare_share`` of
    # that percentile is read blank at ``curve_bare_logodds`` over the colour read before
    # (``colours._bare_among_full_traces``). Measured on Miro photos of seeds 5600-5635
    # (pencil, felt tip, crayon, close colours, steep, table and thumb, scribble; 180) and
    # 5640-5659 (felt tip, 20): the felt-tip sheets' percentile 0.97-1.00 (32 sheets), every
    # other sheet's 0.71 or less (168); on the felt-tip sheets the 6,910 traced segments are
    # covered 0.64 or more, the two planted bare ones 0.004 and 0.033 (read 3 and 4 before:
    # the dye of the segments they meet tinted them, and the rules coloured them). 5: a bare
    # segment is read as drawn past the rules' prior (``sure_logodds``, 3), for review with
    # the broken rule (benchmarks/RESULTS.md, "Miro's bare segments among felt-tip traces").
    # 0 (``curve_bare_share``): never.
    curve_full_cover: float = 0.8
    curve_full_least: int = 5
    curve_bare_share: float = 0.25
    curve_bare_logodds: float = 5.0
    # lines: the straight lines' bare pieces among traces that cover their bands (Arp's;
    # ``colours._bare_straight_among_full_traces``). On a sheet whose lines are dyed over
    # (``line_dyed_share``: felt tip) and whose pieces read surely marked cover their bands
    # (the same percentile, at ``line_full_cover`` or more), an Arp piece covered under
    # ``line_full_bare_share`` of that percentile is read blank at ``curve_bare_logodds``,
    # the colour read before second. Measured on in-register Arp photos (reg48's and seeds
    # 8600-8639's, outside messaging copies; 144): the share of line pixels so dark is
    # 0.68-0.87 on the 38 felt-tip photos, 0.06 or less on the 106 others (crayon's up to
    # 0.06), so the dye decides felt tip where the percentile would not (a crayon sheet's
    # sure traces cover their bands at 0.84). On the felt-tip photos the percentile lies at
    # 0.62-1.00 (the sheets' least colour, every piece read coloured), the 6,950 traced
    # pieces are covered 0.33 or more, the planted bare pieces no fill's dye reaches 0.016,
    # 0.043 and 0.104 (read 3, 2 and 3 before: surely by the line fit, then by the order of
    # play or a faint trace's tint), the one beside a fill 1.0 (the fit's ``under_fill``
    # doubt's). 0 (``line_full_bare_share``): never.
    line_full_bare_share: float = 0.25
    line_full_cover: float = 0.5
    # On such a sheet, a space holding a capture circle (Miro's: never filled) read coloured
    # whose core (``bleed_mm`` from its outline, the circle's too) is covered under this is
    # read blank, the colour second, in doubt (``colours._spill_in_circled_spaces``; a filled
    # Miro space breaks a rule, so the rules may confirm the blank): a felt
    # tip's trace, wider than the band, covers a small space's rim and part of its core.
    # Measured: the five Miro spaces so misread on seeds 5600-5611's felt-tip photos (two
    # sheets) had cores covered 0.18-0.30; every fill of tune48's felt-tip photos of the fill
    # games (3,260 spaces with a core: Arp, Delaunay, Klee, Mondrian, Rings, Springer,
    # Vasarely) 1.0, and the planted felt-tip fill of a Miro space 1.0. 0: never.
    curve_spill_core: float = 0.6
    # --- a piece read in a colour no fill beside it holds, its core bare (lines.py) ---
    # A piece of Arp's printed lines read in a colour X that no filled space beside it was
    # read in (not dyed over), with no other doubt, goes to review, blank named, where its
    # printed core holds under ``line_open_free_share`` of what the sheet's traces of X hold
    # there (``LineFit.open_share``: with no fill of X beside it, the whole core is its open
    # side) and the band beside the core under ``line_open_free_band`` (``open_band``): a
    # trace lies on both, so a piece with neither holds no pencil of X (a bare piece among
    # fills of close keys read in one of them). Review only, its confidence and evidence
    # unchanged (``lines.open_side_bare``). Arp in register, outside messaging copies and
    # felt tip: the planted-break photos of reg48 and of tune seeds 12000-12023,
    # 12400-12423 and 13800-13823 (174 photos), pieces so read at the line step outside
    # felt tip, both measured (17,633): under 0.1 / 0.1 bare 6 (planted, 4 seeds), traced
    # 14, truly another colour 5; left unflagged at the end by main and so newly flagged:
    # bare 1 (a steep photo's planted piece, read at 3.7 log-odds) and 5 traces read right;
    # at 0.1 / 0.2 the same (3 more traces already flagged); at 0.2 / 0.2 9 traces newly
    # flagged; the core's bar alone (0.1) 13. Report seeds 14000-14011 (108 photos): 2
    # right pieces newly flagged, none wrong (benchmarks/RESULTS.md, "Arp's planted bare
    # pieces by cause"). 0 and 0: never.
    line_open_free_share: float = 0.1
    line_open_free_band: float = 0.1
    # --- a sheet whose lines read one key as another throughout (captordoubt.py) ---
    # On a sheet whose solved reading has at least ``line_foreign_captures`` spaces filled
    # with colour X and none of their sides in X (``MarkForeign``), every line piece read in
    # another colour with X its runner-up goes to review (review only). Arp in register
    # outside messaging copies, seeds 0-95 (97 photos) and report seeds 14000-14011 (108):
    # 2 sheets have 2 or more such spaces, both crayon sheets whose line fit reads one key
    # as its look-alike on the whole sheet (11 spaces -> 36 wrong pieces, 4 unflagged; 4
    # spaces -> 11 wrong), every such space of one colour; 7 sheets have one, each a planted
    # break. 0: never.
    line_foreign_captures: int = 2


DEFAULT = ScannerConfig()
