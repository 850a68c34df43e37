"""``artsheets scan``: score photos of finished sheets.

One photo: prints the scores, the result and any disagreement, writes ``<photo>.scan.json``
and ``<photo>.overlay.png`` (and ``--csv FILE`` if asked); a photo that cannot be read ends
with a one-line message saying what is wrong and how to retake it (exit 2). Several photos: a
progress bar, the same files per photo (see :func:`report_bases`: never two photos to one
name), a CSV summary; every output path is checked before the first photo is read; a bad
photo is reported and the batch goes on (exit 1 at the end if any photo failed). ``--strict``
also fails (exit 1) when anything needs review or a check fails.
"""

from __future__ import annotations

import argparse
import contextlib
import csv
import functools
import gc
import glob
import io
import json
import os
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

from artsheets.errors import UserError
from artsheets.output import (
    OutputError,
    atomic_write,
    atomic_write_set,
    check_target,
    ensure_writable_dir,
)
from artsheets.progress import progress
from artsheets.scanner.errors import ScanError

if TYPE_CHECKING:
    from artsheets.scanner.photo import Photo

__all__ = ["add_arguments", "run"]

CSV_NAME = "scan-summary.csv"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("photos", nargs="+", help="photos of finished sheets (JPEG, PNG...)")
    parser.add_argument(
        "--sheet",
        metavar="CODE",
        help="the sheet code printed on the sheet, if its QR is unreadable",
    )
    parser.add_argument(
        "--players", type=int, metavar="N", help="how many played (default: as the sheet says)"
    )
    parser.add_argument(
        "--strict",
        action="store_true",
        help="exit 1 if any region needs review, a check fails or no result can be given",
    )
    parser.add_argument(
        "-o", "--output", metavar="DIR", help="write reports here (default: beside each photo)"
    )
    parser.add_argument("--no-overlay", action="store_true", help="skip the overlay images")
    parser.add_argument(
        "--jobs",
        type=int,
        metavar="N",
        help="photos scanned at once in a batch, each in its own process (default: one per "
        "core, on batches of 4 photos a core or more)",
    )
    parser.add_argument(
        "--csv",
        metavar="FILE",
        help=f"batch summary file (default: {CSV_NAME} in the output folder)",
    )
    parser.add_argument(
        "--set",
        action="append",
        metavar="REGION=COLOUR",
        help="correct a region (e.g. space-12=3, segment-4=blank) and score again from the "
        "stored reading (the photo's .scan.json), without reading the photo again; repeatable",
    )


def _expand(patterns: list[str]) -> list[Path]:
    """The photos named, with shell-style patterns expanded when the shell did not."""
    out: list[Path] = []
    for p in patterns:
        if not Path(p).exists() and any(c in p for c in "*?["):
            matches = sorted(glob.glob(p))
            if not matches:
                raise UserError(f"no photo matches {p}")
            out.extend(Path(m) for m in matches)
        else:
            out.append(Path(p))
    return out


def report_bases(photos: list[Path], out_dir: Path | None) -> dict[Path, Path]:
    """Where each photo's report goes: ``BASE.scan.json`` and ``BASE.overlay.png``.

    Beside the photo by default. With ``-o DIR`` the photos' folders are mirrored under DIR
    from the folder they all share, so ``d1/IMG_1.jpg`` and ``d2/IMG_1.jpg`` report to
    ``DIR/d1/IMG_1.*`` and ``DIR/d2/IMG_1.*``: nothing of the same run is overwritten and a
    report is found from its photo's path. Photos of one folder sharing a stem
    (``IMG_1.jpg``, ``IMG_1.png``) keep their extension in the name (``IMG_1.jpg.scan.json``).
    """
    folders = [p.resolve().parent for p in photos]
    common = Path(os.path.commonpath(folders)) if folders else Path()
    bases: dict[Path, Path] = {}
    for photo, folder in zip(photos, folders, strict=True):
        where = photo.parent if out_dir is None else out_dir / folder.relative_to(common)
        bases[photo] = where / photo.stem
    stems = Counter(bases.values())
    for photo, base in bases.items():
        if stems[base] > 1:
            bases[photo] = base.with_name(photo.name)
    return bases


def _check_outputs(bases: dict[Path, Path], args: argparse.Namespace) -> None:
    """Every folder and file the run will write, checked before the first photo is read."""
    for folder in sorted({b.parent for b in bases.values()}):
        if folder.exists() and not folder.is_dir():
            raise UserError(f"cannot write reports to '{folder}': it is a file; choose -o DIR")
        if args.output:
            continue  # inside the checked -o folder; made when the first report is written
        if folder.is_dir() and not os.access(folder, os.W_OK | os.X_OK):
            raise UserError(
                f"cannot write reports beside the photos in '{folder}': the folder is not "
                "writable; choose a folder with -o DIR"
            )
    for base in bases.values():
        for suffix in (".scan.json", ".overlay.png"):
            target = base.with_name(base.name + suffix)
            if target.is_dir():
                raise UserError(f"cannot write '{target}': it is a folder; remove or rename it")
    if args.csv:
        check_target(Path(args.csv))


