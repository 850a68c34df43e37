"""Contact sheet of random Springer fields: version 2 (free net) beside version 1 (jittered
grid), the same sheet seeds, drawn from the geometry the sheets print (the field is the same on
A4 and Letter: the page only moves it).

    python scripts/springer_contact_sheet.py [--count 12] [-o docs/img/springer-v2-v1.png]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

from artsheets.generator.fonts import FONT_FILES
from artsheets.generator.games import springer
from artsheets.generator.rng import Rng

PX = 1.25  # pixels per mm
PAD = 14  # pixels around each field (room for its triangles)
COLS = 4


def field_image(version: int, seed: int) -> Image.Image:
    geom, _ = springer.random_geometry(Rng.derive("springer", version, seed), {}, version)
    s = PX / springer.U
    w, h = round(geom.w * s), round(geom.h * s)
    img = Image.new("L", (w + 2 * PAD, h + 2 * PAD + 12), 255)
    draw = ImageDraw.Draw(img)
    for x0, y0, x1, y1 in geom.segments:
        draw.line([(PAD + x0 * s, PAD + y0 * s), (PAD + x1 * s, PAD + y1 * s)], fill=0, width=1)
    draw.rectangle([PAD, PAD, PAD + w, PAD + h], outline=0, width=2)
    th = springer.TRI_H * PX
    for edge, a, b, _ in geom.triangles:
        a, b, m = PAD + a * s, PAD + b * s, PAD + (a + b) * s / 2
        pts = {
            "top": [(a, PAD), (m, PAD - th), (b, PAD)],
            "bottom": [(a, PAD + h), (m, PAD + h + th), (b, PAD + h)],
            "left": [(PAD, a), (PAD - th, m), (PAD, b)],
            "right": [(PAD + w, a), (PAD + w + th, m), (PAD + w, b)],
        }[edge]
        draw.line([*pts, pts[0]], fill=110, width=1)
    font = ImageFont.truetype(str(FONT_FILES[False]), 10)
    draw.text((PAD, h + 2 * PAD - 2), f"v{version} seed {seed}", fill=80, font=font)
    return img


def panel(version: int, count: int, title: str) -> Image.Image:
    tiles = [field_image(version, seed) for seed in range(1, count + 1)]
    tw, th = tiles[0].size
    rows = -(-count // COLS)
    img = Image.new("L", (COLS * tw, rows * th + 24), 255)
    font = ImageFont.truetype(str(FONT_FILES[True]), 15)
    ImageDraw.Draw(img).text((PAD, 4), title, fill=0, font=font)
    for k, tile in enumerate(tiles):
        img.paste(tile, ((k % COLS) * tw, 24 + (k // COLS) * th))
    return img


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=12)
    parser.add_argument("-o", "--out", type=Path, default=Path("docs/img/springer-v2-v1.png"))
    args = parser.parse_args()
    left = panel(2, args.count, f"version 2: free net (seeds 1-{args.count})")
    right = panel(1, args.count, "version 1: jittered grid (the same seeds)")
    gap = 30
    out = Image.new("L", (left.width + gap + right.width, max(left.height, right.height)), 255)
    out.paste(left, (0, 0))
    out.paste(right, (left.width + gap, 0))
    ImageDraw.Draw(out).line(
        [(left.width + gap // 2, 10), (left.width + gap // 2, out.height - 10)], fill=170
    )
    args.out.parent.mkdir(parents=True, exist_ok=True)
    out.save(args.out, optimize=True)
    print(f"wrote {args.out} ({out.width} x {out.height})")


if __name__ == "__main__":
    main()
