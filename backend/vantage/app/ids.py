"""Identifiers and secrets made by the shell (never inside the pure core)."""

from __future__ import annotations

import hashlib
import secrets
import time

_ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz"


def new_game_id() -> str:
    """A time-sortable game id (ULID-like: 48 bits of milliseconds, 50 random bits)."""
    value = (int(time.time() * 1000) << 50) | secrets.randbits(50)
    chars = []
    for _ in range(20):
        value, digit = divmod(value, 32)
        chars.append(_ALPHABET[digit])
    return "g" + "".join(reversed(chars))


def is_game_id(text: str) -> bool:
    """Whether ``text`` has the shape of a game id (anything else names no game)."""
    return len(text) == 21 and text[0] == "g" and all(c in _ALPHABET for c in text[1:])


def new_token() -> str:
    """A secret seat or spectator token."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """Tokens are stored only as their SHA-256."""
    return hashlib.sha256(token.encode()).hexdigest()


def new_seed() -> bytes:
    """A game's secret dice seed."""
    return secrets.token_bytes(32)
