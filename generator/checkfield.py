"""``artsheets check-field``: does a written layout hold what its game promises?

Three layers, each reported as PASS/FAIL lines: the JSON Schema of FORMATS.md; geometry every
sheet shares (valid polygons, spaces not overlapping, everything inside the printable area,
topology symmetric); and the game's own checks (counts, printability) from its ``validate``.
"""

from __future__ import annotations

import functools
import itertools
import json
from pathlib import Path
from typing import Any

import jsonschema
import shapely
import shapely.errors
from shapely.geometry import Polygon

from artsheets.errors import UserError
from artsheets.generator.layout import Layout, layout_from_dict
from artsheets.generator.registry import get_game
from artsheets.generator.sheet import MARGIN_MM
from artsheets.generator.templates import load_template
from artsheets.generator.validation import Check

__all__ = ["check_field_file", "check_layout", "schema_errors"]


@functools.cache
def _validator() -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(load_template("layout.schema"))


def schema_errors(doc: Any) -> list[str]:
    """Every way ``doc`` breaks the layout JSON Schema (empty when it conforms)."""
    return [
        f"{'/'.join(str(p) for p in e.absolute_path) or '(top)'}: {e.message}"
        for e in sorted(_validator().iter_errors(doc), key=lambda e: list(e.absolute_path))
    ]


def _polygon(region: Any) -> Polygon:
    return Polygon(region.polygon, region.holes or [])


def common_checks(layout: Layout) -> list[Check]:
    """Checks every sheet must pass, whatever the game."""
    checks = []
    w, h = layout.page.width_mm, layout.page.height_mm
    outside = []
    for r in layout.regions:
        pts = r.polygon or r.polyline or []
        if any(
            not (MARGIN_MM <= x <= w - MARGIN_MM and MARGIN_MM <= y <= h - MARGIN_MM)
            for x, y in pts
        ):
            outside.append(r.id)
    checks.append(
        Check(
            "every region inside the printable area (10 mm margin)",
            not outside,
            f"outside: {', '.join(outside[:5])}" if outside else "",
        )
    )
    polys = [(r.id, _polygon(r)) for r in layout.regions if r.polygon is not None]
    invalid = [i for i, p in polys if not p.is_valid]
    checks.append(Check("every polygon valid", not invalid, ", ".join(invalid[:5])))
    spaces = [_polygon(r) for r in layout.regions if r.kind == "space"]
    if spaces:
        total = sum(p.area for p in spaces)
        union = shapely.union_all(spaces).area
        overlap = max(0.0, total - union)
        checks.append(
            Check(
                "spaces do not overlap",
                overlap < 0.01 * len(spaces),
                f"overlap {overlap:.2f} mm2 over {len(spaces)} spaces",
            )
        )
    ids = [r.id for r in layout.regions]
    dupes = sorted({i for i in ids if ids.count(i) > 1})
    checks.append(Check("region ids unique", not dupes, ", ".join(dupes[:5])))
    if layout.topology is not None:
        problems = layout.topology.check_symmetric()
        checks.append(Check("topology symmetric", not problems, "; ".join(problems[:3])))
        region_ids = set(ids)
        missing = [s for s in layout.topology.spaces if s not in region_ids]
        checks.append(
            Check("every topology space is a region", not missing, ", ".join(missing[:5]))
        )
    return checks


def check_layout(layout: Layout) -> list[Check]:
    spec = get_game(layout.game)
    checks = common_checks(layout)
    if spec.validate is not None:
        checks += spec.validate(layout)
    return checks


def check_field_file(path: Path) -> tuple[bool, str]:
    """(all passed, report text) for a ``.layout.json`` file."""
    try:
        doc = json.loads(path.read_text())
    except FileNotFoundError:
        raise UserError(
            f"no such file '{path}'; give a .layout.json written by artsheets generate"
        ) from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise UserError(
            f"cannot read '{path}' as JSON ({e}); give a .layout.json written by artsheets generate"
        ) from None
    errors = schema_errors(doc)
    lines = [f"{path}: {doc.get('sheet_code', '?') if isinstance(doc, dict) else '?'}"]
    schema = Check(
        "layout JSON matches the artsheets.layout/1 schema", not errors, "; ".join(errors[:3])
    )
    if errors:
        return False, "\n".join([*lines, schema.line()])
    try:
        layout = layout_from_dict(doc)
        checks = [schema, *check_layout(layout)]
    except ValueError as e:
        raise UserError(f"{path}: {e}") from None
    except (
        KeyError,
        TypeError,
        IndexError,
        AttributeError,
        ZeroDivisionError,
        shapely.errors.ShapelyError,  # a polygon damaged past what GEOS can work with
    ) as e:
        # The schema does not reach into the topology or a game's extras: a file damaged there
        # is the file's fault, said in one line (the fuzz test in tests/test_fuzz_inputs.py).
        raise UserError(
            f"{path}: the layout is damaged ({type(e).__name__}: {e}); write it again with "
            "artsheets generate"
        ) from None
    counts = {}
    for kind, group in itertools.groupby(sorted(r.kind for r in layout.regions)):
        counts[kind] = len(list(group))
    lines.append("regions: " + ", ".join(f"{n} {k}" for k, n in counts.items()))
    lines += [c.line() for c in checks]
    ok = all(c.ok for c in checks)
    lines.append("all checks passed" if ok else f"{sum(not c.ok for c in checks)} checks FAILED")
    return ok, "\n".join(lines)
