"""The fallback renderer draws any view, so a title without its own renderer still gets images."""

from __future__ import annotations

import io
from dataclasses import dataclass, field

import msgspec
from PIL import Image

from games.core import Outcome, Standing
from render import GenericRenderer, Renderer, recording, register_renderer, renderer_for, unregister_renderer
from render.generic import summary_board


class TinySeat(msgspec.Struct):
    seat: int
    coins: int
    hand: list[str] | None = None


class TinyView(msgspec.Struct):
    game: str
    round: int
    seats: list[TinySeat]
    market: dict[str, int]


@dataclass
class PlainView:
    turn: int
    board: list[list[str]] = field(default_factory=list)
    note: str = "你好，世界"


def is_png(data: bytes) -> Image.Image:
    assert data.startswith(b"\x89PNG\r\n\x1a\n")
    image = Image.open(io.BytesIO(data))
    image.verify()
    return Image.open(io.BytesIO(data))


def test_unknown_titles_get_the_generic_renderer() -> None:
    renderer = renderer_for("brand-new-title")
    assert isinstance(renderer, GenericRenderer)
    assert isinstance(renderer, Renderer)


def test_generic_board_draws_every_public_value() -> None:
    view = TinyView("brand-new-title", 3, [TinySeat(0, 5), TinySeat(1, 7, ["Secret Card"])], {"wood": 2})
    with recording() as drawn:
        data = renderer_for("brand-new-title").board(view, "en", ["Ann", "白"])
    image = is_png(data)
    assert image.width == 1000
    shown = "\n".join(d.source for d in drawn)
    assert "Ann" in shown and "白" in shown and "Wood" in shown
    # The view is what the title chose to show; the renderer draws exactly that.
    assert "Secret Card" in shown


def test_generic_private_and_zh_and_plain_objects() -> None:
    with recording() as drawn:
        is_png(GenericRenderer().private(PlainView(4, [["x", "o"], ["", "x"]]), "zh"))
    shown = "\n".join(d.source for d in drawn)
    assert "你好，世界" in shown and "私密信息——仅你可见" in shown
    is_png(summary_board({"anything": [1, 2, 3]}, "en"))
    is_png(summary_board("just a string", "en"))


def test_generic_result_lists_standings() -> None:
    outcome = Outcome((Standing(1, 1, 12, {"coins": 12, "total": 12}), Standing(0, 2, 9)),
                      (("tiebreak.none", {}),))
    with recording() as drawn:
        is_png(GenericRenderer("brand-new-title").result(outcome, {"game": "brand-new-title"}, "en", ["A", "B"]))
    shown = "\n".join(d.source for d in drawn)
    assert "B" in shown and "12" in shown and "Coins 12" in shown


def test_registered_renderers_take_precedence() -> None:
    class Fake:
        def board(self, view: object, lang: str, names: object = None) -> bytes:
            return b"board"

        def private(self, view: object, lang: str, names: object = None) -> bytes:
            return b"private"

        def result(self, outcome: object, view: object, lang: str, names: object = None) -> bytes:
            return b"result"

    register_renderer("fake-title", Fake())
    try:
        assert renderer_for("fake-title").board(None, "en") == b"board"
    finally:
        unregister_renderer("fake-title")
    assert isinstance(renderer_for("fake-title"), GenericRenderer)


def test_each_title_declares_its_renderer_next_to_itself() -> None:
    """games/registry.py is the only registry: render.renderer_for follows GameMeta.renderer."""
    import importlib

    from games.registry import all_games

    for game in all_games():
        assert game.meta.renderer, f"{game.meta.id} declares no renderer"
        module, attr = game.meta.renderer.split(":")
        assert renderer_for(game.meta.id) is getattr(importlib.import_module(module), attr)
