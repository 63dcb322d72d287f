"""The Fight phase (wh40k-10th §5.7, §4.7, §8.2): Fights First then Remaining Combats, the
players alternating from the player whose turn it is not; pile in 3", attacks, consolidate 3".
"""

from __future__ import annotations

from collections.abc import Sequence

from vantage.engine.errors import Rejection
from vantage.engine.table import Model, Table
from vantage.rules.common.measuring import distance, h_gap, v_gap, within
from vantage.rules.wh40k10e import geo
from vantage.rules.wh40k10e.commands import AttackIn, Consolidate, Fight, PathIn
from vantage.rules.wh40k10e.emitter import Emitter, problem
from vantage.rules.wh40k10e.events import (
    AttacksDeclared,
    FightSelected,
    FightTurn,
    UnitMoved,
    Waiting,
)
from vantage.rules.wh40k10e.movement import _check_paths, _placed
from vantage.rules.wh40k10e.paths import Sweep
from vantage.rules.wh40k10e.state import Pending, State

PILE_IN = 3.0
CONTACT = 0.01


def fight_eligible(state: State, unit: str) -> bool:
    """On the table, not fought this phase, and in Engagement Range or charged this turn."""
    from vantage.rules.wh40k10e.aircraft import fight_enemies, is_aircraft

    s = state.status[unit]
    if s.location != "table" or s.fought:
        return False
    engaged = fight_enemies(state, unit, geo.engaged_enemies(state.table, unit))
    return (s.charged and not is_aircraft(state, unit)) or bool(engaged)


def fights_first(state: State, unit: str) -> bool:
    """Every model has Fights First: the ability, or the Charge Bonus (§4.6, §9)."""
    return state.status[unit].charged or state.sheets[unit].has("FIGHTS FIRST")


def _eligible(state: State, player: str, step: str) -> tuple[str, ...]:
    units = [u for u in state.units_of(player) if fight_eligible(state, u)]
    if step == "fights_first":
        units = [u for u in units if fights_first(state, u)]
    return tuple(units)


def start(em: Emitter) -> None:
    """The non-active player selects first in each step."""
    assert em.state.active is not None
    em.emit(FightTurn(step="fights_first", player=em.state.opponent(em.state.active)))
    next_selection(em)


def next_selection(em: Emitter) -> None:
    """Wait for the next unit to fight, or for the end of the phase."""
    state = em.state
    fs = state.fight
    assert fs is not None and state.active is not None
    if fs.next_unit is not None and fight_eligible(state, fs.next_unit):
        em.emit(
            Waiting(
                pending=Pending(
                    player=fs.next_player, kind="fight", unit=fs.next_unit, options=(fs.next_unit,)
                )
            )
        )
        return
    for step in ("fights_first", "remaining")[0 if fs.step == "fights_first" else 1 :]:
        first = fs.next_player if step == fs.step else state.opponent(state.active)
        for player in (first, state.opponent(first)):
            units = _eligible(state, player, step)
            if units:
                if step != fs.step or player != fs.next_player or fs.next_unit:
                    em.emit(FightTurn(step=step, player=player))  # type: ignore[arg-type]
                em.emit(Waiting(pending=Pending(player=player, kind="fight", options=units)))
                return
    em.emit(Waiting(pending=None))


def fight(em: Emitter, cmd: Fight) -> Rejection | None:
    """Pile in, then resolve the declared melee attacks (§5.7)."""
    state, player = em.state, em.actor or ""
    pending = state.pending
    if pending is None or pending.kind != "fight" or pending.player != player:
        return Rejection(
            "fight/not_your_selection", "it is not your turn to select a unit to fight"
        )
    if cmd.unit not in pending.options:
        return Rejection(
            "fight/not_eligible", "that unit cannot fight now", {"options": list(pending.options)}
        )
    moves: dict[str, Sweep] = {}
    from vantage.rules.wh40k10e.aircraft import is_aircraft

    if cmd.pile_in and is_aircraft(state, cmd.unit):
        return Rejection("fight/aircraft_pile_in", "AIRCRAFT do not pile in (§4.9)")
    if cmd.pile_in:
        outcome = _three_inch(em, cmd.unit, cmd.pile_in, "pile_in")
        if isinstance(outcome, Rejection):
            return outcome
        moves = outcome
    after = state.table.with_models({m: s.end for m, s in moves.items() if s.end})
    bad = _check_attacks(state, after, cmd.unit, cmd.attacks)
    if bad:
        return bad
    rejected = em.rules(
        _reach_problems(after, cmd.unit, cmd.attacks)
        + _aircraft_problems(state, cmd.unit, cmd.attacks)
    )
    if rejected:
        return rejected
    step = state.fight.step if state.fight else "remaining"
    em.emit(FightSelected(unit=cmd.unit, step=step))
    if moves:
        em.emit(
            UnitMoved(
                unit=cmd.unit, kind="pile_in", models=tuple(_placed(s) for s in moves.values())
            )
        )
    if not cmd.attacks:
        from vantage.rules.wh40k10e.flow import resume

        resume(em, f"consolidate:{cmd.unit}")
        return None
    from vantage.rules.wh40k10e.shooting import build_plan, continue_attack

    plan = build_plan(
        em.state, cmd.unit, player, cmd.attacks, False, f"consolidate:{cmd.unit}", melee=True
    )
    em.emit(AttacksDeclared(plan=plan))
    continue_attack(em)
    return None


