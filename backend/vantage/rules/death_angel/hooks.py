"""Card abilities as small named hooks: a pack's ``{"hook": name, "params": {...}}`` picks one.

Five registries, one per kind of card: action cards (passive modifiers for the round and an
effect when the card resolves, §5.2), events (maybe INSTINCT, §5.4), terrain (ACTIVATE, §6.3),
locations (on entering / activate control panel, §7.2) and victory conditions (§7.4).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from vantage.engine.dice import Dice
from vantage.rules.death_angel.die import roll_die
from vantage.rules.death_angel.events import (
    BlipDiscarded,
    CardsPlaced,
    Event,
    GenestealersPlaced,
    KillRequested,
    PoolRanOut,
    ProgressMade,
    TokensDiscarded,
    TokensPlaced,
)
from vantage.rules.death_angel.formation import terrain_at
from vantage.rules.death_angel.pack import Param, Side, other_side
from vantage.rules.death_angel.state import (
    State,
    marine_at,
    marine_position,
    row,
    swarm,
    team_marines,
)

Params = Mapping[str, Param]
# parameter kinds a pack may use: int, side (L/R), arrow (up/down), broodlord (an id), face
ParamKinds = Mapping[str, str]


@dataclass(frozen=True, slots=True, kw_only=True)
class Call:
    """What a hook is called with: the state before its events, and who uses it."""

    state: State
    params: Params
    dice: Dice
    player: str
    team: str | None = None
    marine: str | None = None
    terrain: str | None = None
    choice: str | None = None


Effect = Callable[[Call], list[Event]]


@dataclass(frozen=True, slots=True, kw_only=True)
class Mods:
    """Passive modifiers of a team's chosen action card for the round (§5.2)."""

    range_bonus: int = 0
    hit_faces: frozenset[int] = frozenset()
    kills_per_hit: int = 1
    swap_reach: int = 1
    defence_bonus: int = 0
    token_on_move: bool = False
    last_stand: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionHook:
    """An action-card ability."""

    params: ParamKinds = field(default_factory=dict)
    mods: Callable[[Params], Mods] = lambda p: Mods()
    on_resolve: Effect | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class EventHook:
    """An event ability; ``options`` makes it an INSTINCT choice of a marine (§5.4)."""

    params: ParamKinds = field(default_factory=dict)
    effect: Effect
    options: Callable[[State, Params], list[str]] | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class TerrainHook:
    """A terrain ACTIVATE ability; ``seals`` terrain blocks a spawn while it holds a token."""

    params: ParamKinds = field(default_factory=dict)
    effect: Effect
    seals: bool = False


@dataclass(frozen=True, slots=True, kw_only=True)
class LocationHook:
    """A location ability with its trigger (§7.2 step 4)."""

    params: ParamKinds = field(default_factory=dict)
    trigger: str
    effect: Effect


@dataclass(frozen=True, slots=True, kw_only=True)
class VictoryHook:
    """A final location's victory condition (§7.4)."""

    params: ParamKinds = field(default_factory=dict)
    met: Callable[[State, Params], bool]


def _int(params: Params, name: str) -> int:
    value = params[name]
    assert isinstance(value, int)
    return value


def _side(params: Params, name: str) -> Side:
    return "L" if params[name] == "L" else "R"


def _give(state: State, marines: list[str], each: int) -> list[Event]:
    """Tokens from the pool onto marines in order, while the pool lasts (§12.27); from rules
    revision 3 the marines it could not give all theirs are named (E17)."""
    pool, out, none, partly = state.pool, list[Event](), list[str](), list[str]()
    for m in marines:
        n = min(each, pool)
        if n:
            out.append(TokensPlaced(marine=m, count=n))
            pool -= n
        if n < each:
            # from revision 4 a marine given some of his tokens is named apart (E17)
            (partly if n and state.since(4) else none).append(m)
    if (none or partly) and state.since(3):
        out.append(PoolRanOut(marines=tuple(none), partly=tuple(partly)))
    return out


# --- action cards -------------------------------------------------------------------------


def _team_tokens(call: Call) -> list[Event]:
    assert call.team is not None
    return _give(call.state, team_marines(call.state, call.team), _int(call.params, "count"))


