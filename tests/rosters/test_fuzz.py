"""Whatever the bytes, ``import_roster`` answers with an army or an error value."""

from __future__ import annotations

import io
import zipfile

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vantage.rosters import Army, RosterError, import_roster

FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def _mutate(data: bytes, edits: list[tuple[int, int]]) -> bytes:
    out = bytearray(data)
    for pos, value in edits:
        out[pos % len(out)] = value
    return bytes(out)


EDITS = st.lists(st.tuples(st.integers(0, 1 << 20), st.integers(0, 255)), max_size=12)


@FUZZ
@given(st.binary(max_size=2048))
def test_random_bytes(data: bytes) -> None:
    assert isinstance(import_roster("x", data), Army | RosterError)


@FUZZ
@given(EDITS)
def test_damaged_ros(ros_bytes: bytes, edits: list[tuple[int, int]]) -> None:
    assert isinstance(import_roster("x.ros", _mutate(ros_bytes, edits)), Army | RosterError)


@FUZZ
@given(EDITS)
def test_damaged_json(json_bytes: bytes, edits: list[tuple[int, int]]) -> None:
    assert isinstance(import_roster("x.json", _mutate(json_bytes, edits)), Army | RosterError)


@FUZZ
@given(EDITS)
def test_damaged_rosz(ros_bytes: bytes, edits: list[tuple[int, int]]) -> None:
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as archive:
        archive.writestr("x.ros", ros_bytes)
    assert isinstance(import_roster("x.rosz", _mutate(buf.getvalue(), edits)), Army | RosterError)


@FUZZ
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
        lambda inner: (
            st.lists(inner, max_size=4)
            | st.dictionaries(
                st.sampled_from(
                    [
                        "id",
                        "name",
                        "type",
                        "number",
                        "selections",
                        "forces",
                        "profiles",
                        "costs",
                        "categories",
                        "characteristics",
                        "typeName",
                        "$text",
                        "value",
                    ]
                ),
                inner,
                max_size=6,
            )
        ),
        max_leaves=40,
    )
)
def test_json_shaped_like_a_roster(doc: object) -> None:
    import json

    data = json.dumps({"roster": doc}).encode()
    assert isinstance(import_roster("x.json", data), Army | RosterError)
