"""Where the scanner places the page against where the simulator put it.

The simulator knows how it bent and photographed each page (its print scale, the paper's curl,
the camera's homography, a messaging app's shrinking). This re-simulates kept tuning photos
(the same seeds give the same JPEG; checked byte for byte), records that mapping, scans the
photo, and compares the scanner's placement (markers' homography, then the refinement's field)
with it: per region, the largest distance (mm, on the page) between where the scanner reads a
measurement pixel and where that pixel's point of the page really lies in the photo.

    python benchmarks/bench_placement.py TRUTH.json [--conditions steep,...] [--games arp]
        [--seeds 0-23] [--workers 1] [--out FILE.json]

Prints, per condition, the photos, the median and 99th percentile of the regions' error, the
regions placed off by more than 0.5 and 1 mm, and how many of those were read wrong.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the simulator lives in tests/scanner


class _Recorder:
    """cv2 as the simulator's ``photograph`` sees it, keeping the curl's map and the camera's
    homography."""

    def __init__(self, cv2: Any, into: dict) -> None:
        self._cv2, self._into = cv2, into

    def __getattr__(self, name: str) -> Any:
        return getattr(self._cv2, name)

    def remap(self, src: Any, map1: Any, map2: Any, *a: Any, **k: Any) -> Any:
        self._into["curl"] = (map1.copy(), map2.copy())
        return self._cv2.remap(src, map1, map2, *a, **k)

    def getPerspectiveTransform(self, src: Any, dst: Any, *a: Any) -> Any:
        H = self._cv2.getPerspectiveTransform(src, dst, *a)
        self._into["H"] = H  # the last one is the sheet's (the crop search calls it first)
        return H


def _wrap(fn: Callable, into: dict, key: str, sim: Any) -> Callable:
    def inner(*a: Any, **k: Any) -> Any:
        if key == "photo":
            real = sim.cv2
            sim.cv2 = _Recorder(real, into)
            try:
                out = fn(*a, **k)
            finally:
                sim.cv2 = real
            into["page_shape"] = a[0].shape[:2]
            return out
        if key == "fit":
            into["print_scale"] = a[1]
            return fn(*a, **k)
        out = fn(*a, **k)  # messaging app
        into["shrink"] = (a[0].shape[1], out.shape[1])
        return out

    return inner


def simulate_recorded(truth: dict) -> tuple[Any, dict]:
    """The photo of ``truth`` again (a SimulatedPhoto), with the mapping that made it."""
    import tests.scanner.simulator as sim
    from benchmarks.bench_scanner import RULE_BREAK_EVERY, SIZE
    from tests.scanner.scenarios import simulate_named

    seed = int(re.search(r"_(\d+)\.jpg$", truth["path"]).group(1))
    into: dict = {}
    saved = sim.photograph, sim.fit_to_page, sim.messaging_app
    sim.photograph = _wrap(saved[0], into, "photo", sim)
    sim.fit_to_page = _wrap(saved[1], into, "fit", sim)
    sim.messaging_app = _wrap(saved[2], into, "shrink", sim)
    try:
        sheet = sim.sheet_for(truth["game"])
        photo = simulate_named(
            sheet, seed, truth["condition"], SIZE, rule_break=seed % RULE_BREAK_EVERY == 1
        )
    finally:
        sim.photograph, sim.fit_to_page, sim.messaging_app = saved
    return photo, into


def _bilinear(img: np.ndarray, x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """``img`` at points (x, y), bilinearly, edges held."""
    h, w = img.shape
    x = np.clip(x, 0, w - 1.000001)
    y = np.clip(y, 0, h - 1.000001)
    x0, y0 = np.floor(x).astype(np.int64), np.floor(y).astype(np.int64)
    fx, fy = x - x0, y - y0
    a, b = img[y0, x0], img[y0, x0 + 1]
    c, d = img[y0 + 1, x0], img[y0 + 1, x0 + 1]
    return (a * (1 - fx) + b * fx) * (1 - fy) + (c * (1 - fx) + d * fx) * fy


def true_photo_points(u: np.ndarray, page_mm: tuple[float, float], rec: dict) -> np.ndarray:
    """Page points ``u`` (mm, N x 2) -> photo pixels, as the simulator placed them."""
    ph, pw = rec["page_shape"]
    sx, sy = pw / page_mm[0], ph / page_mm[1]
    p = np.c_[u[:, 0] * sx - 0.5, u[:, 1] * sy - 0.5]
    s = rec.get("print_scale", 1.0)
    x = s * (p - np.array([pw / 2, ph / 2])) + np.array([pw / 2, ph / 2])
    q = x.copy()
    if "curl" in rec:
        mx, my = rec["curl"]  # page2(q) = page1(map(q)): solve map(q) = x
        for _ in range(20):
            q = q - (np.c_[_bilinear(mx, q[:, 0], q[:, 1]), _bilinear(my, q[:, 0], q[:, 1])] - x)
    hq = np.c_[q, np.ones(len(q))] @ rec["H"].T
    y = hq[:, :2] / hq[:, 2:3]
    if "shrink" in rec:
        before, after = rec["shrink"]
        f = after / before
        y = (y + 0.5) * f - 0.5
    return y


def scanner_photo_points(u: np.ndarray, result: Any) -> np.ndarray:
    """Page points ``u`` (mm) -> photo pixels, as the scan placed them: the refinement's
    field (the rectified pixel at x was taken from x + field), then the markers' homography."""
    import cv2

    from artsheets.scanner.template import PX_PER_MM

    x = u * PX_PER_MM - 0.5
    field = result.refinement.field
    if field is not None:
        h, w = result.image.shape[:2]
        fh, fw = field.shape[:2]
        # cv2.resize (linear) of the 1 mm grid to the image: pixel x samples grid (x+.5)*fw/w-.5
        gx = (x[:, 0] + 0.5) * fw / w - 0.5
        gy = (x[:, 1] + 0.5) * fh / h - 0.5
        x = (
            x
            + np.c_[
                _bilinear(np.ascontiguousarray(field[..., 0]), gx, gy),
                _bilinear(np.ascontiguousarray(field[..., 1]), gx, gy),
            ]
        )
    mm = (x + 0.5) / PX_PER_MM
    pts = cv2.perspectiveTransform(
        mm.reshape(-1, 1, 2).astype(np.float64), result.registration.photo_from_page
    )
    return pts.reshape(-1, 2)


