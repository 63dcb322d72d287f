"""Content-pack card data: marines, actions, genestealers, terrain, locations, events.

The seed gives the rules but no card contents (death-angel §1, §10.1), so every card lives in a
JSON pack validated by these dataclasses (``packs/schema.json`` is their JSON Schema).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Annotated, Literal

from pydantic import Field

from vantage.engine.codec import Codec, wire

Side = Literal["L", "R"]
SIDES: tuple[Side, Side] = ("L", "R")
Arrow = Literal["up", "down"]
Colour = Literal["red", "orange", "yellow", "green"]
ActionKind = Literal["support", "attack", "move_activate"]
SpawnSize = Literal["major", "minor"]
Param = int | str

Id = Annotated[str, Field(min_length=1, max_length=64, pattern=r"^[a-z0-9][a-z0-9_-]*$")]
Name = Annotated[str, Field(min_length=1, max_length=80)]
Count = Annotated[int, Field(ge=0, le=99)]
Positive = Annotated[int, Field(ge=1, le=99)]


def other_side(side: Side) -> Side:
    """The opposite side of the formation."""
    return "R" if side == "L" else "L"


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Ability:
    """A card ability: a named hook from ``hooks.py`` with its parameters and rules text."""

    hook: Id
    params: dict[str, Param] = field(default_factory=dict)
    text: str = ""


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Edges:
    """The swarm-movement arrows printed on the left and right edge of one card face."""

    left: Arrow
    right: Arrow


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Faces:
    """A double-sided marine card: the face showing when facing left and when facing right."""

    L: Edges
    R: Edges


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class MarineCard:
    """A Space Marine: name, attack range and edge arrows per face (death-angel §4, §6.5)."""

    id: Id
    name: Name
    range: Annotated[int, Field(ge=0, le=12)]
    faces: Faces


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class ActionCard:
    """An action card: initiative, type and one special ability (death-angel §5.2)."""

    id: Id
    name: Name
    initiative: Count
    kind: ActionKind
    ability: Ability | None = None


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Team:
    """A combat team: two marines and three action cards of one colour (death-angel §2)."""

    id: Id
    name: Name
    colour: str = "#888888"
    marines: tuple[MarineCard, MarineCard]
    actions: tuple[ActionCard, ActionCard, ActionCard]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class GenestealerType:
    """``count`` genestealer cards showing this type symbol (card ids are ``<type>-<n>``)."""

    type: Id
    name: Name
    count: Positive


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Broodlord:
    """A broodlord: two type symbols, never in a deck or blip pile (death-angel §6.9)."""

    id: Id
    name: Name
    types: tuple[Id, Id]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class TerrainCard:
    """A terrain card: colour (spawn frequency) and an optional ACTIVATE ability (§2, §6.3)."""

    id: Id
    name: Name
    colour: Colour
    boxes: Annotated[int, Field(ge=1, le=4)]
    activate: Ability | None = None


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class TerrainIcon:
    """Place ``terrain`` ``number`` positions from the top (down) or bottom (up) (§7.3)."""

    terrain: Id
    number: Positive
    arrow: Arrow


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class LocationAbility:
    """A location ability: on entering, or each time a control panel is activated (§7.2)."""

    trigger: Literal["on_enter", "control_panel"]
    hook: Id
    params: dict[str, Param] = field(default_factory=dict)
    text: str = ""


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Location:
    """A location card of a labelled pile; a final one may carry a victory condition (§7)."""

    id: Id
    name: Name
    label: Annotated[str, Field(min_length=1, max_length=8)]
    left: tuple[TerrainIcon, ...] = ()
    right: tuple[TerrainIcon, ...] = ()
    blips: tuple[Count, Count]
    ability: LocationAbility | None = None
    victory: Ability | None = None


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class SetupCard:
    """A setup (start) location for some player counts: recipe and spawn sizes (§3)."""

    id: Id
    name: Name
    players: tuple[Annotated[int, Field(ge=1, le=6)], ...]
    recipe: tuple[Annotated[str, Field(min_length=1, max_length=8)], ...]
    major: Positive
    minor: Positive
    left: tuple[TerrainIcon, ...] = ()
    right: tuple[TerrainIcon, ...] = ()
    blips: tuple[Count, Count]
    ability: LocationAbility | None = None
    victory: Ability | None = None


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class SpawnBox:
    """Spawn the major or minor number at every terrain of this colour (§6.6)."""

    kind: Literal["spawn"] = "spawn"
    colour: Colour
    size: SpawnSize


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class MoveBox:
    """Every swarm holding this genestealer type moves to an adjacent position or flanks (§6.7)."""

    kind: Literal["move", "flank"]
    genestealer: Id


Box = Annotated[SpawnBox | MoveBox, Field(discriminator="kind")]


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class EventCard:
    """An event: an ability (maybe INSTINCT) and activation boxes read left to right (§8)."""

    id: Id
    name: Name
    instinct: bool = False
    ability: Ability | None = None
    boxes: tuple[Box, ...] = ()


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class DieFace:
    """One face of the combat die (death-angel §12.1: the die is data)."""

    value: Count
    skull: bool = False


@wire
@dataclass(frozen=True, slots=True, kw_only=True)
class Pack:
    """A whole content pack (format 1)."""

    format: Literal[1] = 1
    id: Id
    title: Name
    description: str = ""
    die: Annotated[tuple[DieFace, ...], Field(min_length=2, max_length=20)]
    support_tokens: Count = 12
    teams: Annotated[tuple[Team, ...], Field(min_length=1)]
    genestealers: Annotated[tuple[GenestealerType, ...], Field(min_length=1)]
    broodlords: tuple[Broodlord, ...] = ()
    terrain: tuple[TerrainCard, ...] = ()
    locations: tuple[Location, ...] = ()
    setups: Annotated[tuple[SetupCard, ...], Field(min_length=1)]
    events: Annotated[tuple[EventCard, ...], Field(min_length=1)]


PACK_CODEC: Codec[Pack] = Codec(Pack)

Place = Location | SetupCard


class Index:
    """Lookups by id over one pack (built once per pack, see ``index``)."""

    def __init__(self, pack: Pack) -> None:
        self.pack = pack
        self.teams = {t.id: t for t in pack.teams}
        self.marines = {m.id: m for t in pack.teams for m in t.marines}
        self.marine_team = {m.id: t.id for t in pack.teams for m in t.marines}
        self.actions = {a.id: a for t in pack.teams for a in t.actions}
        self.action_team = {a.id: t.id for t in pack.teams for a in t.actions}
        self.terrain = {c.id: c for c in pack.terrain}
        self.places: dict[str, Place] = {c.id: c for c in pack.setups}
        self.places.update({c.id: c for c in pack.locations})
        self.events = {e.id: e for e in pack.events}
        self.broodlords = {b.id: b for b in pack.broodlords}
        self.genestealer_names = {g.type: g.name for g in pack.genestealers}
        self.genestealer_ids = tuple(
            f"{g.type}-{n}" for g in pack.genestealers for n in range(1, g.count + 1)
        )
        self.gs_types: dict[str, tuple[str, ...]] = {
            f"{g.type}-{n}": (g.type,) for g in pack.genestealers for n in range(1, g.count + 1)
        }
        self.gs_types.update({b.id: b.types for b in pack.broodlords})

    def is_broodlord(self, card: str) -> bool:
        """Whether a swarm card is a broodlord."""
        return card in self.broodlords


_INDEXES: dict[int, Index] = {}


def index(pack: Pack) -> Index:
    """The (cached) index of a pack."""
    found = _INDEXES.get(id(pack))
    if found is None or found.pack is not pack:
        if len(_INDEXES) > 32:
            _INDEXES.clear()
        found = _INDEXES[id(pack)] = Index(pack)
    return found
