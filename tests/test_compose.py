"""docker-compose.yml (issue 13 §5): PostgreSQL and one bot process per shard. Read as text (no
YAML library is a dependency): every shard from 0 to the count is served by exactly one bot
service, all on the one database, each with its health check and a graceful stop."""

from __future__ import annotations

import re
from pathlib import Path

COMPOSE = (Path(__file__).resolve().parents[1] / "docker-compose.yml").read_text(encoding="utf-8")


def first(pattern: str, text: str) -> str:
    found = re.search(pattern, text)
    assert found is not None, pattern
    return found[1]


def services() -> dict[str, str]:
    """Each service's block of text, by name."""
    body = COMPOSE.split("\nservices:\n", 1)[1].split("\nvolumes:\n", 1)[0]
    blocks = re.split(r"^  (?=[\w-]+:\s*$)", body, flags=re.M)
    return {block.split(":", 1)[0]: block for block in blocks if block.strip()}


def test_every_shard_has_exactly_one_bot_process_on_the_one_database() -> None:
    count = int(first(r'TABULA_SHARD_COUNT: "(\d+)"', COMPOSE))
    bots = {name: block for name, block in services().items() if name.startswith("bot-")}
    ids = sorted(int(first(r'TABULA_SHARD_IDS: "(\d+)"', block)) for block in bots.values())
    assert ids == list(range(count)) and count >= 2
    assert all("<<: *bot" in block and "<<: *bot-env" in block for block in bots.values())
    assert re.findall(r"TABULA_DATABASE_URL: postgresql://\S+@db:5432/tabula", COMPOSE)
    assert "image: postgres" in services()["db"]


def test_bot_processes_report_health_and_stop_gracefully() -> None:
    anchor = COMPOSE.split("x-bot: &bot", 1)[1].split("\nservices:", 1)[0]
    port = first(r'TABULA_METRICS_PORT: "(\d+)"', anchor)
    assert f"127.0.0.1:{port}/healthz" in anchor and "TABULA_METRICS_HOST: 0.0.0.0" in anchor
    assert "stop_grace_period" in anchor and "condition: service_healthy" in anchor
    assert "TABULA_LOG_FORMAT: json" in anchor
