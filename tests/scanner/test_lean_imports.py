"""A scan whose template is in the disk cache imports nothing of the generator's libraries."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

PHOTO = Path(__file__).resolve().parents[2] / "examples" / "photo.jpg"
HEAVY = ("shapely", "segno", "reportlab", "svgwrite", "artsheets.generator.registry")

_SCAN = """
import sys
from artsheets.cli import main
code = main(["scan", sys.argv[1], "-o", sys.argv[2], "--no-overlay"])
heavy = sys.argv[3].split(",")
print(code, ",".join(m for m in heavy if m in sys.modules) or "-")
"""


def _scan(cache: Path, out: Path) -> tuple[str, str]:
    env = {**os.environ, "ARTSHEETS_CACHE_DIR": str(cache)}
    done = subprocess.run(
        [sys.executable, "-c", _SCAN, str(PHOTO), str(out), ",".join(HEAVY)],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    code, loaded = done.stdout.split()[-2:]
    return code, loaded


def test_a_cached_template_spares_the_generator_imports(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    code, loaded = _scan(cache, tmp_path / "first")  # builds the template: the generator
    assert code == "0" and "artsheets.generator.registry" in loaded
    code, loaded = _scan(cache, tmp_path / "second")
    assert (code, loaded) == ("0", "-")
    first = (tmp_path / "first" / "photo.scan.json").read_text()
    assert (tmp_path / "second" / "photo.scan.json").read_text() == first
