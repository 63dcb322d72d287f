"""The Movement phase (wh40k-10th §4.4, §4.5, §3.7, §5.4): Normal, Advance, Fall Back with
Desperate Escape, Remain Stationary, Scouts moves, Reserves arriving, embarking, disembarking.
"""

from __future__ import annotations

from collections.abc import Sequence

from vantage.engine.errors import Rejection
from vantage.engine.table import Model, Table
from vantage.rules.wh40k10e import geo, placement
from vantage.rules.wh40k10e.commands import Arrive, Disembark, Move, PathIn, RollAdvance
from vantage.rules.wh40k10e.emitter import Emitter, problem
from vantage.rules.wh40k10e.events import (
    AdvanceRolled,
    Checkpoint,
    DesperateEscape,
    EffectAdded,
    Embarked,
    Placed,
    UnitMoved,
    UnitPlaced,
)
from vantage.rules.wh40k10e.paths import Sweep, on_objective, sweep
from vantage.rules.wh40k10e.sheets import CANNOT_ADVANCE
from vantage.rules.wh40k10e.state import State

WOODS_PENALTY = 2.0
EMBARK_RANGE = 3.0


def _in_phase(state: State, player: str, unit: str) -> Rejection | None:
    if state.phase != "movement" or state.active != player:
        return Rejection("phase/not_movement", "units move in your Movement phase")
    bad = placement.own_unit(state, player, unit)
    if bad:
        return bad
    return None


def _ready(state: State, unit: str) -> Rejection | None:
    s = state.status[unit]
    if s.location != "table":
        return Rejection("move/not_on_table", "that unit is not on the battlefield")
    if s.moved_this_phase and s.arrived_round == state.round and s.move == "normal":
        return Rejection(
            "move/arrived",
            "that unit was set up from Reserves this phase: it counts as having made a Normal "
            "move and cannot move further this phase (§4.5)",
        )
    if s.moved_this_phase or (s.disembarked_now and s.move == "normal"):
        return Rejection("move/already_moved", "that unit has already moved this phase")
    return None


def roll_advance(em: Emitter, cmd: RollAdvance) -> Rejection | None:
    """Roll one D6 for the unit's Advance (§4.4); it then must make an Advance move."""
    state = em.state
    bad = _in_phase(state, em.actor or "", cmd.unit) or _ready(state, cmd.unit)
    if bad:
        return bad
    if state.status[cmd.unit].advance_roll is not None:
        return Rejection("move/advance_rolled", "the Advance roll is made already")
    rejected = em.rules(
        _engaged_problems(state, cmd.unit, "advance") + _no_advance(state, cmd.unit)
    )
    if rejected:
        return rejected
    em.emit(AdvanceRolled(unit=cmd.unit, dice=em.roll(1)))
    return None


def _no_advance(state: State, unit: str) -> list[Rejection]:
    """A unit whose datasheet says it cannot Advance (R39; only sheets of rules revision 3 on
    carry the flag)."""
    if not state.sheets[unit].has(CANNOT_ADVANCE):
        return []
    name = state.sheets[unit].name
    return [problem("rule/cannot_advance", f"{name} cannot Advance (its datasheet)", unit=unit)]


def _engaged_problems(state: State, unit: str, kind: str) -> list[Rejection]:
    from vantage.rules.wh40k10e.aircraft import aircraft_units

    found = geo.engaged_enemies(state.table, unit)
    engaged = found - aircraft_units(state, found)  # enemy AIRCRAFT do not count (§4.9)
    if kind in ("normal", "advance") and engaged:
        return [
            problem(
                "rule/engaged",
                "a unit within Engagement Range may only Remain Stationary or Fall Back (§4.4)",
                unit=unit,
            )
        ]
    if kind == "fall_back" and not engaged:
        return [
            problem(
                "rule/not_engaged",
                "only a unit within Engagement Range Falls Back; make a Normal move (§4.4)",
                unit=unit,
            )
        ]
    return []