def measure(job: tuple[dict, dict]) -> dict:
    """One photo: its regions' placement errors (mm) and readings against the truth."""
    import dataclasses

    from artsheets.scanner.config import DEFAULT
    from artsheets.scanner.errors import ScanError
    from artsheets.scanner.pipeline import scan_file
    from artsheets.scanner.template import PX_PER_MM

    truth, changes = job
    config = dataclasses.replace(DEFAULT, **changes)
    photo, rec = simulate_recorded(truth)
    path = Path(truth["path"])
    made = None
    if "colours" not in truth:  # a new photo (--make): kept where the truth names it
        from benchmarks.bench_scanner import truth_entry

        path.write_bytes(photo.jpeg)
        truth = made = truth_entry(photo, path, truth["condition"], truth["game"])
    same = photo.jpeg == path.read_bytes()
    out: dict = {"path": truth["path"], "condition": truth["condition"], "game": truth["game"]}
    out["same_photo"] = same
    if made is not None:
        out["truth"] = made  # bench_scanner.py's truth entry for the new photo
    try:
        result = scan_file(Path(truth["path"]), config=config)
    except ScanError as e:
        out["error"] = e.code
        return out
    layout = result.layout
    page = (layout.page.width_mm, layout.page.height_mm)
    from artsheets.scanner.template import template_for

    masks = template_for(result.code, result.config).masks
    w = result.image.shape[1]
    ys, xs = np.divmod(masks.pixels, w)
    # Every 4th measurement pixel is plenty (regions are many pixels; the fields are smooth).
    pick = np.arange(0, len(xs), 4)
    u = np.c_[(xs[pick] + 0.5) / PX_PER_MM, (ys[pick] + 0.5) / PX_PER_MM]
    a = true_photo_points(u, page, rec)
    b = scanner_photo_points(u, result)
    err = np.hypot(*(a - b).T) / result.registration.px_per_mm
    worst = np.zeros(len(masks.regions))
    np.maximum.at(worst, masks.owner[pick], err)
    mean = np.bincount(masks.owner[pick], err, len(masks.regions)) / np.maximum(
        1, np.bincount(masks.owner[pick], minlength=len(masks.regions))
    )
    colours = truth["colours"]
    regions = []
    for i, r in enumerate(masks.regions):
        rd = result.readings.get(r.id)
        if rd is None or r.id not in colours:
            continue
        regions.append(
            {
                "id": r.id,
                "max_mm": round(float(worst[i]), 3),
                "mean_mm": round(float(mean[i]), 3),
                "wrong": rd.color != colours[r.id],
                "review": rd.reason is not None,
                "reason": rd.reason,
            }
        )
    out.update(
        markers=list(result.registration.markers_used),
        curl_mm=rec.get("curl") is not None,
        refine_max_mm=result.refinement.max_shift_mm,
        tiles=[result.refinement.tiles_used, result.refinement.tiles_total],
        regions=regions,
    )
    return out


