"""Which (pair, footprint) triples the plan solver looks at: eight-sided box tests, split per base.

The box of a pair of bases (both centres grown by the larger radius, along ``x``, ``y``, ``x + y``
and ``x - y``) meets a footprint's eight-sided box iff each of eight half-tests holds for the
observer or for the target. :func:`sides` codes the half-tests of every (base, footprint) as
bits, and :func:`candidates` ORs an observer's and a target's codes: a triple is kept when all
eight bits are set. A footprint that misses the box misses the pair's hull.
"""

from __future__ import annotations

import math

import numpy as np
from numpy.typing import NDArray

from vantage.geometry.plan_pack import B, DiscRelations, F, Ix, Packed

CANDIDATES = 65536
"""Box tests per call of ``candidates`` (boolean temporaries of 64 KB)."""
BLOCK = 16000
"""Triples per block of the one-footprint stage: numpy temporaries this small (125 KB) stay
below glibc's default mmap threshold (128 KiB; larger ones are page-faulted afresh on this VM
in a process that never freed a larger block, which costs more than the arithmetic)."""


ALL_SIDES = 255
"""The eight bits of a pair-box test that must all hold (``sides``)."""
DROPPED = 256
"""A code bit outside ``ALL_SIDES``: a ruin the base makes irrelevant never joins a triple."""
DIAGONAL = math.sqrt(2) * (1 + 1e-12)
"""A disc of radius r spans ``r * sqrt(2)`` along ``x + y`` and ``x - y`` (rounded up)."""


def sides(
    x: F, y: F, rad: float, polys: Packed, over: B, rel: DiscRelations, above: B
) -> NDArray[np.uint16]:
    """Per (base, footprint), the separable halves of a pair-box test as eight bits: the
    pair's eight-sided box (both centres grown by the largest radius, along x, y, ``x + y``
    and ``x - y``) meets the footprint's eight-sided box iff each bit holds for the observer or
    the target, i.e. the OR of both codes is ``ALL_SIDES``. A footprint that misses the box
    misses the pair's hull (the hull lies in the box). The ruins a base makes irrelevant
    (AIRCRAFT/TOWERING see over, an observer wholly within sees out, a target wholly within is
    always seen into) get ``DROPPED``, which no OR clears, and so do the partial walls whose
    top the base's top is not clearly below (``above``): a partial wall is an obstacle of a
    pair only when both bases are below it."""
    box, dbox = polys.box, polys.dbox
    u, v, drad = (x + y)[:, None], (x - y)[:, None], rad * DIAGONAL
    code = (x[:, None] - rad <= box[None, :, 2]).astype(np.uint16)
    code |= (x[:, None] + rad >= box[None, :, 0]).view(np.uint8) << 1
    code |= (y[:, None] - rad <= box[None, :, 3]).view(np.uint8) << 2
    code |= (y[:, None] + rad >= box[None, :, 1]).view(np.uint8) << 3
    code |= (u - drad <= dbox[None, :, 1]).view(np.uint8) << 4
    code |= (u + drad >= dbox[None, :, 0]).view(np.uint8) << 5
    code |= (v - drad <= dbox[None, :, 3]).view(np.uint8) << 6
    code |= (v + drad >= dbox[None, :, 2]).view(np.uint8) << 7
    code[polys.see_into[None, :] & (over[:, None] | rel.inside)] = DROPPED
    code[above] = DROPPED
    return code


def candidates(a: NDArray[np.uint16], b: NDArray[np.uint16], lo: int, hi: int) -> Ix:
    """Flat indices ``(observer * targets + target) * polygons + polygon`` (observers ``lo`` to
    ``hi``) of the triples whose boxes meet and whose ruin may block (``sides``)."""
    hit = a[lo:hi, None] | b[None]
    return np.flatnonzero(hit == ALL_SIDES) + lo * b.size