def move(em: Emitter, cmd: Move) -> Rejection | None:
    """Normal, Advance, Fall Back or Remain Stationary, the whole path checked."""
    state, player = em.state, em.actor or ""
    if cmd.kind == "scouts":
        return scouts_move(em, cmd)
    bad = _in_phase(state, player, cmd.unit) or _ready(state, cmd.unit)
    if bad:
        return bad
    from vantage.rules.wh40k10e import aircraft

    if aircraft.is_aircraft(state, cmd.unit) and (cmd.kind == "normal" or state.options.strict):
        return _aircraft_move(em, cmd)
    rolled = state.status[cmd.unit].advance_roll
    if (rolled is None) == (cmd.kind == "advance"):
        return Rejection(
            "move/advance_roll",
            "roll_advance first and then move with kind advance"
            if rolled is None
            else "this unit rolled to Advance",
        )
    if cmd.kind == "stationary":
        if state.status[cmd.unit].disembarked_now and state.options.since(3):
            return Rejection(
                "move/disembarked",
                "a unit that disembarked this phase cannot Remain Stationary (§3.7)",
            )
        em.emit(Checkpoint(player=player, label=f"{cmd.unit} remained stationary"))
        em.emit(UnitMoved(unit=cmd.unit, kind="stationary"))
        return None
    limit = _max_move(state, cmd.unit, cmd.kind)
    outcome = _check_paths(em, cmd.unit, cmd.paths, cmd.kind, limit)
    if isinstance(outcome, Rejection):
        return outcome
    sweeps, problems = outcome
    problems = _engaged_problems(state, cmd.unit, cmd.kind) + problems
    if cmd.embark:
        problems += _embark_problems(state, cmd.unit, cmd.embark, sweeps)
    rejected = em.rules(problems)
    if rejected:
        return rejected
    escapes = _escape_tests(state, cmd.unit, sweeps) if cmd.kind == "fall_back" else []
    if not escapes:
        em.emit(Checkpoint(player=player, label=f"{cmd.unit}: {cmd.kind} move"))
    from vantage.rules.wh40k10e import rerolls

    dice = em.roll(len(escapes)) if escapes else ()
    worth = tuple(d <= 2 for d in dice)
    offer = rerolls.offerable(state, player, cmd.unit, worth)
    settled = True
    if not offer:
        desperate_escape(em, cmd.unit, dice, cmd.casualties)
        settled = _demise_wounds(em, cmd.unit)
    alive = em.state.table.models
    moved = tuple(_placed(s) for mid, s in sweeps.items() if mid in alive)
    em.emit(UnitMoved(unit=cmd.unit, kind=cmd.kind, models=moved))
    if cmd.embark and moved:
        em.emit(Embarked(unit=cmd.unit, transport=cmd.embark))
    if not settled:
        return None
    if offer:
        rolls = tuple((d,) for d in dice)
        casualties = tuple(cmd.casualties)
        pending = rerolls.offer(
            player, cmd.unit, "desperate_escape", rolls, worth, casualties=casualties
        )
        rerolls.wait(em, pending)
        return None
    from vantage.rules.wh40k10e.reactions import after_enemy_move

    after_enemy_move(em, cmd.unit)
    return None


def _aircraft_move(em: Emitter, cmd: Move) -> Rejection | None:
    """An AIRCRAFT's Normal move, even within Engagement Range; off the edge it goes into
    Strategic Reserves (§4.9)."""
    from vantage.rules.wh40k10e import aircraft
    from vantage.rules.wh40k10e.events import AircraftLeft

    state, player = em.state, em.actor or ""
    if cmd.kind == "normal" and aircraft.leaves_battlefield(state, cmd):
        em.emit(Checkpoint(player=player, label=f"{cmd.unit} left the battlefield"))
        em.emit(AircraftLeft(unit=cmd.unit))
        return None
    problems = aircraft.move_problems(state, cmd)
    if cmd.kind != "normal":  # strict only (casual games fall through to the ordinary move)
        return problems[0]
    outcome = _check_paths(em, cmd.unit, cmd.paths, "normal", float("inf"))
    if isinstance(outcome, Rejection):
        return outcome
    sweeps, more = outcome
    rejected = em.rules(problems + more)
    if rejected:
        return rejected
    em.emit(Checkpoint(player=player, label=f"{cmd.unit}: normal move"))
    em.emit(
        UnitMoved(unit=cmd.unit, kind="normal", models=tuple(_placed(s) for s in sweeps.values()))
    )
    from vantage.rules.wh40k10e.reactions import after_enemy_move

    after_enemy_move(em, cmd.unit)
    return None


