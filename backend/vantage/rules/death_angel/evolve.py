"""How each event changes the state; no validation here (the engine contract's ``evolve``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from vantage.rules.death_angel import events as ev
from vantage.rules.death_angel.formation import close_gap
from vantage.rules.death_angel.pack import SIDES, Side
from vantage.rules.death_angel.state import (
    ActStep,
    EventStep,
    Group,
    KillRequest,
    MarineState,
    Roll,
    Row,
    State,
    TerrainState,
    TravelStep,
    clone,
    controller,
    marine_at,
    row,
)


def evolve(state: State, event: ev.Event) -> State:
    """The state after one event (a copy; the given state is left untouched)."""
    out = clone(state)
    apply(out, event)
    return out


def apply(state: State, event: ev.Event) -> None:
    """Apply one event in place."""
    _APPLY[type(event)](state, event)


def _setup(s: State, e: ev.SetupDealt) -> None:
    """§3.1: teams, hands, formation faced (top half left), decks, pool, reserve."""
    s.first_player = e.first_player
    s.teams = {p.team: p.player for p in e.picks}
    s.hands = {p.team: [a.id for a in s.ix.teams[p.team].actions] for p in e.picks}
    half = len(e.formation) // 2
    s.formation = [
        Row(marine=MarineState(id=m, team=s.ix.marine_team[m], facing="L" if i < half else "R"))
        for i, m in enumerate(e.formation)
    ]
    s.locations = [e.setup_card]
    s.location_deck = list(e.location_deck)
    s.gs_deck = list(e.genestealer_deck)
    s.event_deck = list(e.event_deck)
    s.pool = s.pack.support_tokens
    s.broodlords_reserve = [b.id for b in s.pack.broodlords]
    s.travel = TravelStep()
    s.active_player = e.first_player  # §12.9: the first picker acts for the setup spawn


def _location(s: State, e: ev.LocationEntered) -> None:
    s.location_deck.remove(e.location)
    s.locations.append(e.location)
    s.travel = TravelStep()
    s.phase_done = "travelled"


def _terrain(s: State, e: ev.TerrainPlaced) -> None:
    for r in s.formation:
        r.terrain = []
    for p in e.placements:
        row(s, p.position).terrain.append(TerrainState(id=p.terrain, side=p.side))
    assert s.travel is not None
    s.travel.stage = "blips"


def _blips_discarded(s: State, e: ev.BlipsDiscarded) -> None:
    s.gs_discard.extend([*s.blips["L"], *s.blips["R"]])
    s.blips = {"L": [], "R": []}
    assert s.travel is not None
    s.travel.discarded = True


def _shuffled(s: State, e: ev.DeckShuffled) -> None:
    if e.deck == "genestealer":
        s.gs_deck.extend(e.order)
        s.gs_discard = []
    else:
        s.event_deck.extend(e.order)
        s.event_discard = []


def _odd_side(s: State, e: ev.BlipSideChosen) -> None:
    assert s.travel is not None
    s.travel.odd_side = e.side


def _dealt(s: State, e: ev.BlipsDealt) -> None:
    taken = {*e.left, *e.right}
    s.gs_deck = [c for c in s.gs_deck if c not in taken]
    s.blips = {"L": list(e.left), "R": list(e.right)}
    assert s.travel is not None
    s.travel.stage = "ability"


def _travel_done(s: State, e: ev.TravelFinished) -> None:
    s.travel = None
    if s.phase == "setup":
        s.event = EventStep(setup=True)


def _round(s: State, e: ev.RoundStarted) -> None:
    s.round, s.phase, s.phase_done = e.round, "select", ""
    s.last_round = dict(s.selection)
    s.selection, s.revealed, s.order, s.queue = {}, False, [], []
    for r in s.formation:
        for t in r.terrain:
            t.activated = False


def _phase_ended(s: State, e: ev.PhaseEnded) -> None:
    s.phase_done = "check"


def _phase_started(s: State, e: ev.PhaseStarted) -> None:
    s.phase, s.phase_done = e.phase, ""
    if e.phase == "event":
        s.event = EventStep()


def _selected(s: State, e: ev.ActionsSelected) -> None:
    for card in e.cards:
        s.selection[s.ix.action_team[card]] = card


def _revealed(s: State, e: ev.ActionsRevealed) -> None:
    s.revealed, s.order, s.queue = True, list(e.order), list(e.order)
    s.active_player, s.active_card = e.active_player, e.order[0]


def _action_started(s: State, e: ev.ActionStarted) -> None:
    s.queue.remove(e.card)
    team = s.ix.action_team[e.card]
    s.act = ActStep(card=e.card, team=team, player=s.teams[team], kind=s.ix.actions[e.card].kind)


def _act(s: State) -> ActStep:
    assert s.act is not None
    return s.act


def _ability_used(s: State, e: ev.AbilityUsed) -> None:
    _act(s).ability_done = True


def _support(s: State, e: ev.SupportGiven) -> None:
    if e.placed:
        _tokens(s, e.marine, None, 1)
    _act(s).support_done = True


def _support_pool_empty(s: State, e: ev.SupportPoolEmpty) -> None:
    _act(s).support_done = True


def _told(s: State, e: ev.PoolRanOut | ev.LocationAbilityUsed) -> None:
    """Events that only tell what happened (E17): the state does not change."""


def _moved(s: State, e: ev.MarineMoved) -> None:
    a = next(r for r in s.formation if r.marine.id == e.marine)
    b = next(r for r in s.formation if r.marine.id == e.other)
    a.marine, b.marine = b.marine, a.marine
    _act(s).moved.append(e.marine)


def _flipped(s: State, e: ev.MarineFlipped) -> None:
    m = marine_at(s, e.marine)
    assert m is not None
    m.facing = e.facing
    _act(s).flipped.append(e.marine)
    _act(s).stage = "flip"


def _activated(s: State, e: ev.TerrainActivated) -> None:
    for r in s.formation:
        for t in r.terrain:
            if t.id == e.terrain:
                t.activated = True
    _act(s).stage = "activate"


def _declared(s: State, e: ev.AttackDeclared) -> None:
    s.roll = Roll(
        purpose="attack",
        player=controller(s, e.marine),
        marine=e.marine,
        position=e.position,
        side=e.side,
        value=-1,
    )


def _rolled(s: State, e: ev.DieRolled) -> None:
    if e.purpose != "ability":
        assert s.roll is not None
        s.roll.value, s.roll.skull = e.value, e.skull


def _token_spent(s: State, e: ev.TokenSpent) -> None:
    _tokens(s, e.marine, None, -1)


def _kept(s: State, e: ev.RollKept) -> None:
    assert s.roll is not None
    s.roll.kept = True


def _attack_resolved(s: State, e: ev.AttackResolved) -> None:
    s.roll = None
    _act(s).attacked.append(e.marine)


def _kill_requested(s: State, e: ev.KillRequested) -> None:
    s.kills.append(KillRequest(player=e.player, position=e.position, side=e.side, count=e.count))


def _slain(s: State, e: ev.GenestealerSlain) -> None:
    r = row(s, e.position)
    for g in r.groups:
        if g.side == e.side and e.card in g.cards:
            g.cards.remove(e.card)
    r.groups = [g for g in r.groups if g.cards]
    (s.broodlords_slain if s.ix.is_broodlord(e.card) else s.gs_discard).append(e.card)
    if e.requested:
        s.kills[0].count -= 1
        if s.kills[0].count <= 0:
            s.kills.pop(0)


def _kill_dropped(s: State, e: ev.KillDropped) -> None:
    s.kills.pop(0)


def _action_finished(s: State, e: ev.ActionFinished) -> None:
    s.act = None


def _tokens(s: State, marine: str | None, terrain: str | None, delta: int) -> None:
    """Move tokens between the pool and a marine or terrain card (§6.2, §12.27)."""
    if marine is not None:
        m = marine_at(s, marine)
        assert m is not None
        m.tokens += delta
    for r in s.formation:
        for t in r.terrain:
            if t.id == terrain:
                t.tokens += delta
    s.pool -= delta


def _placed(s: State, e: ev.TokensPlaced) -> None:
    _tokens(s, e.marine, e.terrain, e.count)


def _discarded(s: State, e: ev.TokensDiscarded) -> None:
    _tokens(s, e.marine, e.terrain, -e.count)


def _unattacked(r: Row, side: Side) -> list[Group]:
    return [g for g in r.groups if g.side == side and not g.attacked]


def _swarm_attacks(s: State, e: ev.SwarmAttackStarted) -> None:
    """§11.15: unattacked groups at this position and side attack as one swarm."""
    r = row(s, e.position)
    fresh = _unattacked(r, e.side)
    fresh[0].cards = [c for g in fresh for c in g.cards]
    r.groups = [g for g in r.groups if g not in fresh[1:]]
    s.roll = Roll(
        purpose="defence",
        player=controller(s, e.marine),
        marine=e.marine,
        position=e.position,
        side=e.side,
        value=-1,
    )


def _swarm_done(s: State, e: ev.SwarmAttackFinished) -> None:
    for g in _unattacked(row(s, e.position), e.side)[:1]:  # gone if Last Stand slew it all
        g.attacked = True
    s.roll = None


def _killed(s: State, e: ev.MarineKilled) -> None:
    m = marine_at(s, e.marine)
    assert m is not None
    s.pool += m.tokens  # §12.4: his tokens return to the pool
    s.dead_marines.append(e.marine)
    close_gap(s, e.position, e.shift)


def _eliminated(s: State, e: ev.TeamEliminated) -> None:
    s.hands.pop(e.team, None)
    s.selection.pop(e.team, None)
    s.queue = [c for c in s.queue if c not in e.cards]
    s.order = [c for c in s.order if c not in e.cards]
    s.active_player, s.active_card = e.active_player, e.active_card
    if s.act is not None and s.act.card in e.cards:
        s.act = None


def _event(s: State) -> EventStep:
    assert s.event is not None
    return s.event


def _drawn(s: State, e: ev.EventDrawn) -> None:
    s.event_deck.remove(e.card)
    _event(s).card = e.card


def _instinct(s: State, e: ev.InstinctChosen) -> None:
    _event(s).choice = e.marine


def _event_revealed(s: State, e: ev.EventRevealed) -> None:
    _event(s).revealed = True


def _event_ability(s: State, e: ev.EventAbilityResolved) -> None:
    _event(s).ability_done = True


def _gs_placed(s: State, e: ev.GenestealersPlaced) -> None:
    """§12.18: placed cards join the unmoved, unattacked group there (or start one)."""
    for p in e.placements:
        for c in p.cards:
            (s.blips[p.side] if e.from_blips else s.broodlords_reserve).remove(c)
        r = row(s, p.position)
        home = next((g for g in r.groups if g.side == p.side and not (g.moved or g.attacked)), None)
        if home is None:
            r.groups.append(Group(side=p.side, cards=list(p.cards)))
        else:
            home.cards.extend(p.cards)
    if e.box_side is not None:
        _event(s).sides_done.append(e.box_side)


def _sealed(s: State, e: ev.SpawnSealed) -> None:
    _tokens(s, None, e.terrain, -1)


def _swarms_moved(s: State, e: ev.SwarmsMoved) -> None:
    """§11.22: every move of the box from the same snapshot."""
    picked = [(row(s, m.position).groups[m.group], m) for m in e.moves]
    for g, m in picked:
        row(s, m.position).groups.remove(g)
    for g, m in picked:
        g.side, g.moved = m.to_side, True
        row(s, m.to_position).groups.append(g)
    _box_done(s)


def _box_done(s: State, e: Any = None) -> None:
    _event(s).box += 1
    _event(s).sides_done = []


def _event_discarded(s: State, e: ev.EventDiscarded) -> None:
    """§4.3: at the end of the event phase all swarms on one position and side merge."""
    s.event_discard.append(e.card)
    s.event = None
    for r in s.formation:
        merged = {side: [c for g in r.groups if g.side == side for c in g.cards] for side in SIDES}
        r.groups = [Group(side=side, cards=cards) for side, cards in merged.items() if cards]


def _progress(s: State, e: ev.ProgressMade) -> None:
    s.progress[e.location] = e.value


def _blip_discarded(s: State, e: ev.BlipDiscarded) -> None:
    s.blips[e.side].remove(e.card)
    s.gs_discard.append(e.card)


def _won(s: State, e: ev.GameWon) -> None:
    s.outcome, s.outcome_reason, s.phase = "won", e.reason, "over"


def _lost(s: State, e: ev.GameLost) -> None:
    s.outcome, s.outcome_reason, s.phase = "lost", "all_dead", "over"


_APPLY: dict[type, Callable[[State, Any], None]] = {
    ev.SetupDealt: _setup,
    ev.LocationEntered: _location,
    ev.TerrainPlaced: _terrain,
    ev.BlipsDiscarded: _blips_discarded,
    ev.DeckShuffled: _shuffled,
    ev.BlipSideChosen: _odd_side,
    ev.BlipsDealt: _dealt,
    ev.TravelFinished: _travel_done,
    ev.RoundStarted: _round,
    ev.PhaseEnded: _phase_ended,
    ev.PhaseStarted: _phase_started,
    ev.ActionsSelected: _selected,
    ev.ActionsRevealed: _revealed,
    ev.ActionStarted: _action_started,
    ev.AbilityUsed: _ability_used,
    ev.SupportGiven: _support,
    ev.SupportPoolEmpty: _support_pool_empty,
    ev.PoolRanOut: _told,
    ev.LocationAbilityUsed: _told,
    ev.MarineMoved: _moved,
    ev.MarineFlipped: _flipped,
    ev.TerrainActivated: _activated,
    ev.AttackDeclared: _declared,
    ev.DieRolled: _rolled,
    ev.TokenSpent: _token_spent,
    ev.RollKept: _kept,
    ev.AttackResolved: _attack_resolved,
    ev.KillRequested: _kill_requested,
    ev.GenestealerSlain: _slain,
    ev.KillDropped: _kill_dropped,
    ev.ActionFinished: _action_finished,
    ev.TokensPlaced: _placed,
    ev.TokensDiscarded: _discarded,
    ev.SwarmAttackStarted: _swarm_attacks,
    ev.SwarmAttackFinished: _swarm_done,
    ev.MarineKilled: _killed,
    ev.TeamEliminated: _eliminated,
    ev.EventDrawn: _drawn,
    ev.InstinctChosen: _instinct,
    ev.EventRevealed: _event_revealed,
    ev.EventAbilityResolved: _event_ability,
    ev.GenestealersPlaced: _gs_placed,
    ev.SpawnSealed: _sealed,
    ev.SwarmsMoved: _swarms_moved,
    ev.BoxResolved: _box_done,
    ev.EventDiscarded: _event_discarded,
    ev.ProgressMade: _progress,
    ev.BlipDiscarded: _blip_discarded,
    ev.GameWon: _won,
    ev.GameLost: _lost,
}
