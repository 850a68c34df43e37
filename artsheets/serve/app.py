"""The web app (Starlette): pages, the JSON API the pages use, and the rules of access.

Routes name games by their ledger id and regions by their id in the reading; files are found
only through hashes the ledger holds, so nothing a request says becomes a path. Every error
is a page (or, under ``/api/``, JSON) with a sentence saying what to do; a bug is logged and
shown as a plain apology, never as a traceback.
"""

from __future__ import annotations

import contextlib
import csv
import hmac
import io
import json
import logging
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Receive, Scope, Send

from artsheets.serve import pages
from artsheets.serve.ledger import Ledger, Scan
from artsheets.serve.printing import PrintError, class_set, parse_choice, preview_png, sheet_pdf
from artsheets.serve.scanning import Scanner
from artsheets.serve.state import crop_jpeg, game_state, summary
from artsheets.serve.upload import MAX_BYTES, UploadError, check_photo

__all__ = ["TOKEN_COOKIE", "create_app"]

log = logging.getLogger("artsheets.serve")
TOKEN_COOKIE = "artsheets_token"
STATIC = Path(__file__).with_name("static")


class TokenGate:
    """With a token set, every request must carry it: ``?token=`` (the printed address,
    which then sets a cookie) or the cookie. Without one (loopback), everyone is let in."""

    def __init__(self, app: ASGIApp, token: str | None) -> None:
        self.app, self.token = app, token

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if self.token is None or scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        request = Request(scope)
        given = request.query_params.get("token") or request.cookies.get(TOKEN_COOKIE) or ""
        if not hmac.compare_digest(given.encode(), self.token.encode()):
            message = (
                "this server needs its access token: open the address that artsheets serve "
                "printed (or scan its QR code)"
            )
            await _error(request, 403, message)(scope, receive, send)
            return
        if "token" in request.query_params:

            async def with_cookie(message: dict[str, Any]) -> None:
                if message["type"] == "http.response.start":
                    cookie = f"{TOKEN_COOKIE}={self.token}; Path=/; HttpOnly; SameSite=Strict"
                    message.setdefault("headers", []).append((b"set-cookie", cookie.encode()))
                await send(message)

            await self.app(scope, receive, with_cookie)
            return
        await self.app(scope, receive, send)


def _error(request: Request, status: int, message: str) -> Response:
    if request.url.path.startswith("/api/"):
        return JSONResponse({"error": message}, status_code=status)
    return HTMLResponse(pages.error_page(message), status_code=status)