def _check_attacks(
    state: State, table: Table, unit: str, rows: Sequence[AttackIn]
) -> Rejection | None:
    chosen: dict[str, list[str]] = {}
    for r in rows:
        m = table.models.get(r.model)
        if m is None or m.unit != unit:
            return Rejection("fight/unknown_model", f"{r.model} is not a model of that unit")
        w = state.sheets[unit].weapon(r.weapon)
        if (
            w is None
            or w.kind != "melee"
            or r.weapon not in state.sheets[unit].model(r.model).weapons
        ):
            return Rejection(
                "fight/weapon", f"{table.model_label(r.model)} has no melee weapon {r.weapon!r}"
            )
        if r.target not in state.sheets or state.owner(r.target) == state.owner(unit):
            return Rejection("fight/target", f"{r.target!r} is not an enemy unit")
        if not w.has("EXTRA ATTACKS"):
            chosen.setdefault(r.model, []).append(r.weapon)
    if any(len(v) > 1 for v in chosen.values()):
        return Rejection(
            "fight/one_weapon",
            "each model fights with one melee weapon (plus EXTRA ATTACKS weapons) (§8.2)",
        )
    return None


def can_fight(table: Table, model: Model) -> set[str]:
    """Enemy units this model can attack: in its Engagement Range, or through a friend of its
    unit in base contact with it that is in base contact with an enemy (§8.2)."""
    owner = table.units[model.unit].player
    enemies = [o for o in table.models.values() if table.units[o.unit].player != owner]
    out = {o.unit for o in enemies if geo.engaged(model, o)}
    for friend in table.unit_models(model.unit):
        if friend.id != model.id and h_gap(friend, model) <= CONTACT:
            out |= {o.unit for o in enemies if h_gap(friend, o) <= CONTACT}
    return out


def _reach_problems(table: Table, unit: str, rows: Sequence[AttackIn]) -> list[Rejection]:
    for r in rows:
        if r.target not in can_fight(table, table.models[r.model]):
            return [
                problem(
                    "rule/melee_reach",
                    f"{table.model_label(r.model)} cannot attack that unit: it is not "
                    "in Engagement Range of it (§8.2)",
                    model=r.model,
                )
            ]
    return []


def _aircraft_problems(state: State, unit: str, rows: Sequence[AttackIn]) -> list[Rejection]:
    """AIRCRAFT attack only FLY units; only FLY models attack AIRCRAFT (§4.9)."""
    from vantage.rules.wh40k10e.aircraft import melee_problem
    from vantage.rules.wh40k10e.leaders import model_sheet

    for r in rows:
        why = melee_problem(state, unit, model_sheet(state, r.model, unit).keywords, r.target)
        if why:
            return [
                problem(
                    "rule/aircraft_melee", f"{state.model_label(r.model)}: {why}", model=r.model
                )
            ]
    return []


