"""End to end in a real headless browser (the system's chromium, driven by Selenium): print
a sheet, upload a simulated photo of it played, settle every doubted region by tapping, and
see the final scores equal the rule engine's for the true colouring. Screenshots of a phone
and a desktop viewport are written to $ARTSHEETS_SCREENSHOTS (or the test's temporary
folder) to be looked at.

Skipped, saying so, where chromium or chromedriver is not installed (CI installs them:
``.ci/run``). The browser never downloads anything of its own.
"""

from __future__ import annotations

import os
import shutil
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from ..scanner.simulator import SimulatedPhoto
from .conftest import true_scores

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"
if not (Path(CHROMIUM).exists() and Path(CHROMEDRIVER).exists()):
    pytest.skip(
        "browser tests skipped: chromium and chromedriver are not installed "
        "(apt-get install chromium chromium-driver)",
        allow_module_level=True,
    )

from selenium import webdriver  # noqa: E402
from selenium.common.exceptions import WebDriverException  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support import expected_conditions as ec  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

PHONE = (412, 915)
DESKTOP = (1366, 900)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app on a free loopback port, served by uvicorn in a thread."""
    import socket

    import uvicorn

    from artsheets.serve.app import create_app

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    app = create_app(tmp_path_factory.mktemp("ledger"), processes=False)
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    end = time.monotonic() + 20
    while not srv.started and time.monotonic() < end:
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(10)


@pytest.fixture(scope="module")
def browser() -> Iterator[webdriver.Chrome]:
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-dev-shm-usage",
        "--hide-scrollbars",
    ):
        opts.add_argument(flag)
    driver = webdriver.Chrome(options=opts, service=Service(CHROMEDRIVER))
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = os.environ.get("ARTSHEETS_SCREENSHOTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path


def _size(driver: webdriver.Chrome, wh: tuple[int, int]) -> None:
    driver.set_window_size(*wh)


def _wait(driver: webdriver.Chrome, seconds: float = 90) -> WebDriverWait:
    """A wait that polls through a page navigating away (the upload page moves to the game
    page by itself): chromedriver answers a look-up made then with "aborted by navigation",
    a WebDriverException; a condition that never holds still fails when the time is up."""
    return WebDriverWait(driver, seconds, ignored_exceptions=(WebDriverException,))


def test_print_scan_settle_and_see_the_true_scores(
    server: str,
    browser: webdriver.Chrome,
    photo: SimulatedPhoto,
    shots: Path,
    tmp_path: Path,
) -> None:
    d = browser
    _size(d, PHONE)
    # Print: the sheet the photo shows, previewed, its PDF offered.
    d.get(f"{server}/print?game=springer")
    _wait(d).until(
        lambda d: d.execute_script("return document.getElementById('preview').naturalWidth") > 0
    )
    d.save_screenshot(str(shots / "phone-print.png"))
    href = d.find_element(By.ID, "pdf").get_attribute("href")
    pdf = urllib.request.urlopen(href, timeout=60).read()
    assert pdf.startswith(b"%PDF") and photo.layout.sheet_code.encode() in pdf

    # Scan: the photo of the played sheet, uploaded from the page.
    d.get(f"{server}/scan")
    d.save_screenshot(str(shots / "phone-scan.png"))
    path = tmp_path / "photo.jpg"
    path.write_bytes(photo.jpeg)
    d.find_element(By.ID, "file").send_keys(str(path))
    _wait(d).until(ec.url_contains("/games/"))
    _wait(d).until(ec.visibility_of_element_located((By.ID, "result")))
    d.save_screenshot(str(shots / "phone-result.png"))

    # Review: every doubted region settled by tapping it and then its true colour.
    chips = [c.get_attribute("data-region") for c in d.find_elements(By.CSS_SELECTOR, ".chip")]
    assert chips, "the photo was chosen to have a doubt to settle"
    for n, rid in enumerate(chips):
        d.find_element(By.CSS_SELECTOR, f'.chip[data-region="{rid}"]').click()
        dialog = _wait(d, 10).until(ec.visibility_of_element_located((By.ID, "region")))
        _wait(d, 10).until(
            lambda d: d.execute_script("return document.getElementById('crop').naturalWidth") > 0
        )
        if n == 0:
            d.save_screenshot(str(shots / "phone-review.png"))
        truth = photo.colours.get(rid)
        value = "blank" if truth is None else str(truth)
        dialog.find_element(By.CSS_SELECTOR, f'button[data-colour="{value}"]').click()
        _wait(d, 20).until(ec.invisibility_of_element_located((By.ID, "region")))
    verdict = _wait(d, 20).until(
        ec.visibility_of_element_located((By.CSS_SELECTOR, "#verdict.final"))
    )
    assert verdict.text.startswith("Final:") and "wins" in verdict.text
    shown = {
        row.get_attribute("data-player"): row.find_element(By.CSS_SELECTOR, ".score").text
        for row in d.find_elements(By.CSS_SELECTOR, "#scores tr[data-player]")
    }
    assert shown == {p: str(v) for p, v in true_scores(photo).items()}
    d.save_screenshot(str(shots / "phone-final.png"))
    # Any region, doubted or not, opens the same way by tapping it on the sheet.
    space = d.find_element(By.CSS_SELECTOR, 'svg polygon[data-region^="space-"]')
    rid = space.get_attribute("data-region")
    space.click()
    _wait(d, 10).until(ec.visibility_of_element_located((By.ID, "region")))
    assert d.find_element(By.ID, "region-title").text.startswith(f"{rid} ")
    d.find_element(By.CSS_SELECTOR, "#region button[value=cancel]").click()
    _wait(d, 10).until(ec.invisibility_of_element_located((By.ID, "region")))

    # The same game and the ledger on a desktop screen.
    game_url = d.current_url
    _size(d, DESKTOP)
    d.get(game_url)
    _wait(d).until(ec.visibility_of_element_located((By.CSS_SELECTOR, "#verdict.final")))
    d.save_screenshot(str(shots / "desktop-final.png"))
    d.get(f"{server}/ledger")
    # Under load the page can still be empty when get() returns: wait for its rows.
    _wait(d).until(lambda d: photo.layout.sheet_code in d.page_source)
    d.save_screenshot(str(shots / "desktop-ledger.png"))
    d.get(f"{server}/print?game=springer")
    _wait(d).until(
        lambda d: d.execute_script("return document.getElementById('preview').naturalWidth") > 0
    )
    d.save_screenshot(str(shots / "desktop-print.png"))
