"""Field validation shared by every game: named checks with pass/fail and a detail line.

The generator validates every random field it draws and re-draws from the next sub-seed when a
check fails (:func:`first_valid`), so no invalid field is ever emitted; ``artsheets
check-field`` prints the same checks for a written layout.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TypeVar

from shapely.geometry import LineString, Polygon

from artsheets.generator.rng import Rng

__all__ = [
    "Check",
    "FieldRejected",
    "check_min_area",
    "check_min_length",
    "check_min_width",
    "first_valid",
]

T = TypeVar("T")


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    detail: str = ""

    def line(self) -> str:
        return f"{'PASS' if self.ok else 'FAIL'}  {self.name}" + (
            f": {self.detail}" if self.detail else ""
        )


class FieldRejected(RuntimeError):
    """No valid field was found within the attempt budget (a bug or impossible options)."""


def first_valid(
    rng: Rng,
    make: Callable[[Rng], T],
    validate: Callable[[T], Sequence[Check]],
    max_attempts: int = 200,
) -> tuple[T, int]:
    """Draw candidates from sub-seeds 0, 1, 2... until one passes every check.

    Returns the field and the number of attempts it took (1 = first draw). Deterministic: the
    k-th attempt always uses the same sub-stream.
    """
    failures: list[str] = []
    for attempt in range(max_attempts):
        candidate = make(rng.child("attempt", attempt))
        failed = [c for c in validate(candidate) if not c.ok]
        if not failed:
            return candidate, attempt + 1
        failures = [c.line() for c in failed]
    raise FieldRejected(
        f"no valid field in {max_attempts} attempts; last failures: {'; '.join(failures)}"
    )


def check_min_area(polys: Iterable[tuple[str, Polygon]], min_mm2: float) -> Check:
    worst = min(((p.area, i) for i, p in polys), default=(float("inf"), "-"))
    return Check(
        f"every space >= {min_mm2:g} mm2",
        worst[0] >= min_mm2,
        f"smallest {worst[0]:.1f} mm2 ({worst[1]})",
    )


def check_min_width(polys: Iterable[tuple[str, Polygon]], min_mm: float) -> Check:
    """Every space holds a disc of diameter ``min_mm`` (room for a pencil stroke)."""
    thin = [i for i, p in polys if p.buffer(-min_mm / 2).is_empty]
    return Check(
        f"every space >= {min_mm:g} mm wide",
        not thin,
        f"too thin: {', '.join(thin[:5])}" if thin else "all wide enough",
    )


def check_min_length(lines: Iterable[tuple[str, LineString]], min_mm: float) -> Check:
    worst = min(((ln.length, i) for i, ln in lines), default=(float("inf"), "-"))
    return Check(
        f"every segment >= {min_mm:g} mm",
        worst[0] >= min_mm,
        f"shortest {worst[0]:.1f} mm ({worst[1]})",
    )
