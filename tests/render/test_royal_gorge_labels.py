"""Issue 21, newcomers: the 18 Royal Gorge board read in a chat preview, which shows it about 550 px wide. Every
place name and every margin coordinate (players type them: ``lay l14 …``) is drawn large enough to stay legible
there (checked by eye on a downscaled board; held here by the drawn font size against the image's width), and each
railroad's charter shows its last run, paid out or withheld."""

from __future__ import annotations

import io

from PIL import Image

from games.core import Rng
from games.royal_gorge import GAME
from games.royal_gorge.content import content
from games.royal_gorge.state import RGState
from render import recording, renderer_for
from render.kit import DrawnText

PREVIEW = 550      # px: the width at which Discord previews an image in the chat
NAME_PX = {"en": 6.5, "zh": 7.0}  # a bold place name at least this many pixels high in the preview (a Chinese
#                                  character needs more than a Latin letter)
ID_PX = 7.0        # a margin coordinate likewise
NAMES = ["Alice", "Bob", "Carol", "Dave"]


def operating_state(moves: int = 250) -> RGState:
    """A 4-player bot game some way into its operating rounds (track laid, railroads run)."""
    state = GAME.setup(4, {}, 1)
    rng = Rng.from_seed("labels")
    for _ in range(moves):
        seat = sorted(GAME.to_act(state))[0]
        state = GAME.apply(state, seat, GAME.bot_move(state, seat, rng)).state
    return state


def board(state: RGState, lang: str) -> tuple[int, list[DrawnText]]:
    with recording() as texts:
        png = renderer_for(GAME.meta.id).board(GAME.view(state, None), lang, NAMES)
    return Image.open(io.BytesIO(png)).width, texts


def test_place_names_and_coordinates_are_legible_at_the_preview_width() -> None:
    state = operating_state()
    for lang in ("en", "zh"):
        width, texts = board(state, lang)
        places = {h.name(lang) for h in content().hex_list if h.en or h.zh}
        places |= {a.name(lang) for a in content().areas.values()}
        drawn = [t for t in texts if t.source in places]
        assert len({t.source for t in drawn}) >= 25, "the map names its places"
        small = sorted({(t.source, round(t.size * PREVIEW / width, 1)) for t in drawn
                        if t.size * PREVIEW / width < NAME_PX[lang]})
        assert small == [], f"{lang}: names under {NAME_PX[lang]} px at {PREVIEW} px wide: {small}"
        assert not [t for t in drawn if t.text.endswith("…")], "a place name is cut short"
        letters = {h.id.rstrip("0123456789") for h in content().hex_list}
        for letter in letters:
            sizes = [t.size * PREVIEW / width for t in texts if t.text == letter]
            assert sizes and max(sizes) >= ID_PX, (letter, sizes)


def test_each_charter_shows_its_last_run() -> None:
    state = operating_state()
    view = GAME.view(state, None)
    ran = [c for c in view.corps if c.last_revenue is not None]
    assert ran and any(c.last_paid for c in ran)
    for lang, paid, withheld in (("en", "last run ${:,}, paid out", "last run ${:,}, withheld"),
                                 ("zh", "上次运营收益 ${:,}，已分红", "上次运营收益 ${:,}，已留存")):
        _, texts = board(state, lang)
        shown = {t.text for t in texts}
        for corp in ran:
            line = (paid if corp.last_paid else withheld).format(corp.last_revenue)
            assert line in shown, (corp.id, line)
        assert sum(t.text.startswith(paid.split("$")[0]) for t in texts) == len(ran)  # the others show none
