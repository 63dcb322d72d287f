"""Windows in which the other player may use a stratagem (wh40k-10th §5.8): the game waits for
``stratagem`` or ``pass`` only when a stratagem could actually be used.
"""

from __future__ import annotations

from vantage.engine.errors import Rejection
from vantage.rules.wh40k10e import geo
from vantage.rules.wh40k10e.commands import ReactionOffers
from vantage.rules.wh40k10e.emitter import Emitter
from vantage.rules.wh40k10e.events import ReactionOffersSet, Waiting
from vantage.rules.wh40k10e.state import AttackPlan, Pending, State
from vantage.rules.wh40k10e.stratagems import COSTS, can_afford

OVERWATCH_RANGE = 24.0
HEROIC_RANGE = 6.0


def offer(
    em: Emitter,
    player: str,
    options: list[str],
    window: str,
    unit: str | None,
    after: str,
    overwatch: tuple[str, ...] = (),
) -> bool:
    """Wait for ``player``'s reaction when there is one and the player wants to be asked
    (``reaction_offers``); ``True`` if the game now waits. ``overwatch``: the units that could
    Fire Overwatch, named in ``detail.fire_overwatch`` so the page offers only those."""
    if not options or not em.state.side(player).reaction_offers:
        return False
    detail: dict[str, str | int | float | tuple[str, ...]] = {"window": window, "after": after}
    if overwatch:
        detail["fire_overwatch"] = overwatch
    em.emit(
        Waiting(
            pending=Pending(
                player=player, kind="reaction", unit=unit, options=tuple(options), detail=detail
            )
        )
    )
    return True


def overwatch_units(state: State, enemy: str) -> list[str]:
    """Units that could Fire Overwatch at ``enemy`` (within 24", able to shoot it)."""
    from vantage.rules.wh40k10e.shooting import eligible_targets

    player = state.opponent(state.owner(enemy))
    if state.side(player).overwatch_turn or not can_afford(state, player, "fire_overwatch"):
        return []
    out = []
    for u in state.units_of(player):
        if state.status[u].battle_shocked or not geo.units_within(
            state.table, u, enemy, OVERWATCH_RANGE
        ):
            continue
        if any(enemy in ts for ts in eligible_targets(state, u, enemy).values()):
            out.append(u)
    return out


def after_enemy_move(em: Emitter, unit: str) -> None:
    """Fire Overwatch after an enemy unit moves or is set up (§6.2 item 7)."""
    state = em.state
    opp = state.opponent(state.owner(unit))
    shooters = tuple(overwatch_units(state, unit))
    opts = ["fire_overwatch"] if shooters else []
    if not offer(em, opp, opts, "moved", unit, "active", shooters):
        em.emit(Waiting(pending=None))


def after_charge_declared(em: Emitter, unit: str) -> None:
    """Fire Overwatch as the charging unit starts its charge move."""
    state = em.state
    opp = state.opponent(state.owner(unit))
    shooters = tuple(overwatch_units(state, unit))
    opts = ["fire_overwatch"] if shooters else []
    after = f"charge_move:{unit}"
    if not offer(em, opp, opts, "charge_declared", unit, after, shooters):
        from vantage.rules.wh40k10e.flow import resume

        resume(em, after)


def heroic_units(state: State, enemy: str) -> list[str]:
    """Units that could Heroically Intervene against ``enemy`` (§6.2 item 11)."""
    from vantage.rules.wh40k10e.charge import can_charge

    player = state.opponent(state.owner(enemy))
    if not can_afford(state, player, "heroic_intervention"):
        return []
    out = []
    for u in state.units_of(player):
        kw = set(state.sheets[u].keywords)
        if "VEHICLE" in kw and "WALKER" not in kw:
            continue
        if state.status[u].battle_shocked or not can_charge(state, u):
            continue
        if geo.units_within(state.table, u, enemy, HEROIC_RANGE):
            out.append(u)
    return out


def after_charge(em: Emitter, unit: str, heroic: bool) -> None:
    """Heroic Intervention (and Fire Overwatch) after an enemy charge move ends."""
    state = em.state
    if heroic:
        em.emit(Waiting(pending=None))
        return
    opp = state.opponent(state.owner(unit))
    opts = ["heroic_intervention"] if heroic_units(state, unit) else []
    shooters = tuple(overwatch_units(state, unit))
    if shooters:
        opts.append("fire_overwatch")
    if not offer(em, opp, opts, "charged", unit, "active", shooters):
        em.emit(Waiting(pending=None))


def after_targets(em: Emitter, plan: AttackPlan) -> bool:
    """Go to Ground or Smokescreen for a unit just chosen as a target (§6.2 items 9, 10)."""
    state = em.state
    if plan.overwatch or plan.melee:
        return False
    defender = state.opponent(plan.player)
    options = []
    for t in dict.fromkeys(a.target for a in plan.assignments):
        if state.status[t].battle_shocked:
            continue
        kw = state.sheets[t].keywords
        if "INFANTRY" in kw and can_afford(state, defender, "go_to_ground"):
            options.append("go_to_ground")
        if "SMOKE" in kw and can_afford(state, defender, "smokescreen"):
            options.append("smokescreen")
    return offer(em, defender, sorted(set(options)), "targeted", plan.unit, "shoot")


def rapid_ingress_units(state: State, player: str) -> list[str]:
    """Reserves that could arrive now by Rapid Ingress (not earlier than normally, §4.5)."""
    if not can_afford(state, player, "rapid_ingress"):
        return []
    return [
        u
        for u in state.units_of(player, "reserves")
        if state.status[u].reserve != "strategic" or state.round >= 2
    ]


def end_of_movement(em: Emitter) -> bool:
    """Rapid Ingress at the end of the opponent's Movement phase (§6.2 item 8)."""
    state = em.state
    assert state.active is not None
    opp = state.opponent(state.active)
    opts = ["rapid_ingress"] if rapid_ingress_units(state, opp) else []
    return offer(em, opp, opts, "movement_end", None, "next_phase")


def after_fought(em: Emitter, unit: str) -> bool:
    """Counter-offensive just after an enemy unit has fought (§6.2 item 2)."""
    from vantage.rules.wh40k10e.fight import fight_eligible

    state = em.state
    opp = state.opponent(state.owner(unit))
    if not can_afford(state, opp, "counter_offensive"):
        return False
    ready = [
        u
        for u in state.units_of(opp)
        if fight_eligible(state, u)
        and geo.engaged_enemies(state.table, u)
        and not state.status[u].battle_shocked
    ]
    return offer(em, opp, ["counter_offensive"] if ready else [], "fought", unit, "fight_next")


__all__ = ["COSTS"]


def set_offers(em: Emitter, cmd: ReactionOffers) -> Rejection | None:
    """Switch the reaction windows on or off for the player; off also passes a window that is
    waiting for them (the game goes on as after ``pass``)."""
    player = em.actor or ""
    em.emit(ReactionOffersSet(player=player, offer=cmd.offer))
    pending = em.state.pending
    if not cmd.offer and pending and pending.kind == "reaction" and pending.player == player:
        from vantage.rules.wh40k10e.flow import resume

        resume(em, str(pending.detail.get("after", "active")))
    return None
