"""Draw the figures of docs/geometry.md from the real engine.

Each figure builds a small scene as a scenario, asks ``geometry_for(system)`` (the same rules the
server and ``vantage scenario run`` use) for distances, witnesses and verdicts, and writes an SVG
to ``docs/img/``. Run: ``.venv/bin/python scripts/geometry_figures.py [OUT_DIR]``.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import shapely

from vantage.engine.table import Table
from vantage.geometry.line_boxes import _common, prepare
from vantage.geometry.outer_chords import Figure, outer_chord
from vantage.geometry.prisms import (
    GROUND,
    Disc,
    Poly,
    Prism,
    make_poly,
    model_shape,
    terrain_shape,
    to_polygon,
)
from vantage.geometry.shadows import mu_range, prism_parts, shadow
from vantage.geometry.sight import SightProblem, find_clear_segment
from vantage.geometry.vertical import solve_vertical
from vantage.rules.common.systems import GeometryRules, geometry_for
from vantage.scenario.queries import with_system_defaults
from vantage.scenario.schema import parse_scenario

Pt = tuple[float, float]
R32 = 32 / 50.8
R30 = 30 / 50.8

FILL = {
    "ruins": "#d9c7a7",
    "building": "#9e9e9e",
    "house": "#9e9e9e",
    "obstacle": "#b0a48c",
    "hill": "#b9c99a",
    "woods": "#a8d5a2",
    "forest": "#a8d5a2",
    "barricade": "#c2a27a",
}
P1, P2 = "#3b6fb6", "#c0392b"
GOOD, BAD = "#1e8449", "#c0392b"


# -- scenes ---------------------------------------------------------------------------------------


def scene(
    system: str,
    models: list[dict[str, Any]],
    terrain: Sequence[dict[str, Any]] = (),
    units: Sequence[tuple[str, str, Sequence[str]]] = (),
) -> Table:
    """A table from model and terrain dicts in scenario form; each model's unit defaults to its
    id upper-cased, owned by the player named in its ``player`` key."""
    unit_rows = {u: {"id": u, "player": p, "keywords": list(k)} for u, p, k in units}
    raw_models = []
    for m in models:
        m = dict(m)
        player = m.pop("player", "p1")
        m.setdefault("unit", m["id"].upper())
        m.setdefault("base", {"shape": "circle", "diameter_mm": 32})
        unit_rows.setdefault(
            m["unit"], {"id": m["unit"], "player": player, "keywords": ["INFANTRY"]}
        )
        raw_models.append(m)
    raw = {
        "format": "vantage-scenario/1",
        "system": system,
        "table": {"width": 60, "depth": 44},
        "players": ["p1", "p2"],
        "units": list(unit_rows.values()),
        "models": raw_models,
        "terrain": [dict(t, traits=t.get("traits", [])) for t in terrain],
        "queries": [],
    }
    return with_system_defaults(parse_scenario(raw)).table


def box(
    tid: str, kind: str, x0: float, x1: float, y0: float, y1: float, h: float
) -> dict[str, Any]:
    """An axis-aligned terrain piece."""
    return {
        "id": tid,
        "kind": kind,
        "polygon": [[x0, y0], [x1, y0], [x1, y1], [x0, y1]],
        "height": h,
    }


# -- SVG ------------------------------------------------------------------------------------------


class Svg:
    """A figure: one or more panels, each mapping inches to pixels (y or z up)."""

    def __init__(self, width: int, height: int, title: str) -> None:
        self.w, self.h = width, height
        self.parts: list[str] = [
            f'<rect width="{width}" height="{height}" fill="white"/>',
            f'<text x="12" y="22" font-size="15" font-weight="bold">{esc(title)}</text>',
        ]

    def panel(self, left: int, top: int, scale: float, x0: float, y1: float) -> Panel:
        return Panel(self, left, top, scale, x0, y1)

    def raw(self, s: str) -> None:
        self.parts.append(s)

    def text(
        self, x: float, y: float, s: str, size: int = 12, color: str = "#222", anchor: str = "start"
    ) -> None:
        self.parts.append(
            f'<text x="{x:.1f}" y="{y:.1f}" font-size="{size}" fill="{color}" '
            f'text-anchor="{anchor}">{esc(s)}</text>'
        )

    def write(self, path: Path) -> None:
        body = "\n".join(self.parts)
        path.write_text(
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.w}" height="{self.h}" '
            f'viewBox="0 0 {self.w} {self.h}" font-family="sans-serif">\n'
            '<defs><marker id="arr" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="6" '
            'markerHeight="6" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" '
            f'fill="#222"/></marker></defs>\n{body}\n</svg>\n'
        )


def esc(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Panel:
    """Inches to pixels: ``X = left + (x - x0) * scale``, ``Y = top + (y1 - y) * scale``."""

    def __init__(self, svg: Svg, left: int, top: int, scale: float, x0: float, y1: float) -> None:
        self.svg, self.left, self.top, self.s, self.x0, self.y1 = svg, left, top, scale, x0, y1

    def p(self, x: float, y: float) -> Pt:
        return self.left + (x - self.x0) * self.s, self.top + (self.y1 - y) * self.s

    def poly(
        self,
        pts: Iterable[Pt],
        fill: str,
        stroke: str = "#555",
        opacity: float = 1.0,
        dash: str = "",
    ) -> None:
        d = " ".join(f"{a:.1f},{b:.1f}" for a, b in (self.p(x, y) for x, y in pts))
        extra = f' stroke-dasharray="{dash}"' if dash else ""
        self.svg.raw(
            f'<polygon points="{d}" fill="{fill}" fill-opacity="{opacity}" '
            f'stroke="{stroke}"{extra}/>'
        )

    def line(
        self,
        a: Pt,
        b: Pt,
        color: str = "#222",
        width: float = 1.5,
        dash: str = "",
        arrows: bool = False,
    ) -> None:
        (x1, y1), (x2, y2) = self.p(*a), self.p(*b)
        extra = f' stroke-dasharray="{dash}"' if dash else ""
        if arrows:
            extra += ' marker-start="url(#arr)" marker-end="url(#arr)"'
        self.svg.raw(
            f'<line x1="{x1:.1f}" y1="{y1:.1f}" x2="{x2:.1f}" y2="{y2:.1f}" '
            f'stroke="{color}" stroke-width="{width}"{extra}/>'
        )

    def dot(self, a: Pt, color: str = "#222", r: float = 3) -> None:
        x, y = self.p(*a)
        self.svg.raw(f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r}" fill="{color}"/>')

    def label(
        self,
        a: Pt,
        s: str,
        size: int = 12,
        color: str = "#222",
        anchor: str = "middle",
        dy: float = 0,
    ) -> None:
        x, y = self.p(*a)
        self.svg.text(x, y + dy, s, size, color, anchor)

    def terrain(self, table: Table, label: bool = True) -> None:
        for t in table.terrain:
            pts = terrain_shape(t).points
            self.poly(pts, FILL.get(t.kind, "#ccc"), opacity=0.85)
            if label:
                cx = sum(x for x, _ in pts) / len(pts)
                cy = sum(y for _, y in pts) / len(pts)
                self.label((cx, cy), f'{t.kind} {t.height:g}"', 11, dy=4)

    def model(self, table: Table, mid: str, color: str, label: str | None = None) -> None:
        m = table.models[mid]
        pts = list(to_polygon(model_shape(m)).exterior.coords)
        self.poly(pts, color, stroke="#222", opacity=0.55)
        self.label((m.x, m.y), label if label is not None else mid, 11, dy=4)

    def side_box(
        self, x0: float, x1: float, z0: float, z1: float, fill: str, opacity: float = 0.85
    ) -> None:
        self.poly([(x0, z0), (x1, z0), (x1, z1), (x0, z1)], fill, opacity=opacity)


def witness_plan(
    panel: Panel, g: GeometryRules, table: Table, obs: str, tgt: str, note: str = ""
) -> bool:
    """Draw the engine's clear segment (plan) or a dashed centre line for a blocked pair."""
    sight = g.visible(table, obs, tgt)
    if sight.clear and sight.segment is not None:
        a, b = sight.segment
        panel.line((a[0], a[1]), (b[0], b[1]), GOOD, 2)
        panel.dot((a[0], a[1]), GOOD)
        panel.dot((b[0], b[1]), GOOD)
    else:
        o, t = table.models[obs], table.models[tgt]
        panel.line((o.x, o.y), (t.x, t.y), BAD, 1.5, dash="6,4")
        if note:
            panel.label(((o.x + t.x) / 2, (o.y + t.y) / 2), note, 11, BAD, dy=-6)
    return sight.clear


