"""The Only War pre-battle sequence (wh40k-10th §5.1, §10): markers, Attacker and Defender,
Declare Battle Formations, deployment, first turn, Scouts moves.
"""

from __future__ import annotations

import math
from collections.abc import Mapping

from vantage.engine.errors import Rejection
from vantage.engine.table import Objective
from vantage.rules.wh40k10e import geo, leaders, placement
from vantage.rules.wh40k10e.commands import DeclareFormations, Deploy, PlaceObjective
from vantage.rules.wh40k10e.emitter import Emitter, problem
from vantage.rules.wh40k10e.events import (
    EffectAdded,
    FirstTurn,
    FormationsDeclared,
    FormationsRevealed,
    ObjectivePlaced,
    PhaseStarted,
    RolesSet,
    RollOff,
    RuleWarning,
    UnitPlaced,
    Waiting,
)
from vantage.rules.wh40k10e.setup import zones
from vantage.rules.wh40k10e.state import Formation, Pending, State

MARKERS = 4
EDGE_GAP = 6.0
MARKER_GAP = 9.0
MARKER_RADIUS = 40 / 50.8


def roll_off(em: Emitter, purpose: str) -> str:
    """Each player rolls a D6, ties roll again (§7); the winner's id."""
    a, b = em.state.players
    dice: dict[str, list[int]] = {a: [], b: []}
    while True:
        ra, rb = em.roll(2)
        dice[a].append(ra)
        dice[b].append(rb)
        if ra != rb:
            winner = a if ra > rb else b
            break
    em.emit(RollOff(purpose=purpose, dice={k: tuple(v) for k, v in dice.items()}, winner=winner))
    return winner


def open_game(em: Emitter) -> None:
    """The events at creation: who places the first marker, or straight to Attacker/Defender."""
    if em.state.options.place_objectives:
        winner = roll_off(em, "objectives")
        em.emit(PhaseStarted(round=0, player=None, phase="setup", step="objectives"))
        em.emit(Waiting(pending=Pending(player=winner, kind="place_objective")))
    else:
        assign_roles(em)


def place_objective(em: Emitter, cmd: PlaceObjective) -> Rejection | None:
    """Alternate placing 4 markers: > 6" from every edge, > 9" from every other marker (§10)."""
    state = em.state
    r = MARKER_RADIUS
    if not (r <= cmd.x <= state.table.width - r and r <= cmd.y <= state.table.depth - r):
        return Rejection("setup/off_table", "the marker must be on the table")
    problems = []
    edge = min(cmd.x, cmd.y, state.table.width - cmd.x, state.table.depth - cmd.y) - r
    if edge <= EDGE_GAP + 1e-6:
        problems.append(
            problem(
                "rule/marker_edge",
                f'a marker must be more than {EDGE_GAP:g}" from every battlefield edge, '
                f'measured from its rim (its rim is {edge:.2f}" from the nearest edge, §10)',
            )
        )
    for obj in state.table.objectives:
        gap = math.hypot(obj.x - cmd.x, obj.y - cmd.y) - 2 * r
        if gap <= MARKER_GAP + 1e-6:
            problems.append(
                problem(
                    "rule/marker_gap",
                    f"a marker must be more than "
                    f'{MARKER_GAP:g}" from marker {obj.id}, rim to rim (it is {gap:.2f}", §10)',
                )
            )
            break
    rejected = em.rules(problems)
    if rejected:
        return rejected
    n = len(state.table.objectives) + 1
    em.emit(
        ObjectivePlaced(player=em.actor or "", objective=Objective(id=f"o{n}", x=cmd.x, y=cmd.y))
    )
    if n >= MARKERS:
        assign_roles(em)
    else:
        em.emit(
            Waiting(pending=Pending(player=state.opponent(em.actor or ""), kind="place_objective"))
        )
    return None


def assign_roles(em: Emitter) -> None:
    """Roll off: the winner is the Attacker (§5.1 step 4); then Declare Battle Formations."""
    attacker = roll_off(em, "attacker")
    defender = em.state.opponent(attacker)
    t = em.state.table
    em.emit(
        RolesSet(
            attacker=attacker, defender=defender, zones=zones(t.width, t.depth, attacker, defender)
        )
    )
    em.emit(PhaseStarted(round=0, player=None, phase="setup", step="formations"))
    em.emit(
        Waiting(
            pending=Pending(
                player=em.state.players[0], kind="declare_formations", options=em.state.players
            )
        )
    )


