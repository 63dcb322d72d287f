"""Per-system geometry rules: one object per system that answers every geometric question.

``geometry_for("wh40k-10e")`` returns the rules the scenario runner, the server's query messages
and the table tools share. Models, units, objectives and players are named by id; every method
is pure and answers against the table it is given (docs/geometry.md lists the API).
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable
from dataclasses import replace

from vantage.engine.table import Model, Objective, Table
from vantage.geometry.exposure import fully_visible as geometric_fully_visible
from vantage.geometry.exposure import hidden_fraction
from vantage.geometry.measure import covered_by_polygon, polygon_of
from vantage.geometry.prisms import model_shape, terrain_shape
from vantage.geometry.sight import Sight, SightProblem, Wall, find_clear_segment
from vantage.rules.common import deathmatch as dm
from vantage.rules.common.coherency import Coherency, CoherencyRule, coherency
from vantage.rules.common.cover import CoverCause, cover_8e, cover_9e, cover_10e
from vantage.rules.common.measuring import (
    distance,
    enemies,
    farthest_from_marker,
    farthest_from_model,
    h_gap,
    marker_gaps,
    v_gap,
    within,
)
from vantage.rules.common.objectives import control_by_count, control_by_oc, models_in_range
from vantage.rules.common.setup import SetupCheck, setup_check
from vantage.rules.common.visibility import (
    TerrainRoles,
    look,
    sees_over,
    sight_problem,
    wholly_within_piece,
)
from vantage.rules.common.visibility_matrix import matrix_by_pairs, matrix_fast

Point = tuple[float, float]


class GeometryRules:
    """Geometry of one system. Subclasses set the numbers and override what differs."""

    system = "sandbox"
    silhouettes = False
    coherency_rule: CoherencyRule | None = None
    roles = TerrainRoles(prisms=frozenset(), clear=frozenset())
    reserve_distance = 9.0
    unknown_kind_reads_as: str | None = None
    """What a terrain kind the system does not list is taken for, in words (``None``: the
    system reads every kind the same, so none is unknown; rules decision 4)."""

    def terrain_kinds(self) -> frozenset[str]:
        """The terrain categories this system's rules name (scenario-format "Conventions")."""
        return (
            self.roles.prisms
            | self.roles.clear
            | (frozenset({"ruins"}) if self.roles.ruins_are_walls else frozenset())
        )

    # -- measuring ------------------------------------------------------------------------------

    def distance(self, table: Table, a: str, b: str) -> float:
        """The distance between two models as the system measures it (inches)."""
        return distance(table.models[a], table.models[b], self.silhouettes)

    def within(self, table: Table, a: str, b: str, rng: float) -> bool:
        """``distance(a, b) <= rng`` (tolerance 1e-6 inch)."""
        return within(self.distance(table, a, b), rng)

    def gaps(self, table: Table, a: str, b: str) -> tuple[float, float]:
        """``(h_gap, v_gap)`` between two models."""
        ma, mb = table.models[a], table.models[b]
        return h_gap(ma, mb), v_gap(ma, mb, self.silhouettes)

    def wholly_within_zone(self, table: Table, model: str, zone: Iterable[Point]) -> bool:
        """The footprint lies inside the polygon (plan)."""
        return covered_by_polygon(model_shape(table.models[model]), polygon_of(zone))

    def wholly_within_objective(self, table: Table, model: str, objective: str, rng: float) -> bool:
        """Every point of the footprint within ``rng`` of the marker."""
        obj = objective_by_id(table, objective)
        far = farthest_from_marker(
            table.models[model], obj, self.silhouettes, centre_only=self.objective_from_centre
        )
        return within(far, rng)

    def wholly_within_model(self, table: Table, model: str, other: str, rng: float) -> bool:
        """Every point of the footprint within ``rng`` of the other model."""
        far = farthest_from_model(table.models[model], table.models[other], self.silhouettes)
        return within(far, rng)

    # -- engagement and coherency ---------------------------------------------------------------

    def engaged(self, table: Table, a: Model, b: Model) -> bool:
        """Two enemy models within engagement range (none in a system without it)."""
        return False

    def engagement(self, table: Table, a: Collection[str], b: Collection[str]) -> bool:
        """Any model of ``a`` engaged with any model of ``b`` (model ids)."""
        return any(self.engaged(table, table.models[x], table.models[y]) for x in a for y in b)

    def coherency(self, table: Table, unit: str) -> Coherency:
        """Unit coherency with the models that break it (always coherent without a rule)."""
        if self.coherency_rule is None:
            return Coherency(True, (), (tuple(m.id for m in table.unit_models(unit)),))
        return coherency(table, unit, self.coherency_rule)

    def coherent(self, table: Table, unit: str) -> bool:
        """Whether the unit is in coherency."""
        return self.coherency(table, unit).coherent

    # -- sight ----------------------------------------------------------------------------------

    def in_arc(self, table: Table, observer: str, target: str) -> bool:
        """In the observer's sight arc (always, in a system without facing)."""
        return True

    def visible(self, table: Table, observer: str, target: str) -> Sight:
        """Model visible, with a witness (clear segment or the obstacles in the way)."""
        return look(table, self.roles, table.models[observer], table.models[target])

    def fully_visible(
        self, table: Table, observer: str, target: str, without: Collection[str] = ()
    ) -> bool:
        """Every facing part of the target seen, with the named terrain taken away."""
        obs, tgt = table.models[observer], table.models[target]
        if not look(table, self.roles, obs, tgt, without).clear:
            return False
        return geometric_fully_visible(sight_problem(table, self.roles, obs, tgt, without))

    def unit_visible(self, table: Table, observer: str, unit: str) -> Sight:
        """Some model of the unit visible (the first one found, with its witness)."""
        blocking: set[str] = set()
        for m in table.unit_models(unit):
            sight = self.visible(table, observer, m.id)
            if sight.clear:
                return sight
            blocking.update(sight.blocking)
        return Sight(False, None, tuple(sorted(blocking)))

    def cover(self, table: Table, observer: str, target: str) -> bool | str:
        """The target's cover state against the observer (none in a system without cover)."""
        return self.cover_and_cause(table, observer, target)[0]

    def cover_and_cause(
        self, table: Table, observer: str, target: str
    ) -> tuple[bool | str, CoverCause | None]:
        """The cover state and what gives it (``None``: no cover), in one computation."""
        cause = self.cover_cause(table, observer, target)
        return cause is not None, cause

    def cover_cause(self, table: Table, observer: str, target: str) -> CoverCause | None:
        """What gives the target cover against the observer (none in a system without cover)."""
        return None

    def visibility_matrix(self, table: Table, observers: str, targets: str) -> dict[str, list[str]]:
        """Each model of ``observers`` (a player) to the sorted ids it sees among ``targets``."""
        return matrix_by_pairs(
            table, observers, targets, lambda o, t: self.visible(table, o, t).clear
        )

    # -- objectives and set-up ------------------------------------------------------------------

    objective_from_centre = False

    def objective_in_range(self, table: Table, model: Model, obj: Objective) -> bool:
        """A model in range of a marker (none in a system without objectives)."""
        return False

    def objective_control(self, table: Table, objective: str) -> str | None:
        """The controlling player's id, or ``None``."""
        return None

    def reserve_too_close(self, table: Table, model: Model, enemy: Model) -> bool:
        """An enemy not more than the reserve distance away."""
        return within(distance(model, enemy, self.silhouettes), self.reserve_distance)

    def setup_legal(
        self, table: Table, model: str, x: float, y: float, z: float = 0.0, reserve: bool = False
    ) -> SetupCheck:
        """Whether the model could be set up at ``(x, y, z)`` (first failing reason code)."""
        return setup_check(
            table,
            table.models[model],
            x,
            y,
            z,
            reserve,
            self.engaged,
            self.reserve_too_close,
            self.silhouettes,
        )