def _flame_sweep(call: Call) -> list[Event]:
    """Roll once per team marine (not an attack: no re-roll, §6.2); a skull slays in front."""
    assert call.team is not None
    out: list[Event] = []
    for m in team_marines(call.state, call.team):
        die = roll_die(call.state.pack, call.dice, "ability", call.player, m)
        out.append(die)
        ms, pos = marine_at(call.state, m), marine_position(call.state, m)
        assert ms is not None and pos is not None
        if die.skull and swarm(call.state, pos, ms.facing):
            out.append(KillRequested(player=call.player, position=pos, side=ms.facing, count=1))
    return out


ACTION_HOOKS: dict[str, ActionHook] = {
    "team_tokens": ActionHook(params={"count": "int"}, on_resolve=_team_tokens),
    "flame_sweep": ActionHook(on_resolve=_flame_sweep),
    "defence_bonus": ActionHook(
        params={"bonus": "int"}, mods=lambda p: Mods(defence_bonus=_int(p, "bonus"))
    ),
    "last_stand": ActionHook(mods=lambda p: Mods(last_stand=True)),
    "range_bonus": ActionHook(
        params={"bonus": "int"}, mods=lambda p: Mods(range_bonus=_int(p, "bonus"))
    ),
    "extra_hit_face": ActionHook(
        params={"face": "face"}, mods=lambda p: Mods(hit_faces=frozenset({_int(p, "face")}))
    ),
    "double_kill": ActionHook(mods=lambda p: Mods(kills_per_hit=2)),
    "long_swap": ActionHook(
        params={"reach": "int"}, mods=lambda p: Mods(swap_reach=max(1, _int(p, "reach")))
    ),
    "token_on_move": ActionHook(mods=lambda p: Mods(token_on_move=True)),
}

# --- events ---------------------------------------------------------------------------------


def _behind_pile(state: State, marine: str) -> tuple[int, Side, int]:
    ms, pos = marine_at(state, marine), marine_position(state, marine)
    assert ms is not None and pos is not None
    side = other_side(ms.facing)
    return pos, side, len(state.blips[side])


def _spawn_behind_options(state: State, params: Params) -> list[str]:
    """§5.4 [L255]: only marines behind whom the most genestealers can spawn."""
    count = _int(params, "count")
    sizes = {r.marine.id: min(count, _behind_pile(state, r.marine.id)[2]) for r in state.formation}
    best = max(sizes.values(), default=0)
    return [m for m, n in sizes.items() if n == best]


def _spawn_behind(call: Call) -> list[Event]:
    assert call.choice is not None
    pos, side, size = _behind_pile(call.state, call.choice)
    n = min(_int(call.params, "count"), size)
    if not n:
        return []
    cards = tuple(call.state.blips[side][:n])
    return [GenestealersPlaced(placements=(CardsPlaced(position=pos, side=side, cards=cards),))]


def _strip_options(state: State, params: Params) -> list[str]:
    most = max((r.marine.tokens for r in state.formation), default=0)
    return [r.marine.id for r in state.formation if r.marine.tokens == most]


def _strip_tokens(call: Call) -> list[Event]:
    assert call.choice is not None
    ms = marine_at(call.state, call.choice)
    assert ms is not None
    return [TokensDiscarded(marine=ms.id, count=ms.tokens)] if ms.tokens else []


def _tokens_fade(call: Call) -> list[Event]:
    rich = [r.marine.id for r in call.state.formation if r.marine.tokens >= 2]
    return [TokensDiscarded(marine=m, count=1) for m in rich]


def _quiet_reward(call: Call) -> list[Event]:
    calm = [r.marine.id for r in call.state.formation if not r.groups]
    return _give(call.state, calm, _int(call.params, "count"))


EVENT_HOOKS: dict[str, EventHook] = {
    "spawn_behind": EventHook(
        params={"count": "int"}, effect=_spawn_behind, options=_spawn_behind_options
    ),
    "strip_tokens": EventHook(effect=_strip_tokens, options=_strip_options),
    "tokens_fade": EventHook(effect=_tokens_fade),
    "quiet_reward": EventHook(params={"count": "int"}, effect=_quiet_reward),
}

# --- terrain --------------------------------------------------------------------------------


def _seal(call: Call) -> list[Event]:
    assert call.terrain is not None
    held = next(t.tokens for r in call.state.formation for t in r.terrain if t.id == call.terrain)
    if held:
        return []
    if not call.state.pool:
        return [PoolRanOut(terrain=call.terrain)] if call.state.since(3) else []
    return [TokensPlaced(terrain=call.terrain, count=1)]


