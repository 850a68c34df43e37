"""The HTML of the pages: one frame (header, navigation) and the server-drawn parts. The Scan
and game pages fill themselves in from the JSON API (``static/app.js``); Print and Ledger
are drawn here. Every value from a request or the ledger is escaped."""

from __future__ import annotations

from html import escape
from typing import Any

from artsheets.generator.registry import games
from artsheets.serve.printing import MAX_SET, SheetChoice

__all__ = ["error_page", "game_page", "home_page", "ledger_page", "print_page", "scan_page"]


def frame(title: str, body: str, active: str = "", script: bool = False) -> str:
    nav = "".join(
        f'<a href="{href}"{" class=on" if key == active else ""}>{label}</a>'
        for key, href, label in (
            ("print", "/print", "Print"),
            ("scan", "/scan", "Scan"),
            ("ledger", "/ledger", "Ledger"),
        )
    )
    js = '<script src="/static/app.js" defer></script>' if script else ""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)} - artsheets</title>
<link rel="stylesheet" href="/static/app.css">{js}</head>
<body><header><a class="brand" href="/">artsheets</a><nav>{nav}</nav></header>
<main>{body}</main></body></html>"""


def home_page() -> str:
    return frame(
        "Home",
        """<h1>Play on paper, score with a phone</h1>
<div class="cards">
<a class="card" href="/print"><b>Print</b><span>a sheet or a class set, as PDF</span></a>
<a class="card" href="/scan"><b>Scan</b><span>photograph a finished sheet and settle the
scores</span></a>
<a class="card" href="/ledger"><b>Ledger</b><span>every game scanned, with its
corrections</span></a></div>""",
    )


def error_page(message: str) -> str:
    return frame(
        "Problem",
        f"""<h1>That did not work</h1><p class="error" role="alert">{escape(message)}</p>
<p><a href="/">Start again</a></p>""",
    )


def print_page(choice: SheetChoice, problem: str | None = None) -> str:
    spec = choice.spec
    game_opts = "".join(
        f'<option value="{g}"{" selected" if g == choice.game else ""}>{escape(s.title)}</option>'
        for g, s in games().items()
    )
    pages = "".join(
        f'<option value="{p}"{" selected" if p == choice.page else ""}>{label}</option>'
        for p, label in (("a4", "A4"), ("letter", "US Letter"))
    )
    values = dict(choice.options)
    options = "".join(
        f'<label>{escape(o.help)}<input type="number" name="{o.name}" min="{o.low}" '
        f'max="{o.high}" value="{values[o.name]}" inputmode="numeric"></label>'
        for o in spec.options
    )
    seed = "" if choice.seed is None else str(choice.seed)
    seed_field = (
        f"""<label>Seed (empty: the standard field)<input name="seed" value="{seed}"
 inputmode="numeric" pattern="[0-9]*"></label>
<button type="submit" name="new" value="1" class="secondary">New random field</button>"""
        if spec.random_fields
        else "<p class=muted>This game has one standard field.</p>"
    )
    error = f'<p class="error" role="alert">{escape(problem)}</p>' if problem else ""
    q = choice.query()
    set_games = f'<option value="{choice.game}">{escape(spec.title)}</option>'
    set_games += '<option value="all">one of each game</option>'
    return frame(
        "Print",
        f"""<h1>Print a sheet</h1>{error}
<div class="split"><form method="get" action="/print" class="panel" id="print-form">
<label>Game<select name="game" onchange="location.href='/print?game='
+ this.value + '&amp;page=' + this.form.page.value">{game_opts}</select></label>
{options}{seed_field}
<label>Page<select name="page">{pages}</select></label>
<button type="submit">Show the sheet</button>
<a class="button" id="pdf" href="/print/sheet.pdf?{q}" download>Download PDF</a>
</form>
<figure class="preview"><img id="preview" src="/print/preview.png?{q}"
 alt="{escape(spec.title)} sheet preview"><figcaption>{escape(spec.title)}
 {"standard field" if choice.seed is None else f"seed {choice.seed}"}</figcaption></figure></div>