@functools.cache
def _reader() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(1, thread_name_prefix="artsheets-read")


def _decode(photo: Path) -> Photo | None:
    """The photo decoded (:func:`~artsheets.scanner.photo.read_photo`: reduced when it has
    clearly more pixels than the scan needs), or None (then
    :func:`~artsheets.scanner.pipeline.scan_file` says why it cannot be). (numpy and OpenCV
    are imported only where a photo is read: this module is imported by every command, and
    numpy's threads are set before its import, see :func:`run`.)"""
    from artsheets.scanner.photo import read_photo

    try:
        return read_photo(photo)
    except ScanError:
        return None


def _scan_one(photo: Path, args: argparse.Namespace, base: Path) -> dict[str, object]:
    """Scan one photo and write its files; the summary row for the CSV."""
    if not photo.is_file():
        raise ScanError("unreadable_file", f"{photo} does not exist or is not a file")
    # The photo is decoded in a thread while the scanner's modules are imported here (in a
    # fresh process, the first photo's; Python's imports hold its lock, OpenCV's decode
    # does not). OpenCV's one-time tables (``warmup.py``) are built once the decode is
    # done, beside the registration: on two cores the decode, the imports and the tables
    # would otherwise share them three ways, and the scan waits for the decode first (for
    # the tables only before its colour stage).
    from artsheets.scanner import warmup

    decoded = _reader().submit(_decode, photo)
    decoded.add_done_callback(lambda _: warmup.start())
    from artsheets.scanner import overlay
    from artsheets.scanner.pipeline import scan_file, scan_image
    from artsheets.scanner.report import report_dict, summary_lines
    from artsheets.scanner.workers import parts

    if not args.no_overlay:
        overlay.start()  # its thread sets up text drawing beside the decode
    image = decoded.result()
    # The overlay's picture is made in its thread once the sheet is rectified, while the
    # scan reads its colours here on the other core (not in a batch's worker, which has one
    # core: it would only hold the picture's 20 MB longer).
    picture: list[Future[overlay.Picture]] = []
    if image is None:  # unreadable: scan_file gives the reason
        result = scan_file(photo, args.sheet, args.players)
    elif args.no_overlay or parts() == 1:
        result = scan_image(image, args.sheet, args.players)
    else:
        result = scan_image(
            image,
            args.sheet,
            args.players,
            on_rectified=lambda img: picture.append(overlay.picture_soon(img)),
        )
    # The overlay is drawn and encoded in its thread while the report is made here.
    png = None if args.no_overlay else overlay.overlay_png_soon(result, next(iter(picture), None))
    json_path = base.with_name(base.name + ".scan.json")
    png_path = base.with_name(base.name + ".overlay.png")
    report = report_dict(result, photo.name, args.players)
    files: dict[Path, bytes | str] = {json_path: json.dumps(report, indent=1) + "\n"}
    if png is not None:
        files[png_path] = png.result()
    ensure_writable_dir(json_path.parent)
    atomic_write_set(files)  # the report and its overlay: both or neither
    written = list(files)
    s = result.scoring
    failed = s.failed
    return {
        "photo": str(photo),
        "status": "ok",
        "sheet_code": result.code,
        "game": result.layout.game,
        "scores": _pairs(s.scores),
        "tallies": _pairs(result.tallies),
        "result": s.result or "",
        "needs_review": len(result.needs_review),
        "failed_checks": len(failed),
        "message": "; ".join([*result.problems, *(str(c["message"]) for c in failed)]),
        "_lines": [*summary_lines(result, photo.name), "  wrote " + ", ".join(map(str, written))],
        "_strict_ok": not result.needs_review and not failed and not result.problems,
    }


@contextlib.contextmanager
def _no_cycle_collector() -> Iterator[None]:
    """Python's cycle collector paused for one photo's scan: its passes over the objects the
    imports and the scan make took 10-25 ms of a one-photo scan's processor time (the four
    photos of ``bench_scan_speed.py``), and what they would free is freed when the process
    ends a moment later (peak memory the same). Reference counting frees the rest as ever.
    (Not in a batch: its workers scan photo after photo.)"""
    was_on = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_on:
            gc.enable()


def _batch_row(photo: Path, args: argparse.Namespace, bases: dict[Path, Path]) -> dict[str, object]:
    """One photo of a batch (perhaps in a worker process): its row, a bad photo reported."""
    try:
        return _scan_one(photo, args, bases[photo])
    except UserError as e:  # ScanError and OutputError included: report it and go on
        what = "cannot write its report" if isinstance(e, OutputError) else "cannot read"
        row: dict[str, object] = {"photo": str(photo), "status": "error", "message": str(e)}
        row.update(_strict_ok=False, _lines=[f"{photo.name}: {what}: {e}"])
        return row


def _write_csv(path: Path, rows: list[dict[str, object]]) -> None:
    fields = ["photo", "status", "sheet_code", "game", "scores", "tallies", "result"]
    fields += ["needs_review", "failed_checks", "message"]
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=fields, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    atomic_write(path, buf.getvalue())


