"""Combat: hits and slays, re-rolls, the genestealer attack phase and defence (§5.3, §6.2-§6.4).

§11.13 attack, §11.14 re-roll, §11.15 attack order, §11.16 defence, §6.9 broodlords.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vantage.engine.dice import Dice
from vantage.engine.errors import Rejection
from vantage.rules.death_angel.commands import ChooseKill, KeepRoll, Reroll
from vantage.rules.death_angel.die import roll_die
from vantage.rules.death_angel.events import (
    AttackResolved,
    Event,
    GenestealerSlain,
    KillDropped,
    KillRequested,
    PhaseEnded,
    RollKept,
    SwarmAttackFinished,
    SwarmAttackStarted,
    TokenSpent,
)
from vantage.rules.death_angel.formation import death_events, kill_options
from vantage.rules.death_angel.hooks import team_mods
from vantage.rules.death_angel.names import action_name, swarm_card_name
from vantage.rules.death_angel.pack import SIDES, Side
from vantage.rules.death_angel.prompt import Prompt, Step, ask, auto
from vantage.rules.death_angel.state import (
    Group,
    Roll,
    State,
    card_types,
    controller,
    marine_at,
    row,
)


def step_kills(state: State) -> Step:
    """The first pending slay: automatic when every candidate is alike, else a choice."""
    k = state.kills[0]
    options = kill_options(state, k.position, k.side)
    if not options:
        return auto(KillDropped())
    if len({card_types(state, c) for c in options}) == 1:
        return auto(GenestealerSlain(card=options[0], position=k.position, side=k.side))
    return ask(
        "choose_kill",
        k.player,
        ("choose_kill",),
        {"cards": options},
        {"position": k.position, "side": k.side, "remaining": k.count},
    )


def choose_kill(
    state: State, player: str, cmd: ChooseKill, dice: Dice, prompt: Prompt
) -> list[Event] | Rejection:
    """§6.4, §6.9: any card of the swarm, but a broodlord only when no normal one is left."""
    if cmd.card not in prompt.options[player]["cards"]:
        name = swarm_card_name(state.ix, cmd.card)
        return Rejection("kill/not_eligible", f"{name} cannot be slain now", {"card": cmd.card})
    k = state.kills[0]
    return [GenestealerSlain(card=cmd.card, position=k.position, side=k.side)]


def _swarm(state: State, roll: Roll) -> Group | None:
    return next(
        (g for g in row(state, roll.position).groups if g.side == roll.side and not g.attacked),
        None,
    )


def attacking_group(state: State, roll: Roll) -> Group:
    """The swarm that is attacking (its unattacked, merged group)."""
    group = _swarm(state, roll)
    if group is None:
        raise LookupError(f"no swarm attacks {roll.marine} at {roll.position} {roll.side}")
    return group


@dataclass(frozen=True, slots=True)
class DefenceTerms:
    """What a defence roll is measured by (§6.11, §11.16): the team's card bonus, the swarm's
    broodlords (-1 each, §6.9) and the swarm's size."""

    bonus: int
    broodlords: tuple[str, ...]
    against: int

    def survives(self, value: int) -> bool:
        """The marine survives when the roll plus bonus minus broodlords beats the swarm."""
        return value + self.bonus - len(self.broodlords) > self.against


def defence_terms(state: State, roll: Roll) -> DefenceTerms | None:
    """The terms of ``roll``'s defence against the swarm attacking (None: no swarm attacks)."""
    group = _swarm(state, roll)
    if group is None:
        return None
    bonus = team_mods(state, state.ix.marine_team[roll.marine]).defence_bonus
    lords = tuple(c for c in group.cards if state.ix.is_broodlord(c))
    return DefenceTerms(bonus=bonus, broodlords=lords, against=len(group.cards))


def defence_words(state: State, roll: Roll) -> dict[str, Any] | None:
    """``defence_terms`` in words, for the log and the re-roll prompt: each modifier with its
    label (the team's card, -1 per broodlord) and the swarm's size (``against``)."""
    terms = defence_terms(state, roll)
    if terms is None:
        return None
    modifiers: list[dict[str, Any]] = []
    card = state.selection.get(state.ix.marine_team[roll.marine])
    if terms.bonus and card:
        modifiers.append({"label": action_name(state.ix, card), "value": terms.bonus})
    for c in terms.broodlords:
        modifiers.append({"label": swarm_card_name(state.ix, c), "value": -1})
    return {"modifiers": modifiers, "against": terms.against}


