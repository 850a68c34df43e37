"""One place for the scanner's settings: :class:`ScannerConfig`.

Every threshold of the evidence, solving, margin and review steps is a field here, with the
measurement that set it; a scan is a function of the photo and its config (nothing is read
from global state). ``scan_image(photo, config=ScannerConfig(review_below=0.9))`` reads a
photo with other settings; tests and the benchmark pass their own.

Of the measurement step, the felt-tip bleed (``bleed_mm``, ``core_pixels``), the grey-marks
test (``grey_min_px_per_mm``), a small photo's colour samples (``colour_full_px_per_mm``) and
the smallest sheet read (``min_px_per_mm``) are here, and so are the settings of
registration, of the sheets in the frame, of the refinement, of the refusals and of the light
(one block, by module); the other per-pixel constants of the older stages (``colours.py``,
``lines.py``, ``tallies.py``, ``mending.py``) have not all moved yet: docs/scanner.md lists
where the move stands.
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
    # e963685, 4586865); no sweep over a set is on record.
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
    shadow_votes: int = 15
    shadow_candidates: int = 5
    shadow_span_mm: float = 60.0
    shadow_pieces: int = 2
    bend_section_mm: float = 30.0
    bend_step_mm: float = 15.0
    bend_max_mm: float = 2.5
    # The seed of the k-means that learns a blank colour key (a local generator: the same
    # photo reads the same in any process, after any other photo).
    palette_seed: int = 1
    # Raw confidence -> probability right (knots, increasing), see CALIBRATION.
    calibration: tuple[tuple[float, float], ...] = CALIBRATION


DEFAULT = ScannerConfig()
