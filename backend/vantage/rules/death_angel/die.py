"""The combat die: faces are pack data (death-angel §12.1); every roll becomes an event."""

from __future__ import annotations

from vantage.engine.dice import Dice
from vantage.rules.death_angel.events import DiePurpose, DieRolled
from vantage.rules.death_angel.pack import Pack


def roll_die(
    pack: Pack,
    dice: Dice,
    purpose: DiePurpose,
    player: str,
    marine: str | None = None,
    reroll: bool = False,
) -> DieRolled:
    """Roll the combat die once (a face of the pack's die table)."""
    face = dice.roll(1, len(pack.die))[0]
    side = pack.die[face - 1]
    return DieRolled(
        purpose=purpose,
        player=player,
        marine=marine,
        face=face,
        value=side.value,
        skull=side.skull,
        reroll=reroll,
    )


def shuffled(items: list[str] | tuple[str, ...], dice: Dice) -> tuple[str, ...]:
    """A Fisher-Yates shuffle driven by the game's dice (§10.4)."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = dice.roll(1, i + 1)[0] - 1
        out[i], out[j] = out[j], out[i]
    return tuple(out)