# -- the figures ----------------------------------------------------------------------------------


def fig_distance(out: Path) -> None:
    """Base-to-base distance: h_gap in the plan, v_gap between base planes, the 3D distance."""
    g = geometry_for("wh40k-10e")
    t = scene(
        "wh40k-10e",
        [
            {"id": "a", "x": 2, "y": 2, "z": 0, "player": "p1"},
            {"id": "b", "x": 2 + 2 * R32 + 1.5, "y": 2, "z": 2.0, "player": "p2"},
        ],
    )
    h, v = g.gaps(t, "a", "b")
    d = g.distance(t, "a", "b")
    svg = Svg(
        760,
        350,
        f'Distance = sqrt(h_gap² + v_gap²) = {d:.3f}" (engine: h_gap {h:.3f}", v_gap {v:.3f}")',
    )
    plan = svg.panel(30, 60, 70, 0.5, 3.6)
    svg.text(30, 50, "plan: h_gap between footprints", 12)
    plan.model(t, "a", P1)
    plan.model(t, "b", P2)
    ra = 2 + R32
    plan.line((ra, 2), (ra + h, 2), arrows=True)
    plan.label((ra + h / 2, 2), f'h_gap {h:.2f}"', 11, dy=-8)
    side = svg.panel(400, 60, 70, 0.5, 3.6)
    svg.text(400, 50, "side: based models are measured at the base (z to z)", 12)
    side.line((0.5, 0), (5.3, 0), "#888", 1)
    am, bm = t.models["a"], t.models["b"]
    for m, c in ((am, P1), (bm, P2)):
        side.side_box(m.x - R32, m.x + R32, m.z, m.z + 0.12, c, 0.9)
        side.side_box(m.x - 0.3, m.x + 0.3, m.z + 0.12, m.z + m.height, c, 0.3)
        side.label((m.x, m.z + m.height / 2), m.id, 11, dy=4)
    side.line((ra, 0.06), (ra + h, v + 0.06), "#222", 1.5, arrows=True)
    side.label((ra + h / 2 + 0.25, v / 2), f'{d:.2f}"', 11, anchor="start")
    side.line((ra + h + 0.15, 0.06), (ra + h + 0.15, v + 0.06), "#888", 1, dash="3,3")
    side.label((ra + h + 0.2, v / 2 - 0.3), f'v_gap {v:.2f}"', 11, "#555", anchor="start")
    svg.text(
        30,
        338,
        "A model without a base (hull) is measured over its whole height [z, z + height];"
        " Deathmatch silhouettes likewise.",
        11,
        "#555",
    )
    svg.write(out / "distance.svg")


