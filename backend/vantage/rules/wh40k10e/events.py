"""Events of a 10th-edition game: what happened, with every die rolled (docs/wh40k10e.md).

Each event carries what the log and the table need to show it: unit and model ids, dice as lists
of D6 results, and a short ``reason`` or ``rule`` where that helps the reader.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import Field

from vantage.engine.codec import Codec, wire
from vantage.engine.table import Objective
from vantage.rules.wh40k10e.state import AttackPlan, MortalJob, Pending, Phase, Result, Zone


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Placed:
    """A model's new position; ``distance`` is how far it moved (0 when set up)."""

    model: str
    x: float
    y: float
    z: float = 0.0
    facing: float = 0.0
    distance: float = 0.0


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class ObjectivePlaced:
    type: Literal["objective_placed"] = "objective_placed"
    player: str
    objective: Objective


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class RollOff:
    """A roll-off: each player's dice (re-rolled ties included) and the winner."""

    type: Literal["roll_off"] = "roll_off"
    purpose: str
    dice: Mapping[str, tuple[int, ...]]
    winner: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class RolesSet:
    type: Literal["roles_set"] = "roles_set"
    attacker: str
    defender: str
    zones: Mapping[str, Zone]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class RuleWarning:
    """Casual mode: a rule was broken and the player went ahead (kept for both to see)."""

    type: Literal["rule_warning"] = "rule_warning"
    player: str
    code: str
    message: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class FormationsDeclared:
    type: Literal["formations_declared"] = "formations_declared"
    player: str
    reserves: tuple[str, ...] = ()
    strategic_reserves: tuple[str, ...] = ()
    embark: Mapping[str, str] = field(default_factory=dict)
    attach: Mapping[str, str] = field(default_factory=dict)
    """Leader unit → the Bodyguard unit it joins (§3.6)."""
    hover: tuple[str, ...] = ()
    """AIRCRAFT in Hover mode: M 20", no AIRCRAFT keyword for the battle (§4.9)."""
    warnings: tuple[RuleWarning, ...] = ()
    """Casual games from rules revision 5: the rules this declaration broke, inside the secret
    event so that the opponent cannot count them (R42); before, they were events of their own."""


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class FormationsRevealed:
    """Both players have declared: the earlier, secret declarations are made public (§5.1).

    Changes nothing in the game (each declaration took effect when the last one was made); it
    is there so that every log, the opponent's and a spectator's too, says what was declared.
    """

    type: Literal["formations_revealed"] = "formations_revealed"
    declared: tuple[FormationsDeclared, ...]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class UnitPlaced:
    """A unit set up: deployed, arrived from Reserves, or disembarked."""

    type: Literal["unit_placed"] = "unit_placed"
    unit: str
    how: Literal["deploy", "arrive", "disembark"]
    models: tuple[Placed, ...]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class FirstTurn:
    type: Literal["first_turn"] = "first_turn"
    player: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class PhaseStarted:
    """A new phase (or set-up step); per-phase flags reset, per-turn ones in Command."""

    type: Literal["phase_started"] = "phase_started"
    round: int
    player: str | None
    phase: Phase
    step: str = ""


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Waiting:
    """The game now waits for this decision (``pending`` null: for the active player)."""

    type: Literal["waiting"] = "waiting"
    pending: Pending | None


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class CpChanged:
    type: Literal["cp_changed"] = "cp_changed"
    player: str
    delta: int
    reason: str
    bonus: bool = False


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class BattleShockTested:
    """A Battle-shock test: 2D6 against the unit's best Leadership (§6.3)."""

    type: Literal["battle_shock_tested"] = "battle_shock_tested"
    unit: str
    dice: tuple[int, ...]
    leadership: int
    passed: bool


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class ShockChanged:
    type: Literal["shock_changed"] = "shock_changed"
    unit: str
    battle_shocked: bool
    reason: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class AdvanceRolled:
    type: Literal["advance_rolled"] = "advance_rolled"
    unit: str
    dice: tuple[int, ...]
    reroll: bool = False


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class UnitMoved:
    """A move of any kind; ``kind`` says which (normal, advance, fall_back, stationary, ...)."""

    type: Literal["unit_moved"] = "unit_moved"
    unit: str
    kind: str
    models: tuple[Placed, ...] = ()


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class DesperateEscape:
    type: Literal["desperate_escape"] = "desperate_escape"
    unit: str
    dice: tuple[int, ...]
    destroyed: tuple[str, ...]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class ModelsDamaged:
    """Wounds left after damage (``wounds``) and models destroyed, with the reason."""

    type: Literal["models_damaged"] = "models_damaged"
    unit: str
    wounds: Mapping[str, int] = field(default_factory=dict)
    destroyed: tuple[str, ...] = ()
    reason: str = ""
    allocated: tuple[str, ...] = ()


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Embarked:
    type: Literal["embarked"] = "embarked"
    unit: str
    transport: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class AttacksDeclared:
    """A unit's attacks are declared; resolution starts (and may pause for the defender)."""

    type: Literal["attacks_declared"] = "attacks_declared"
    plan: AttackPlan


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class AttackPaused:
    """Dice rolled before the defender's choice; resolution resumes from them."""

    type: Literal["attack_paused"] = "attack_paused"
    dice: tuple[int, ...]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class AllocationChosen:
    type: Literal["allocation_chosen"] = "allocation_chosen"
    player: str
    model: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class WeaponResolved:
    """One weapon profile against one target: every die by kind and the counts (§8.3)."""

    type: Literal["weapon_resolved"] = "weapon_resolved"
    unit: str
    weapon: str
    target: str
    models: int
    dice: Mapping[str, tuple[int, ...]]
    attacks: int
    hits: int
    wounds: int
    mortal_wounds: int
    failed_saves: int
    damage: int
    ignored: int
    plunging: bool = False
    """Plunging Fire improved the AP of these attacks by 1 (§2.5 F)."""
    needs: Mapping[str, int] = field(default_factory=dict)
    """The unmodified D6 result the ``hit`` and ``wound`` rolls needed (no ``hit``: TORRENT)."""


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class AttacksDone:
    type: Literal["attacks_done"] = "attacks_done"
    unit: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class MortalWoundsRolled:
    """Dice that caused mortal wounds outside an attack (Grenade, Tank Shock, Hazardous...)."""

    type: Literal["mortal_wounds_rolled"] = "mortal_wounds_rolled"
    source: str
    unit: str
    dice: tuple[int, ...]
    mortal_wounds: int
    feel_no_pain: tuple[int, ...] = ()
    queued: bool = False
    """This resolves the first queued mortal-wound job (``State.mortal_queue``)."""
    model: str | None = None
    """Hazardous: the bearer the controller chose (destroyed, or taking the 3 mortal wounds)."""


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class MortalQueued:
    """Mortal wounds outside an attack (Grenade, Tank Shock, Hazardous, Deadly Demise) wait
    their turn to be allocated (``mortals.py``)."""

    type: Literal["mortal_queued"] = "mortal_queued"
    jobs: tuple[MortalJob, ...]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class MortalPaused:
    """Allocating the first queued mortal wounds waits for its controller: the Feel No Pain dice
    rolled so far, and where the game goes once the queue is empty."""

    type: Literal["mortal_paused"] = "mortal_paused"
    dice: tuple[int, ...] = ()
    after: str = "active"


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class MortalChosen:
    """The controller's choice for the first queued mortal wounds: the model the next mortal
    wound goes to (pending ``allocate_mortal``) or the Hazardous bearer (pending ``hazardous``)."""

    type: Literal["mortal_chosen"] = "mortal_chosen"
    player: str
    model: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class AttachedUnitSplit:
    """One part of an attached unit was destroyed: the other is its own unit again (§3.6,
    seed L792-L817). ``survivor`` is the unit left (the Bodyguard's or the Leader's id)."""

    type: Literal["attached_unit_split"] = "attached_unit_split"
    unit: str
    leader: str
    destroyed: str
    survivor: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class ChargeDeclared:
    type: Literal["charge_declared"] = "charge_declared"
    unit: str
    targets: tuple[str, ...]
    dice: tuple[int, ...]
    heroic: bool = False
    reroll: bool = False


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class ChargeEnded:
    """The charge move (``success``) or a failed charge (no model moves)."""

    type: Literal["charge_ended"] = "charge_ended"
    unit: str
    success: bool
    models: tuple[Placed, ...] = ()
    heroic: bool = False


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class FightSelected:
    type: Literal["fight_selected"] = "fight_selected"
    unit: str
    step: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class FightTurn:
    """Fight phase: the step and the player who selects next."""

    type: Literal["fight_turn"] = "fight_turn"
    step: Literal["fights_first", "remaining"]
    player: str
    unit: str | None = None


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class StratagemUsed:
    type: Literal["stratagem_used"] = "stratagem_used"
    player: str
    name: str
    cp: int
    unit: str
    target: str | None = None


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class EffectAdded:
    type: Literal["effect_added"] = "effect_added"
    unit: str
    effect: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class ControlChanged:
    """Objective control evaluated at the end of a phase (§2.3)."""

    type: Literal["control_changed"] = "control_changed"
    control: Mapping[str, str | None]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class VpScored:
    type: Literal["vp_scored"] = "vp_scored"
    player: str
    vp: int
    reason: str
    objectives: tuple[str, ...] = ()


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Checkpoint:
    """An undoable action starts here (no dice in it)."""

    type: Literal["checkpoint"] = "checkpoint"
    player: str
    label: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class UndoRequested:
    type: Literal["undo_requested"] = "undo_requested"
    player: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class UndoAnswered:
    """The undo happened (``accepted``) or the opponent refused it."""

    type: Literal["undo_answered"] = "undo_answered"
    player: str
    accepted: bool
    label: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class FiringDeckEquipped:
    """FIRING DECK: the transport counts as equipped with these embarked models' weapons
    (``"model|weapon"``) until it has resolved all its attacks (§3.7)."""

    type: Literal["firing_deck_equipped"] = "firing_deck_equipped"
    unit: str
    weapons: tuple[str, ...]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class AircraftLeft:
    """An AIRCRAFT's move would cross the battlefield edge: it goes into Strategic Reserves
    (§4.9)."""

    type: Literal["aircraft_left"] = "aircraft_left"
    unit: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class ReservesDestroyed:
    """The battle ended with these units still in Reserves (or embarked in a transport there):
    they count as destroyed (§4.5, §10)."""

    type: Literal["reserves_destroyed"] = "reserves_destroyed"
    units: tuple[str, ...]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Rerolled:
    """Command Re-roll: roll ``index`` of the offered batch went from ``old`` to ``new`` dice;
    ``point`` numbers the re-roll window inside the current attack (-1 outside attacks)."""

    type: Literal["rerolled"] = "rerolled"
    player: str
    roll: str
    unit: str
    point: int = -1
    index: int = 0
    old: tuple[int, ...] = ()
    new: tuple[int, ...] = ()


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class RerollDeclined:
    """The player let the offered roll stand."""

    type: Literal["reroll_declined"] = "reroll_declined"
    player: str
    roll: str
    unit: str
    point: int = -1


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class RerollOffersSet:
    """A player's setting: be offered Command Re-roll after failed rolls, or not."""

    type: Literal["reroll_offers_set"] = "reroll_offers_set"
    player: str
    offer: bool


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class ReactionOffersSet:
    """A player's setting: be asked about stratagems in the opponent's turn, or not."""

    type: Literal["reaction_offers_set"] = "reaction_offers_set"
    player: str
    offer: bool


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class GameEnded:
    type: Literal["game_ended"] = "game_ended"
    result: Result


Event = Annotated[
    ObjectivePlaced
    | RollOff
    | RolesSet
    | FormationsDeclared
    | FormationsRevealed
    | UnitPlaced
    | FirstTurn
    | PhaseStarted
    | Waiting
    | CpChanged
    | BattleShockTested
    | ShockChanged
    | AdvanceRolled
    | UnitMoved
    | DesperateEscape
    | ModelsDamaged
    | Embarked
    | AttacksDeclared
    | AttackPaused
    | AllocationChosen
    | WeaponResolved
    | AttacksDone
    | MortalWoundsRolled
    | MortalQueued
    | MortalPaused
    | MortalChosen
    | AttachedUnitSplit
    | ChargeDeclared
    | ChargeEnded
    | FightSelected
    | FightTurn
    | StratagemUsed
    | EffectAdded
    | ControlChanged
    | VpScored
    | RuleWarning
    | Checkpoint
    | UndoRequested
    | UndoAnswered
    | Rerolled
    | RerollDeclined
    | RerollOffersSet
    | ReactionOffersSet
    | FiringDeckEquipped
    | AircraftLeft
    | ReservesDestroyed
    | GameEnded,
    Field(discriminator="type"),
]

EVENT_CODEC: Codec[Event] = Codec(Event)