def _max_move(state: State, unit: str, kind: str) -> float:
    sheet = state.sheets[unit]
    move = min(ms.move for mid, ms in sheet.models if mid in state.table.models)
    if kind == "advance":
        move += state.status[unit].advance_roll or 0
    return move


def _placed(s: Sweep) -> Placed:
    assert s.end is not None
    e = s.end
    return Placed(model=e.id, x=e.x, y=e.y, z=e.z, facing=e.facing, distance=round(s.length, 4))


def _check_paths(
    em: Emitter,
    unit: str,
    paths: Sequence[PathIn],
    kind: str,
    limit: float,
    targets: Sequence[str] = (),
) -> tuple[dict[str, Sweep], list[Rejection]] | Rejection:
    """Sweep every path; physical problems reject, rule problems are returned."""
    state = em.state
    table = state.table
    ids = [p.model for p in paths]
    if len(set(ids)) != len(ids):
        return Rejection("move/duplicate_model", "a model appears twice")
    for p in paths:
        m = table.models.get(p.model)
        if m is None or m.unit != unit:
            return Rejection(
                "move/unknown_model",
                f"{p.model} is not a model of {unit} on the table",
                {"model": p.model},
            )
        if not p.path:
            return Rejection(
                "move/empty_path", f"{table.model_label(p.model)}: a path needs at least one point"
            )
    keywords = state.sheets[unit].keywords
    exact = state.options.since(2)  # R36 (rules revision 2, R38)
    sweeps = {
        p.model: sweep(table, table.models[p.model], p, keywords, exact_woods=exact) for p in paths
    }
    after = table.with_models({mid: s.end for mid, s in sweeps.items() if s.end is not None})
    bad = placement.physical(after, ids)
    if bad:
        return bad
    fly = "FLY" in keywords
    if any(s.woods for s in sweeps.values()) and kind in ("normal", "advance", "fall_back"):
        models = [state.sheets[unit].keywords]
        if not ({"TITANIC", "FLY"} & set(models[0])):
            limit -= WOODS_PENALTY
    return sweeps, _path_problems(state, after, unit, sweeps, kind, limit, fly, targets)


MOVE_NAMES = {
    "normal": "Normal move",
    "advance": "Advance move",
    "fall_back": "Fall Back move",
    "charge": "Charge move",
    "pile_in": "Pile-in move",
    "consolidate": "Consolidation move",
    "scouts": "Scouts move",
}
"""How a move kind is named in a rule problem's message."""