def fig_engagement(out: Path) -> None:
    """Engagement range in 10th/9th edition: within 1\" horizontally and 5\" vertically."""
    g = geometry_for("wh40k-10e")
    ax = 3.0
    specs = [
        ("b", 1, 0.8, 3.0),
        ("c", -1, 0.8, 5.6),
        ("d", 1, 1.4, 0.0),
        ("e", 1, 1.0, 5.0),
        ("f", -1, 0.5, 1.0),
    ]
    models = [{"id": "a", "x": ax, "y": 5, "z": 0, "player": "p1"}]
    for mid, side, hg, z in specs:
        models.append({"id": mid, "x": ax + side * (2 * R32 + hg), "y": 5, "z": z, "player": "p2"})
    t = scene("wh40k-10e", models)
    svg = Svg(
        760, 440, 'Engagement range (10th/9th): h_gap <= 1" and v_gap <= 5" (8th: distance <= 1")'
    )
    side = svg.panel(60, 50, 48, -2.0, 7.0)
    side.line((-2, 0), (8.5, 0), "#888", 1)
    side.poly(
        [(ax - R32 - 1, 0), (ax + R32 + 1, 0), (ax + R32 + 1, 5), (ax - R32 - 1, 5)],
        "#f6e7b0",
        stroke="#b59b2a",
        opacity=0.6,
        dash="5,3",
    )
    side.label((ax, -0.2), 'shaded: 1" beyond the base either side, up to 5" above', 11, dy=8)
    for m in t.models.values():
        color = P1 if m.id == "a" else P2
        side.side_box(m.x - R32, m.x + R32, m.z, m.z + 0.12, color, 0.9)
        side.side_box(m.x - 0.3, m.x + 0.3, m.z + 0.12, m.z + 1.6, color, 0.3)
        if m.id == "a":
            side.label((m.x, 0.8), "a", 12, dy=4)
            continue
        h, v = g.gaps(t, "a", m.id)
        engaged = g.engagement(t, ["a"], [m.id])
        anchor = "start" if m.x > ax else "end"
        off = R32 + 0.15 if m.x > ax else -R32 - 0.15
        if m.id == "b":
            off += 1.2
        side.label((m.x + off, m.z + 0.9), f"{m.id}: h {h:.2f}, v {v:.2f}", 11, anchor=anchor)
        side.label(
            (m.x + off, m.z + 0.45),
            "engaged" if engaged else "not engaged",
            11,
            GOOD if engaged else BAD,
            anchor=anchor,
        )
    svg.text(
        60,
        425,
        "Side view; every verdict is g.engagement() on this scene. e sits exactly on"
        " both limits: within includes the limit.",
        11,
        "#555",
    )
    svg.write(out / "engagement.svg")


