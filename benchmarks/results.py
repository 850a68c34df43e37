"""Writing a benchmark's figures into ``benchmarks/RESULTS.md``: each script owns one section
(between its markers) and replaces only that, so several benchmarks share the file."""

from __future__ import annotations

from pathlib import Path

RESULTS = Path(__file__).resolve().parent / "RESULTS.md"
HEADER = (
    "# Benchmark figures\n\n"
    "Written by the scripts in `benchmarks/` (each replaces its own section); the figures of\n"
    "the last run of each, with the command and how loaded the machine was.\n"
)


def write_section(name: str, text: str, path: Path = RESULTS) -> None:
    """Put ``text`` in section ``name`` of ``path``, replacing what the section held. A blank
    line follows the start marker, so that the section's heading stays a heading however
    the file is rendered, and a rewrite leaves the file as it was written by hand."""
    start, end = f"<!-- {name} -->", f"<!-- /{name} -->"
    old = path.read_text() if path.exists() else HEADER
    block = f"{start}\n\n{text.strip()}\n{end}"
    if start in old and end in old:
        head, rest = old.split(start, 1)
        new = head + block + rest.split(end, 1)[1]
    else:
        new = old.rstrip() + "\n\n" + block + "\n"
    tmp = path.with_suffix(".tmp")
    tmp.write_text(new)
    tmp.replace(path)


def machine_load() -> str:
    """The load averages (1, 5, 15 minutes) and the cores, as a phrase."""
    import os

    one, five, fifteen = os.getloadavg()
    return f"load average {one:.1f} / {five:.1f} / {fifteen:.1f} on {os.cpu_count()} cores"