def _path_problems(
    state: State,
    after: Table,
    unit: str,
    sweeps: dict[str, Sweep],
    kind: str,
    limit: float,
    fly: bool,
    targets: Sequence[str],
) -> list[Rejection]:
    out: list[Rejection] = []
    for mid, s in sweeps.items():
        if s.length > limit + 1e-6:
            climbing = f' ({s.climb:.2f}" of it climbing, §2.4)' if s.climb > 0.005 else ""
            out.append(
                problem(
                    "rule/too_far",
                    f'{after.model_label(mid)} moves {s.length:.2f}"{climbing}, more than '
                    f'{limit:g}" allowed for this {MOVE_NAMES.get(kind, kind)} (§4.4)',
                    model=mid,
                    distance=round(s.length, 3),
                    limit=limit,
                )
            )
            break
    for mid, s in sweeps.items():
        if s.crossed_enemy and not fly and kind not in ("fall_back",):
            out.append(
                problem(
                    "rule/through_enemy",
                    f"{after.model_label(mid)} may not move through enemy models (§4.4)",
                    model=mid,
                )
            )
            break
        if s.crossed_big_friend:
            out.append(
                problem(
                    "rule/through_monster",
                    f"{after.model_label(mid)}: MONSTERS and VEHICLES cannot "
                    "move through friendly MONSTERS or VEHICLES (§4.4)",
                    model=mid,
                )
            )
            break
    entered = set().union(*(s.entered_er for s in sweeps.values())) if sweeps else set()
    from vantage.rules.wh40k10e.aircraft import aircraft_units

    entered -= aircraft_units(state, entered)  # any model may move within ER of AIRCRAFT (§4.9)
    if kind in ("normal", "advance", "scouts") and entered and not fly:
        out.append(
            problem(
                "rule/path_engagement",
                "no model may move within Engagement Range "
                "of an enemy model during a Normal or Advance move (§4.4)",
            )
        )
    if kind == "charge" and entered - set(targets):
        out.append(
            problem(
                "rule/charge_non_target",
                "a charging model may not move within "
                "Engagement Range of a unit it did not charge (§4.6)",
            )
        )
    if kind in ("normal", "advance", "fall_back", "scouts"):
        enemies = geo.enemy_models(after, state.owner(unit))
        if any(geo.engaged(after.models[mid], e) for mid in sweeps for e in enemies):
            out.append(
                problem(
                    "rule/end_engagement",
                    "a move may not end within Engagement Range of an enemy model (§4.2)",
                )
            )
    for mid in sweeps:
        marker = on_objective(after, after.models[mid])
        if marker:
            out.append(
                problem(
                    "rule/on_objective",
                    f"{after.model_label(mid)} may not end a move on objective marker "
                    f"{marker} (§2.3)",
                    model=mid,
                )
            )
            break
    if not geo.coherent(after, unit):
        out.append(problem("rule/coherency", "the unit must end its move in unit coherency (§3.4)"))
    from vantage.rules.wh40k10e.floors import floor_problems
    from vantage.rules.wh40k10e.obstacles import obstacle_problems

    on_obstacles = obstacle_problems(after, list(sweeps)) if state.options.since(2) else []
    return out + floor_problems(after, list(sweeps)) + on_obstacles


def _escape_tests(state: State, unit: str, sweeps: dict[str, Sweep]) -> list[str]:
    """Models that take a Desperate Escape test: all when Battle-shocked (§4.4, §6.3)."""
    keywords = set(state.sheets[unit].keywords)
    if state.status[unit].battle_shocked:
        return [m.id for m in state.models_of(unit)]
    if {"TITANIC", "FLY"} & keywords:
        return []
    return [mid for mid, s in sweeps.items() if s.crossed_enemy]


def desperate_escape(
    em: Emitter, unit: str, dice: tuple[int, ...], casualties: Sequence[str]
) -> set[str]:
    """One D6 per tested model; each 1-2 destroys a model the controller chooses (§4.4)."""
    if not dice:
        return set()
    failures = sum(1 for d in dice if d <= 2)
    alive = [m.id for m in em.state.models_of(unit)] or [
        mid for mid, m in em.state.offboard.items() if m.unit == unit
    ]
    order = [m for m in casualties if m in alive] + [
        m for m in reversed(alive) if m not in casualties
    ]
    dead = tuple(order[:failures])
    demise = _demise_values(em.state, unit, dead)
    em.emit(DesperateEscape(unit=unit, dice=dice, destroyed=dead))
    from vantage.rules.wh40k10e.damage import deadly_demise

    for model, value in demise:  # rules decision R33
        deadly_demise(em, unit, model, value)
    return set(dead)


