"""Contact sheet of random fields of one game: the newest field version beside an older one,
the same sheet seeds, pages alternating A4 and Letter, drawn from the regions the sheets print
(spaces, segments, triangles: everything but score boxes and colour keys).

    python scripts/contact_sheet.py GAME [--count 20] [--versions 2,1] [-o docs/img/GAME-v2-v1.png]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from artsheets.generator.fonts import FONT_FILES
from artsheets.generator.layout import Layout
from artsheets.generator.registry import build_layout

PX = 1.25  # pixels per mm
PAD = 14  # pixels around each field (room for what stands outside it, e.g. triangles)
COLS = 4
FURNITURE = {"score_box", "key"}


def _field_regions(layout: Layout) -> list[tuple[str, list[tuple[float, float]]]]:
    """(kind, points) of every region of the field, closed rings for polygons."""
    out = []
    for r in layout.regions:
        if r.kind in FURNITURE:
            continue
        if r.polygon:
            out.append((r.kind, [*r.polygon, r.polygon[0]]))
        elif r.polyline:
            out.append((r.kind, list(r.polyline)))
    return out


def field_image(game: str, version: int, seed: int, page: str) -> Image.Image:
    regions = _field_regions(build_layout(game, seed, {}, page, version))
    xs = [x for _, pts in regions for x, _ in pts]
    ys = [y for _, pts in regions for _, y in pts]
    x0, y0 = min(xs), min(ys)
    w, h = round((max(xs) - x0) * PX), round((max(ys) - y0) * PX)
    img = Image.new("L", (w + 2 * PAD, h + 2 * PAD + 12), 255)
    draw = ImageDraw.Draw(img)
    for kind, pts in regions:
        grey = 110 if kind == "triangle" else 0
        draw.line([(PAD + (x - x0) * PX, PAD + (y - y0) * PX) for x, y in pts], fill=grey)
    font = ImageFont.truetype(str(FONT_FILES[False]), 10)
    label = f"v{version} seed {seed} {'A4' if page == 'a4' else 'Letter'}"
    draw.text((PAD, h + 2 * PAD - 2), label, fill=80, font=font)
    return img


def panel(game: str, version: int, count: int, title: str) -> Image.Image:
    tiles = [
        field_image(game, version, seed, "a4" if seed % 2 else "letter")
        for seed in range(1, count + 1)
    ]
    tw = max(t.width for t in tiles)
    th = max(t.height for t in tiles)
    rows = -(-count // COLS)
    img = Image.new("L", (COLS * tw, rows * th + 24), 255)
    font = ImageFont.truetype(str(FONT_FILES[True]), 15)
    ImageDraw.Draw(img).text((PAD, 4), title, fill=0, font=font)
    for k, tile in enumerate(tiles):
        img.paste(tile, ((k % COLS) * tw, 24 + (k // COLS) * th))
    return img


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game")
    parser.add_argument("--count", type=int, default=20)
    parser.add_argument("--versions", default="2,1", help="left,right")
    parser.add_argument("-o", "--out", type=Path)
    args = parser.parse_args()
    left_v, right_v = (int(v) for v in args.versions.split(","))
    out_path = args.out or Path(f"docs/img/{args.game}-v{left_v}-v{right_v}.png")
    left = panel(args.game, left_v, args.count, f"version {left_v} (seeds 1-{args.count})")
    right = panel(args.game, right_v, args.count, f"version {right_v} (the same seeds)")
    gap = 30
    out = Image.new("L", (left.width + gap + right.width, max(left.height, right.height)), 255)
    out.paste(left, (0, 0))
    out.paste(right, (left.width + gap, 0))
    ImageDraw.Draw(out).line(
        [(left.width + gap // 2, 10), (left.width + gap // 2, out.height - 10)], fill=170
    )
    out_path.parent.mkdir(parents=True, exist_ok=True)
    out.save(out_path, optimize=True)
    print(f"wrote {out_path} ({out.width} x {out.height})")


if __name__ == "__main__":
    main()
