"""What each seat sees (docs/wh40k10e.md "State"): the table plus the game's referee state.

Nothing is hidden in 10th-edition core except the Declare Battle Formations step, which is
made in secret: until both players have declared, each sees only their own Leaders, reserves,
Strategic Reserves, embarkations and Hover mode (rules decision R10). The game keeps a
declaration aside until the reveal (``State.formations``), so the opponent's and a spectator's
view cannot depend on it; the declaring player's own view applies it. After the reveal the
cargo of a transport is public: an embarked unit lists its living models and their wounds
(``embarked_models``), which the browser offers for FIRING DECK. ``character_models`` names
the unit's CHARACTER models by the sheet each was mustered with (``leaders.is_character``): in
an attached unit the Leader's models, and the Bodyguard's only when it is a CHARACTER unit itself
(what Epic Challenge may name). ``started_embarked`` (a ``UnitStatus`` field) says whether the
unit was embarked when the phase started: only such a unit may disembark (§3.7).
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from dataclasses import replace
from typing import Any

from vantage.engine.codec import Codec
from vantage.engine.table_view import table_json
from vantage.rules.wh40k10e import attacks
from vantage.rules.wh40k10e.attacks import HALF, Asking
from vantage.rules.wh40k10e.charge import out_of_reach
from vantage.rules.wh40k10e.command import below_half
from vantage.rules.wh40k10e.decide import waiting_for
from vantage.rules.wh40k10e.events import EVENT_CODEC, FormationsDeclared, RuleWarning
from vantage.rules.wh40k10e.evolve import apply_formation
from vantage.rules.wh40k10e.leaders import is_character
from vantage.rules.wh40k10e.sheets import UnitSheet, WeaponSheet, profile
from vantage.rules.wh40k10e.state import AttackPlan, Pending, State, UnitStatus

_log = logging.getLogger(__name__)

_PENDING: Codec[Pending] = Codec(Pending)
_STATUS: Codec[UnitStatus] = Codec(UnitStatus)
_SHEET: Codec[UnitSheet] = Codec(UnitSheet)
_PLAN: Codec[AttackPlan] = Codec(AttackPlan)


def _own_formation(state: State, viewer: str | None) -> State:
    """Before the reveal the viewer sees their own declaration applied, nobody else's."""
    mine = state.formations.get(viewer or "")
    if mine is None:
        return state
    return replace(apply_formation(state, mine), formations={})


def project(state: State, viewer: str | None) -> dict[str, Any]:
    """The table and the game: turn, phase, pending decision, sides, units, result."""
    state = _own_formation(state, viewer)
    out = table_json(state.table)
    pending = waiting_for(state)
    if pending is None and state.phase not in ("setup", "over") and state.active:
        pending = Pending(player=state.active, kind="act")
    if pending is not None and pending.kind == "charge_move":
        pending = _with_reach(state, pending)
    if pending is not None and pending.kind in ("allocate", "precision"):
        pending = _with_weapon(state, pending)
    units = {}
    for uid, sheet in state.sheets.items():
        units[uid] = {
            **_STATUS.encode(state.status[uid]),
            "models_left": len(state.models_of(uid))
            + sum(1 for m in state.offboard.values() if m.unit == uid),
            "below_half": below_half(state, uid),
            "destroyed_models": state.destroyed.get(uid, 0),
            "embarked_models": _embarked_models(state, uid),
            "character_models": [mid for mid, _ in sheet.models if is_character(state, mid, uid)],
            "sheet": _SHEET.encode(sheet),
        }
    out["game"] = {
        "round": state.round,
        "rounds": state.options.rounds,
        "phase": state.phase,
        "step": state.step,
        "active": state.active,
        "first": state.first,
        "attacker": state.attacker,
        "strict": state.options.strict,
        "rules_revision": state.options.revision,
        "battle_size": state.options.battle_size,
        "pending": None if pending is None else _PENDING.encode(pending),
        "sides": {
            p: {
                "cp": s.cp,
                "vp": s.vp,
                "declared": s.declared,
                "stratagems_this_phase": list(s.stratagems_phase),
                "overwatch_used": s.overwatch_turn,
                "reroll_offers": s.reroll_offers,
                "reaction_offers": s.reaction_offers,
            }
            for p, s in state.sides.items()
        },
        "zones": {p: [list(pt) for pt in z] for p, z in state.zones.items()},
        "control": dict(state.control),
        "units": units,
        "charge_roll": state.charge_roll,
        "attack": None if state.attack is None else _PLAN.encode(state.attack),
        "undo": None
        if state.undo is None
        else {
            "player": state.undo.player,
            "label": state.undo.label,
            "requested": state.undo.requested,
        },
        "result": None
        if state.result is None
        else {
            "winner": state.result.winner,
            "reason": state.result.reason,
            "vp": dict(state.result.vp),
        },
    }
    return out


def _with_reach(state: State, charge: Pending) -> Pending:
    """A charge move waits: ``detail.out_of_reach`` names the targets the charge roll cannot
    reach (then the charge can only fail), derived anew for every view (a Command Re-roll
    changes the roll, not the pending decision)."""
    far = out_of_reach(state, charge.unit or "", charge.options, float(state.charge_roll or 0))
    return replace(charge, detail={**charge.detail, "out_of_reach": far})


class _Unrecorded(Exception):
    """A replay asked for a die the paused attack has not rolled."""


