"""The JSON shape of the scenario ``attack`` query (scenario-format "Query type `attack`").

Pydantic models only validate; :mod:`vantage.rules.wh40k.attack_query` turns them into the
frozen dataclasses of the attack sequence. Unknown keys are ignored.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictStr

Die = Annotated[int, Field(strict=True, ge=1, le=6)]
Roll = Annotated[int, Field(strict=True, ge=2, le=7)]
Modifier = Annotated[int, Field(strict=True, ge=-20, le=20)]
Characteristic = StrictStr | Annotated[int, Field(strict=True, ge=0, le=999)]


class _In(BaseModel):
    model_config = ConfigDict(extra="ignore", allow_inf_nan=False)


class WeaponIn(_In):
    name: StrictStr = ""
    type: Literal["ranged", "melee"]
    range: Annotated[float, Field(strict=True, gt=0, le=1000)] | None = None
    attacks: Characteristic
    skill: Annotated[int, Field(strict=True, ge=1, le=7)] | None = None
    strength: Annotated[int, Field(strict=True, ge=1, le=99)]
    ap: Annotated[int, Field(strict=True, ge=-9, le=0)] = 0
    damage: Characteristic
    abilities: list[StrictStr] = Field(default_factory=list, max_length=64)


class TargetProfileIn(_In):
    toughness: Annotated[int, Field(strict=True, ge=1, le=99)]
    save: Roll
    invulnerable: Roll | None = None
    feel_no_pain: Roll | None = None
    wounds: Annotated[int, Field(strict=True, ge=1, le=999)] | None = None
    keywords: list[StrictStr] = Field(default_factory=list, max_length=64)


class ContextIn(_In):
    within_half_range: StrictBool | None = None
    cover: StrictBool | None = None
    remained_stationary: StrictBool = False
    charged: StrictBool = False
    hit_modifier: Modifier = 0
    wound_modifier: Modifier = 0
    save_modifier: Modifier = 0


class DiceIn(_In):
    attacks: list[Die] = Field(default_factory=list)
    hit: list[Die] = Field(default_factory=list)
    wound: list[Die] = Field(default_factory=list)
    save: list[Die] = Field(default_factory=list)
    damage: list[Die] = Field(default_factory=list)
    feel_no_pain: list[Die] = Field(default_factory=list)


class AttackQueryIn(_In):
    id: StrictStr
    type: Literal["attack"]
    attacker: StrictStr
    target: StrictStr
    weapon: WeaponIn
    models_attacking: Annotated[int, Field(strict=True, ge=1, le=1000)] | None = None
    target_profile: TargetProfileIn
    context: ContextIn = Field(default_factory=ContextIn)
    dice: DiceIn = Field(default_factory=DiceIn)
    allocate: list[StrictStr] = Field(default_factory=list)
