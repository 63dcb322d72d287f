"""The server's allocator policy: large numpy temporaries come from the heap, not fresh pages."""

from __future__ import annotations

import subprocess
import sys

PROBE = """
import ctypes, sys
import numpy as np
from vantage.api.malloc import keep_heap_memory

class Info(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena", "ordblks", "smblks", "hblks", "hblkhd", "usmblks", "fsmblks", "uordblks",
        "fordblks", "keepcost")]

libc = ctypes.CDLL(None)
libc.mallinfo2.restype = Info
took = keep_heap_memory() if sys.argv[1] == "tuned" else None
before = libc.mallinfo2().hblks
block = np.ones(3_000_000)  # 24 MB
print(took, libc.mallinfo2().hblks - before)
"""


def _mapped_blocks(mode: str) -> tuple[str, int]:
    out = subprocess.run(
        [sys.executable, "-c", PROBE, mode], capture_output=True, text=True, check=True
    ).stdout.split()
    return out[0], int(out[1])


def test_a_large_block_is_a_fresh_mapping_by_default_and_heap_memory_when_tuned() -> None:
    assert _mapped_blocks("default") == ("None", 1)
    assert _mapped_blocks("tuned") == ("True", 0)
