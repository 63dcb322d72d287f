"""Seat tokens kept out of the server's log.

A seat's link carries its token in the query string (``/play/{id}?token=``, the websocket
``/ws/games/{id}?token=``, the export ``/api/games/{id}/export?token=``), and uvicorn logs every
request line: anyone who could read the log (``docker compose logs``, a log shipper) could act
for every seat (security audit s14 #6). A filter on uvicorn's loggers replaces each token value
with ``…`` before the line is written; the rest of the line is kept.
"""

from __future__ import annotations

import logging
import re

TOKEN = re.compile(r"((?:^|[?&;])token=)[^&;#\s\"']*", re.IGNORECASE)
REDACTED = "…"
LOGGERS = ("uvicorn.access", "uvicorn.error", "uvicorn")


def redact(text: str) -> str:
    """``text`` with every ``token=`` value of a query string replaced."""
    return TOKEN.sub(lambda m: m.group(1) + REDACTED, text) if "token=" in text.lower() else text


class RedactTokens(logging.Filter):
    """Rewrites a record's message and string arguments without their token values."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.msg, str):
            record.msg = redact(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(redact(a) if isinstance(a, str) else a for a in record.args)
        elif isinstance(record.args, dict):
            record.args = {
                k: redact(v) if isinstance(v, str) else v for k, v in record.args.items()
            }
        return True


def install_token_redaction() -> None:
    """Put the filter on uvicorn's loggers (the access log and the websocket lines); once."""
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())
