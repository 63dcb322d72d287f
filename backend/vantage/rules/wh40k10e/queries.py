"""Read-only questions about a live game (the websocket ``query`` message)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vantage.engine.errors import Rejection
from vantage.rules.wh40k10e.state import State


def live_query(state: State, query: Mapping[str, Any]) -> Any | Rejection:
    """``{"kind": "targets", "unit": id}``, ``{"kind": "charge_targets", "unit": id}``,
    ``{"kind": "layouts"}``."""
    from vantage.rules.wh40k10e.charge import charge_targets
    from vantage.rules.wh40k10e.layouts import LAYOUTS
    from vantage.rules.wh40k10e.shooting import eligible_targets

    if "type" in query:  # the table tools: measure, sight, unit_check, scenario queries
        from vantage.rules.common.table_queries import answer_table_query

        return answer_table_query("wh40k-10e", state.table, query)
    kind = query.get("kind")
    if kind == "layouts":
        return {k: title for k, (title, _) in LAYOUTS.items()}
    unit = query.get("unit")
    if not isinstance(unit, str) or unit not in state.sheets:
        return Rejection("query/unit", "name a unit by id")
    if kind == "targets":
        return eligible_targets(state, unit)
    if kind == "charge_targets":
        return charge_targets(state, unit)
    return Rejection("query/unsupported", "kinds: targets, charge_targets, layouts")
