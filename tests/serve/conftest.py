"""Shared for the web app's tests: one simulated photo of a finished game (read once), and
an app over a fresh ledger that scans in-process (no worker processes to start)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from artsheets.rules.position import score_position
from artsheets.scanner.scoring import position_colours, rule_options
from artsheets.serve.app import create_app

from ..scanner.simulator import PENCILS, SimulatedPhoto, easy, sheet_for, simulate

DISTINCT = {k + 1: PENCILS[n] for k, n in enumerate(("red", "blue", "green", "yellow"))}
# A game whose sheet alone gives the scores. The photo is a copy sent through a messaging app
# (shrunk to 1400 px, JPEG 55): the camera's own photos of seeds 40-249 leave no region in
# doubt; of seeds 0-59 as copies, two leave one region in doubt and none wrong, and this one
# has a space whose recolouring changes the scores (the corrections' test needs one).
GAME, SEED = "springer", 59
COPY = {"max_side": 1400, "jpeg_quality": 55}


@pytest.fixture(scope="session")
def photo() -> SimulatedPhoto:
    return simulate(
        sheet_for(GAME), seed=SEED, conditions=easy((2400, 1800), **COPY), pencils=DISTINCT
    )


def true_scores(photo: SimulatedPhoto) -> dict[str, int]:
    """The rule engine's scores of the colouring the photo was drawn from."""
    layout = photo.layout
    assert layout.topology is not None
    report = score_position(
        layout.topology, rule_options(layout), position_colours(layout, photo.colours), {}
    )
    assert report.scores is not None
    return {str(p): v for p, v in report.scores.items()}


def space_that_scores(photo: SimulatedPhoto, colour: int) -> str:
    """A space the photo's colouring has in ``colour`` whose recolouring in the other
    player's colour (1 <-> 2) changes the scores: a correction the scores must show."""
    layout = photo.layout
    assert layout.topology is not None
    truth = true_scores(photo)
    other = 2 if colour == 1 else 1
    for rid, c in sorted(photo.colours.items()):
        if rid.startswith("space-") and c == colour:
            changed = position_colours(layout, {**photo.colours, rid: other})
            report = score_position(layout.topology, rule_options(layout), changed, {})
            if {str(p): v for p, v in (report.scores or {}).items()} != truth:
                return rid
    raise AssertionError(f"no space of colour {colour} changes the scores")


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(tmp_path / "data", processes=False)
    with TestClient(app) as c:
        yield c


def wait_done(client: TestClient, scan_id: int, timeout: float = 120.0) -> dict:
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        body = client.get(f"/api/scans/{scan_id}").json()
        if body["status"] not in ("queued", "scanning"):
            return body
        time.sleep(0.1)
    raise AssertionError(f"scan {scan_id} did not finish in {timeout} s")