def fig_coherency(out: Path) -> None:
    """Coherency: links within 2\" (and 5\" up), every model linked, one group."""
    g = geometry_for("wh40k-10e")
    pos = [(2, 3), (3.9, 4.2), (4.2, 2.2), (8.6, 3.2), (10.3, 4.0)]
    models = [
        {"id": f"m{i}", "unit": "U", "x": x, "y": y, "player": "p1"} for i, (x, y) in enumerate(pos)
    ]
    t = scene("wh40k-10e", models)
    coh = g.coherency(t, "U")
    svg = Svg(
        760,
        330,
        f'Coherency: every model within 2" of another, one group '
        f"(engine: coherent = {coh.coherent}, {len(coh.groups)} groups)",
    )
    plan = svg.panel(40, 60, 58, 0.5, 5.6)
    colors = ["#3b6fb6", "#8e44ad", "#16a085"]
    ids = list(t.models)
    for i, a in enumerate(ids):
        for b in ids[i + 1 :]:
            h, v = g.gaps(t, a, b)
            ma, mb = t.models[a], t.models[b]
            if h <= 2 + 1e-6 and v <= 5 + 1e-6:
                plan.line((ma.x, ma.y), (mb.x, mb.y), GOOD, 2)
                plan.label(((ma.x + mb.x) / 2, (ma.y + mb.y) / 2), f"{h:.2f}", 10, GOOD, dy=-5)
    gap = g.gaps(t, "m2", "m3")[0]
    plan.line(
        (t.models["m2"].x, t.models["m2"].y),
        (t.models["m3"].x, t.models["m3"].y),
        BAD,
        1.5,
        dash="6,4",
    )
    plan.label((6.4, 2.7), f'{gap:.2f}" > 2": no link', 11, BAD, dy=14)
    for k, group in enumerate(coh.groups):
        for mid in group:
            plan.model(t, mid, colors[k % len(colors)])
    svg.text(
        40,
        318,
        "Every model has a link, but the unit is two groups, so it is not coherent"
        " (units of 7+ need two links each).",
        11,
        "#555",
    )
    svg.write(out / "coherency.svg")


def fig_ruins(out: Path) -> None:
    """10th-edition ruins: seen into, not through; wholly within sees out."""
    g = geometry_for("wh40k-10e")
    t = scene(
        "wh40k-10e",
        [
            {"id": "o", "x": 2, "y": 6, "player": "p1"},
            {"id": "t1", "x": 10, "y": 7.5, "player": "p2"},
            {"id": "t2", "x": 16, "y": 6, "player": "p2"},
            {"id": "o2", "unit": "O2", "x": 12.5, "y": 3.2, "player": "p1"},
            {"id": "t3", "x": 19, "y": 1.6, "player": "p2"},
        ],
        [box("ruin", "ruins", 8, 14, 2, 10, 6)],
    )
    svg = Svg(760, 420, "10th-edition ruins: seen into, not through; wholly within sees out")
    plan = svg.panel(30, 50, 34, 0, 11.0)
    plan.terrain(t, label=False)
    plan.label((11, 9.3), "ruin (footprint; walls not modelled)", 11)
    for mid, c in (("o", P1), ("o2", P1), ("t1", P2), ("t2", P2), ("t3", P2)):
        plan.model(t, mid, c)
    v1 = witness_plan(plan, g, t, "o", "t1")
    v2 = witness_plan(plan, g, t, "o", "t2", "crosses the ruin: blocked")
    v3 = witness_plan(plan, g, t, "o2", "t3")
    svg.text(
        30,
        390,
        f"o → t1 (inside): {'visible' if v1 else 'hidden'}, the witness ends inside"
        f" the footprint.   o → t2 (beyond): {'visible' if v2 else 'hidden'}.",
        11,
    )
    svg.text(
        30,
        408,
        f"o2 is wholly within the ruin and sees out: o2 → t3 "
        f"{'visible' if v3 else 'hidden'}. Green: the engine's witness segment (plan).",
        11,
    )
    svg.write(out / "ruins.svg")