def objective_by_id(table: Table, objective: str) -> Objective:
    """The marker with this id (``KeyError`` if there is none)."""
    for obj in table.objectives:
        if obj.id == objective:
            return obj
    raise KeyError(objective)


class _Wh40k(GeometryRules):
    """What the three Warhammer 40,000 editions share."""

    engagement_h = 1.0
    engagement_v = 5.0
    unknown_kind_reads_as = "an opaque prism that gives no cover"

    def engaged(self, table: Table, a: Model, b: Model) -> bool:
        """Enemies with ``h_gap <= 1`` and ``v_gap <= 5`` (wh40k-10th §4.2, wh40k-9th §4.3)."""
        if a.id == b.id or not enemies(table, a, b):
            return False
        return within(h_gap(a, b), self.engagement_h) and within(v_gap(a, b), self.engagement_v)

    def objective_in_range(self, table: Table, model: Model, obj: Objective) -> bool:
        """``h_gap`` to the marker's disc within 3" and ``v_gap`` within 5" (10th and 9th)."""
        h, v = marker_gaps(model, obj)
        return within(h, 3.0) and within(v, 5.0)

    def visibility_matrix(self, table: Table, observers: str, targets: str) -> dict[str, list[str]]:
        """The observer x target matrix, fast and exact where the table allows it."""
        return matrix_fast(
            table, self.roles, observers, targets, lambda o, t: self.visible(table, o, t).clear
        )