def _demise_values(state: State, unit: str, dead: Sequence[str]) -> list[tuple[Model, str]]:
    """The destroyed models on the table with Deadly Demise, where they stood (§9)."""
    from vantage.rules.wh40k10e import leaders

    return [
        (state.table.models[m], value)
        for m in dead
        if m in state.table.models
        and (value := leaders.model_sheet(state, m, unit).deadly_demise) is not None
    ]


def _demise_wounds(em: Emitter, unit: str) -> bool:
    """Resolve the mortal wounds queued by Deadly Demise during a Desperate Escape test
    (R33). ``False``: the game waits for a controller, then the move's reactions follow."""
    from vantage.rules.wh40k10e.mortals import drain

    return drain(em, f"moved:{unit}")


def _embark_problems(
    state: State, unit: str, transport: str, sweeps: dict[str, Sweep]
) -> list[Rejection]:
    t_models = state.models_of(transport)
    sheet = state.sheets.get(transport)
    if sheet is None or sheet.player != state.owner(unit) or not sheet.capacity or not t_models:
        return [
            problem(
                "rule/not_transport",
                "embark only into a friendly TRANSPORT on the battlefield (§3.7)",
            )
        ]
    if state.status[unit].disembarked_now:
        return [
            problem(
                "rule/embark_after_disembark",
                "a unit cannot embark in the phase it disembarked (§3.7)",
            )
        ]
    aboard = sum(1 for m in state.offboard.values() if state.status[m.unit].transport == transport)
    if aboard + len(state.models_of(unit)) > sheet.capacity:
        return [problem("rule/capacity", f"{sheet.name} has room for {sheet.capacity} models")]
    ends = {mid: s.end for mid, s in sweeps.items()}
    for m in state.models_of(unit):
        end = ends.get(m.id) or m
        if not any(geo.within_distance(end, t, EMBARK_RANGE) for t in t_models):
            return [
                problem(
                    "rule/embark_range",
                    f'{state.model_label(m.id)} must end within 3" of the transport to embark '
                    "(§3.7)",
                    model=m.id,
                )
            ]
    return []


def scouts_move(em: Emitter, cmd: Move) -> Rejection | None:
    """A Scouts move before the first turn: a Normal move of up to x", ending more than 9"
    horizontally from every enemy model (§4.8)."""
    state, player = em.state, em.actor or ""
    pending = state.pending
    if pending is None or pending.kind != "scouts" or pending.player != player:
        return Rejection("phase/not_scouts", "Scouts moves are made before the first turn")
    if cmd.unit not in pending.options:
        return Rejection("move/not_scout", "that unit has no Scouts move to make")
    outcome = _check_paths(em, cmd.unit, cmd.paths, "scouts", state.sheets[cmd.unit].scouts)
    if isinstance(outcome, Rejection):
        return outcome
    sweeps, problems = outcome
    after = state.table.with_models({mid: s.end for mid, s in sweeps.items() if s.end})
    # the path's own checks have named any obstacle it ends on (one warning, not two)
    problems += placement.rule_problems(
        after, cmd.unit, list(sweeps), placement.RESERVE_GAP, obstacles=False
    )
    rejected = em.rules(problems)
    if rejected:
        return rejected
    em.emit(Checkpoint(player=player, label=f"{cmd.unit}: Scouts move"))
    em.emit(
        UnitMoved(unit=cmd.unit, kind="scouts", models=tuple(_placed(s) for s in sweeps.values()))
    )
    em.emit(EffectAdded(unit=cmd.unit, effect="scouted"))
    from vantage.rules.wh40k10e.deployment import next_scout

    next_scout(em)
    return None