def fig_thin_gap(out: Path) -> None:
    """A thin gap between two ruins and the witness the engine finds through it."""
    g = geometry_for("wh40k-10e")
    t = scene(
        "wh40k-10e",
        [
            {"id": "o", "x": 1, "y": 3, "player": "p1"},
            {"id": "t", "x": 17, "y": 3.4, "player": "p2"},
        ],
        [
            box("r1", "ruins", 7, 11, 0, 3.2 - 0.02, 6),
            box("r2", "ruins", 7, 11, 3.2 + 0.02, 6.4, 6),
        ],
    )
    svg = Svg(760, 380, 'A thin gap (0.04") between two ruins: visible, but not fully visible')
    plan = svg.panel(30, 50, 40, 0, 6.6)
    plan.terrain(t)
    plan.model(t, "o", P1)
    plan.model(t, "t", P2)
    witness_plan(plan, g, t, "o", "t")
    full = g.fully_visible(t, "o", "t")
    cover = g.cover(t, "o", "t")
    svg.text(
        30,
        345,
        f"Green: the engine's witness through the gap. fully_visible = {full}, cover = {cover}:",
        11,
    )
    svg.text(
        30,
        362,
        "each ruin alone is not the reason it is hidden (digest §11 item 28 removes one piece"
        " at a time), so neither gives cover.",
        11,
    )
    svg.write(out / "thin-gap.svg")


def fig_peek(out: Path) -> None:
    """A base peeking past a building's corner."""
    g = geometry_for("wh40k-10e")
    t = scene(
        "wh40k-10e",
        [
            {"id": "o", "x": 2, "y": 3.6, "player": "p1"},
            {"id": "t", "x": 17, "y": 2.4, "player": "p2"},
        ],
        [box("bld", "building", 8, 10, 0, 3.45, 6)],
    )
    svg = Svg(
        760, 300, "A base peeking past a corner: one plan line clears the corner and meets the base"
    )
    plan = svg.panel(30, 50, 40, 0, 5.5)
    plan.terrain(t)
    plan.model(t, "o", P1)
    plan.model(t, "t", P2)
    witness_plan(plan, g, t, "o", "t")
    plan.dot((10, 3.45), "#222", 4)
    plan.label((10, 3.45), "corner", 11, dy=16)
    full = g.fully_visible(t, "o", "t")
    svg.text(
        30,
        285,
        f"visible = {g.visible(t, 'o', 't').clear}, fully_visible = {full}, "
        f"cover = {g.cover(t, 'o', 't')}. Green: the witness (its ends on the two rims).",
        11,
    )
    svg.write(out / "peek.svg")


def fig_cover_side(out: Path) -> None:
    """Side view: a low hill lets the tops see each other but hides the target's base."""
    g = geometry_for("wh40k-10e")
    t = scene(
        "wh40k-10e",
        [
            {"id": "o", "x": 2, "y": 3, "player": "p1"},
            {"id": "t", "x": 14, "y": 3, "player": "p2"},
        ],
        [box("hill", "hill", 7, 9, 0, 6, 1)],
    )
    sight = g.visible(t, "o", "t")
    full = g.fully_visible(t, "o", "t")
    cover = g.cover(t, "o", "t")
    svg = Svg(760, 300, "Cover (10th): not fully visible because of the hill")
    side = svg.panel(40, 60, 45, 0.5, 3.4)
    side.line((0.5, 0), (15.5, 0), "#888", 1)
    side.side_box(7, 9, 0, 1, FILL["hill"])
    side.label((8, 0.5), 'hill 1"', 11, dy=4)
    for mid, c in (("o", P1), ("t", P2)):
        m = t.models[mid]
        side.side_box(m.x - R32, m.x + R32, 0, 1.6, c, 0.45)
        side.label((m.x, 0.8), mid, 12, dy=4)
    if sight.segment is not None:
        a, b = sight.segment
        side.line((a[0], a[2]), (b[0], b[2]), GOOD, 2)
    o = t.models["o"]
    side.line((o.x + R32, 1.6), (14 - R32, 0), BAD, 1.5, dash="6,4")
    side.label((11.2, 0.3), "the base front is hidden", 11, BAD, anchor="start")
    svg.text(
        40,
        270,
        f"visible = {sight.clear} (green: the engine's witness over the hill),"
        f" fully_visible = {full}; without the hill it would be fully visible,",
        11,
    )
    svg.text(40, 288, f"so the target has the benefit of cover: cover = {cover}.", 11)
    svg.write(out / "cover.svg")


