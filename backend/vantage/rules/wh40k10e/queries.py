"""Read-only questions about a live game (the websocket ``query`` message)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vantage.engine.errors import Rejection
from vantage.engine.table import Table
from vantage.rules.wh40k10e.state import State


def live_query(state: State, query: Mapping[str, Any]) -> Any | Rejection:
    """``{"kind": "targets", "unit": id, "firing_deck"?: [{"model", "weapon"}]}``,
    ``{"kind": "charge_targets", "unit": id}``, ``{"kind": "layouts"}``."""
    from vantage.rules.wh40k10e.charge import charge_targets
    from vantage.rules.wh40k10e.layouts import LAYOUTS
    from vantage.rules.wh40k10e.shooting import eligible_targets

    if "type" in query:  # the table tools: measure, sight, unit_check, scenario queries
        from vantage.rules.common.table_queries import answer_table_query

        return answer_table_query("wh40k-10e", _tools_table(state, query), query)
    kind = query.get("kind")
    if kind == "layouts":
        return {k: title for k, (title, _) in LAYOUTS.items()}
    if kind not in ("targets", "charge_targets"):
        return Rejection("query/unsupported", "kinds: targets, charge_targets, layouts")
    unit = query.get("unit")
    if not isinstance(unit, str) or unit not in state.sheets:
        return Rejection("query/unit", "name a unit by id", {"field": "unit"})
    if state.phase == "setup":
        # nothing shoots or charges before the battle; and a loan's answer could tell which
        # models start embarked while the battle formations are still secret
        return Rejection("query/not_now", "no unit shoots or charges during set-up")
    if kind == "targets":
        deck = _deck_state(state, unit, query.get("firing_deck", []))
        return deck if isinstance(deck, Rejection) else eligible_targets(deck, unit)
    return charge_targets(state, unit)


def _deck_state(state: State, transport: str, raw: object) -> State | Rejection:
    """The state with the FIRING DECK weapons lent as ``shoot.firing_deck`` would lend them
    (§3.7, R21), so the targets answer covers them under their ``"<weapon> [deck <model>]"``
    names, in range and sight of the transport's first model."""
    from vantage.rules.wh40k10e.commands import DeckIn
    from vantage.rules.wh40k10e.firing_deck import equip, problems

    if not isinstance(raw, list) or not all(
        isinstance(p, dict) and isinstance(p.get("model"), str) and isinstance(p.get("weapon"), str)
        for p in raw
    ):
        shape = 'firing_deck: a list of {"model", "weapon"}'
        return Rejection("query/firing_deck", shape, {"field": "firing_deck"})
    if not raw:
        return state
    picks = [DeckIn(model=p["model"], weapon=p["weapon"]) for p in raw]
    bad = problems(state, transport, picks)
    if bad:
        return Rejection(
            "query/firing_deck", bad[0].message, {"code": bad[0].code, "field": "firing_deck"}
        )
    return equip(state, transport, [f"{p.model}|{p.weapon}" for p in picks])


def _tools_table(state: State, query: Mapping[str, Any]) -> Table:
    """The table the tools ask about; a ``unit_check`` of a unit not yet on the table (a
    deployment or an arrival being planned) gets that unit's models added, so the check the
    page shows while dragging is the one the referee makes on the drop (the query places them)."""
    unit = query.get("unit")
    if query.get("type") != "unit_check" or not isinstance(unit, str):
        return state.table
    waiting = {mid: m for mid, m in state.offboard.items() if m.unit == unit}
    return state.table.with_models(waiting) if waiting else state.table
