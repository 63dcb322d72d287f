"""The C allocator's policy for a long-running server (glibc only; elsewhere nothing).

glibc serves blocks above its mmap threshold (128 KiB at start) with fresh ``mmap`` pages and
unmaps them on free, so a numpy temporary of that size is page-faulted afresh on every call; the
threshold only rises after the process frees a larger mapped block. The geometry solvers make
many temporaries of 0.1-1 MB: the visibility matrix of ``bench/los_matrix.py`` took 7.3-8.4 ms
per call (median) in a fresh server process and 6.4-6.7 ms with the thresholds below, at the
same peak memory (docs/performance-geometry.md). Freed memory stays in the process's heap up
to ``TRIM_BYTES``, to be reused.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import logging

log = logging.getLogger(__name__)

M_TRIM_THRESHOLD = -1
M_MMAP_THRESHOLD = -3
MMAP_BYTES = 32 << 20
"""Blocks up to this size come from the heap (glibc's own ceiling for the threshold)."""
TRIM_BYTES = 64 << 20
"""Free memory at the top of the heap up to this size is kept for reuse."""


def keep_heap_memory() -> bool:
    """Raise glibc's mmap and trim thresholds; whether it took effect (``False`` on other C
    libraries, where nothing changes)."""
    name = ctypes.util.find_library("c")
    if name is None:
        return False
    try:
        mallopt = ctypes.CDLL(name).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = (ctypes.c_int, ctypes.c_int)
    mallopt.restype = ctypes.c_int
    done = bool(mallopt(M_MMAP_THRESHOLD, MMAP_BYTES) == 1)
    done = done and bool(mallopt(M_TRIM_THRESHOLD, TRIM_BYTES) == 1)
    if not done:
        log.info("the C library refused the allocator thresholds")
    return done