def fig_deathmatch(out: Path) -> None:
    """Deathmatch: the 180° sight area (open half-plane) and the melee control zone."""
    g = geometry_for("deathmatch")
    facing = 30.0
    cx, cy = 5.0, 5.0
    reach = 1.0
    models = [
        {
            "id": "m",
            "x": cx,
            "y": cy,
            "facing": facing,
            "melee_range": reach,
            "base": {"shape": "circle", "diameter_mm": 30},
            "player": "p1",
        }
    ]
    others = [
        ("a", 6.6, 5.9),
        ("b", 6.2, 6.9),
        ("c", 3.4, 6.1),
        ("d", 3.2, 3.4),
        ("e", 5.2, 9.4),
        ("f", 4.0, 4.2),
    ]
    for mid, x, y in others:
        models.append(
            {
                "id": mid,
                "x": x,
                "y": y,
                "player": "p2",
                "facing": 210,
                "base": {"shape": "circle", "diameter_mm": 30},
            }
        )
    t = scene("deathmatch", models)
    svg = Svg(760, 480, "Deathmatch: sight area (open half-plane in front) and melee control zone")
    plan = svg.panel(40, 50, 40, 0, 10.5)
    th = math.radians(facing)
    n = (math.cos(th), math.sin(th))
    u = (-n[1], n[0])
    far = 20
    front = [
        (cx + u[0] * far, cy + u[1] * far),
        (cx - u[0] * far, cy - u[1] * far),
        (cx - u[0] * far + n[0] * far, cy - u[1] * far + n[1] * far),
        (cx + u[0] * far + n[0] * far, cy + u[1] * far + n[1] * far),
    ]
    side_px = 10.5 * 40
    clip = f'<clipPath id="c"><rect x="40" y="50" width="{side_px}" height="{side_px}"/></clipPath>'
    svg.raw(clip + '<g clip-path="url(#c)">')
    plan.poly(front, "#fdf2c4", stroke="none", opacity=0.8)
    zone_r = R30 + reach
    arc = [
        (cx + zone_r * math.cos(th + a), cy + zone_r * math.sin(th + a))
        for a in [math.radians(k) for k in range(-90, 91, 5)]
    ]
    plan.poly(arc, "#f5b7b1", stroke=BAD, opacity=0.6)
    plan.line(
        (cx - u[0] * far, cy - u[1] * far),
        (cx + u[0] * far, cy + u[1] * far),
        "#b59b2a",
        1.2,
        dash="6,4",
    )
    svg.raw("</g>")
    plan.line((cx, cy), (cx + n[0] * 1.6, cy + n[1] * 1.6), "#222", 2)
    plan.model(t, "m", P1)
    lines = []
    for mid, _, _ in others:
        plan.model(t, mid, P2)
        arc_ok = g.in_arc(t, "m", mid)
        eng = g.engagement(t, ["m"], [mid])
        lines.append(f"{mid}: in_arc {arc_ok}, engaged {eng}")
    for i, s in enumerate(lines):
        svg.text(500, 80 + 18 * i, s, 12)
    svg.text(500, 200, "yellow: sight area (strictly in front", 11, "#555")
    svg.text(500, 216, "of the line through the base centre);", 11, "#555")
    svg.text(500, 232, f'red: control zone, reach {reach:g}" in the', 11, "#555")
    svg.text(500, 248, "sight area (touching counts).", 11, "#555")
    svg.text(500, 272, "Verdicts: g.in_arc / g.engagement.", 11, "#555")
    svg.write(out / "deathmatch-arc.svg")