class Wh40k10e(_Wh40k):
    """Warhammer 40,000 10th edition (wh40k-10th §2.3-§2.5, §3.4, §4; Conventions)."""

    system = "wh40k-10e"
    coherency_rule = CoherencyRule(2.0, 5.0, big_unit=7)
    roles = TerrainRoles(
        prisms=frozenset({"barricade", "obstacle", "debris", "hill", "building"}),
        clear=frozenset({"woods", "crater"}),
        ruins_are_walls=True,
    )

    def fully_visible(
        self, table: Table, observer: str, target: str, without: Collection[str] = ()
    ) -> bool:
        """Geometry first, then woods: a target wholly within woods, or seen only across woods
        the observer is not wholly within, is not fully visible (wh40k-10th §2.5 E)."""
        if not super().fully_visible(table, observer, target, without):
            return False
        obs, tgt = table.models[observer], table.models[target]
        if sees_over(table, obs, tgt):
            return True
        for piece in table.terrain:
            if piece.kind != "woods" or piece.id in without:
                continue
            if wholly_within_piece(tgt, piece):
                return False
            if wholly_within_piece(obs, piece):
                continue
            prob = sight_problem(table, self.roles, obs, tgt, without)
            across = SightProblem(
                prob.observer,
                prob.target,
                prob.blockers,
                (*prob.walls, Wall(terrain_shape(piece), piece.id)),
            )
            if not find_clear_segment(across).clear:
                return False
        return True

    def cover_cause(self, table: Table, observer: str, target: str) -> CoverCause | None:
        """Benefit of cover from terrain (see ``rules.common.cover.cover_10e``)."""
        return cover_10e(
            table,
            table.models[target],
            lambda without: self.fully_visible(table, observer, target, without),
        )

    def objective_control(self, table: Table, objective: str) -> str | None:
        """Sum of OC in range, 0 for battle-shocked units; strictly more controls."""
        obj = objective_by_id(table, objective)
        return control_by_oc(
            table, models_in_range(table, obj, lambda m, o: self.objective_in_range(table, m, o))
        )

    def reserve_too_close(self, table: Table, model: Model, enemy: Model) -> bool:
        """Reserves arrive more than 9" away horizontally (wh40k-10th §4.5)."""
        return within(h_gap(model, enemy), self.reserve_distance)


class Wh40k9e(_Wh40k):
    """Warhammer 40,000 9th edition (wh40k-9th §2.3, §3.5, §4; Conventions)."""

    system = "wh40k-9e"
    coherency_rule = CoherencyRule(2.0, 5.0, big_unit=6)
    roles = TerrainRoles(
        prisms=frozenset({"hill", "building", "barricade", "obstacle", "wall", "container"}),
        clear=frozenset({"ruins", "woods", "crater"}),
        obscuring_height=5.0,
    )

    def cover_cause(self, table: Table, observer: str, target: str) -> CoverCause | None:
        """The footprint touches a feature with ``light cover`` or ``heavy cover``."""
        return cover_9e(table, table.models[target])

    def objective_control(self, table: Table, objective: str) -> str | None:
        """Most models in range; AIRCRAFT and FORTIFICATION do not count; Objective Secured."""
        obj = objective_by_id(table, objective)
        models = models_in_range(table, obj, lambda m, o: self.objective_in_range(table, m, o))
        return control_by_count(
            table, models, frozenset({"AIRCRAFT", "FORTIFICATION"}), secured="OBJECTIVE SECURED"
        )


