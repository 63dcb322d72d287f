"""What each viewer may see (death-angel §10.3): ``project`` for states, ``redact`` for events.

Hidden: hands (only their owner), an unrevealed selection (only its player), deck orders and
blip cards (nobody), an event card before its reveal (only the active player who drew it), the
options of a prompt (only the chooser: INSTINCT options would hint at the card).
"""

from __future__ import annotations

from typing import Any

from vantage.rules.death_angel import combat
from vantage.rules.death_angel import events as ev
from vantage.rules.death_angel.events import EVENT_CODEC
from vantage.rules.death_angel.flow import prompt_of
from vantage.rules.death_angel.names import swarm_card_name
from vantage.rules.death_angel.pack import Location, MoveBox, Place, SpawnBox
from vantage.rules.death_angel.state import Row, State, controller, team_marines


def _action(state: State, card: str) -> dict[str, Any]:
    a = state.ix.actions[card]
    return {
        "id": a.id,
        "name": a.name,
        "team": state.ix.action_team[card],
        "initiative": a.initiative,
        "kind": a.kind,
        "text": a.ability.text if a.ability else "",
    }


def _swarm_card(state: State, card: str) -> dict[str, Any]:
    return {
        "id": card,
        "types": list(state.ix.gs_types[card]),
        "broodlord": state.ix.is_broodlord(card),
        "name": swarm_card_name(state.ix, card),
    }


def _row(state: State, position: int, r: Row) -> dict[str, Any]:
    m, card = r.marine, state.ix.marines[r.marine.id]
    face = card.faces.L if m.facing == "L" else card.faces.R
    terrain = []
    for t in r.terrain:
        tc = state.ix.terrain[t.id]
        terrain.append(
            {
                "id": t.id,
                "name": tc.name,
                "colour": tc.colour,
                "boxes": tc.boxes,
                "side": t.side,
                "tokens": t.tokens,
                "activated": t.activated,
                "activatable": tc.activate is not None,
                "text": tc.activate.text if tc.activate else "",
            }
        )
    return {
        "position": position,
        "marine": {
            "id": m.id,
            "name": card.name,
            "team": m.team,
            "player": controller(state, m.id),
            "range": card.range,
            "facing": m.facing,
            "tokens": m.tokens,
            "arrows": {"left": face.left, "right": face.right},
        },
        "terrain": terrain,
        "swarms": [
            {
                "side": g.side,
                "cards": [_swarm_card(state, c) for c in g.cards],
                "attacked": g.attacked,
                "moved": g.moved,
            }
            for g in r.groups
        ],
    }


def _place(state: State, place: Place) -> dict[str, Any]:
    return {
        "id": place.id,
        "name": place.name,
        "label": _label(place),
        "blips": list(place.blips),
        "ability": place.ability.text if place.ability else "",
        "victory": place.victory.text if place.victory else "",
        "progress": state.progress.get(place.id, 0),
    }


def _event(state: State, me: str | None) -> dict[str, Any] | None:
    step = state.event
    if step is None:
        return None
    visible = step.card is not None and (step.revealed or me == state.active_player)
    card = state.ix.events[step.card] if visible and step.card else None
    return {
        "drawn": step.card is not None,
        "drawn_by": state.active_player if step.card else None,
        "revealed": step.revealed,
        "setup": step.setup,
        "box": step.box,
        "card": None
        if card is None
        else {
            "id": card.id,
            "name": card.name,
            "instinct": card.instinct,
            "text": card.ability.text if card.ability else "",
            "boxes": [_box(b) for b in card.boxes],
        },
        "choice": step.choice,
    }


def _box(box: SpawnBox | MoveBox) -> dict[str, Any]:
    if isinstance(box, SpawnBox):
        return {"kind": "spawn", "colour": box.colour, "size": box.size}
    return {"kind": box.kind, "genestealer": box.genestealer}


def _label(place: Place) -> str:
    return place.label if isinstance(place, Location) else "setup"


def _player(state: State, player: str) -> dict[str, Any]:
    teams = [t for t, o in state.teams.items() if o == player]
    return {
        "id": player,
        "teams": teams,
        "hand_size": sum(len(state.hands.get(t, ())) for t in teams),
    }