def fig_oval(out: Path) -> None:
    """An oval base turned along or across a building's edge: facing decides visibility."""
    g = geometry_for("wh40k-10e")
    oval = {"shape": "oval", "length_mm": 75, "width_mm": 42}
    t = scene(
        "wh40k-10e",
        [
            {"id": "o", "x": 1, "y": 3, "player": "p1"},
            {
                "id": "t90",
                "unit": "T1",
                "x": 21,
                "y": 3,
                "facing": 90,
                "base": oval,
                "player": "p2",
            },
            {"id": "o2", "unit": "O2", "x": 1, "y": 10, "player": "p1"},
            {"id": "t0", "unit": "T2", "x": 21, "y": 10, "facing": 0, "base": oval, "player": "p2"},
        ],
        [box("b1", "building", 10, 12, 0, 3.9, 6), box("b2", "building", 10, 12, 7, 10.9, 6)],
    )
    svg = Svg(760, 480, "Oval bases: the length lies along facing (75 x 42 mm)")
    plan = svg.panel(30, 50, 32, 0, 12.0)
    plan.terrain(t)
    for mid, c in (("o", P1), ("o2", P1), ("t90", P2), ("t0", P2)):
        plan.model(t, mid, c)
    v1 = witness_plan(plan, g, t, "o", "t90")
    v2 = witness_plan(plan, g, t, "o2", "t0", "every line past the corner misses")
    svg.text(
        30,
        468,
        f"facing 90 (along y): visible = {v1};  facing 0 (along x): visible = {v2}."
        " Same centres, same building.",
        11,
    )
    svg.write(out / "oval.svg")


def fig_shadow(out: Path) -> None:
    """Shadows cast from one target point onto the observer's top plane (the shadow search)."""
    observer = Prism(Disc(1.2, 2.0, 0.9), 0.0, 1.0, "o")
    q, zq = (9.0, 2.3), 3.0
    low = Prism(make_poly([(3.0, 1.05), (3.6, 1.05), (3.6, 2.55), (3.0, 2.55)]), GROUND, 1.7, "low")
    tall = Prism(make_poly([(6.0, 2.55), (6.5, 2.55), (6.5, 4.0), (6.0, 4.0)]), GROUND, 5.0, "t")
    svg = Svg(760, 400, "The shadow search: what hides one target point from the observer's top")
    plan = svg.panel(30, 50, 70, 0, 4.4)
    reach = 12.0
    free = to_polygon(observer.shape)
    for prism, color in ((low, "#c2a27a"), (tall, "#9e9e9e")):
        (part,) = prism_parts(prism)
        mus = mu_range(zq, observer.hi, prism.lo, prism.hi)
        if mus is None:
            continue
        area = shadow(part.inner, q, mus, reach)
        if area is None:
            continue
        area = area.intersection(shapely.box(-0.5, -0.5, 10.5, 4.4))
        plan.poly(list(area.exterior.coords), color, stroke=color, opacity=0.3, dash="4,3")
        free = free.difference(area)
        assert isinstance(prism.shape, Poly)
        plan.poly(prism.shape.points, color, opacity=0.9)
        top = f'{prism.hi:g}"'
        plan.label(prism.shape.points[2], f"top {top}", 11, anchor="start", dy=-4)
    plan.poly(list(to_polygon(observer.shape).exterior.coords), P1, stroke="#222", opacity=0.25)
    for piece in getattr(free, "geoms", [free]):
        plan.poly(list(piece.exterior.coords), GOOD, stroke=GOOD, opacity=0.6)
    plan.dot(q, P2, 5)
    plan.label(q, f'target point, {zq:g}" up', 11, anchor="end", dy=-10)
    plan.label((1.2, 0.9), 'observer top, 1"', 11, dy=4)
    sight = find_clear_segment(
        SightProblem(observer, Prism(Disc(*q, 0.0), zq, zq, "q"), (low, tall), ())
    )
    if sight.clear and sight.segment is not None:
        a, b = sight.segment
        plan.line(a[:2], b[:2], GOOD, 1.5)
    svg.text(
        30,
        352,
        "Dashed: each obstacle's shadow on the observer's top plane, cast from the target point:"
        " the low one's is bounded",
        11,
    )
    svg.text(
        30,
        369,
        "(segments from beyond it pass over its top), the tall one's is not. Green: the"
        " observer's points that see the target point,",
        11,
    )
    svg.text(30, 386, "and the engine's witness from one of them.", 11)
    svg.write(out / "shadow.svg")


