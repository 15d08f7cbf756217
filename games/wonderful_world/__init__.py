"""It's a Wonderful World: draft, plan and produce for four rounds (rules text:
``../shared/rules/wonderful-world.zh.md``; reference: ``docs/rules/wonderful-world.md``)."""

from .game import WonderfulWorld

GAME = WonderfulWorld()

__all__ = ["GAME", "WonderfulWorld"]
