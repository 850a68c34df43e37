"""The benchmarks' RESULTS writer: a section rewritten keeps the file's layout."""

from __future__ import annotations

from pathlib import Path

from benchmarks.results import write_section


def test_a_rewritten_section_keeps_a_blank_line_under_its_marker(tmp_path: Path) -> None:
    """Each section's heading sits one blank line under its start marker, as the file is
    kept by hand; a rewrite replaces only that section and writes it the same way."""
    path = tmp_path / "RESULTS.md"
    path.write_text("# Figures\n\n<!-- a -->\n\n### A\nold\n<!-- /a -->\n\ntail\n")
    write_section("a", "### A\nnew\n", path)
    assert path.read_text() == "# Figures\n\n<!-- a -->\n\n### A\nnew\n<!-- /a -->\n\ntail\n"
    write_section("b", "### B\nfirst\n", path)
    assert path.read_text().endswith("tail\n\n<!-- b -->\n\n### B\nfirst\n<!-- /b -->\n")