<h2>A class set</h2>
<form method="get" action="/print/set.pdf" class="panel row">
<label>Sheets<select name="game">{set_games}</select></label>
<label>How many<input type="number" name="count" min="1" max="{MAX_SET}" value="10"></label>
<input type="hidden" name="page" value="{choice.page}">
<button type="submit">Download class set (PDF)</button></form>""",
        "print",
    )


def scan_page() -> str:
    return frame(
        "Scan",
        """<h1>Scan a finished sheet</h1>
<form id="upload" class="panel">
<label>Your name (for the ledger)<input id="who" autocomplete="nickname"></label>
<label class="camera">Take a photo<input type="file" id="camera" accept="image/*"
 capture="environment"></label>
<label class="secondary-file">or choose a photo<input type="file" id="file"
 accept="image/jpeg,image/png,image/webp"></label>
<div id="progress" class="progress" hidden><div></div></div>
<p id="message" role="status"></p></form>
<p class="muted">Lay the sheet flat, all four corner markers in the picture, no flash
glare.</p>""",
        "scan",
        script=True,
    )


def game_page(scan_id: int) -> str:
    return frame(
        f"Game {scan_id}",
        f"""<div id="game" data-id="{scan_id}">
<h1>Game {scan_id}</h1><p id="status" role="status">Loading...</p>
<div id="result" hidden>
<div class="split"><div class="sheet-wrap"><div class="sheet" id="sheet"></div></div>
<div class="side"><div id="verdict"></div><table id="scores"></table>
<div id="doubts"></div><ul id="checks"></ul>
<p class="muted">Tap any region on the sheet to correct it.</p>
<details id="history"><summary>Photo, reading and corrections</summary>
<p><a id="photo-link">the photo as uploaded</a> | <a id="reading-link">the reading (JSON)</a></p>
<ol id="corrections"></ol></details></div></div></div>
<dialog id="region"><form method="dialog"><h2 id="region-title"></h2>
<img id="crop" alt="the region in the photo"><p id="region-why"></p>
<div id="choices" class="choices"></div>
<button class="secondary" value="cancel">Close</button></form></dialog></div>""",
        "scan",
        script=True,
    )


def ledger_page(rows: list[dict[str, Any]]) -> str:
    body = []
    for r in rows:
        scores = ", ".join(f"P{p} {v}" for p, v in (r["scores"] or {}).items())
        state = r["status"] if r["status"] != "done" else ("final" if r["final"] else "to review")
        body.append(
            f"<tr><td><a href='/games/{r['id']}'>{r['id']}</a></td>"
            f"<td>{escape(r['uploaded'][:16].replace('T', ' '))}</td>"
            f"<td>{escape(r['game'] or '')}</td><td class=code>{escape(r['sheet_code'] or '')}</td>"
            f"<td>{r['players'] or ''}</td><td>{escape(scores)}</td>"
            f"<td>{escape(r['result'] or '')}</td><td>{r['corrections']}</td>"
            f"<td>{escape(state)}</td></tr>"
        )
    table = (
        "<div class=scroll><table class=ledger><thead><tr><th>#</th><th>date (UTC)</th>"
        "<th>game</th><th>sheet</th><th>players</th><th>scores</th><th>result</th>"
        "<th>corrections</th><th>state</th></tr></thead><tbody>"
        + "".join(body)
        + "</tbody></table></div>"
        if rows
        else "<p>No games yet: <a href='/scan'>scan one</a>.</p>"
    )
    return frame(
        "Ledger",
        f"""<h1>Ledger</h1><p><a class="button" href="/ledger.csv" download>CSV</a>
<a class="button" href="/ledger.json" download>JSON</a></p>{table}""",
        "ledger",
    )
