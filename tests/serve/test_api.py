"""The web app's HTTP API with Starlette's test client: upload, result, corrections, ledger,
exports, and the errors a phone can cause (each a sentence, never a traceback)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path

import cv2
import numpy as np
import pytest
from starlette.testclient import TestClient

from artsheets.cli import main
from artsheets.scanner.review import rescore
from artsheets.serve.app import create_app

from ..scanner.simulator import SimulatedPhoto
from .conftest import space_that_scores, true_scores, wait_done


@pytest.fixture(scope="module")
def scanned(
    tmp_path_factory: pytest.TempPathFactory, photo: SimulatedPhoto
) -> Iterator[tuple[TestClient, int, dict, Path]]:
    data = tmp_path_factory.mktemp("ledger")
    with TestClient(create_app(data, processes=False)) as client:
        res = client.post("/api/scans", content=photo.jpeg, headers={"X-Who": "ann"})
        assert res.status_code == 202, res.text
        scan_id = res.json()["id"]
        yield client, scan_id, wait_done(client, scan_id), data


def test_upload_gives_the_reading_and_the_rule_engines_scores(
    scanned: tuple[TestClient, int, dict, Path], photo: SimulatedPhoto
) -> None:
    client, scan_id, state, _ = scanned
    assert state["status"] == "done", state
    assert state["sheet_code"] == photo.layout.sheet_code
    assert state["scores"] == true_scores(photo)
    ids = {r["id"] for r in state["regions"]}
    assert set(state["doubted"]) <= ids
    assert client.get(f"/games/{scan_id}").status_code == 200
    sheet = client.get(state["sheet_image"])
    assert sheet.headers["content-type"] == "image/jpeg"
    assert client.get(state["photo"]).content == photo.jpeg
    crop = client.get(f"/games/{scan_id}/crop/{state['regions'][0]['id']}.jpg")
    img = cv2.imdecode(np.frombuffer(crop.content, np.uint8), cv2.IMREAD_COLOR)
    assert img is not None and min(img.shape[:2]) >= 100


def test_the_same_photo_twice_is_one_game(
    scanned: tuple[TestClient, int, dict, Path], photo: SimulatedPhoto
) -> None:
    client, scan_id, _, data = scanned
    again = client.post("/api/scans", content=photo.jpeg)
    assert again.status_code == 200 and again.json()["id"] == scan_id
    assert len(list((data / "blobs").rglob("*"))) == len(list((data / "blobs").rglob("*")))


def test_corrections_rescore_and_are_kept_as_rows(
    scanned: tuple[TestClient, int, dict, Path], photo: SimulatedPhoto
) -> None:
    client, scan_id, state, data = scanned
    # A space set to the other player's colour: the scores follow the rule engine.
    rid = space_that_scores(photo, 1)
    space = next(r for r in state["regions"] if r["id"] == rid)
    assert space["color"] == 1
    other = 1 if space["color"] == 2 else 2
    res = client.post(
        f"/api/scans/{scan_id}/corrections",
        json={"region": space["id"], "colour": other, "who": "bob"},
    )
    assert res.status_code == 200, res.text
    moved = res.json()
    game = client.app.state.ledger.get(scan_id)  # type: ignore[attr-defined]
    expected = rescore(game.reading, {space["id"]: other})
    assert moved["scores"] == expected["scores"]
    assert moved["scores"] != true_scores(photo)
    # Put it back, then settle every doubted region as the truth has it.
    client.post(
        f"/api/scans/{scan_id}/corrections",
        json={"region": space["id"], "colour": space["color"], "who": "bob"},
    )
    for rid in state["doubted"]:
        res = client.post(
            f"/api/scans/{scan_id}/corrections",
            json={"region": rid, "colour": photo.colours.get(rid), "who": "ann"},
        )
        assert res.status_code == 200
    final = client.get(f"/api/scans/{scan_id}").json()
    assert final["final"] and final["doubted"] == []
    assert final["scores"] == true_scores(photo)
    assert final["result"]
    rows = final["corrections"]
    assert len(rows) == 2 + len(state["doubted"])
    assert rows[0]["before"] == space["color"] and rows[0]["after"] == other
    assert rows[1]["before"] == other and rows[1]["who"] == "bob"
    # The ledger: one game with its corrections; exports say the same.
    page = client.get("/ledger").text
    assert photo.layout.sheet_code in page
    table = list(csv.DictReader(io.StringIO(client.get("/ledger.csv").text)))
    assert len(table) == 1 and table[0]["corrections"] == str(len(rows))
    assert table[0]["final"] == "True"
    doc = client.get("/ledger.json").json()
    assert doc["games"][0]["corrections_made"] == rows
    # The labelled data for calibration, from the command line.
    out = data / "corrections.json"
    assert main(["ledger", "export", "--data", str(data), "-o", str(out)]) == 0
    labelled = json.loads(out.read_text())["corrections"]
    assert [c["after"] for c in labelled] == [c["after"] for c in rows]
    assert labelled[0]["read"] == space["color"]


def test_corrections_are_never_rewritten(scanned: tuple[TestClient, int, dict, Path]) -> None:
    client, _, _, _ = scanned
    ledger = client.app.state.ledger  # type: ignore[attr-defined]
    import sqlite3

    with ledger._connect() as db, pytest.raises(sqlite3.DatabaseError, match="never"):
        db.execute("UPDATE corrections SET after = 9")
    with ledger._connect() as db, pytest.raises(sqlite3.DatabaseError, match="never"):
        db.execute("DELETE FROM corrections")


@pytest.mark.parametrize(
    ("body", "status", "words"),
    [
        ({"region": "space-99999", "colour": 1}, 400, "no region"),
        ({"region": "space-1", "colour": 9}, 400, "not in play"),
        ({"region": "space-1", "colour": "red"}, 400, "colour number"),
        ({"colour": 1}, 400, "which region"),
    ],
)
def test_bad_corrections_are_refused_in_words(
    scanned: tuple[TestClient, int, dict, Path], body: dict, status: int, words: str
) -> None:
    client, scan_id, _, _ = scanned
    res = client.post(f"/api/scans/{scan_id}/corrections", json=body)
    assert res.status_code == status
    assert words in res.json()["error"]


def test_bad_uploads_are_refused_in_words(client: TestClient) -> None:
    cases = [
        (b"", 400, "empty"),
        (b"%PDF-1.4 not a photo" * 10, 415, "not a JPEG"),
        (b"\xff\xd8\xff\xe0 cut short", 415, "damaged"),
    ]
    tiny = cv2.imencode(".png", np.zeros((100, 100, 3), np.uint8))[1].tobytes()
    cases.append((tiny, 400, "only 100 x 100"))
    for data, status, words in cases:
        res = client.post("/api/scans", content=data)
        assert res.status_code == status, (words, res.text)
        assert words in res.json()["error"]
    huge = client.post("/api/scans", content=b"\xff\xd8\xff" + b"\0" * (26 * 2**20))
    assert huge.status_code == 413 and "larger than 25 MB" in huge.json()["error"]
    assert client.app.state.ledger.scans() == []  # type: ignore[attr-defined]


def test_a_photo_too_large_in_pixels_is_refused(client: TestClient) -> None:
    big = cv2.imencode(".png", np.zeros((6000, 5000, 3), np.uint8))[1].tobytes()
    res = client.post("/api/scans", content=big)
    assert res.status_code == 413 and "30 MP" in res.json()["error"]


def test_a_photo_that_is_no_sheet_fails_with_advice(client: TestClient) -> None:
    noise = np.random.default_rng(1).integers(0, 255, (900, 1200, 3), np.uint8)
    res = client.post("/api/scans", content=cv2.imencode(".jpg", noise)[1].tobytes())
    assert res.status_code == 202
    body = wait_done(client, res.json()["id"])
    assert body["status"] == "failed" and "marker" in body["error"]
    page = client.get(f"/games/{res.json()['id']}/sheet.jpg")
    assert page.status_code == 409 and "Traceback" not in page.text


def test_unknown_pages_and_games_are_pages_not_tracebacks(client: TestClient) -> None:
    for path in ("/games/77", "/games/x", "/nowhere", "/games/1/crop/..%2F..%2Fetc.jpg"):
        res = client.get(path)
        assert res.status_code == 404, path
        assert "Traceback" not in res.text and '<p class="error"' in res.text
    assert client.get("/api/scans/5").json()["error"] == "there is no game 5 in the ledger"
    bad = client.get("/print?game=chess")
    assert bad.status_code == 400 and "unknown game" in bad.text
    bad = client.get("/print/sheet.pdf?game=vasarely&seed=x")
    assert bad.status_code == 400 and "whole number" in bad.text


def test_print_preview_pdf_and_class_set(client: TestClient) -> None:
    import pypdfium2

    page = client.get("/print?game=rings&seed=42&players=3")
    assert page.status_code == 200 and "seed 42" in page.text
    png = client.get("/print/preview.png?game=rings&seed=42&players=3")
    assert png.content.startswith(b"\x89PNG")
    pdf = client.get("/print/sheet.pdf?game=rings&seed=42&players=3")
    assert pdf.content.startswith(b"%PDF") and "rings_s42.pdf" in pdf.headers["content-disposition"]
    new = client.get("/print?game=vasarely&new=1")
    assert "seed " in new.text  # a new random field was drawn
    three = client.get("/print/set.pdf?game=vasarely&count=3&page=a4")
    assert len(pypdfium2.PdfDocument(three.content)) == 3
    bad = client.get("/print/set.pdf?game=vasarely&count=500")
    assert bad.status_code == 400 and "1 to 40" in bad.text


def test_restart_marks_an_unfinished_scan_and_keeps_the_ledger(tmp_path: Path) -> None:
    data = tmp_path / "data"
    app = create_app(data, processes=False)
    ledger = app.state.ledger
    jpeg = cv2.imencode(".jpg", np.full((800, 1000, 3), 200, np.uint8))[1].tobytes()
    first = ledger.add_scan(jpeg, 1000, 800, "image/jpeg")
    ledger.start(first)  # the server "dies" here, mid-scan
    app.state.scanner.shutdown()
    again = create_app(data, processes=False)
    with TestClient(again) as client:
        body = client.get(f"/api/scans/{first}").json()
    assert body["status"] == "interrupted" and "upload the photo again" in body["error"]
    assert again.state.ledger.schema_version == 1


def test_a_token_guards_a_server_open_to_the_network(tmp_path: Path) -> None:
    app = create_app(tmp_path / "data", token="s3cret", processes=False)
    with TestClient(app) as client:
        refused = client.get("/ledger")
        assert refused.status_code == 403 and "access token" in refused.text
        assert client.get("/api/scans/1").status_code == 403
        ok = client.get("/?token=s3cret")
        assert ok.status_code == 200 and "artsheets_token" in ok.headers["set-cookie"]
        assert client.get("/ledger").status_code == 200  # the cookie carries it now