def create_app(
    data: Path, token: str | None = None, workers: int = 2, processes: bool = True
) -> Starlette:
    """The app over the ledger in ``data``. Scans that a stopped server left unfinished are
    marked interrupted before anything else happens."""
    data.mkdir(parents=True, exist_ok=True)
    ledger = Ledger(data)
    interrupted = ledger.recover()
    if interrupted:
        log.warning("marked %d unfinished scan(s) interrupted: %s", len(interrupted), interrupted)
    scanner = Scanner(ledger, workers, processes)
    correcting = threading.Lock()

    def scan_or_404(request: Request) -> Scan:
        try:
            scan_id = int(request.path_params["scan_id"])
        except ValueError:
            raise HTTPException(404, "there is no such game in the ledger") from None
        scan = ledger.get(scan_id)
        if scan is None:
            raise HTTPException(404, f"there is no game {scan_id} in the ledger")
        return scan

    def done_or_409(scan: Scan) -> Scan:
        if scan.status != "done" or scan.reading is None:
            raise HTTPException(409, f"game {scan.id} has no reading ({scan.status})")
        return scan

    # --- pages ----------------------------------------------------------------------------

    async def home(request: Request) -> Response:
        return HTMLResponse(pages.home_page())

    def print_sheet(request: Request) -> Response:
        params = dict(request.query_params)
        if params.pop("new", None):
            choice = parse_choice({**params, "seed": str(_random_seed())})
        else:
            try:
                choice = parse_choice(params)
            except PrintError as e:
                return HTMLResponse(pages.print_page(parse_choice({}), str(e)), status_code=400)
        return HTMLResponse(pages.print_page(choice))

    def preview(request: Request) -> Response:
        choice = parse_choice(dict(request.query_params))
        return Response(
            preview_png(choice), media_type="image/png", headers={"Cache-Control": "max-age=3600"}
        )

    def pdf(request: Request) -> Response:
        choice = parse_choice(dict(request.query_params))
        return _download(sheet_pdf(choice), f"{choice.file_name}.pdf", "application/pdf")

    def pdf_set(request: Request) -> Response:
        q = request.query_params
        count = q.get("count", "1")
        if not count.isdigit():
            raise PrintError("how many sheets: a whole number")
        game = (q.get("game") or "").lower()
        _, data = class_set(game, int(count), (q.get("page") or "a4").lower())
        name = f"{game}_set_{count}.pdf" if game != "all" else "all_games.pdf"
        return _download(data, name, "application/pdf")

    async def scan_form(request: Request) -> Response:
        return HTMLResponse(pages.scan_page())

    async def game(request: Request) -> Response:
        scan = scan_or_404(request)
        return HTMLResponse(pages.game_page(scan.id))

    def ledger_view(request: Request) -> Response:
        return HTMLResponse(pages.ledger_page(_rows(ledger)))

    def ledger_csv(request: Request) -> Response:
        buf = io.StringIO()
        fields = ["id", "uploaded", "game", "sheet_code", "players", "scores", "tallies"]
        fields += ["result", "winners", "final", "corrections", "status", "error", "photo"]
        writer = csv.DictWriter(buf, fieldnames=fields, extrasaction="ignore", lineterminator="\n")
        writer.writeheader()
        for r in _rows(ledger):
            flat = dict(r)
            for key in ("scores", "tallies"):
                flat[key] = " ".join(f"{p}:{v}" for p, v in (r[key] or {}).items())
            flat["winners"] = " ".join(map(str, r["winners"]))
            writer.writerow(flat)
        return _download(buf.getvalue().encode(), "ledger.csv", "text/csv; charset=utf-8")

    def ledger_json(request: Request) -> Response:
        doc = {
            "format": "artsheets.ledger/1",
            "games": [
                {
                    **_row(s),
                    "scan_seconds": s.seconds,
                    "reading": s.reading,
                    "current": s.current,
                    "corrections_made": ledger.corrections(s.id),
                }
                for s in ledger.scans()
            ],
        }
        return _download(json.dumps(doc, indent=1).encode(), "ledger.json", "application/json")

    # --- files ----------------------------------------------------------------------------

    def photo(request: Request) -> Response:
        scan = scan_or_404(request)
        return Response(ledger.get_blob(scan.photo), media_type=ledger.photo_type(scan.photo))

    def sheet_image(request: Request) -> Response:
        scan = done_or_409(scan_or_404(request))
        assert scan.sheet_image is not None
        return Response(
            ledger.get_blob(scan.sheet_image),
            media_type="image/jpeg",
            headers={"Cache-Control": "max-age=86400, immutable"},
        )

    def crop(request: Request) -> Response:
        scan = done_or_409(scan_or_404(request))
        region = request.path_params["region"]
        assert scan.reading is not None and scan.sheet_image is not None
        if region not in scan.reading["regions"]:
            raise HTTPException(404, f"game {scan.id} has no region '{region}'")
        data = crop_jpeg(ledger.get_blob(scan.sheet_image), scan.reading["sheet_code"], region)
        return Response(data, media_type="image/jpeg")

    # --- API ------------------------------------------------------------------------------

    async def upload(request: Request) -> Response:
        declared = request.headers.get("content-length")
        if declared and declared.isdigit() and int(declared) > MAX_BYTES:
            raise UploadError(413, _too_big())
        body = bytearray()
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_BYTES:
                raise UploadError(413, _too_big())
        photo = check_photo(bytes(body))
        who = (request.headers.get("x-who") or "")[:60]
        scan_id, new = ledger.queue_scan(photo.data, photo.width, photo.height, photo.mime, who)
        if not new:
            return JSONResponse(
                {"id": scan_id, "url": f"/games/{scan_id}", "repeat": True}, status_code=200
            )
        scanner.submit(scan_id)
        return JSONResponse({"id": scan_id, "url": f"/games/{scan_id}"}, status_code=202)

    def status(request: Request) -> Response:
        scan = scan_or_404(request)
        return JSONResponse(game_state(scan, ledger))

    async def correct(request: Request) -> Response:
        scan = done_or_409(scan_or_404(request))
        try:
            body = await request.json()
        except ValueError:
            raise HTTPException(400, 'send JSON: {"region": ..., "colour": N or null}') from None
        if not isinstance(body, dict) or not isinstance(body.get("region"), str):
            raise HTTPException(400, 'say which region: {"region": "space-12", "colour": 3}')
        colour = body.get("colour")
        if colour is not None and (not isinstance(colour, int) or isinstance(colour, bool)):
            raise HTTPException(400, "colour is a colour number from the sheet's key, or null")
        who = str(body.get("who") or "")[:60] or "someone"
        await _in_thread(apply_correction, scan.id, body["region"], colour, who)
        return JSONResponse(game_state(ledger.get(scan.id) or scan, ledger))

    def apply_correction(scan_id: int, region: str, colour: int | None, who: str) -> None:
        """Score the game again with one more correction and append it. One at a time: two
        taps at once on one game must not each store a state missing the other's."""
        from artsheets.scanner.review import ReviewError, rescore

        with correcting:
            scan = ledger.get(scan_id)
            assert scan is not None and scan.reading is not None and scan.current is not None
            settled = {**ledger.settled(scan_id), region: colour}
            try:
                current = rescore(scan.reading, settled)
            except ReviewError as e:
                raise HTTPException(400, str(e)) from None
            before = scan.current["regions"].get(region, {}).get("color")
            ledger.correct(scan_id, region, before, colour, who, current)

    # --- errors ---------------------------------------------------------------------------

    async def http_error(request: Request, exc: Exception) -> Response:
        assert isinstance(exc, HTTPException)
        detail = exc.detail if exc.status_code != 404 or exc.detail != "Not Found" else None
        return _error(request, exc.status_code, detail or "there is no such page here")

    async def user_error(request: Request, exc: Exception) -> Response:
        status = exc.status if isinstance(exc, UploadError) else 400
        return _error(request, status, str(exc))

    async def bug(request: Request, exc: Exception) -> Response:
        log.error("error on %s", request.url.path, exc_info=exc)
        return _error(
            request, 500, "something went wrong on the server (it is logged); the ledger is safe"
        )

    routes = [
        Route("/", home),
        Route("/print", print_sheet),
        Route("/print/preview.png", preview),
        Route("/print/sheet.pdf", pdf),
        Route("/print/set.pdf", pdf_set),
        Route("/scan", scan_form),
        Route("/games/{scan_id}", game),
        Route("/games/{scan_id}/photo", photo),
        Route("/games/{scan_id}/sheet.jpg", sheet_image),
        Route("/games/{scan_id}/crop/{region}.jpg", crop),
        Route("/ledger", ledger_view),
        Route("/ledger.csv", ledger_csv),
        Route("/ledger.json", ledger_json),
        Route("/api/scans", upload, methods=["POST"]),
        Route("/api/scans/{scan_id}", status),
        Route("/api/scans/{scan_id}/corrections", correct, methods=["POST"]),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(
        routes=routes,
        middleware=[Middleware(TokenGate, token=token)],
        exception_handlers={
            HTTPException: http_error,
            UploadError: user_error,
            PrintError: user_error,
            Exception: bug,
        },
        lifespan=_lifespan(scanner),
    )
    app.state.ledger = ledger
    app.state.scanner = scanner
    return app


def _lifespan(scanner: Scanner) -> Any:
    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        scanner.shutdown()

    return lifespan


def _too_big() -> str:
    return f"the photo is larger than {MAX_BYTES // 2**20} MB; save it as a JPEG (12 MP is plenty)"


def _random_seed() -> int:
    import secrets

    return secrets.randbelow(1_000_000)


async def _in_thread(fn: Any, *args: Any) -> Any:
    from starlette.concurrency import run_in_threadpool

    return await run_in_threadpool(fn, *args)


def _download(data: bytes, name: str, media_type: str) -> Response:
    return Response(
        data,
        media_type=media_type,
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


def _row(scan: Scan) -> dict[str, Any]:
    return {"id": scan.id, "uploaded": scan.uploaded, "status": scan.status, **summary(scan)}


def _rows(ledger: Ledger) -> list[dict[str, Any]]:
    counts: dict[int, int] = {}
    for c in ledger.corrections():
        counts[c["scan"]] = counts.get(c["scan"], 0) + 1
    return [
        {**_row(s), "corrections": counts.get(s.id, 0), "error": s.error, "photo": s.photo}
        for s in ledger.scans()
    ]