def _control_panel(call: Call) -> list[Event]:
    ability = call.state.location.ability
    if ability is None or ability.trigger != "control_panel":
        return []
    hook = LOCATION_HOOKS[ability.hook]
    return hook.effect(
        Call(
            state=call.state,
            params=ability.params,
            dice=call.dice,
            player=call.player,
            team=call.team,
            marine=call.marine,
            terrain=call.terrain,
        )
    )


def _supply_cache(call: Call) -> list[Event]:
    assert call.marine is not None
    return _give(call.state, [call.marine], _int(call.params, "count"))


def _purge_vent(call: Call) -> list[Event]:
    """A non-attack roll (no re-roll, §6.2): a skull slays one card beside this terrain."""
    assert call.terrain is not None
    where = terrain_at(call.state, call.terrain)
    assert where is not None
    die = roll_die(call.state.pack, call.dice, "ability", call.player, call.marine)
    out: list[Event] = [die]
    if die.skull and swarm(call.state, *where):
        out.append(KillRequested(player=call.player, position=where[0], side=where[1], count=1))
    return out


TERRAIN_HOOKS: dict[str, TerrainHook] = {
    "seal": TerrainHook(effect=_seal, seals=True),
    "control_panel": TerrainHook(effect=_control_panel),
    "supply_cache": TerrainHook(params={"count": "int"}, effect=_supply_cache),
    "purge_vent": TerrainHook(effect=_purge_vent),
}

# --- locations ------------------------------------------------------------------------------


def _spawn_broodlord(call: Call) -> list[Event]:
    """§6.9: a broodlord enters directly, never from a blip pile."""
    lord = str(call.params["broodlord"])
    size = len(call.state.formation)
    if lord not in call.state.broodlords_reserve or not size:
        return []
    number = _int(call.params, "number")
    pos = min(number, size) if call.params["arrow"] == "down" else max(size - number + 1, 1)
    placed = CardsPlaced(position=pos, side=_side(call.params, "side"), cards=(lord,))
    return [GenestealersPlaced(placements=(placed,), from_blips=False)]


def _resupply(call: Call) -> list[Event]:
    heads = [r.marine.id for r in call.state.formation[: _int(call.params, "count")]]
    return _give(call.state, heads, 1)


def _panel_progress(call: Call) -> list[Event]:
    here = call.state.locations[-1]
    return [ProgressMade(location=here, value=call.state.progress.get(here, 0) + 1)]


def _panel_vent(call: Call) -> list[Event]:
    assert call.marine is not None
    ms = marine_at(call.state, call.marine)
    assert ms is not None
    pile = call.state.blips[ms.facing]
    return [BlipDiscarded(side=ms.facing, card=pile[0])] if pile else []


LOCATION_HOOKS: dict[str, LocationHook] = {
    "spawn_broodlord": LocationHook(
        params={"broodlord": "broodlord", "side": "side", "number": "int", "arrow": "arrow"},
        trigger="on_enter",
        effect=_spawn_broodlord,
    ),
    "resupply": LocationHook(params={"count": "int"}, trigger="on_enter", effect=_resupply),
    "panel_progress": LocationHook(trigger="control_panel", effect=_panel_progress),
    "panel_vent": LocationHook(trigger="control_panel", effect=_panel_vent),
}

# --- victory --------------------------------------------------------------------------------

VICTORY_HOOKS: dict[str, VictoryHook] = {
    "progress": VictoryHook(
        params={"target": "int"},
        met=lambda s, p: s.progress.get(s.locations[-1], 0) >= _int(p, "target"),
    ),
    "broodlord_slain": VictoryHook(
        params={"broodlord": "broodlord"},
        met=lambda s, p: str(p["broodlord"]) in s.broodlords_slain,
    ),
}


def team_mods(state: State, team: str) -> Mods:
    """The modifiers of the card a team chose this round, once revealed (§5.2)."""
    card = state.selection.get(team) if state.revealed else None
    ability = state.ix.actions[card].ability if card else None
    if ability is None:
        return Mods()
    return ACTION_HOOKS[ability.hook].mods(ability.params)


def sealed(state: State, position: int, terrain: str) -> bool:
    """Whether a terrain card blocks spawning because it holds a sealing token."""
    for t in row(state, position).terrain:
        if t.id == terrain and t.tokens:
            ability = state.ix.terrain[terrain].activate
            return ability is not None and TERRAIN_HOOKS[ability.hook].seals
    return False
