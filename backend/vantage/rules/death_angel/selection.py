"""Action selection in secret and the simultaneous reveal (death-angel §5.1, §11.8-9)."""

from __future__ import annotations

from vantage.engine.errors import Rejection
from vantage.rules.death_angel.commands import SelectActions
from vantage.rules.death_angel.events import ActionsRevealed, ActionsSelected, Event, PhaseEnded
from vantage.rules.death_angel.names import action_name, team_name
from vantage.rules.death_angel.prompt import Prompt
from vantage.rules.death_angel.state import State, player_teams, team_marines


def allowed_cards(state: State, team: str) -> list[str]:
    """The team's cards except the one it chose last round (§5.1 [L195])."""
    return [c for c in state.hands.get(team, ()) if c != state.last_round.get(team)]


def living_teams(state: State) -> list[str]:
    """Teams with at least one marine, in pick order."""
    return [t for t in state.teams if team_marines(state, t)]


def select_prompt(state: State) -> Prompt:
    """Everyone who still has a team without a chosen card (§5.1; 1-3 players: §3.2)."""
    waiting = tuple(
        p for p in state.seats if any(t not in state.selection for t in player_teams(state, p))
    )
    options = {
        p: {
            "round": state.round,
            "teams": [
                {"team": t, "cards": allowed_cards(state, t), "chosen": state.selection.get(t)}
                for t in player_teams(state, p)
            ],
        }
        for p in state.seats
        if player_teams(state, p)
    }
    return Prompt(
        kind="select_actions",
        players=waiting,
        commands=("select_actions",),
        options=options,
        info={"round": state.round, "waiting": list(waiting)},
    )


def decide_select(state: State, player: str, cmd: SelectActions) -> list[Event] | Rejection:
    """One card per own living team, not last round's; may be changed until all have chosen."""
    if state.phase != "select" or state.revealed or state.phase_done:
        return Rejection("select/not_selecting", "action cards are chosen only before the reveal")
    if cmd.round != state.round:
        return Rejection(
            "select/wrong_round", f"this is round {state.round}", {"round": state.round}
        )
    teams = player_teams(state, player)
    if not teams:
        return Rejection("select/no_team", "all your marines are dead")
    chosen: dict[str, str] = {}
    for card in cmd.cards:
        team = state.ix.action_team.get(card)
        if team not in teams or card not in state.hands.get(team, ()):
            message = f"{action_name(state.ix, card)} is not in your hand"
            return Rejection("select/not_your_card", message, {"card": card})
        assert team is not None
        if team in chosen:
            message = f"two cards for {team_name(state.ix, team)}"
            return Rejection("select/one_per_team", message, {"team": team})
        if card == state.last_round.get(team):
            message = f"{action_name(state.ix, card)} was chosen last round"
            return Rejection("card/same_as_last_round", message, {"card": card})
        chosen[team] = card
    missing = [t for t in teams if t not in chosen]
    if missing:
        return Rejection(
            "select/one_per_team", "choose one card for each of your teams", {"missing": missing}
        )
    events: list[Event] = [ActionsSelected(player=player, cards=tuple(chosen[t] for t in teams))]
    after = {**state.selection, **chosen}
    if all(t in after for t in living_teams(state)):
        events += [reveal(state, after), PhaseEnded(phase="select")]
    return events


def reveal(state: State, selection: dict[str, str]) -> ActionsRevealed:
    """Ascending initiative; ties clockwise from the first player, then pick order (§12.7)."""
    seats = list(state.seats)
    start = seats.index(state.first_player)
    picks = list(state.teams)

    def rank(card: str) -> tuple[int, int, int]:
        team = state.ix.action_team[card]
        seat = (seats.index(state.teams[team]) - start) % len(seats)
        return state.ix.actions[card].initiative, seat, picks.index(team)

    order = tuple(sorted(selection.values(), key=rank))
    return ActionsRevealed(order=order, active_player=state.teams[state.ix.action_team[order[0]]])
