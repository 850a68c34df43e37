"""QR benchmark: the zxing-cpp library against the scanner's own QR reader, per photo condition.

For every simulated 12-megapixel photo (every game, each named condition below) it measures,
side by side on the same photo:

* ``zxing full``: :func:`zxingcpp.read_barcodes` on the whole grey photo (no registration):
  did it read this sheet's code, how long it took, and how many codes it found in all;
* ``zxing patch``: the library on the two rectified QR windows the registration gives
  (:func:`artsheets.scanner.identify.read_qr_patches` without the hand-written fallback);
* ``own``: the project's reader (:func:`artsheets.scanner.identify.read_sheet_code` with the
  library switched off: template-matched finders, OpenCV on the squared-up code, then the
  module fit of ``qrdeblur.py`` decoded by ``qrdecode.py``);
* ``own only``: photos the own reader read and neither library path did: what hand-written
  code still adds.

Registration (marker detection and the homography) is timed apart and not counted in either.

    python benchmarks/bench_qr.py              # 2 photos per game and condition (144 photos)
    python benchmarks/bench_qr.py --per-game 1 # a quicker look
    python benchmarks/bench_qr.py --drawing --small  # the drawing check's statistic instead
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
import pickle
import statistics
import sys
import time
import zlib
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the simulator lives in tests/scanner

SIZE = (4000, 3000)  # 12 megapixels


def _condition(name: str, rng: object, size: tuple[int, int] = SIZE) -> object:
    """The named condition, drawn around the simulator's random photo (same rng: same photo)."""
    import numpy as np

    from tests.scanner.simulator import Conditions

    assert isinstance(rng, np.random.Generator)
    base = Conditions.random(rng, size)
    if name == "random":
        return base
    if name == "square-on":
        return replace(base, tilt=0.0, blur=0.0, shadow=0.0, exposure=1.0, crop_corner=None)
    if name == "steep":
        return replace(base, tilt=float(rng.uniform(35, 45)), crop_corner=None)
    if name == "blurred":
        return replace(base, blur=float(rng.uniform(1.2, 1.8)), crop_corner=None)
    if name == "dim":
        return replace(base, exposure=float(rng.uniform(0.35, 0.5)), noise=6.0)
    if name == "shadow":
        return replace(base, shadow=float(rng.uniform(0.4, 0.55)))
    if name == "corner-cut":
        return replace(base, crop_corner=int(rng.integers(0, 4)))
    if name == "messaging":
        return base  # the JPEG is shrunk and recompressed after the photo is taken
    raise ValueError(name)


CONDITIONS = (
    "square-on",
    "random",
    "steep",
    "blurred",
    "dim",
    "shadow",
    "corner-cut",
    "messaging",
)


def _make(job: tuple[str, str, int, tuple[int, int]]) -> tuple[str, str, str, bytes]:
    """One photo's (condition, game, sheet code, JPEG bytes)."""
    import cv2
    import numpy as np

    from tests.scanner.simulator import sheet_for, simulate

    condition, game, seed, size = job
    rng = np.random.default_rng([20_000 + seed, zlib.crc32(f"{condition}/{game}".encode())])
    photo = simulate(sheet_for(game), seed, conditions=_condition(condition, rng, size))
    jpeg = photo.jpeg
    if condition == "messaging":
        # A messaging app: longest side 1600 px or less, JPEG quality 40-60.
        img = photo.image
        side = int(rng.integers(1280, 1601))
        f = side / max(img.shape[:2])
        img = cv2.resize(img, None, fx=f, fy=f, interpolation=cv2.INTER_AREA)
        q = int(rng.integers(40, 61))
        jpeg = cv2.imencode(".jpg", img, [cv2.IMWRITE_JPEG_QUALITY, q])[1].tobytes()
    return condition, game, photo.layout.sheet_code, jpeg