def arrive(em: Emitter, cmd: Arrive, rapid_ingress: bool = False) -> Rejection | None:
    """Reinforcements: set up more than 9" horizontally from every enemy model; Strategic
    Reserves from round 2, wholly within 6" of an edge, not in the enemy zone in round 2 (§4.5)."""
    state, player = em.state, em.actor or ""
    bad = None if rapid_ingress else _in_phase(state, player, cmd.unit)
    bad = bad or placement.own_unit(state, player, cmd.unit)
    if bad:
        return bad
    status = state.status[cmd.unit]
    if status.location != "reserves":
        return Rejection("reserves/not_in_reserves", "that unit is not in Reserves")
    bad = placement.check_places(state, cmd.unit, cmd.models)
    if bad:
        return bad
    places = placement.placed(state, cmd.models)
    table = placement.table_with(state, places)
    ids = [p.model for p in places]
    bad = placement.physical(table, ids)
    if bad:
        return bad
    problems = placement.rule_problems(
        table, cmd.unit, ids, placement.RESERVE_GAP, obstacles=state.options.since(2)
    )
    if status.reserve == "strategic":
        if state.round < 2:
            problems.append(
                problem(
                    "rule/reserves_round", "Strategic Reserves arrive from battle round 2 (§4.5)"
                )
            )
        enemy_zone = state.zones[state.opponent(player)] if state.round == 2 else None
        problems += placement.edge_problems(table, ids, enemy_zone)
    rejected = em.rules(problems)
    if rejected:
        return rejected
    em.emit(Checkpoint(player=player, label=f"{cmd.unit} arrived"))
    em.emit(UnitPlaced(unit=cmd.unit, how="arrive", models=places))
    if not rapid_ingress:
        from vantage.rules.wh40k10e.reactions import after_enemy_move

        after_enemy_move(em, cmd.unit)
    return None


def disembark(em: Emitter, cmd: Disembark) -> Rejection | None:
    """Set up wholly within 3" of the transport, not within Engagement Range (§3.7)."""
    state, player = em.state, em.actor or ""
    bad = _in_phase(state, player, cmd.unit)
    if bad:
        return bad
    status = state.status[cmd.unit]
    transport = status.transport
    # Checked before the places (input audit s15 #5: a unit on the table was refused
    # ``setup/models "... exactly once: []"``). Both refuse, so no outcome changes.
    if status.location != "embarked" or transport is None:
        return Rejection("transport/not_embarked", "that unit is not embarked")
    if state.options.since(5) and state.status[transport].location != "table":
        # A unit aboard a transport in Reserves is in Reserves too (§4.5): there is nothing on
        # the battlefield to disembark from, in casual games too (R43 d).
        return Rejection(
            "transport/not_on_table",
            f"{state.sheets[transport].name} is not on the battlefield: a unit cannot "
            "disembark from it until it has arrived (§3.7, §4.5)",
            {"transport": transport},
        )
    bad = placement.check_places(state, cmd.unit, cmd.models)
    if bad:
        return bad
    problems = []
    if not status.started_embarked:
        problems.append(
            problem(
                "rule/disembark_start",
                "only a unit that started the phase embarked may disembark (§3.7)",
            )
        )
    if state.status[transport].move in ("advance", "fall_back"):
        problems.append(
            problem(
                "rule/disembark_advanced",
                "a unit cannot disembark from a "
                "transport that Advanced or Fell Back this turn (§3.7)",
            )
        )
    places = placement.placed(state, cmd.models)
    table = placement.table_with(state, places)
    ids = [p.model for p in places]
    bad = placement.physical(table, ids)
    if bad:
        return bad
    problems += placement.rule_problems(table, cmd.unit, ids, obstacles=state.options.since(2))
    t_models: list[Model] = state.models_of(transport)
    far = [
        m
        for m in ids
        if not any(geo.wholly_within_model(table.models[m], t, EMBARK_RANGE) for t in t_models)
    ]
    if far:
        problems.append(
            problem(
                "rule/disembark_range",
                f'{table.model_label(far[0])} must be wholly within 3" of the transport (§3.7)',
                model=far[0],
            )
        )
    rejected = em.rules(problems)
    if rejected:
        return rejected
    em.emit(Checkpoint(player=player, label=f"{cmd.unit} disembarked"))
    em.emit(UnitPlaced(unit=cmd.unit, how="disembark", models=places))
    return None
