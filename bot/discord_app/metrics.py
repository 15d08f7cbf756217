"""What one bot process counts, for Prometheus (issue 13 §5): commands, moves, errors, the render
queue, how long commands take, clock jobs and connected shards. Each process has its own registry
(``/metrics`` of :mod:`bot.discord_app.health`); Prometheus adds the processes up."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, Metric
from prometheus_client.exposition import CONTENT_TYPE_LATEST
from prometheus_client.registry import Collector

__all__ = ["CONTENT_TYPE_LATEST", "Metrics"]

#: Seconds: Discord wants an answer within 3 s, and a board should follow within a second or two.
LATENCY_BUCKETS = (0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 3.0, 5.0, 10.0)


class Metrics:
    """The counters of one bot process, in a registry of its own."""

    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.commands = Counter("tabula_commands", "Interactions received: slash commands, clicks, menus, autocomplete",
                                ["kind", "name"], registry=self.registry)
        self.moves = Counter("tabula_moves", "Moves committed by this process (players', bots', standing orders', "
                             "missed deadlines')", registry=self.registry)
        self.errors = Counter("tabula_errors", "Interactions that failed unexpectedly (a bug, not a refusal)",
                              ["kind"], registry=self.registry)
        self.late = Counter("tabula_late_interactions", "Interactions answered after Discord's 3 seconds (the bot "
                            "was behind: load, not a bug)", ["kind"], registry=self.registry)
        self.latency = Histogram("tabula_command_seconds", "From a slash command's arrival until it was handled",
                                 ["name"], buckets=LATENCY_BUCKETS, registry=self.registry)
        self.render_queue = Gauge("tabula_render_queue", "Images being drawn or waiting for a drawer",
                                  registry=self.registry)
        self.jobs = Counter("tabula_clock_jobs", "Clock jobs this process claimed and did", ["job"],
                            registry=self.registry)
        self.shards = Gauge("tabula_shards_connected", "Gateway shards of this process that are connected",
                            registry=self.registry)

    def watch(self, *, render_queue: Callable[[], float], shards: Callable[[], float],
              images: Callable[[], Mapping[str, float]] | None = None) -> None:
        """Read the gauges from the process itself at every scrape; ``images`` gives the image
        counters (``drawn``, ``skipped``: left out, the queue full; ``superseded``: a newer image
        of the same post took its place), exposed as ``tabula_images_total{outcome=...}``."""
        self.render_queue.set_function(render_queue)
        self.shards.set_function(shards)
        if images is not None:
            self.registry.register(_ImageCounts(images))

    def exposition(self) -> bytes:
        """Everything in Prometheus's text format."""
        return generate_latest(self.registry)


class _ImageCounts(Collector):
    """The image pool's own counters, read at each scrape."""

    def __init__(self, read: Callable[[], Mapping[str, float]]) -> None:
        self.read = read

    def collect(self) -> Iterable[Metric]:
        family = CounterMetricFamily("tabula_images", "Images by outcome: drawn, skipped (queue full), superseded",
                                     labels=["outcome"])
        for outcome, count in sorted(self.read().items()):
            family.add_metric([outcome], float(count))
        yield family