def project(state: State, me: str | None) -> dict[str, Any]:
    """The JSON state for one seat (``me``) or a spectator (``None``)."""
    prompt = prompt_of(state)
    mine = [t for t, p in state.teams.items() if p == me]
    teams = []
    for t, p in state.teams.items():
        card = state.ix.teams[t]
        chosen = state.selection.get(t)
        teams.append(
            {
                "id": t,
                "name": card.name,
                "colour": card.colour,
                "player": p,
                "marines": team_marines(state, t),
                "alive": bool(team_marines(state, t)),
                "has_chosen": chosen is not None,
                "chosen": _action(state, chosen)
                if chosen and (state.revealed or p == me)
                else None,
                "last_card": _action(state, state.last_round[t]) if t in state.last_round else None,
            }
        )
    return {
        "system": "death-angel",
        "pack": {"id": state.pack.id, "title": state.pack.title},
        "viewer": me,
        "round": state.round,
        "phase": state.phase,
        "outcome": state.outcome or None,
        "outcome_reason": state.outcome_reason or None,
        "first_player": state.first_player,
        "active_player": state.active_player,
        "players": [_player(state, p) for p in state.seats],
        "teams": teams,
        "hand": [_action(state, c) for t in mine for c in state.hands.get(t, ())],
        "formation": [_row(state, i, r) for i, r in enumerate(state.formation, start=1)],
        "stray": [_swarm_card(state, c) for c in state.stray],
        "dead_marines": list(state.dead_marines),
        "location": _place(state, state.location) if state.locations else None,
        "visited": list(state.locations),
        "location_deck": {
            "count": len(state.location_deck),
            "labels": [_label(state.ix.places[c]) for c in state.location_deck],
        },
        "spawn": {"major": state.setup_card.major, "minor": state.setup_card.minor}
        if state.locations
        else None,
        "blips": {"L": len(state.blips["L"]), "R": len(state.blips["R"])},
        "genestealer_deck": len(state.gs_deck),
        "genestealer_discard": [_swarm_card(state, c) for c in state.gs_discard],
        "event_deck": len(state.event_deck),
        "event_discard": list(state.event_discard),
        "support_pool": state.pool,
        "broodlords": {
            "reserve": list(state.broodlords_reserve),
            "slain": list(state.broodlords_slain),
        },
        "resolution": {
            "order": [_action(state, c) for c in state.order] if state.revealed else [],
            "queue": list(state.queue) if state.revealed else [],
            "current": state.act.card if state.act else None,
        },
        "event": _event(state, me),
        "roll": None
        if state.roll is None
        else {
            "purpose": state.roll.purpose,
            "marine": state.roll.marine,
            "position": state.roll.position,
            "side": state.roll.side,
            "value": state.roll.value,
            "skull": state.roll.skull,
        },
        "pending": None
        if prompt is None
        else {
            "kind": prompt.kind,
            "players": list(prompt.players),
            "commands": list(prompt.commands),
            "info": prompt.info,
            "options": prompt.options.get(me) if me else None,
        },
    }


def defence_terms(state: State) -> dict[str, Any] | None:
    """What the defence roll in progress is measured by, in words for the log
    (``combat.defence_words``); None when no defence roll is in progress."""
    roll = state.roll
    if roll is None or roll.purpose != "defence":
        return None
    return combat.defence_words(state, roll)


def redact(
    event: ev.Event, me: str | None, state_after: State | None = None
) -> dict[str, Any] | None:
    """The event as this viewer may see it (secret parts replaced by counts). A defence roll
    also says what it is measured by (``modifiers``, ``against``; words for the log, from the
    state after it, never part of the stored log)."""
    out = EVENT_CODEC.encode(event)
    if isinstance(event, ev.DieRolled) and event.purpose == "defence" and state_after is not None:
        terms = defence_terms(state_after)
        if terms is not None:
            out.update(terms)
    if isinstance(event, ev.SetupDealt):
        out["location_deck"] = len(event.location_deck)
        out["genestealer_deck"] = len(event.genestealer_deck)
        out["event_deck"] = len(event.event_deck)
    elif isinstance(event, ev.BlipsDealt):
        out["left"], out["right"] = len(event.left), len(event.right)
    elif isinstance(event, ev.DeckShuffled):
        out["order"] = len(event.order)
    elif isinstance(event, ev.ActionsSelected | ev.EventDrawn) and me != event.player:
        out.pop("cards", None)
        out.pop("card", None)
    return out


def summary(state: State) -> dict[str, Any]:
    """A short public description for the lobby."""
    return {
        "round": state.round,
        "phase": state.phase,
        "players": len(state.seats),
        "marines": len(state.formation),
        "location": state.location.name if state.locations else None,
        "locations_left": len(state.location_deck),
        "outcome": state.outcome or None,
    }
