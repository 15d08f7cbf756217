"""The bot's log lines: plain text, or one JSON object per line (``TABULA_LOG_FORMAT=json``) for a
log collector when several processes run (issue 13 §5). Each JSON line carries the time, level,
logger, message, the process's shards when set, and the exception's traceback if any."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from typing import Any

TEXT_FORMAT = "%(asctime)s %(levelname)-7s %(name)s: %(message)s"


class JsonFormatter(logging.Formatter):
    """One JSON object per record: ``time``, ``level``, ``logger``, ``message`` (+ ``shards``,
    ``exception``, and any ``extra=`` fields given to the call that are plain values)."""

    #: Attributes every ``LogRecord`` has: anything else came from ``extra=``.
    STANDARD = frozenset(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {"message", "asctime"}

    def __init__(self, shards: str | None = None) -> None:
        super().__init__()
        self.shards = shards

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname, "logger": record.name, "message": record.getMessage()}
        if self.shards:
            out["shards"] = self.shards
        for key, value in record.__dict__.items():
            if key not in self.STANDARD and isinstance(value, str | int | float | bool | None):
                out[key] = value
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False)


def configure(log_format: str, shards: str | None = None) -> None:
    """Log at INFO to stderr, as text or (``json``) as JSON lines."""
    handler = logging.StreamHandler()
    handler.setFormatter(JsonFormatter(shards) if log_format.lower() == "json" else logging.Formatter(TEXT_FORMAT))
    logging.basicConfig(level=logging.INFO, handlers=[handler])
