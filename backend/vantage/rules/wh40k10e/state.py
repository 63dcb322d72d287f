"""The state of a 10th-edition game (wh40k-10th §6.5): the table, each unit's status this turn,
both players' CP and VP, the round, phase and step, and what decision is pending from whom.

Everything is a frozen dataclass; ``evolve`` returns a new state with ``dataclasses.replace``.
Models on the table live in ``table.models``; models in reserve, embarked or not yet deployed in
``offboard``. Destroyed models are gone from both.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Literal

from vantage.engine.codec import Codec, wire
from vantage.engine.table import Model, Table, model_label
from vantage.rules.wh40k10e.sheets import UnitSheet

Phase = Literal["setup", "command", "movement", "shooting", "charge", "fight", "over"]
Location = Literal["undeployed", "table", "reserves", "embarked", "destroyed", "attached"]
"""``attached``: a Leader unit that joined a Bodyguard unit (§3.6); its models are that unit's."""
MoveKind = Literal["none", "stationary", "normal", "advance", "fall_back"]
BattleSize = Literal["incursion", "strike_force", "onslaught"]
Zone = tuple[tuple[float, float], ...]


RULES_REVISION = 5
"""This code's 10th-edition rules revision. 2 added: a unit set up from Reserves cannot move
further that phase (R34), no move or set-up ends on an obstacle (R35), woods by the base's real
footprint (R36), a unit that made no move has Remained Stationary (R37). 3 added the datasheet
abilities of R39 (a Leader's weapon ability for its unit, "cannot Advance", Damaged), no Command
Re-roll window for a Damage roll that already destroys its model (R40), and a unit that
disembarked may not Remain Stationary (§3.7). 4 reads imported armies as R41 says: a Leader
named by any of its Leader abilities, a transport's capacity from a Transport profile, and
swapped wargear in place of the default weapon. 5 keeps a casual game's rule warnings about a
secret battle formation inside its declaration (R42); and (R43) lets cover tell models apart for
allocation, judges a consolidation by whether the unit could end in Engagement Range, offers no
Command Re-roll for a save no die can pass, and refuses disembarking from a transport that is not
on the battlefield. Games created before keep the rules of their revision."""


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Options:
    """Per-game choices fixed at creation: strictness, battle size, zones, limits."""

    strict: bool = True
    battle_size: BattleSize = "incursion"
    rounds: int = 5
    starting_cp: int = 0
    reserve_points: float = 250.0
    place_objectives: bool = True
    revision: int = 1
    """The rules revision the game was created under (rules decision R38). Absent means 1, as in
    a stored request: a snapshot stored before revisions decodes as revision 1 (a new game's and a
    scenario's options name ``RULES_REVISION``)."""

    def since(self, revision: int) -> bool:
        """Whether this game's rules include what revision ``revision`` added (R38)."""
        return self.revision >= revision


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class UnitStatus:
    """What the rules remember about a unit (§6.5 "Per unit")."""

    location: Location = "undeployed"
    reserve: Literal["deep_strike", "strategic"] | None = None
    transport: str | None = None
    move: MoveKind = "none"
    moved_this_phase: bool = False
    advance_roll: int | None = None
    charged: bool = False
    cannot_charge: bool = False
    charge_declared: bool = False
    shot: bool = False
    fought: bool = False
    battle_shocked: bool = False
    failed_shock_now: bool = False
    disembarked_now: bool = False
    started_embarked: bool = False
    arrived_round: int | None = None
    effects: tuple[str, ...] = ()
    leader: str | None = None
    """On a Bodyguard unit: the Leader unit attached to it (§3.6, ``leaders.py``)."""
    attached_to: str | None = None
    """On a Leader unit: the Bodyguard unit it joined (kept after the Leader is destroyed)."""
    spent: tuple[str, ...] = ()
    """``"model|weapon"``: ONE SHOT weapons fired this battle (rules decision R19)."""

    def has_effect(self, name: str) -> bool:
        """A temporary effect (``go_to_ground``, ``smokescreen``, ``overwatch``...)."""
        return name in self.effects


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerState:
    """One side's resources: CP, VP and what it has declared or used."""

    cp: int = 0
    vp: int = 0
    bonus_cp_round: int = 0
    """The battle round in which this player last gained CP outside the Command phase."""
    declared: bool = False
    deployed: bool = False
    stratagems_phase: tuple[str, ...] = ()
    overwatch_turn: bool = False
    reroll_offers: bool = True
    """Offer Command Re-roll after this player's failed rolls (rules decision, rerolls.py)."""
    reaction_offers: bool = True
    """Ask this player about stratagems in the opponent's turn (reactions.py)."""


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Pending:
    """A decision the game waits for: ``player`` must answer with a command of ``kind``."""

    player: str
    kind: str
    unit: str | None = None
    options: tuple[str, ...] = ()
    detail: Mapping[str, str | int | float | tuple[str, ...]] = field(default_factory=dict)


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Assignment:
    """One model attacking with one weapon at one target unit."""

    model: str
    weapon: str
    target: str


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class RerollMade:
    """A Command Re-roll decision inside an attack: at re-roll ``point`` (counted from the start
    of the plan's resolution) roll ``roll`` of the batch became ``dice``; ``roll`` -1: declined."""

    point: int
    roll: int = -1
    dice: tuple[int, ...] = ()


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class AttackPlan:
    """Declared attacks being resolved; ``dice`` and ``choices`` so far, for resuming."""

    unit: str
    player: str
    melee: bool
    assignments: tuple[Assignment, ...]
    hit_modifiers: Mapping[str, int] = field(default_factory=dict)
    blast_counts: Mapping[str, int] = field(default_factory=dict)
    visible_targets: tuple[str, ...] = ()
    half_range: tuple[str, ...] = ()
    """``"model|target|weapon"`` keys of attacking models within half range."""
    cover: Mapping[str, bool] = field(default_factory=dict)
    plunging: tuple[str, ...] = ()
    """``"model|target"`` keys of attacking models with Plunging Fire (AP improved by 1)."""
    overwatch: bool = False
    after: str = "none"
    dice: tuple[int, ...] = ()
    choices: tuple[str, ...] = ()
    rerolls: tuple[RerollMade, ...] = ()


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class FightState:
    """Fight phase bookkeeping: the step and whose turn it is to select (§5.7)."""

    step: Literal["fights_first", "remaining"] = "fights_first"
    next_player: str = ""
    next_unit: str | None = None


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Result:
    """How the game ended."""

    winner: str | None
    reason: str
    vp: Mapping[str, int]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Undo:
    """The state before the acting player's last action, while no die has been rolled since."""

    player: str
    label: str
    requested: bool = False
    before: State


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Attachment:
    """A Leader attached to a Bodyguard unit (§3.6): the Bodyguard's own sheet (the unit's
    sheet in ``State.sheets`` is the combined one) and the Leader's model ids."""

    leader: str
    bodyguard_sheet: UnitSheet
    leader_models: tuple[str, ...]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class MortalJob:
    """Mortal wounds outside an attack waiting to be allocated (``mortals.py``): ``points`` to
    ``unit`` from ``source``; ``hazardous``: a failed Hazardous test, whose bearer the controller
    chooses first (§8.4). ``choices`` and ``rolled`` (Feel No Pain dice) are replayed on resume."""

    unit: str
    source: str
    points: int = 0
    dice: tuple[int, ...] = ()
    first: str | None = None
    hazardous: bool = False
    choices: tuple[str, ...] = ()
    rolled: tuple[int, ...] = ()


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Formation:
    """One player's secret Declare Battle Formations (§5.1 step 5), kept aside until both
    players have declared (rules decision R10): nothing of it is in the game before the reveal.
    """

    reserves: tuple[str, ...] = ()
    strategic_reserves: tuple[str, ...] = ()
    embark: Mapping[str, str] = field(default_factory=dict)
    attach: Mapping[str, str] = field(default_factory=dict)
    hover: tuple[str, ...] = ()
    broke: tuple[tuple[str, str], ...] = ()
    """The rules it broke in a casual game, (code, message): told to all at the reveal (R42)."""


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class State:
    """The whole game at one version."""

    options: Options
    players: tuple[str, ...]
    sheets: Mapping[str, UnitSheet]
    table: Table
    offboard: Mapping[str, Model] = field(default_factory=dict)
    status: Mapping[str, UnitStatus] = field(default_factory=dict)
    sides: Mapping[str, PlayerState] = field(default_factory=dict)
    zones: Mapping[str, Zone] = field(default_factory=dict)
    attacker: str | None = None
    first: str | None = None
    round: int = 0
    active: str | None = None
    phase: Phase = "setup"
    step: str = "objectives"
    pending: Pending | None = None
    control: Mapping[str, str | None] = field(default_factory=dict)
    allocated: tuple[str, ...] = ()
    attack: AttackPlan | None = None
    charge_roll: int | None = None
    charge_targets: tuple[str, ...] = ()
    fight: FightState | None = None
    destroyed: Mapping[str, int] = field(default_factory=dict)
    attached: Mapping[str, Attachment] = field(default_factory=dict)
    """Bodyguard unit id → its attached Leader (§3.6)."""
    formations: Mapping[str, Formation] = field(default_factory=dict)
    """Declared but not yet revealed battle formations, per player (``evolve._formations``)."""
    mortal_queue: tuple[MortalJob, ...] = ()
    """Mortal wounds outside attacks still to allocate, first one first (``mortals.py``)."""
    mortal_after: str = ""
    """Where the game goes once the queue is empty (a ``flow.resume`` continuation)."""
    result: Result | None = None
    undo: Undo | None = None

    # -- read helpers --------------------------------------------------------------------------

    def opponent(self, player: str) -> str:
        """The other seat."""
        return self.players[1] if player == self.players[0] else self.players[0]

    def side(self, player: str) -> PlayerState:
        """A player's resources."""
        return self.sides[player]

    def unit_status(self, unit: str) -> UnitStatus:
        """A unit's status."""
        return self.status[unit]

    def owner(self, unit: str) -> str:
        """Who controls a unit."""
        return self.sheets[unit].player

    def model_label(self, model_id: str) -> str:
        """How messages name a model to players, on the table or off it (``model_label``)."""
        model = self.table.models.get(model_id) or self.offboard.get(model_id)
        if model is None:
            return model_id
        return model_label(model, self.table.units.get(model.unit))

    def models_of(self, unit: str) -> list[Model]:
        """A unit's models on the table, in unit order."""
        return [m for m in self.table.models.values() if m.unit == unit]

    def units_of(self, player: str, location: Location | None = "table") -> list[str]:
        """A player's unit ids (on the table by default), in army order."""
        return [
            uid
            for uid, sheet in self.sheets.items()
            if sheet.player == player
            and (location is None or self.status[uid].location == location)
        ]

    def alive(self, unit: str) -> bool:
        """The unit has a model left anywhere (table, reserves, transport)."""
        return self.status[unit].location != "destroyed"

    def with_status(self, unit: str, **changes: object) -> State:
        """This state with one unit's status changed."""
        status = replace(self.status[unit], **changes)  # type: ignore[arg-type]
        return replace(self, status={**self.status, unit: status})

    def with_side(self, player: str, **changes: object) -> State:
        """This state with one player's resources changed."""
        side = replace(self.sides[player], **changes)  # type: ignore[arg-type]
        return replace(self, sides={**self.sides, player: side})


STATE_CODEC: Codec[State] = Codec(State)
