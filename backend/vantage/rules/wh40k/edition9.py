"""Warhammer 40,000 9th edition's attack rules (wh40k-9th §7.4, §8; seed 004).

- Hit and wound modifiers are capped at ±1; an unmodified 6 always hits and wounds, an
  unmodified 1 always fails (§7.4, seed L868, L882, L903-L905).
- A model that has lost wounds or had an attack allocated this phase takes the next (§8.5, L886).
- Saves: AP and other modifiers without a cap, invulnerable saves never modified by AP (§8.6).
- Heavy: −1 to hit for an INFANTRY model whose unit moved this turn (§8.9.2, L811; §13 item 3).
- Blast exists (§8.9.6, L852-L857); heavy cover is a Core Book terrain trait ([GK9]).
"""

from __future__ import annotations

from vantage.rules.wh40k.edition import Edition

NINTH = Edition(
    system="wh40k-9e",
    title="9th edition",
    modifier_cap=1,
    six_always_succeeds=True,
    heavy_infantry_only=True,
    has_blast=True,
    allocated_takes_next=True,
    has_heavy_cover=True,
)
