"""A simple scripted player: reads its own ``project()`` view and answers the pending prompt.

It only uses what the view shows that seat (the prompt's options, the public formation), so it
can drive a game through the websocket as well as in-process. Deterministic: same view, same
command.
"""

from __future__ import annotations

from typing import Any

JSON = dict[str, Any]


def choose(view: JSON, player: str) -> JSON | None:
    """The command this seat sends now, or ``None`` when it has nothing to answer."""
    pending = view.get("pending")
    if not pending or player not in pending["players"]:
        return None
    options: JSON = pending.get("options") or {}
    kind = pending["kind"]
    if kind == "select_actions":
        return _select(view, options)
    if kind == "give_support":
        return {"type": "give_support", "marine": _support_target(view, options["marines"])}
    if kind == "move_activate":
        return _move(view, options)
    if kind == "attack":
        best = max(options["attacks"], key=lambda a: _swarm_size(view, a["position"], a["side"]))
        return {"type": "attack", **best}
    if kind == "reroll":
        return {"type": "reroll"}
    if kind == "choose_kill":
        return {"type": "choose_kill", "card": options["cards"][0]}
    if kind == "choose_instinct":
        return {"type": "choose_instinct", "marine": options["marines"][0]}
    if kind == "allocate_spawn":
        left, counts = options["available"], []
        for target in options["targets"]:
            counts.append(min(target["max"], left))
            left -= counts[-1]
        return {"type": "allocate_spawn", "counts": counts}
    if kind == "choose_blip_side":
        return {"type": "choose_blip_side", "side": "L"}
    return None


def _rows(view: JSON) -> list[JSON]:
    rows: list[JSON] = view["formation"]
    return rows


def _swarm_size(view: JSON, position: int, side: str) -> int:
    row = _rows(view)[position - 1]
    return sum(len(g["cards"]) for g in row["swarms"] if g["side"] == side)


def has_target(view: JSON, marine: str) -> bool:
    rows = _rows(view)
    for row in rows:
        m = row["marine"]
        if m["id"] == marine:
            return any(
                abs(other["position"] - row["position"]) <= m["range"]
                and _swarm_size(view, other["position"], m["facing"])
                for other in rows
            )
    return False


def _threat_behind(view: JSON, marine: str) -> bool:
    for row in _rows(view):
        m = row["marine"]
        if m["id"] == marine:
            behind = "R" if m["facing"] == "L" else "L"
            return _swarm_size(view, row["position"], behind) > _swarm_size(
                view, row["position"], m["facing"]
            )
    return False


def _select(view: JSON, options: JSON) -> JSON:
    kinds = {c["id"]: c["kind"] for c in view["hand"]}
    teams = {t["id"]: t["marines"] for t in view["teams"]}
    cards = []
    for entry in options["teams"]:
        marines = teams[entry["team"]]
        if any(has_target(view, m) for m in marines):
            wanted = ["attack", "move_activate", "support"]
        elif any(_threat_behind(view, m) for m in marines):
            wanted = ["move_activate", "support", "attack"]
        else:
            wanted = ["support", "move_activate", "attack"]
        allowed = entry["cards"]
        cards.append(min(allowed, key=lambda c: wanted.index(kinds[c])))
    return {"type": "select_actions", "round": options["round"], "cards": cards}


def _support_target(view: JSON, marines: list[str]) -> str:
    def pressure(marine: str) -> int:
        for row in _rows(view):
            if row["marine"]["id"] == marine:
                return _swarm_size(view, row["position"], row["marine"]["facing"])
        return 0

    return max(marines, key=pressure)


def _move(view: JSON, options: JSON) -> JSON:
    for marine in options["flips"]:
        if _threat_behind(view, marine):
            return {"type": "flip_marine", "marine": marine}
    if options["activations"]:
        return {"type": "activate_terrain", **options["activations"][0]}
    return {"type": "end_action"}