def is_hit(state: State, roll: Roll) -> bool:
    """Attack: a skull, or a face an ability adds (§6.4). Defence: the marine dies (§6.11)."""
    if roll.purpose == "attack":
        mods = team_mods(state, state.ix.marine_team[roll.marine])
        return roll.skull or roll.value in mods.hit_faces
    terms = defence_terms(state, roll)
    if terms is None:
        raise LookupError(f"no swarm attacks {roll.marine} at {roll.position} {roll.side}")
    return not terms.survives(roll.value)


def reroll_allowed(state: State, roll: Roll) -> bool:
    """§6.2: a token on the rolling marine, who faces the swarm (never from behind)."""
    m = marine_at(state, roll.marine)
    return m is not None and m.tokens > 0 and m.facing == roll.side


def _failed(state: State, roll: Roll) -> bool:
    return is_hit(state, roll) != (roll.purpose == "attack")


def step_roll(state: State) -> Step:
    """Offer a re-roll after a failed roll when allowed, else resolve it."""
    roll = state.roll
    assert roll is not None
    if not roll.kept and _failed(state, roll) and reroll_allowed(state, roll):
        m = marine_at(state, roll.marine)
        assert m is not None
        return ask(
            "reroll",
            roll.player,
            ("reroll", "keep_roll"),
            {"tokens": m.tokens},
            {
                "purpose": roll.purpose,
                "marine": roll.marine,
                "value": roll.value,
                "position": roll.position,
                "side": roll.side,
                # a defence: what the roll is measured by, so the page can say what he needs
                **({"defence": defence_words(state, roll)} if roll.purpose == "defence" else {}),
            },
        )
    if roll.purpose == "attack":
        return _resolve_attack(state, roll)
    return _resolve_defence(state, roll)


def reroll(
    state: State, player: str, cmd: Reroll, dice: Dice, prompt: Prompt
) -> list[Event] | Rejection:
    """Spend a token of the rolling marine; the new result replaces the old (§6.2)."""
    roll = state.roll
    assert roll is not None
    if not reroll_allowed(state, roll):
        return Rejection("roll/reroll_not_allowed", "no token, or the swarm is behind him")
    return [
        TokenSpent(marine=roll.marine),
        roll_die(state.pack, dice, roll.purpose, player, roll.marine, reroll=True),
    ]


def keep_roll(
    state: State, player: str, cmd: KeepRoll, dice: Dice, prompt: Prompt
) -> list[Event] | Rejection:
    """Keep the current result."""
    return [RollKept()]


def _resolve_attack(state: State, roll: Roll) -> Step:
    hit = is_hit(state, roll)
    events: list[Event] = [AttackResolved(marine=roll.marine, hit=hit)]
    if hit:
        kills = team_mods(state, state.ix.marine_team[roll.marine]).kills_per_hit
        events.append(
            KillRequested(player=roll.player, position=roll.position, side=roll.side, count=kills)
        )
    return auto(*events)


def _resolve_defence(state: State, roll: Roll) -> Step:
    """§11.16: survive iff roll + bonus - broodlords > swarm size; else he dies now."""
    done = SwarmAttackFinished(position=roll.position, side=roll.side, survived=False)
    if not is_hit(state, roll):
        return auto(SwarmAttackFinished(position=roll.position, side=roll.side, survived=True))
    events: list[Event] = []
    if team_mods(state, state.ix.marine_team[roll.marine]).last_stand:
        cards = attacking_group(state, roll).cards
        normal = [c for c in cards if not state.ix.is_broodlord(c)]
        victim = (normal or cards)[-1]
        events.append(
            GenestealerSlain(card=victim, position=roll.position, side=roll.side, requested=False)
        )
    return auto(*events, done, *death_events(state, roll.marine))


def step_attack_phase(state: State) -> Step:
    """§5.3: the unattacked swarm nearest the head attacks next, left before right."""
    for pos, r in enumerate(state.formation, start=1):
        for side in SIDES:
            fresh = [c for g in r.groups if g.side == side and not g.attacked for c in g.cards]
            if fresh:
                return _swarm_attack(state, pos, side, r.marine.id, tuple(fresh))
    return auto(PhaseEnded(phase="attack"))


def _swarm_attack(state: State, pos: int, side: Side, marine: str, cards: tuple[str, ...]) -> Step:
    player = controller(state, marine)

    def run(dice: Dice) -> list[Event]:
        return [
            SwarmAttackStarted(position=pos, side=side, marine=marine, cards=cards),
            roll_die(state.pack, dice, "defence", player, marine),
        ]

    return run
