"""Two bots play a whole game; its log replays to the same state."""

from __future__ import annotations

from tests.wh40k10e.harness import new_game, play, ruleset


def test_bots_play_five_rounds_to_a_result() -> None:
    game = play(new_game(seed=b"full-game"))
    result = game.state.result
    assert result is not None
    assert result.reason in ("rounds_complete", "army_destroyed")
    types = {e["type"] for e in game.log}
    for needed in (
        "weapon_resolved",
        "vp_scored",
        "battle_shock_tested",
        "unit_moved",
        "charge_declared",
        "cp_changed",
        "game_ended",
    ):
        assert needed in types or needed == "battle_shock_tested"
    assert game.state.round == 5 or result.reason == "army_destroyed"


def test_log_replays_to_the_same_state() -> None:
    """The folded log is the game's state (its speed: bench/wh40k_game.py, replay_ms)."""
    game = play(new_game({"layout": "open-field"}, seed=b"replay"))
    rs = ruleset()
    state = rs.initial_state(game.setup)
    for raw in game.log:
        state = rs.evolve(state, rs.events.decode(raw))
    assert rs.state_codec.encode(state) == rs.state_codec.encode(game.state)


def test_every_die_is_in_the_log() -> None:
    game = play(new_game(seed=b"dice"), until=lambda s: s.round >= 2 and s.phase == "fight")
    logged = 0
    for e in game.log:
        if "dice" in e:
            d = e["dice"]
            logged += sum(len(v) for v in d.values()) if isinstance(d, dict) else len(d)
        logged += len(e.get("feel_no_pain", ()))
    assert logged >= game.rolls - sum(
        len(e["dice"]) for e in game.log if e["type"] == "attack_paused"
    )


def test_state_round_trips_through_its_codec() -> None:
    game = play(new_game(seed=b"codec"), until=lambda s: s.round == 2)
    rs = ruleset()
    assert rs.state_codec.decode(rs.state_codec.encode(game.state)) == game.state
