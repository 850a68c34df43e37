"""Load test of ``artsheets serve``: 20 phones uploading 12-megapixel photos at once.

Starts the real server (``artsheets serve`` with its worker processes) on 127.0.0.1 only,
over a fresh ledger in a temporary folder; then

1. one photo at a time (``--single`` photos): seconds from the upload's first byte to the
   result being readable, as a player waits for it when the server is idle;
2. 20 uploads at once from 20 threads: every one must finish, the ledger must hold every
   game, and the median and worst upload-to-result seconds are printed.

Photos are simulated played sheets (``tests/scanner/simulator.py``) of 12 MP: a few distinct
games, each saved at several JPEG qualities, so that every upload is a different file (the
ledger stores a repeated file once, as one game) and every one is read in full. Bounded: a
scan that takes over ``--timeout`` seconds fails the run, and the server is stopped at the
end whatever happens.

    python benchmarks/bench_serve.py
    python benchmarks/bench_serve.py --uploads 20 --workers 2

Target (the project issue): upload to result under 2 s median for a 12 MP photo.
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # the simulator lives in tests/scanner

SIZE = (4000, 3000)  # 12 megapixels
GAMES = ("springer", "vasarely", "synch", "rings", "mondrian")
QUALITIES = (95, 92, 89, 86, 83)


def make_photos(count: int) -> list[bytes]:
    """``count`` distinct 12 MP JPEGs of played sheets."""
    import cv2

    from tests.scanner.simulator import easy, sheet_for, simulate

    out: list[bytes] = []
    for game in GAMES:
        photo = simulate(sheet_for(game), seed=3, conditions=easy(SIZE, rotation=8.0, tilt=10.0))
        for q in QUALITIES:
            ok, buf = cv2.imencode(".jpg", photo.image, [cv2.IMWRITE_JPEG_QUALITY, q])
            assert ok
            out.append(buf.tobytes())
            if len(out) == count:
                return out
    raise SystemExit(f"at most {len(GAMES) * len(QUALITIES)} distinct photos; ask for fewer")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_listening(port: int, timeout: float) -> None:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise SystemExit(f"the server did not listen on port {port} within {timeout:.0f} s")


def get_json(url: str) -> dict:
    with urllib.request.urlopen(url, timeout=30) as r:
        return json.loads(r.read())


def upload_to_result(base: str, data: bytes, timeout: float) -> tuple[float, dict]:
    """Seconds from starting the upload to the finished result, and that result."""
    t0 = time.perf_counter()
    req = urllib.request.Request(f"{base}/api/scans", data=data, method="POST")
    with urllib.request.urlopen(req, timeout=timeout) as r:
        scan_id = json.loads(r.read())["id"]
    while time.perf_counter() - t0 < timeout:
        body = get_json(f"{base}/api/scans/{scan_id}")
        if body["status"] not in ("queued", "scanning"):
            return time.perf_counter() - t0, body
        time.sleep(0.05)
    raise SystemExit(f"scan {scan_id} took over {timeout:.0f} s")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--uploads", type=int, default=20, help="concurrent uploads (default 20)")
    ap.add_argument("--single", type=int, default=5, help="one-at-a-time uploads (default 5)")
    ap.add_argument("--workers", type=int, default=2, help="the server's scan workers")
    ap.add_argument("--timeout", type=float, default=180.0, help="seconds a scan may take")
    args = ap.parse_args()

    t = time.perf_counter()
    photos = make_photos(args.uploads + args.single)
    sizes = [len(p) / 2**20 for p in photos]
    print(
        f"{len(photos)} distinct 12 MP photos made in {time.perf_counter() - t:.0f} s "
        f"({min(sizes):.1f}-{max(sizes):.1f} MB)"
    )
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as data:
        cmd = [sys.executable, "-m", "artsheets", "serve", "--host", "127.0.0.1"]
        cmd += ["--port", str(port), "--data", data, "--workers", str(args.workers)]
        server = subprocess.Popen(cmd, stdout=subprocess.DEVNULL)
        try:
            wait_listening(port, 60)
            single, many = photos[: args.single], photos[args.single :]
            upload_to_result(base, single[0], args.timeout)  # warm-up: worker start, templates
            alone = [upload_to_result(base, p, args.timeout)[0] for p in single[1:]]
            t = time.perf_counter()
            with ThreadPoolExecutor(len(many)) as pool:
                done = list(pool.map(lambda p: upload_to_result(base, p, args.timeout), many))
            wall = time.perf_counter() - t
            ledger = get_json(f"{base}/ledger.json")["games"]
        finally:
            server.terminate()
            server.wait(30)
    times = [s for s, _ in done]
    finished = sum(1 for _, body in done if body["status"] == "done")
    concurrent_games = len(ledger) - args.single
    print(
        f"one at a time ({len(alone)} photos, after a warm-up): upload to result median "
        f"{statistics.median(alone):.2f} s, worst {max(alone):.2f} s"
    )
    print(
        f"{len(many)} at once, {args.workers} workers: {finished} of {len(many)} read, "
        f"ledger holds {concurrent_games} of them ({len(ledger)} games in all); upload to "
        f"result median {statistics.median(times):.2f} s, worst {max(times):.2f} s; "
        f"all done in {wall:.1f} s ({wall / len(many):.2f} s a photo)"
    )
    inside = [g["scan_seconds"] for g in ledger if g["scan_seconds"] is not None]
    print(
        f"the server's own seconds a scan (photo read to reading stored, queue wait excluded): "
        f"median {statistics.median(inside):.2f} s, worst {max(inside):.2f} s"
    )
    ok = finished == len(many) and concurrent_games == len(many)
    print(
        "target: median upload to result under 2 s for one 12 MP photo: "
        + ("met" if statistics.median(alone) < 2.0 else "not met")
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
