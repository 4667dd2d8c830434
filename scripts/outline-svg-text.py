#!/usr/bin/env python3
"""
Draws the <text> of the logo and banner as outlined paths in the Kanit web font, so the images show
the same letters on every phone: an SVG shown through <img> cannot use the page's web fonts, and
where no Thai system font exists its Thai text was drawn as empty boxes (docs/decisions/030).

Sources: design/<name>.svg (with <text>); output: src/web/public/images/<name>.svg.
Needs HarfBuzz's hb-view (Debian: libharfbuzz-bin) for Thai shaping and Python fontTools to unpack the
@fontsource/kanit WOFF files. Run from the repository root: python3 scripts/outline-svg-text.py
"""
import os
import re
import subprocess
import tempfile

from fontTools.ttLib import TTFont

FONT_DIR = "node_modules/@fontsource/kanit/files"
IMAGES = ["logo", "banner"]
TEXT = re.compile(r"<text ([^>]*)>([^<]*)</text>")
ATTR = re.compile(r'([\w-]+)="([^"]*)"')
THAI = re.compile(r"[\u0E00-\u0E7F]")


def ttf(subset: str, weight: str, tmp: str) -> str:
    path = os.path.join(tmp, f"kanit-{subset}-{weight}.ttf")
    if not os.path.exists(path):
        font = TTFont(os.path.join(FONT_DIR, f"kanit-{subset}-{weight}-normal.woff"))
        font.flavor = None
        font.save(path)
    return path


def outline(text: str, size: float, font: str, tmp: str):
    """The shaped text's glyph paths placed on a baseline at y=0 from x=0, and its advance width."""
    out = os.path.join(tmp, "t.svg")
    subprocess.run(["hb-view", f"--font-file={font}", "--output-format=svg", f"--font-size={size}", "--margin=0", text, "-o", out], check=True)
    svg = open(out, encoding="utf-8").read()
    width = float(re.search(r'viewBox="0 0 ([\d.]+) ', svg).group(1))
    glyphs = {m.group(1): m.group(2) for m in re.finditer(r'<symbol overflow="visible" id="([^"]+)">\s*<path style="stroke:none;" d="([^"]*)"/>', svg)}
    uses = re.findall(r'<use xlink:href="#([^"]+)" x="([-\d.]+)" y="([-\d.]+)"/>', svg)
    baseline = float(uses[0][2])
    parts = []
    for gid, x, y in uses:
        d = glyphs.get(gid, "").strip()
        if not d:
            continue
        dx, dy = float(x), float(y) - baseline
        parts.append(f'<path transform="translate({dx:.2f} {dy:.2f})" d="{shorten(d)}"/>')
    return "".join(parts), width


def shorten(d: str) -> str:
    return re.sub(r"-?\d+\.\d+", lambda m: f"{float(m.group(0)):.2f}".rstrip("0").rstrip("."), d)


def convert(name: str, tmp: str) -> None:
    src = open(f"design/{name}.svg", encoding="utf-8").read()

    def replace(m: re.Match) -> str:
        attrs = dict(ATTR.findall(m.group(1)))
        text = m.group(2)
        size = float(attrs["font-size"])
        weight = attrs.get("font-weight", "400")
        font = ttf("thai" if THAI.search(text) else "latin", weight, tmp)
        paths, width = outline(text, size, font, tmp)
        x, y = float(attrs["x"]), float(attrs["y"])
        anchor = attrs.get("text-anchor", "start")
        left = x - width / 2 if anchor == "middle" else x - width if anchor == "end" else x
        paint = " ".join(f'{k}="{v}"' for k, v in attrs.items() if k in ("fill", "stroke", "stroke-width", "opacity"))
        move = f"translate({left:.2f} {y:.2f})"
        if "transform" in attrs:
            move = f"{attrs['transform']} {move}"
        return f'<g aria-label="{text}" transform="{move}" {paint}>{paths}</g>'

    out = TEXT.sub(replace, src)
    open(f"src/web/public/images/{name}.svg", "w", encoding="utf-8").write(out)


if __name__ == "__main__":
    with tempfile.TemporaryDirectory() as tmp:
        for image in IMAGES:
            convert(image, tmp)
            print(f"src/web/public/images/{image}.svg written")
