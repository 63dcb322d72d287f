"""Seats and cards as players read them: the names in a refusal's message (death-angel §10.3).

Refusals reach a player as a toast, so they name marines, teams, action cards, terrain and swarm
cards by the pack's names ("Brother Castor", "Vent Shaft", "Talon"); the raw ids stay in the
refusal's ``detail`` for programs. An id the pack does not know is quoted as it was sent.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Protocol

from vantage.engine.errors import Rejection
from vantage.rules.death_angel.pack import Index, Side

_SEAT = re.compile(r"p(\d+)")


class _Named(Protocol):
    @property
    def name(self) -> str: ...


def _name_in(cards: Mapping[str, _Named], card_id: str) -> str:
    card = cards.get(card_id)
    return card.name if card is not None else repr(card_id)


def player_name(player: str) -> str:
    """A seat as players read it: ``p2`` is "Player 2"; any other id is quoted."""
    seat = _SEAT.fullmatch(player)
    return f"Player {seat.group(1)}" if seat else repr(player)


def players_named(players: Iterable[str]) -> str:
    """Seats joined as words: "Player 1 and Player 3"."""
    return " and ".join(player_name(p) for p in players) or "nobody"


PROMPT_WORDS = {
    "select_actions": "to choose action cards",
    "give_support": "to give a support token",
    "move_activate": "to move and activate",
    "attack": "to attack",
    "reroll": "to keep or re-roll the die",
    "choose_kill": "to choose which genestealer dies",
    "choose_instinct": "to make an instinct choice",
    "allocate_spawn": "to share out a short spawn",
    "choose_blip_side": "to choose a blip pile",
}
"""What each prompt waits for, in words (as the page's waiting line says it)."""


def waiting_for(players: Iterable[str], kind: str) -> str:
    """ "waiting for Player 2 to attack": who the game waits on, and for what."""
    doing = PROMPT_WORDS.get(kind, f"to answer {kind.replace('_', ' ')}")
    return f"waiting for {players_named(players)} {doing}"


def side_name(side: Side) -> str:
    """``L`` is "left", ``R`` is "right"."""
    return "left" if side == "L" else "right"


def marine_name(ix: Index, marine: str) -> str:
    """A marine's card name ("Brother Castor")."""
    return _name_in(ix.marines, marine)


def team_name(ix: Index, team: str) -> str:
    """A combat team's name ("Ember Squad")."""
    return _name_in(ix.teams, team)


def action_name(ix: Index, card: str) -> str:
    """An action card's name ("Hold the Line")."""
    return _name_in(ix.actions, card)


def terrain_name(ix: Index, terrain: str) -> str:
    """A terrain card's name ("Vent Shaft")."""
    return _name_in(ix.terrain, terrain)


def swarm_card_name(ix: Index, card: str) -> str:
    """A swarm card's name: the broodlord's, or its genestealer type's ("talon-3" is "Talon")."""
    lord = ix.broodlords.get(card)
    if lord is not None:
        return lord.name
    types = ix.gs_types.get(card)
    if not types:
        return repr(card)
    return "/".join(ix.genestealer_names.get(t, t) for t in types)


def marine_refusal(ix: Index, code: str, marine: str, what: str) -> Rejection:
    """A refusal about one marine: "Brother Castor has already moved" (his id in the detail)."""
    return Rejection(code, f"{marine_name(ix, marine)} {what}", {"marine": marine})


def not_in_formation(ix: Index, code: str, marine: str) -> Rejection:
    """The marine named is dead or not in this game."""
    return marine_refusal(ix, code, marine, "is not in the formation")