def fig_line_boxes(out: Path) -> None:
    """A box of plan lines: its corner lines, the chords every line of it shares, and the
    relaxed vertical problem that decides the whole box (the search over boxes of plan lines)."""
    observer = Prism(Disc(0.0, 0.0, R32), 0.0, 1.2, "o")
    target = Prism(Disc(10.0, 0.0, R32), 3.0, 5.5, "t")
    low = Prism(Disc(4.0, 0.45, R32), GROUND, 2.5, "low")
    raised = Prism(Disc(7.2, -0.25, R32), 3.0, 5.5, "raised")
    search = prepare(observer, target, [low, raised], [])
    assert search is not None
    box = (0.05, 0.35, -0.2, 0.1)
    u0, u1, v0, v1 = box
    corners = [search._corner(u, v) for u in (u0, u1) for v in (v0, v1)]
    inner = [_common([c[k] for c in corners]) for k in range(2)]
    outer = (outer_chord(Figure(0.0, R32), box, 10.0), outer_chord(Figure(10.0, R32), box, 10.0))
    svg = Svg(760, 720, "A box of plan lines, decided as a whole")
    plan = svg.panel(40, 60, 60, -1.0, 1.4)
    for prism, color in ((observer, P1), (target, P2), (low, "#b0a48c"), (raised, "#9e9e9e")):
        pts = list(to_polygon(prism.shape).exterior.coords)
        plan.poly(pts, color, stroke="#222", opacity=0.45)
    for u in (u0, u1):
        for v in (v0, v1):
            plan.line((-1.0, u * 1.1 - v * 0.1), (11.0, u * -0.1 + v * 1.1), "#555", 0.8)
    for chord in inner:
        if chord is not None:
            plan.line((chord[0], -0.9), (chord[1], -0.9), "#222", 3)
    plan.label((4.0, 1.2), 'low, 2.5" tall', 11)
    plan.label((7.2, -1.2), 'raised, 3" to 5.5"', 11)
    plan.label((0.0, 0.9), 'observer, 0 to 1.2"', 11)
    plan.label((10.0, 0.9), 'target, 3" to 5.5"', 11)
    side = svg.panel(40, 270, 60, -1.0, 6.0)
    side.line((-1.0, 0.0), (11.0, 0.0), "#888", 1)
    for z in (1.2, 2.5, 3.0, 5.5):
        side.line((-1.0, z), (-0.85, z), "#888", 1)
        side.label((-1.05, z), f'{z:g}"', 10, "#555", anchor="end", dy=4)
    a_rng, b_rng = outer
    assert a_rng is not None and b_rng is not None
    side.side_box(*a_rng, 0.0, 1.2, P1, 0.45)
    side.side_box(*b_rng, 3.0, 5.5, P2, 0.45)
    for chord, prism, color in zip(inner, (low, raised), ("#b0a48c", "#9e9e9e"), strict=True):
        if chord is not None:
            side.side_box(chord[0], chord[1], max(prism.lo, 0.0), prism.hi, color)
    rects = [
        (c[0], c[1], p.lo, p.hi) for c, p in zip(inner, (low, raised), strict=True) if c is not None
    ]
    found = solve_vertical(a_rng, b_rng, (0.0, 1.2), (3.0, 5.5), rects)
    if found is not None:
        a, za, b, zb = found
        side.line((a, za), (b, zb), GOOD, 2)
    verdict = "a clear segment: the box is halved" if found else "no clear segment: box blocked"
    side.label((4.0, 5.3), f"relaxed problem: {verdict}", 12, GOOD if found else BAD)
    svg.text(
        40,
        660,
        "Top: the four corner lines of a box of plan lines (offsets at the two"
        " centres). Every line of the box runs between them,",
        11,
    )
    svg.text(
        40,
        677,
        "so an obstacle's chord common to all four (black bars) is in its way on"
        " every line, and each base's chord lies within its outer range.",
        11,
    )
    svg.text(
        40,
        694,
        "Bottom: the vertical problem with those chords (x across, heights up):"
        " if it has no clear segment, no line of the box sees.",
        11,
    )
    svg.write(out / "line-boxes.svg")


FIGURES = (
    fig_distance,
    fig_engagement,
    fig_coherency,
    fig_ruins,
    fig_thin_gap,
    fig_peek,
    fig_cover_side,
    fig_deathmatch,
    fig_oval,
    fig_shadow,
    fig_line_boxes,
)


def main(argv: Sequence[str]) -> None:
    out = Path(argv[1]) if len(argv) > 1 else Path(__file__).parents[1] / "docs" / "img"
    out.mkdir(parents=True, exist_ok=True)
    for fig in FIGURES:
        fig(out)
        sys.stdout.write(f"{fig.__name__}: done\n")


if __name__ == "__main__":
    main(sys.argv)