def _measure(job: tuple[str, str, str, bytes]) -> dict[str, object]:
    import cv2
    import numpy as np

    from artsheets.scanner import identify
    from artsheets.scanner.errors import ScanError
    from artsheets.scanner.registration import (
        detect_marker_candidates,
        detect_markers,
        page_markers,
        register,
    )

    condition, game, code, jpeg = job
    img = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    gray = cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)
    row: dict[str, object] = {"condition": condition, "game": game}
    t0 = time.perf_counter()
    found = identify.find_qr_codes(gray)
    row["zx_full_s"] = time.perf_counter() - t0
    row["zx_full"] = any(f.text == code for f in found)
    row["zx_codes"] = len(found)
    # Markers: OpenCV's ArUco detector with its defaults on the whole photo, against the
    # scanner's passes on a reduced copy (registration.detect_marker_candidates).
    t0 = time.perf_counter()
    default = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_4X4_50))
    _, ids, _ = default.detectMarkers(gray)
    row["aruco_s"] = time.perf_counter() - t0
    row["aruco_ids"] = len({int(i) for i in ids.ravel()} & {0, 1, 2, 3}) if ids is not None else 0
    t0 = time.perf_counter()
    row["own_ids"] = len({i for i, _ in detect_marker_candidates(gray)})
    row["markers_s"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    try:
        reg = register(detect_markers(gray), page_markers(identify.PAGE_GUESS))
    except ScanError:
        row["registered"] = False
        return row
    row["registered"] = True
    row["register_s"] = time.perf_counter() - t0
    centres = [m.center for m in page_markers(identify.PAGE_GUESS)]
    args = (img, reg.page_from_photo, centres[3], centres[1], reg.px_per_mm)
    t0 = time.perf_counter()
    row["zx_patch"] = identify.read_qr_patches(*args) == code
    row["zx_patch_s"] = time.perf_counter() - t0
    t0 = time.perf_counter()
    row["own"] = identify.read_sheet_code(*args, library=False)[0] == code
    row["own_s"] = time.perf_counter() - t0
    return row


def _drawing(job: tuple[str, str, str, bytes]) -> list[tuple[str, float]]:
    """The line agreement (:mod:`artsheets.scanner.drawing`) of one photo with its own
    template and with others': another game's sheet, and another field of its own game."""
    import cv2
    import numpy as np

    from artsheets.generator.registry import build_layout, coloured_games
    from artsheets.scanner.drawing import line_agreement
    from artsheets.scanner.errors import ScanError
    from artsheets.scanner.identify import PAGE_GUESS
    from artsheets.scanner.refine import refine
    from artsheets.scanner.registration import (
        detect_markers,
        page_inside_photo,
        page_markers,
        register,
        warp_page,
    )
    from artsheets.scanner.template import PX_PER_MM, template_for

    _, game, code, jpeg = job
    img = cv2.imdecode(np.frombuffer(jpeg, np.uint8), cv2.IMREAD_COLOR)
    try:
        reg = register(
            detect_markers(cv2.cvtColor(img, cv2.COLOR_BGR2GRAY)), page_markers(PAGE_GUESS)
        )
    except ScanError:
        return []
    names = list(coloured_games())
    other_game = names[(names.index(game) + 1) % len(names)]
    codes = [("right", code), ("other game", template_for_game(other_game))]
    try:
        same = build_layout(game, 7).sheet_code
    except ValueError:  # a game with its standard sheet only
        same = code
    if same != code:
        codes.append(("other field", same))
    out = []
    for kind, c in codes:
        tpl = template_for(c)
        size = (tpl.layout.page.width_mm, tpl.layout.page.height_mm)
        work = warp_page(img, reg.page_from_photo, PX_PER_MM, size, photo_px_per_mm=reg.px_per_mm)
        inside = page_inside_photo(reg.page_from_photo, img.shape, size, PX_PER_MM)
        work, inside, _ = refine(work, tpl, inside)
        out.append((kind, line_agreement(work, tpl, inside)))
    return out


def template_for_game(game: str) -> str:
    from tests.scanner.simulator import sheet_for

    return sheet_for(game).sheet_code


def drawing_report(photos: list[tuple[str, str, str, bytes]]) -> None:
    """Line agreement with the right template and with wrong ones, per kind."""
    import numpy as np

    got: dict[str, list[float]] = {}
    for p in photos:
        for kind, value in _drawing(p):
            got.setdefault(kind, []).append(value)
    print("line agreement (drawing.py):  n   min    5%   median  max")
    for kind, vals in got.items():
        v = np.array(vals)
        print(
            f"  {kind:12} {len(v):4} {v.min():.3f} {np.percentile(v, 5):.3f} "
            f"{np.median(v):.3f} {v.max():.3f}"
        )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--per-game", type=int, default=2, help="photos per game and condition")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument(
        "--drawing", action="store_true", help="measure the drawing check, not the QR readers"
    )
    parser.add_argument("--keep", metavar="FILE", help="keep the photos in FILE (or reuse it)")
    parser.add_argument("--small", action="store_true", help="2000 x 1500 photos, not 12 MP")
    parser.add_argument("--conditions", nargs="*", default=list(CONDITIONS), help="which ones")
    args = parser.parse_args()
    from artsheets.generator.registry import coloured_games

    jobs = [
        (c, g, s, (2000, 1500) if args.small else SIZE)
        for c in args.conditions
        for g in coloured_games()
        for s in range(args.first_seed, args.first_seed + args.per_game)
    ]
    print(f"simulating {len(jobs)} photos of {jobs[0][3][0]}x{jobs[0][3][1]}...", flush=True)
    keep = Path(args.keep) if args.keep else None
    if keep is not None and keep.exists():
        photos = pickle.loads(keep.read_bytes())
    else:
        with mp.get_context("spawn").Pool(2) as pool:
            photos = pool.map(_make, jobs, chunksize=1)
        if keep is not None:
            keep.write_bytes(pickle.dumps(photos))
    if args.drawing:
        drawing_report(photos)
        return 0
    print("reading, one photo at a time...", flush=True)
    rows = [_measure(p) for p in photos]
    report(rows)
    return 0