def _declarations(secret: Mapping[str, Formation]) -> tuple[FormationsDeclared, ...]:
    """The declarations kept secret until now, as the events that made them, with the rules
    they broke in a casual game (public from the reveal, R42)."""
    return tuple(
        FormationsDeclared(
            player=p,
            reserves=f.reserves,
            strategic_reserves=f.strategic_reserves,
            embark=f.embark,
            attach=f.attach,
            hover=f.hover,
            warnings=tuple(RuleWarning(player=p, code=c, message=m) for c, m in f.broke),
        )
        for p, f in secret.items()
    )


def declare_formations(em: Emitter, cmd: DeclareFormations) -> Rejection | None:
    """Reserves (Deep Strike), Strategic Reserves (25% cap) and embarked units (§4.5, §3.7).
    From rules revision 5 a casual game's warnings travel inside the secret declaration (R42)."""
    if em.state.options.since(5):
        em.withheld = []
    try:
        return _declare_formations(em, cmd)
    finally:
        em.withheld = None


def _declare_formations(em: Emitter, cmd: DeclareFormations) -> Rejection | None:
    state, player = em.state, em.actor or ""
    if state.side(player).declared:
        return Rejection("setup/already_declared", "you have declared your battle formations")
    named = [*cmd.reserves, *cmd.strategic_reserves, *cmd.embark]
    if len(set(named)) != len(named):
        return Rejection("setup/duplicate", "a unit can be named only once")
    for uid in [*named, *cmd.embark.values()]:
        bad = placement.own_unit(state, player, uid)
        if bad:
            return bad
    formed = _attached(em, player, cmd)
    if isinstance(formed, Rejection):
        return formed
    from vantage.rules.wh40k10e.aircraft import formation_problems

    held = [*cmd.reserves, *cmd.strategic_reserves]
    problems = formation_problems(formed, player, held, cmd.hover)
    rejected = em.rules(_formation_problems(formed, cmd) + problems)
    if rejected:
        return rejected
    earlier = dict(state.formations)
    em.emit(
        FormationsDeclared(
            player=player,
            reserves=cmd.reserves,
            strategic_reserves=cmd.strategic_reserves,
            embark=cmd.embark,
            attach=cmd.attach,
            hover=cmd.hover,
            warnings=tuple(em.withheld or ()),
        )
    )
    em.withheld = None  # what follows (the reveal, the first deployment) logs its own
    waiting = [p for p in em.state.players if not em.state.side(p).declared]
    if waiting:
        em.emit(
            Waiting(
                pending=Pending(
                    player=waiting[0], kind="declare_formations", options=tuple(waiting)
                )
            )
        )
    else:
        em.emit(FormationsRevealed(declared=_declarations(earlier)))
        em.emit(PhaseStarted(round=0, player=None, phase="setup", step="deploy"))
        next_deployer(em, em.state.attacker or em.state.players[0])
    return None


def _attached(em: Emitter, player: str, cmd: DeclareFormations) -> State | Rejection:
    """The state with the declared Leaders attached (§3.6), for checking the rest; an
    attached Leader is not named on its own."""
    state = em.state
    problems = leaders.attach_problems(state, player, cmd.attach)
    hard = [p for p in problems if not p.code.startswith("rule/")]
    if hard:
        return hard[0]
    rejected = em.rules(problems)
    if rejected:
        return rejected
    named = {*cmd.reserves, *cmd.strategic_reserves, *cmd.embark, *cmd.embark.values()}
    for leader, bodyguard in cmd.attach.items():
        if leader in named:
            return Rejection(
                "setup/attached_leader",
                f"{state.sheets[leader].name} is attached: name its unit {bodyguard!r} instead",
            )
        state = leaders.attach(state, leader, bodyguard)
    return state


def _formation_problems(state: State, cmd: DeclareFormations) -> list[Rejection]:
    out = []
    for uid in cmd.reserves:
        if not state.sheets[uid].has("DEEP STRIKE"):
            out.append(
                problem(
                    "rule/deep_strike",
                    f"{state.sheets[uid].name} does not have Deep Strike (§4.5)",
                    unit=uid,
                )
            )
    points = sum(state.sheets[u].points for u in cmd.strategic_reserves)
    from vantage.rules.wh40k10e.aircraft import transport_load_in_reserves

    aboard_aircraft = transport_load_in_reserves(state, cmd.embark, cmd.hover)
    points += sum(
        state.sheets[u].points
        for u, t in cmd.embark.items()
        if t in cmd.strategic_reserves or u in aboard_aircraft
    )
    if points > state.options.reserve_points + 1e-9:
        out.append(
            problem(
                "rule/reserve_cap",
                f"Strategic Reserves total {points:g} points; "
                f"the cap is {state.options.reserve_points:g} (§4.5)",
            )
        )
    for uid in cmd.strategic_reserves:
        if state.sheets[uid].has("FORTIFICATION"):
            out.append(
                problem(
                    "rule/fortification",
                    "FORTIFICATIONS cannot be in Strategic Reserves (§4.5)",
                    unit=uid,
                )
            )
    for uid, transport in cmd.embark.items():
        out.extend(_embark_problems(state, uid, transport, cmd))
    return out