def _three_inch(
    em: Emitter, unit: str, paths: Sequence[PathIn], kind: str
) -> dict[str, Sweep] | Rejection:
    """Pile in or consolidate: up to 3", each model closer to the closest enemy model, the unit
    ends in Engagement Range of an enemy and coherent; else towards the closest objective
    (consolidate only) (§4.7, DECISIONS §12 items 25, 26). From rules revision 5 only a unit
    that could not end in Engagement Range (``could_engage``) consolidates towards an
    objective; before, any consolidation that ended out of Engagement Range did (R43 b)."""
    state = em.state
    outcome = _check_paths(em, unit, paths, kind, PILE_IN)
    if isinstance(outcome, Rejection):
        return outcome
    sweeps, problems = outcome
    after = state.table.with_models({m: s.end for m, s in sweeps.items() if s.end})
    enemies = geo.enemy_models(state.table, state.owner(unit))
    engaged_after = geo.engaged_enemies(after, unit)
    if state.options.since(5):
        # a unit that cannot FLY ignores AIRCRAFT when it piles in or consolidates (§4.7, §4.9;
        # R43 b, review s15): neither its closest enemy model nor Engagement Range counts them
        from vantage.rules.wh40k10e.aircraft import fight_enemies

        foes = fight_enemies(state, unit, {e.unit for e in enemies})
        enemies = [e for e in enemies if e.unit in foes]
        engaged_after = fight_enemies(state, unit, engaged_after)
    objective = kind == "consolidate" and bool(state.table.objectives) and not engaged_after
    if objective and state.options.since(5):
        # The branch is chosen by whether the unit COULD end in Engagement Range, not by where
        # this move ended (R43 b): a consolidation out of combat is not a move to a marker.
        objective = not could_engage(state, unit)
    if not objective:
        for mid in sweeps:
            start = state.table.models[mid]
            if any(h_gap(start, e) <= CONTACT for e in enemies):
                problems.append(
                    problem(
                        "rule/in_contact",
                        f"{after.model_label(mid)} is in base contact and may not move (§4.7)",
                        model=mid,
                    )
                )
                break
            closest = min(enemies, key=lambda e, s=start: distance(s, e), default=None)  # type: ignore[misc]
            if closest is None:
                break
            if distance(after.models[mid], closest) >= distance(start, closest) - 1e-6:
                problems.append(
                    problem(
                        "rule/not_closer",
                        f"{after.model_label(mid)} must end closer to the closest enemy "
                        "model (§4.7)",
                        model=mid,
                    )
                )
                break
        if not engaged_after:
            problems.append(
                problem(
                    "rule/no_engagement",
                    f"the unit must end its {kind} within Engagement Range of an enemy unit (§4.7)",
                )
            )
    else:
        problems += _towards_objective(state, after, sweeps)
    rejected = em.rules(problems)
    return rejected if rejected else sweeps


def could_engage(state: State, unit: str) -> bool:
    """Whether the unit could end a 3" move within Engagement Range of an enemy unit (§4.7,
    R43 b): it is in Engagement Range now (its models in base contact do not move, the others
    need not), or one of its models is within 3" + 1" horizontally and 5" vertically of an
    enemy model. Terrain, other models and coherency are not taken into account. AIRCRAFT count
    only for a unit that can FLY, as for fighting (§4.7, §4.9; review s15)."""
    from vantage.rules.wh40k10e.aircraft import fight_enemies

    table = state.table
    if fight_enemies(state, unit, geo.engaged_enemies(table, unit)):
        return True
    mine = table.unit_models(unit)
    reach = PILE_IN + geo.ER_H
    foes = fight_enemies(state, unit, {e.unit for e in geo.enemy_models(table, state.owner(unit))})
    return any(
        geo.h_within(m, e, reach) and within(v_gap(m, e), geo.ER_V)
        for e in geo.enemy_models(table, state.owner(unit))
        if e.unit in foes
        for m in mine
    )


def _towards_objective(state: State, after: Table, sweeps: dict[str, Sweep]) -> list[Rejection]:
    from vantage.rules.common.measuring import marker_gaps

    first = state.table.models[next(iter(sweeps))]
    obj = min(state.table.objectives, key=lambda o: marker_gaps(first, o)[0])
    for mid in sweeps:
        if (
            marker_gaps(after.models[mid], obj)[0]
            >= marker_gaps(state.table.models[mid], obj)[0] - 1e-6
        ):
            return [
                problem(
                    "rule/not_towards_objective",
                    f"{after.model_label(mid)} must end closer to objective {obj.id} (§4.7)",
                    model=mid,
                )
            ]
    if not any(geo.in_objective_range(after.models[m], obj) for m in sweeps):
        return [problem("rule/objective_range", f"the unit must end in range of {obj.id} (§4.7)")]
    return []


def consolidate(em: Emitter, cmd: Consolidate) -> Rejection | None:
    """Consolidate after fighting (no paths: no move); then Counter-offensive, next unit."""
    state, player = em.state, em.actor or ""
    pending = state.pending
    if (
        pending is None
        or pending.kind != "consolidate"
        or pending.unit != cmd.unit
        or (pending.player != player)
    ):
        return Rejection("fight/not_consolidating", "that unit is not consolidating now")
    if cmd.paths:
        outcome = _three_inch(em, cmd.unit, cmd.paths, "consolidate")
        if isinstance(outcome, Rejection):
            return outcome
        em.emit(
            UnitMoved(
                unit=cmd.unit,
                kind="consolidate",
                models=tuple(_placed(s) for s in outcome.values()),
            )
        )
    after_fight(em, cmd.unit)
    return None


def after_fight(em: Emitter, unit: str) -> None:
    """The other player may Counter-offensive; then the other player selects next."""
    from vantage.rules.wh40k10e.reactions import after_fought

    state = em.state
    fs = state.fight
    other = state.opponent(state.owner(unit))
    em.emit(FightTurn(step=fs.step if fs else "remaining", player=other))
    if not after_fought(em, unit):
        next_selection(em)
