"""Why a file could not be imported: a ``roster/...`` rejection value, never a crash."""

from __future__ import annotations

from dataclasses import dataclass

from vantage.engine.codec import is_utf8
from vantage.engine.errors import Rejection

EMPTY = "roster/empty"
TOO_LARGE = "roster/too_large"
NOT_A_ROSTER = "roster/not_a_roster"
BAD_XML = "roster/bad_xml"
BAD_JSON = "roster/bad_json"
UNSAFE_XML = "roster/unsafe_xml"
BAD_ZIP = "roster/bad_zip"
BAD_VALUE = "roster/bad_value"


@dataclass(frozen=True, slots=True)
class RosterError(Rejection):
    """A file that is not a readable roster: ``code`` is one of the ``roster/...`` constants."""


class RosterFailure(Exception):
    """Raised inside the readers and turned into a ``RosterError`` by ``import_roster``."""

    def __init__(self, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.error = RosterError(code, message)
        self.field = field
        """The bad field's JSON path (``roster.forces``) when one field is to blame."""


def is_text(value: str) -> bool:
    """True unless ``value`` holds an unpaired surrogate (``"\\ud800"`` in JSON), which no
    UTF-8 answer can carry."""
    return is_utf8(value)


def is_storable_text(value: str) -> bool:
    """Text an imported file may bring: also no NUL character, which no PostgreSQL text holds
    (an army already stored with a game is read with ``is_text``: a check added later must not
    lock a stored game out)."""
    return "\x00" not in value and is_utf8(value)
