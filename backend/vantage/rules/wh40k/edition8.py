"""Warhammer 40,000 8th edition with update 1.6's attack rules (wh40k-8th-faq §2.2, §2.9, §3).

- Modifiers are cumulative and not capped; a result can exceed 6 and never drops below 1
  (§2.2, seed L125-L137); a roll of 1 always fails and a 6 does not always succeed (§3, [GK8]).
- Only a model that has already lost wounds must take the next allocation (§3, [GK8]).
- Saves: cover +1 to armour saves only, other save bonuses to both (§2.9, L549-L551).
- Heavy: −1 to hit for any model that moved (§2.2, L139-L147). No Blast, no heavy cover.
"""

from __future__ import annotations

from vantage.rules.wh40k.edition import Edition

EIGHTH = Edition(
    system="wh40k-8e",
    title="8th edition",
    modifier_cap=None,
    six_always_succeeds=False,
    heavy_infantry_only=False,
    has_blast=False,
    allocated_takes_next=False,
    has_heavy_cover=False,
)