class _RecordedOnly:
    """Dice for re-running a paused attack: every die it needs was recorded (``plan.dice``)."""

    used = 0

    def roll(self, count: int, sides: int = 6) -> tuple[int, ...]:
        raise _Unrecorded


_ASKING: OrderedDict[int, tuple[AttackPlan, Pending, Pending]] = OrderedDict()
"""Recent paused allocations shown (by their plan) and their detailed pendings: the seats and
spectators ask for the same state one after another, so the attack is re-run once, not once
per view; a few games paused at once do not evict each other (review s15)."""
_ASKING_KEPT = 64
_ASKING_LOCK = threading.Lock()  # views may be projected in worker threads


def _with_weapon(state: State, pending: Pending) -> Pending:
    """A paused allocation (``allocate``, ``precision``): ``detail`` says what is coming, derived
    anew for every view from the paused attack (re-run with its recorded dice and choices, as
    the defender's answer will be): ``weapon`` and ``attacker`` (unit), its ``strength``,
    ``ap`` as resolved (Plunging Fire included), ``damage``, and ``wounds_left``, the wounding
    attacks of that weapon at this unit still to allocate, this one included; ``mortal`` 1 when
    the choice is for the mortal wounds of DEVASTATING WOUNDS (then no ``wounds_left`` but
    ``mortal_left``, that wound's mortal wounds still to allocate, this one included, and
    ``mortal_later`` when more critical wounds' mortal wounds come after);
    ``melta_damage`` when MELTA adds to it (see ``_melta_damage``)."""
    plan = state.attack
    if plan is None:
        return pending
    with _ASKING_LOCK:
        known = _ASKING.get(id(plan))
        if known is not None and known[0] is plan and known[1] == pending:
            _ASKING.move_to_end(id(plan))
            return known[2]
    try:
        asking = attacks.run(state, plan, _RecordedOnly()).asking
    except _Unrecorded:
        asking = None
    except Exception:  # a bug in the replay must not break every view of the game
        _log.exception("the paused attack could not be re-run for its prompt's detail")
        asking = None
    weapon = None if asking is None else state.sheets[plan.unit].weapon(asking.weapon)
    if asking is None or weapon is None:
        return pending
    detail: dict[str, str | int | float | tuple[str, ...]] = {
        **pending.detail,
        "weapon": weapon.name,
        "attacker": plan.unit,
        "strength": weapon.strength,
        "ap": asking.ap,
        "damage": weapon.damage,
    }
    melta_damage = _melta_damage(plan, asking, weapon)
    if melta_damage:
        detail["melta_damage"] = melta_damage
    if asking.mortal:
        detail["mortal"] = 1
        detail["mortal_left"] = asking.left
        if asking.later:
            detail["mortal_later"] = asking.later
    else:
        detail["wounds_left"] = asking.left
    shown = replace(pending, detail=detail)
    with _ASKING_LOCK:
        _ASKING[id(plan)] = (plan, pending, shown)
        while len(_ASKING) > _ASKING_KEPT:
            _ASKING.popitem(last=False)
    return shown


def _melta_damage(plan: AttackPlan, asking: Asking, weapon: WeaponSheet) -> str:
    """The damage of a MELTA weapon's attacks made within half range (§2.5: MELTA X adds X),
    ``"D6+2"``; with ``" for some"`` after it when only some of its attacking models are within
    half range; empty when MELTA adds nothing to this weapon's attacks at this target."""
    melta = profile(weapon).abilities.melta
    if not melta:
        return ""
    rows = attacks.group_rows(plan, asking.target, asking.weapon, asking.plunge)
    close = sum(f"{a.model}{HALF}{a.target}{HALF}{a.weapon}" in plan.half_range for a in rows)
    if not close:
        return ""
    raised = str(profile(weapon).damage.plus(melta))
    return raised if close == len(rows) else f"{raised} for some"


def _embarked_models(state: State, unit: str) -> list[dict[str, Any]]:
    """An embarked unit's living models and their wounds left, in unit order (empty for any
    other unit). Which units are embarked is public once Battle Formations are revealed (§3.7,
    setup step 5): before that the opponent's view has no embarked units (R10)."""
    if state.status[unit].location != "embarked":
        return []
    aboard = {mid: m for mid, m in state.offboard.items() if m.unit == unit}
    order = [mid for mid, _ in state.sheets[unit].models if mid in aboard]
    order += [mid for mid in aboard if mid not in order]
    return [{"id": mid, "wounds": aboard[mid].wounds} for mid in order]


def redact(event: Any, state_after: State, viewer: str | None) -> dict[str, Any] | None:
    """Battle formations stay secret from the opponent until both have declared; so do the
    rule warnings about them (casual games): those become versioned stubs."""
    secret = not all(s.declared for s in state_after.sides.values())
    if secret and isinstance(event, FormationsDeclared) and viewer != event.player:
        return {"type": "formations_declared", "player": event.player}
    formations = state_after.phase == "setup" and state_after.step == "formations"
    if formations and isinstance(event, RuleWarning) and viewer != event.player:
        return None
    return EVENT_CODEC.encode(event)


def summary(state: State) -> dict[str, Any]:
    """Round, phase, active player, VP and the result for the lobby."""
    return {
        "round": state.round,
        "phase": state.phase,
        "active": state.active,
        "vp": {p: s.vp for p, s in state.sides.items()},
        "result": None if state.result is None else state.result.reason,
        "winner": None if state.result is None else state.result.winner,
    }
