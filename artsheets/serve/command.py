"""``artsheets serve`` and ``artsheets ledger``: the web app's command line.

``serve`` listens on 127.0.0.1:8000 by default. ``--host 0.0.0.0`` (or any address but the
loopback) opens it to the network, and then every request must carry an access token: it is
drawn afresh at each start and is part of the printed address and its QR code, so only
those at the table who see the terminal get in.
"""

from __future__ import annotations

import argparse
import csv
import io
import ipaddress
import json
import os
import secrets
import socket
import sys
from pathlib import Path

from artsheets.errors import UserError
from artsheets.output import atomic_write, ensure_writable_dir

__all__ = [
    "add_ledger_arguments",
    "add_serve_arguments",
    "default_data_dir",
    "run_ledger",
    "run_serve",
]


LABEL_FIELDS = ("scan", "photo_sha256", "sheet_code", "game", "region", "read", "second")
LABEL_FIELDS += ("confidence", "doubt", "before", "after", "who", "at")


def default_data_dir() -> Path:
    """A per-user data folder: $XDG_DATA_HOME/artsheets (~/.local/share/artsheets), or the
    platform's own on macOS and Windows."""
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA", Path.home())) / "artsheets"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Application Support" / "artsheets"
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "artsheets"


def _data_arg(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--data",
        metavar="DIR",
        help=f"the ledger and photos folder (default: {default_data_dir()})",
    )


def add_serve_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to listen on (default: "
        "127.0.0.1; 0.0.0.0 for phones on the network, with an access token)",
    )
    parser.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    _data_arg(parser)
    parser.add_argument(
        "--workers",
        type=int,
        default=2,
        metavar="N",
        help="photos read at once (default 2; more wait in a queue)",
    )


def add_ledger_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="ledger_command", required=True)
    p = sub.add_parser("export", help="write every correction made, as labelled data")
    _data_arg(p)
    p.add_argument("-o", "--output", metavar="FILE", help="write here (default: standard output)")
    p.add_argument(
        "--format", choices=("json", "csv"), default="json", help="json (default) or csv"
    )


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _lan_address() -> str:
    """This machine's address on the network (no packet is sent: a UDP socket's route)."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        try:
            s.connect(("10.255.255.255", 1))
            return str(s.getsockname()[0])
        except OSError:
            return "127.0.0.1"


def _data_dir(args: argparse.Namespace) -> Path:
    return ensure_writable_dir(Path(args.data) if args.data else default_data_dir())


def run_serve(args: argparse.Namespace) -> int:
    if not 1 <= args.port <= 65535:
        raise UserError(f"--port must be from 1 to 65535, got {args.port}")
    if not 1 <= args.workers <= 16:
        raise UserError(f"--workers must be from 1 to 16, got {args.workers}")
    data = _data_dir(args)
    token = None if _loopback(args.host) else secrets.token_urlsafe(12)
    shown = _lan_address() if args.host in ("0.0.0.0", "::") else args.host
    url = f"http://{shown}:{args.port}/" + (f"?token={token}" if token else "")
    try:
        with socket.socket(socket.AF_INET6 if ":" in args.host else socket.AF_INET) as s:
            s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
            s.bind((args.host, args.port))
    except OSError as e:
        raise UserError(
            f"cannot listen on {args.host}:{args.port}: {e.strerror}; choose another --port"
        ) from None

    import segno
    import uvicorn

    from artsheets.serve.app import create_app

    app = create_app(data, token, args.workers)
    print(f"artsheets serve: ledger and photos in {data}")
    print(f"open {url}")
    segno.make(url, error="m").terminal(compact=True)
    if token:
        print("the token in the address is the key: share it only with the players")
    print("stop with Ctrl+C")
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0


def run_ledger(args: argparse.Namespace) -> int:
    from artsheets.serve.ledger import Ledger

    data = Path(args.data) if args.data else default_data_dir()
    if not (data / "ledger.sqlite3").exists():
        raise UserError(f"no ledger in {data}; give the folder artsheets serve used with --data")
    rows = labelled_corrections(Ledger(data))
    if args.format == "json":
        text = json.dumps({"format": "artsheets.corrections/1", "corrections": rows}, indent=1)
    else:
        buf = io.StringIO()
        w = csv.DictWriter(buf, fieldnames=LABEL_FIELDS, lineterminator="\n")
        w.writeheader()
        w.writerows(rows)
        text = buf.getvalue()
    if args.output:
        out = Path(args.output)
        ensure_writable_dir(out.parent if str(out.parent) else Path("."))
        atomic_write(out, text if text.endswith("\n") else text + "\n")
        print(f"wrote {len(rows)} corrections to {out}")
    else:
        print(text)
    return 0


def labelled_corrections(ledger: object) -> list[dict[str, object]]:
    """Every correction with what the scanner had read there: the labelled data that the
    scanner's calibration learns from (photo hash, region, first and second choice,
    confidence and doubt, and the colour a person said it is)."""
    from artsheets.serve.ledger import Ledger

    assert isinstance(ledger, Ledger)
    scans = {s.id: s for s in ledger.scans()}
    rows: list[dict[str, object]] = []
    for c in ledger.corrections():
        scan = scans[c["scan"]]
        read = ((scan.reading or {}).get("regions") or {}).get(c["region"], {})
        rows.append(
            {
                "scan": scan.id,
                "photo_sha256": scan.photo,
                "sheet_code": scan.sheet_code,
                "game": scan.game,
                "region": c["region"],
                "read": read.get("color"),
                "second": read.get("second"),
                "confidence": read.get("confidence"),
                "doubt": read.get("review"),
                "before": c["before"],
                "after": c["after"],
                "who": c["who"],
                "at": c["at"],
            }
        )
    return rows
