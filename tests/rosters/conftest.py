"""Shared fixtures for the roster-import tests: the invented Glasswright roster, three ways."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

FIXTURES = Path(__file__).parent / "fixtures"


@pytest.fixture(scope="session")
def read_fixture() -> Callable[[str], bytes]:
    """The bytes of a file under tests/rosters/fixtures."""
    return lambda name: (FIXTURES / name).read_bytes()


@pytest.fixture(scope="session")
def ros_bytes(read_fixture: Callable[[str], bytes]) -> bytes:
    return read_fixture("glasswright.ros")


@pytest.fixture(scope="session")
def json_bytes(read_fixture: Callable[[str], bytes]) -> bytes:
    return read_fixture("glasswright.json")
