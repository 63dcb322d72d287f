"""Units and tolerances, defined once.

Vantage measures in inches internally: the rules, the scenario format and the wire protocol all
speak inches, so converting at every edge would only add rounding. Base sizes stay in mm, as they
are sold, and are converted when a footprint is built.
"""

from __future__ import annotations

MM_PER_INCH = 25.4
EPS = 1e-6
"""Tolerance in inches for "within" and "more than" (scenario-format Conventions)."""
TOL = 1e-9
"""The exact geometry's own tolerance in inches (chords, supports, heights, arcs): points this
close count as touching. Far below ``EPS``, so it never decides a rules distance."""


def mm_to_inch(mm: float) -> float:
    """Millimetres to inches."""
    return mm / MM_PER_INCH