class Wh40k8e(_Wh40k):
    """Warhammer 40,000 8th edition (wh40k-8th-faq §2.1, §2.14, §2.17; Conventions)."""

    system = "wh40k-8e"
    coherency_rule = CoherencyRule(2.0, 6.0, big_unit=None)
    roles = TerrainRoles(
        prisms=frozenset({"hill", "building", "barricade", "obstacle"}),
        clear=frozenset({"ruins", "woods", "crater"}),
    )
    objective_from_centre = True

    def engaged(self, table: Table, a: Model, b: Model) -> bool:
        """Enemies with ``distance <= 1`` (3D closest points)."""
        if a.id == b.id or not enemies(table, a, b):
            return False
        return within(distance(a, b), 1.0)

    def objective_in_range(self, table: Table, model: Model, obj: Objective) -> bool:
        """``distance`` from the marker's centre point within 3" (measured diagonally)."""
        h, v = marker_gaps(model, obj, centre_only=True)
        return within(math.hypot(h, v), 3.0)

    def objective_control(self, table: Table, objective: str) -> str | None:
        """Most models in range controls; a tie is ``None``."""
        obj = objective_by_id(table, objective)
        return control_by_count(
            table, models_in_range(table, obj, lambda m, o: self.objective_in_range(table, m, o))
        )

    def cover_cause(self, table: Table, observer: str, target: str) -> CoverCause | None:
        """Cover from ruins, woods, craters and barricades (see ``cover_8e``)."""
        obs = table.models[observer]

        def obscured_half(model: Model) -> bool:
            prob = sight_problem(table, self.roles, obs, model)
            return hidden_fraction(prob) >= 0.5 - 1e-9

        return cover_8e(table, obs, table.models[target], obscured_half)


class Deathmatch(GeometryRules):
    """Deathmatch (deathmatch §3, §5, §8; Conventions)."""

    system = "deathmatch"
    silhouettes = True
    unknown_kind_reads_as = "terrain that neither blocks sight nor gives cover"

    def terrain_kinds(self) -> frozenset[str]:
        """deathmatch §5, §8 (scenario-format "Deathmatch"): sight-blocking, forest and obstacle
        kinds, and water and markers, which block nothing."""
        return dm.SIGHT_BLOCKING | dm.FORESTS | dm.COVER_TERRAIN | {"water", "marker"}

    def engaged(self, table: Table, a: Model, b: Model) -> bool:
        """One model in the other's control zone (sight area and melee reach)."""
        return dm.engaged(table, a, b)

    def in_arc(self, table: Table, observer: str, target: str) -> bool:
        """The target has a point strictly in front of the observer (or all-round sight)."""
        return dm.in_arc(table, table.models[observer], table.models[target])

    def visible(self, table: Table, observer: str, target: str) -> Sight:
        """Line of sight from the eye to the target's part in the sight area."""
        return dm.visible(table, table.models[observer], table.models[target])

    def fully_visible(
        self, table: Table, observer: str, target: str, without: Collection[str] = ()
    ) -> bool:
        """Every sampled facing point of the target seen from the eye."""
        t2 = replace(table, terrain=tuple(t for t in table.terrain if t.id not in without))
        obs, tgt = t2.models[observer], t2.models[target]
        return dm.visible(t2, obs, tgt).clear and dm.fully_visible(t2, obs, tgt)

    def cover_and_cause(
        self, table: Table, observer: str, target: str
    ) -> tuple[str, CoverCause | None]:
        """``"none"``, ``"cover"`` or ``"hard"``, and the source that gives it."""
        return dm.cover(table, table.models[observer], table.models[target])

    def cover_cause(self, table: Table, observer: str, target: str) -> CoverCause | None:
        """The forest or the source on the line that gives the cover."""
        return self.cover_and_cause(table, observer, target)[1]

    def objective_in_range(self, table: Table, model: Model, obj: Objective) -> bool:
        """Within 1" of the marker (silhouette to marker disc)."""
        h, v = marker_gaps(model, obj, silhouettes=True)
        return within(math.hypot(h, v), 1.0)

    def objective_control(self, table: Table, objective: str) -> str | None:
        """The player with the most models within 1"; a tie is ``None``."""
        obj = objective_by_id(table, objective)
        return control_by_count(
            table, models_in_range(table, obj, lambda m, o: self.objective_in_range(table, m, o))
        )


class Sandbox(GeometryRules):
    """No rules: measuring and true line of sight with every terrain piece opaque."""

    system = "sandbox"


class DeathAngel(Sandbox):
    """Space Hulk: Death Angel is a card game; its table answers like the sandbox."""

    system = "death-angel"


_RULES: dict[str, GeometryRules] = {
    r.system: r for r in (Wh40k10e(), Wh40k9e(), Wh40k8e(), Deathmatch(), Sandbox(), DeathAngel())
}


def geometry_for(system: str) -> GeometryRules:
    """The geometry rules of a system (``KeyError`` for an unknown system)."""
    return _RULES[system]