def _ms(values: list[float]) -> str:
    return f"{1000 * statistics.median(values):6.0f}" if values else "     -"


def report(rows: list[dict[str, object]]) -> None:
    head = (
        f"{'condition':11} {'n':>4} {'zx full':>8} {'ms':>6} {'zx patch':>9} {'ms':>6} "
        f"{'own':>5} {'ms':>6} {'own only':>9} {'reg ms':>7}"
    )
    print(head)
    for cond in [*CONDITIONS, "all"]:
        sel = [r for r in rows if cond in ("all", r["condition"])]
        if not sel:
            continue
        reg = [r for r in sel if r["registered"]]
        own_only = sum(1 for r in reg if r["own"] and not r["zx_full"] and not r["zx_patch"])
        print(
            f"{cond:11} {len(sel):4} {sum(bool(r['zx_full']) for r in sel):8} "
            f"{_ms([float(r['zx_full_s']) for r in sel])} "  # type: ignore[arg-type]
            f"{sum(bool(r['zx_patch']) for r in reg):9} "
            f"{_ms([float(r['zx_patch_s']) for r in reg])} "  # type: ignore[arg-type]
            f"{sum(bool(r['own']) for r in reg):5} "
            f"{_ms([float(r['own_s']) for r in reg])} {own_only:9} "  # type: ignore[arg-type]
            f"{_ms([float(r['register_s']) for r in reg]):>7}"  # type: ignore[arg-type]
        )
    print()
    print(f"{'markers':11} {'n':>4} {'aruco default: ids':>19} {'ms':>6} ", end="")
    print(f"{'own passes: ids':>16} {'ms':>6}")
    for cond in [*CONDITIONS, "all"]:
        sel = [r for r in rows if cond in ("all", r["condition"])]
        if not sel:
            continue
        print(
            f"{cond:11} {len(sel):4} {sum(int(r['aruco_ids']) for r in sel):19} "  # type: ignore[call-overload]
            f"{_ms([float(r['aruco_s']) for r in sel])} "  # type: ignore[arg-type]
            f"{sum(int(r['own_ids']) for r in sel):16} "  # type: ignore[call-overload]
            f"{_ms([float(r['markers_s']) for r in sel])}"  # type: ignore[arg-type]
        )
    unreg = [r for r in rows if not r["registered"]]
    print(f"not registered (no patch to read): {len(unreg)}")
    multi = sum(1 for r in rows if int(r["zx_codes"]) >= 2)  # type: ignore[call-overload]
    print(f"photos where zxing full found both of the sheet's codes (or more): {multi}")


if __name__ == "__main__":
    sys.exit(main())