def _embark_problems(
    state: State, uid: str, transport: str, cmd: DeclareFormations
) -> list[Rejection]:
    sheet = state.sheets[transport]
    if not sheet.capacity:
        return [problem("rule/not_transport", f"{sheet.name} is not a TRANSPORT (§3.7)")]
    if "INFANTRY" not in state.sheets[uid].keywords:
        return [problem("rule/capacity", f"{sheet.name} carries INFANTRY models only (§3.7)")]
    load = sum(state.sheets[u].starting_strength for u, t in cmd.embark.items() if t == transport)
    if load > sheet.capacity:
        return [
            problem(
                "rule/capacity",
                f"{sheet.name} can carry {sheet.capacity} models, not {load} (§3.7)",
            )
        ]
    return []


def undeployed(state: State, player: str) -> tuple[str, ...]:
    """The player's units still waiting to be set up."""
    return tuple(state.units_of(player, "undeployed"))


def next_deployer(em: Emitter, preferred: str) -> None:
    """Alternate; when one side is done the other sets up the rest; then the first turn."""
    other = em.state.opponent(preferred)
    for player in (preferred, other):
        units = undeployed(em.state, player)
        if units:
            em.emit(Waiting(pending=Pending(player=player, kind="deploy", options=units)))
            return
    first = roll_off(em, "first_turn")
    em.emit(FirstTurn(player=first))
    em.emit(PhaseStarted(round=0, player=None, phase="setup", step="scouts"))
    next_scout(em)


def deploy(em: Emitter, cmd: Deploy) -> Rejection | None:
    """Set up one unit wholly within the own zone; Infiltrators: > 9" from the enemy zone and
    every enemy model (§4.8)."""
    state, player = em.state, em.actor or ""
    bad = placement.own_unit(state, player, cmd.unit) or placement.check_places(
        state, cmd.unit, cmd.models
    )
    if bad:
        return bad
    if state.status[cmd.unit].location != "undeployed":
        return Rejection("setup/not_undeployed", "that unit is not waiting to be deployed")
    places = placement.placed(state, cmd.models)
    table = placement.table_with(state, places)
    ids = [p.model for p in places]
    bad = placement.physical(table, ids)
    if bad:
        return bad
    obstacles = state.options.since(2)
    problems = placement.rule_problems(table, cmd.unit, ids, obstacles=obstacles)
    enemy_zone = state.zones[state.opponent(player)]
    if state.sheets[cmd.unit].has("INFILTRATORS"):
        problems += placement.rule_problems(
            table, cmd.unit, ids, placement.RESERVE_GAP, obstacles=obstacles
        )
        near = [m for m in ids if geo.zone_gap(table.models[m], enemy_zone) <= 9 + 1e-6]
        if near:
            problems.append(
                problem(
                    "rule/infiltrators",
                    f'{near[0]} must be more than 9" from '
                    "the enemy deployment zone (Infiltrators, §4.8)",
                )
            )
    else:
        problems += placement.zone_problems(table, ids, state.zones[player], "your deployment zone")
    rejected = em.rules(problems)
    if rejected:
        return rejected
    em.emit(UnitPlaced(unit=cmd.unit, how="deploy", models=places))
    next_deployer(em, state.opponent(player))
    return None


def scouts_left(state: State, player: str) -> tuple[str, ...]:
    """Units with Scouts that may still make their pre-battle move."""
    return tuple(
        u
        for u in state.units_of(player)
        if state.sheets[u].scouts > 0 and not state.status[u].has_effect("scouted")
    )


def next_scout(em: Emitter) -> None:
    """Scouts moves, the first-turn player first (§4.8); then battle round 1."""
    first = em.state.first or em.state.players[0]
    for player in (first, em.state.opponent(first)):
        units = scouts_left(em.state, player)
        if units:
            em.emit(Waiting(pending=Pending(player=player, kind="scouts", options=units)))
            return
    from vantage.rules.wh40k10e.phases import begin_turn

    begin_turn(em, 1, first)


def end_scouts(em: Emitter, player: str) -> None:
    """The player makes no more Scouts moves."""
    for uid in scouts_left(em.state, player):
        em.emit(EffectAdded(unit=uid, effect="scouted"))
    next_scout(em)
