"""Scan speed as a user meets it: whole processes, timed side by side in one run.

1. **One photo**: a 12-megapixel photo through the whole ``artsheets scan`` command (process
   start, imports, the sheet's template, the scan, the report and overlay files) against a
   process that only decodes it (``python -c`` importing cv2 and decoding the JPEG). Each
   repetition runs them one right after the other, so the ratio holds on a busy machine; the
   medians of both and of the ratios are printed, with and without overlays. First each
   photo once with the template disk cache empty (the first photo of a sheet: its template
   built and stored), then the repetitions with it filled (every later photo of that sheet).
2. **Start-up**: a bare ``python``, ``python`` importing cv2, and ``artsheets --version``
   (the command's own imports, before any photo).
3. **A batch**: ``artsheets scan`` on a folder of photos with ``--jobs 1`` and with one
   process per core, with and without overlays, each of the four five times in turn: the
   median photos a minute with their range, and the largest peak memory of any one process.

    python benchmarks/bench_scan_speed.py            # 4 photos, 3 repetitions, batch of 24 x 5
    python benchmarks/bench_scan_speed.py --quick    # 2 photos, 1 repetition, batch of 8 x 1

Every process runs with a disk cache of its own (``ARTSHEETS_CACHE_DIR`` in the run's temporary
folder) and with Python's bytecode cached there too (``PYTHONPYCACHEPREFIX``; an installed
package has its ``.pyc`` files, which ``PYTHONDONTWRITEBYTECODE`` in a developer's shell would
otherwise make every process compile again: 0.25 s of each command).

Targets (issue 20): one photo <= 4x the decode-only process; a batch >= 300 photos a minute
on a 2-core machine; < 500 MB per worker. The figures go to ``benchmarks/RESULTS.md``.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

SIZE = (4000, 3000)  # 12 megapixels
GAMES = ("vasarely", "miro", "arp", "rings", "klee", "springer")
DECODE = "import sys, cv2, numpy as np; cv2.imdecode(np.fromfile(sys.argv[1], np.uint8), 1)"


def _artsheets() -> list[str]:
    exe = Path(sys.executable).with_name("artsheets")
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "artsheets.cli"]


# Runs a command and prints its wall seconds, the peak memory of its largest process (its
# workers included: the largest of a process's waited-for descendants) and the processor
# seconds of all of them, from a fresh process so that earlier commands' do not count.
_TIMED = (
    "import resource, subprocess, sys, time\n"
    "t0 = time.perf_counter()\n"
    "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)\n"
    "t = time.perf_counter() - t0\n"
    "r = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
    "print(t, r.ru_maxrss / 1024, r.ru_utime + r.ru_stime)\n"
)


_ENV: dict[str, str] = {}  # the environment of every timed process (see main)


def _run_peak(cmd: list[str]) -> tuple[float, float, float]:
    """Wall seconds of one whole process (which must succeed), its peak memory in MB and the
    processor seconds it and its workers used."""
    out = subprocess.run(
        [sys.executable, "-c", _TIMED, *cmd],
        check=True,
        capture_output=True,
        text=True,
        env=_ENV or None,
    ).stdout.split()
    return float(out[0]), float(out[1]), float(out[2])


def _run(cmd: list[str]) -> float:
    return _run_peak(cmd)[0]


def make_photos(folder: Path, count: int) -> list[Path]:
    """``count`` simulated 12-megapixel photos (pencil, the usual mix of cameras), one a game."""
    import numpy as np

    from tests.scanner.simulator import Conditions, sheet_for, simulate

    out = []
    for i in range(count):
        game = GAMES[i % len(GAMES)]
        rng = np.random.default_rng([20_000 + i])
        photo = simulate(sheet_for(game), 20_000 + i, conditions=Conditions.random(rng, SIZE))
        path = folder / f"{game}_{i}.jpg"
        path.write_bytes(photo.jpeg)
        out.append(path)
    return out


def one_photo(photos: list[Path], reps: int, out: Path) -> list[str]:
    """Decode-only against the whole command, photo by photo, side by side."""
    scan = [*_artsheets(), "scan", "-o", str(out)]
    times: dict[str, list[float]] = {"decode": [], "scan": [], "scan --no-overlay": []}
    ratios: dict[str, list[float]] = {"scan": [], "scan --no-overlay": []}
    peaks: list[float] = []
    cold: dict[str, list[float]] = {"decode": [], "scan": []}
    cpus: dict[str, list[float]] = {"decode": [], "scan": []}
    for p in photos:  # the disk cache is empty: each sheet's template is built and stored
        cold["decode"].append(_run([sys.executable, "-c", DECODE, str(p)]))
        cold["scan"].append(_run([*scan, str(p)]))
    for _ in range(reps):
        for p in photos:
            d, _, dcpu = _run_peak([sys.executable, "-c", DECODE, str(p)])
            s, peak, scpu = _run_peak([*scan, str(p)])
            cpus["decode"].append(dcpu)
            cpus["scan"].append(scpu)
            n = _run([*scan, "--no-overlay", str(p)])
            peaks.append(peak)
            times["decode"].append(d)
            times["scan"].append(s)
            times["scan --no-overlay"].append(n)
            ratios["scan"].append(s / d)
            ratios["scan --no-overlay"].append(n / d)
    r = [s / d for s, d in zip(cold["scan"], cold["decode"], strict=True)]
    lines = [
        f"first photo of a sheet, template built (empty disk cache, {len(photos)} photos):",
        f"  {'scan':20} median {statistics.median(cold['scan']):6.2f} s   ratio to decode: "
        f"median {statistics.median(r):.1f}x (range {min(r):.1f}-{max(r):.1f}x)",
    ]
    lines.append(f"one 12 MP photo, template in the disk cache ({len(photos)} photos x {reps}):")
    for name, ts in times.items():
        extra = ""
        if name in ratios:
            r = ratios[name]
            extra = f"   ratio to decode: median {statistics.median(r):.1f}x"
            extra += f" (range {min(r):.1f}-{max(r):.1f}x)"
        lines.append(f"  {name:20} median {statistics.median(ts):6.2f} s{extra}")
    lines.append(
        f"  processor time: decode median {statistics.median(cpus['decode']):.2f} s, scan "
        f"median {statistics.median(cpus['scan']):.2f} s"
    )
    lines.append(f"  peak memory of the scan process: median {statistics.median(peaks):.0f} MB")
    return lines


def start_up(reps: int) -> list[str]:
    cmds = {
        "python": [sys.executable, "-c", "pass"],
        "python + cv2": [sys.executable, "-c", "import cv2"],
        "artsheets --version": [*_artsheets(), "--version"],
    }
    times: dict[str, list[float]] = {k: [] for k in cmds}
    for _ in range(max(3, reps)):
        for name, cmd in cmds.items():
            times[name].append(_run(cmd))
    lines = ["start-up (median of whole processes):"]
    lines += [f"  {k:20} {statistics.median(v):6.2f} s" for k, v in times.items()]
    return lines


def batch(photos: list[Path], size: int, folder: Path, jobs: int, reps: int) -> list[str]:
    """The batch command with one process and with ``jobs``: photos a minute, peak memory.

    Each of the four commands runs ``reps`` times, the four in turn each time, and the
    median is printed with the range: a batch of a few seconds moves by a tenth from one
    run to the next on a shared machine, more than the changes it is meant to show."""
    src = folder / "batch"
    src.mkdir(exist_ok=True)
    for i in range(size):
        p = photos[i % len(photos)]
        shutil.copy(p, src / f"{i:03d}_{p.name}")
    files = sorted(str(p) for p in src.glob("*.jpg"))
    runs = [(n, overlay) for n in (1, jobs) for overlay in (True, False)]
    rates: dict[tuple[int, bool], list[float]] = {run: [] for run in runs}
    peaks: dict[tuple[int, bool], list[float]] = {run: [] for run in runs}
    cpus: dict[tuple[int, bool], list[float]] = {run: [] for run in runs}
    for _ in range(reps):
        for n, overlay in runs:
            out = folder / f"out_{n}_{overlay}"
            shutil.rmtree(out, ignore_errors=True)
            cmd = [*_artsheets(), "scan", *files, "-o", str(out), "--jobs", str(n)]
            if not overlay:
                cmd.append("--no-overlay")
            t, peak, cpu = _run_peak(cmd)
            rates[(n, overlay)].append(60 * size / t)
            peaks[(n, overlay)].append(peak)
            cpus[(n, overlay)].append(cpu / size)
    lines = [
        f"a batch of {size} photos, templates in the disk cache (scan FILES -o DIR), each",
        f"command {reps} time(s) in turn: photos a minute, median (range); processor time of",
        "all the batch's processes, start-up included, a photo, median (what a loaded machine",
        "inflates least; N idle cores could scan at most N * 60 / it a minute):",
    ]
    for n, overlay in runs:
        r = rates[(n, overlay)]
        what = "overlays" if overlay else "no overlays"
        lines.append(
            f"  --jobs {n} {what:12} {statistics.median(r):6.0f} photos a minute "
            f"({min(r):.0f}-{max(r):.0f}); largest process peak "
            f"{max(peaks[(n, overlay)]):.0f} MB; processor "
            f"{statistics.median(cpus[(n, overlay)]):.3f} s a photo"
        )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="2 photos, 1 rep, one batch of 8")
    parser.add_argument("--photos", type=int, help="photos for the one-photo timing")
    parser.add_argument("--reps", type=int, help="repetitions of the one-photo timing")
    parser.add_argument("--batch", type=int, help="photos in the batch")
    parser.add_argument("--batch-reps", type=int, help="runs of each batch command")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the batch")
    parser.add_argument("--no-results", action="store_true", help="do not write RESULTS.md")
    args = parser.parse_args()
    count = args.photos or (2 if args.quick else 4)
    reps = args.reps or (1 if args.quick else 3)
    size = args.batch or (8 if args.quick else 24)
    batch_reps = args.batch_reps or (1 if args.quick else 5)

    from benchmarks.results import machine_load, write_section

    folder = Path(tempfile.mkdtemp(prefix="bench_scan_speed_"))
    _ENV.update(os.environ)
    _ENV.pop("PYTHONDONTWRITEBYTECODE", None)
    _ENV.update(ARTSHEETS_CACHE_DIR=str(folder / "cache"), PYTHONPYCACHEPREFIX=str(folder / "pyc"))
    try:
        sources = [str(ROOT / d) for d in ("artsheets", "generator", "rules", "scanner")]
        _run([sys.executable, "-m", "compileall", "-q", *sources])  # as pip install does
        print(f"simulating {count} photos of {SIZE[0]}x{SIZE[1]}...")
        photos = make_photos(folder, count)
        load = machine_load()
        lines = one_photo(photos, reps, folder / "out")
        print("\n".join(lines))
        more = start_up(reps)
        print("\n".join(more))
        lines += more
        more = batch(photos, size, folder, args.jobs, batch_reps)
        print("\n".join(more))
        lines += more
        lines.append(f"{load} before, {machine_load()} after")
        print(lines[-1])
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    if not args.no_results:
        command = "python benchmarks/bench_scan_speed.py " + " ".join(sys.argv[1:])
        write_section(
            "bench_scan_speed",
            f"### Scan speed\n\n`{command.strip()}`, "
            f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}\n\n"
            "```\n" + "\n".join(lines) + "\n```",
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