def summary(rows: list[dict]) -> str:
    by: dict[str, list[dict]] = {}
    for r in rows:
        by.setdefault(r["condition"], []).append(r)
    lines = [
        "| condition | photos | region err median / p99 / max (mm) | > 0.5 mm | > 1 mm "
        "| of those wrong | wrong regions |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, group in [*by.items(), ("all", rows)]:
        regs = [g for r in group for g in r.get("regions", [])]
        if not regs:
            continue
        e = np.array([g["max_mm"] for g in regs])
        off1 = [g for g in regs if g["max_mm"] > 1.0]
        lines.append(
            f"| {name} | {len(group)} | {np.median(e):.2f} / {np.percentile(e, 99):.2f} / "
            f"{e.max():.2f} | {int((e > 0.5).sum())} | {len(off1)} | "
            f"{sum(g['wrong'] for g in off1)} | {sum(g['wrong'] for g in regs)} |"
        )
    return "\n".join(lines)


def _new_photos(args: argparse.Namespace) -> list[dict]:
    """New photos' places, games and seeds, assigned as ``bench_scanner.py`` assigns them."""
    from artsheets.generator.registry import coloured_games
    from benchmarks.bench_scanner import game_at
    from tests.scanner.scenarios import NAMES

    names = list(coloured_games())
    folder = Path(args.truth)
    folder.mkdir(parents=True, exist_ok=True)
    conditions = args.conditions.split(",") if args.conditions else list(NAMES)
    return [
        {
            "path": str(folder / f"{c}_{game_at(names, k, i)}_{i}.jpg"),
            "condition": c,
            "game": game_at(names, k, i),
        }
        for k, c in enumerate(conditions)
        for i in range(args.first_seed, args.first_seed + args.make)
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument(
        "truth", help="a kept set's truth file (bench_scanner.py --keep), or with --make a folder"
    )
    parser.add_argument(
        "--make",
        type=int,
        metavar="N",
        help="simulate N new photos a condition (tuning seeds from --first-seed) into the folder",
    )
    parser.add_argument("--first-seed", type=int, default=800)
    parser.add_argument("--conditions", help="comma-separated (default: all)")
    parser.add_argument("--games", help="comma-separated (default: all)")
    parser.add_argument("--seeds", default="0-100000", help="first-last (default: all)")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--out", help="write the per-photo rows here (JSON)")
    parser.add_argument(
        "--set", action="append", default=[], help="FIELD=VALUE: a ScannerConfig field changed"
    )
    args = parser.parse_args()
    truths = _new_photos(args) if args.make else json.loads(Path(args.truth).read_text())
    lo, hi = (int(v) for v in args.seeds.split("-"))
    conds = set(args.conditions.split(",")) if args.conditions else None
    games = set(args.games.split(",")) if args.games else None
    picked = [
        t
        for t in truths
        if (conds is None or t["condition"] in conds)
        and (games is None or t["game"] in games)
        and lo <= int(re.search(r"_(\d+)\.jpg$", t["path"]).group(1)) <= hi
    ]
    with mp.get_context("spawn").Pool(args.workers) as pool:
        changes = {k: json.loads(v) for k, v in (c.split("=", 1) for c in args.set)}
        changes = {k: tuple(v) if isinstance(v, list) else v for k, v in changes.items()}
        rows = pool.map(measure, [(t, changes) for t in picked], chunksize=1)
    if args.make:
        made = [r.pop("truth") for r in rows]
        (Path(args.truth) / "truth_tune.json").write_text(json.dumps(made))
    if args.out:
        Path(args.out).write_text(json.dumps(rows))
    differ = [r["path"] for r in rows if not r["same_photo"]]
    if differ:
        print(f"{len(differ)} photos not made again byte for byte, e.g. {differ[0]}")
    print(summary(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