def _pairs(d: dict[int, int] | None) -> str:
    return "" if d is None else " ".join(f"{k}:{v}" for k, v in sorted(d.items()))


def run(args: argparse.Namespace) -> int:
    from artsheets.scanner.workers import one_blas_thread

    one_blas_thread()  # before numpy is imported (see workers.py)
    from artsheets.scanner.heap import keep_freed_memory

    photos = _expand(args.photos)
    keep_freed_memory()  # each photo's large arrays reused by the next (see heap.py)
    if args.sheet:
        from artsheets.scanner.identify import normalise_code

        args.sheet = normalise_code(args.sheet)  # a mistyped code is refused before any work
    if args.players is not None and args.players < 1:
        raise UserError(f"--players must be at least 1, got {args.players}")
    photos = list(dict.fromkeys(photos))  # a photo named twice is scanned once
    out_dir = ensure_writable_dir(Path(args.output)) if args.output else None
    bases = report_bases(photos, out_dir)
    if getattr(args, "set", None):
        return _correct(photos, args, bases)
    if len(photos) > 1 and not args.csv:
        args.csv = str((out_dir or photos[0].parent) / CSV_NAME)
    _check_outputs(bases, args)  # a bad output path is found before any photo is scanned
    if len(photos) == 1:
        with _no_cycle_collector():
            row = _scan_one(photos[0], args, bases[photos[0]])
        if args.csv:
            _write_csv(Path(args.csv), [row])
            row["_lines"].append(f"  summary in {args.csv}")  # type: ignore[union-attr]
        print("\n".join(row["_lines"]))  # type: ignore[arg-type]
        return 1 if args.strict and not row["_strict_ok"] else 0

    from artsheets.scanner.workers import batch_processes, in_processes

    jobs = getattr(args, "jobs", None)
    if jobs is not None and jobs < 1:
        raise UserError(f"--jobs must be at least 1, got {jobs}")
    work = functools.partial(_batch_row, args=args, bases=bases)
    rows: list[dict[str, object]] = []
    processes = jobs or batch_processes(len(photos))  # one per core on batches large enough
    for row in progress(in_processes(work, photos, processes), len(photos), "photos"):
        rows.append(row)
        print("\n".join(row["_lines"]))  # type: ignore[arg-type]
    csv_path = Path(args.csv)
    _write_csv(csv_path, rows)
    errors = sum(1 for r in rows if r["status"] != "ok")
    doubtful = sum(1 for r in rows if r["status"] == "ok" and not r["_strict_ok"])
    print(
        f"scanned {len(rows)} photos: {len(rows) - errors} read, {errors} failed, "
        f"{doubtful} with regions to review or failed checks; summary in {csv_path}"
    )
    if errors:
        return 1
    return 1 if args.strict and doubtful else 0


def _correct(photos: list[Path], args: argparse.Namespace, bases: dict[Path, Path]) -> int:
    """``--set``: corrections applied to the photo's stored reading (its ``.scan.json``,
    which is rewritten with them, the first reading kept under ``as_read``), scored again."""
    from artsheets.scanner.review import ReviewError, parse_sets, rescore

    if len(photos) != 1:
        raise UserError("--set corrects one photo's reading; name exactly one photo")
    base = bases[photos[0]]
    json_path = base.with_name(base.name + ".scan.json")
    corrections = parse_sets(args.set)
    try:
        report = json.loads(json_path.read_text())
    except FileNotFoundError:
        raise UserError(
            f"no stored reading {json_path}; scan the photo first: artsheets scan {photos[0]}"
        ) from None
    except (OSError, ValueError) as e:
        raise ReviewError(f"cannot read the stored reading {json_path}: {e}") from None
    if not isinstance(report, dict):
        raise ReviewError(f"{json_path} is not a scan report; scan the photo again")
    fixed = rescore(report, corrections)
    atomic_write(json_path, json.dumps(fixed, indent=1) + "\n")
    s = fixed
    lines = [
        f"{photos[0].name}: {s['game']} sheet {s['sheet_code']}, scored again with "
        f"{len(s['corrections'])} correction(s)"
    ]
    if s["scores"] is not None:
        lines.append("  scores: " + ", ".join(f"player {p} {v}" for p, v in s["scores"].items()))
    if s["tallies"]:
        lines.append("  tallies: " + ", ".join(f"player {p} {v}" for p, v in s["tallies"].items()))
    if s["result"]:
        lines.append(f"  result: {s['result']}")
    lines += [f"  disagreement: {c['message']}" for c in s["checks"] if not c.get("ok", True)]
    if s["needs_review"]:
        lines.append(f"  needs review ({len(s['needs_review'])}): {', '.join(s['needs_review'])}")
    lines.append(f"  wrote {json_path} (the overlay image is not redrawn)")
    print("\n".join(lines))
    failed = any(not c.get("ok", True) for c in s["checks"])
    return 1 if args.strict and (s["needs_review"] or failed) else 0
