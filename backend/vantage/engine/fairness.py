"""Provably fair dice: a committed seed, players' own entropy, and a replayable log.

Before the first roll every viewer sees ``commitment(seed)``. Roll k of a game is
``derive_roll(seed, k, sides, salt)`` where ``salt`` folds in every entropy string the players
contributed so far (``next_salt``), in log order. When the game is over the seed is revealed;
``vantage verify`` re-derives every roll and re-decides every command from an exported game.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from typing import Any, Literal

from vantage.engine.codec import Codec, wire

ENTROPY_MAX = 128


def commitment(seed: bytes) -> str:
    """The public commitment to a secret seed: its SHA-256 in hex."""
    return hashlib.sha256(seed).hexdigest()


def next_salt(salt: bytes, player: str, entropy: str) -> bytes:
    """The dice salt after a player contributes an entropy string."""
    return hashlib.sha256(salt + b"\x00" + player.encode() + b"\x00" + entropy.encode()).digest()


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class ContributeEntropy:
    """A player's own randomness, mixed into every later roll (any system, any time)."""

    type: Literal["contribute_entropy"] = "contribute_entropy"
    entropy: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class EntropyContributed:
    """A player's entropy was mixed into the dice."""

    type: Literal["entropy_contributed"] = "entropy_contributed"
    player: str
    entropy: str


SHELL_COMMANDS = frozenset({"contribute_entropy"})
SHELL_EVENTS = frozenset({"entropy_contributed"})
contribution_commands: Codec[ContributeEntropy] = Codec(ContributeEntropy)
contribution_events: Codec[EntropyContributed] = Codec(EntropyContributed)


def is_shell_event(payload: dict[str, Any]) -> bool:
    """Whether a stored event belongs to the engine itself rather than to the game system."""
    kind = payload.get("type")
    return isinstance(kind, str) and kind in SHELL_EVENTS
