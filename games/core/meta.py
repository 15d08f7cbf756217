"""Title metadata and table options, readable without loading an engine's rules."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

import msgspec

from .errors import BadOptions

OptionKind = Literal["int", "bool", "choice", "text", "list"]

#: Longest value a ``text`` option accepts (a player's name for a variant, a custom map id).
TEXT_OPTION_LIMIT = 100


class OptionSpec(msgspec.Struct, frozen=True):
    """One table option (variant switch or number) a title accepts."""

    key: str
    kind: OptionKind
    default: Any
    names: dict[str, str]
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None

    def coerce(self, value: Any) -> Any:
        """Return ``value`` converted to this option's type, or raise :class:`BadOptions`."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in {"1", "true", "yes", "on", "是"}:
                return True
            if text in {"0", "false", "no", "off", "否"}:
                return False
            raise BadOptions("error.option_value", option=self.key, value=str(value))
        if self.kind == "int":
            try:
                number = int(value)
            except (TypeError, ValueError):
                raise BadOptions("error.option_value", option=self.key, value=str(value)) from None
            if (self.minimum is not None and number < self.minimum) or (
                self.maximum is not None and number > self.maximum
            ):
                raise BadOptions("error.option_range", option=self.key, value=number,
                                 low=self.minimum, high=self.maximum)
            return number
        if self.kind == "text":
            text = " ".join(str(value).split())
            if not text or len(text) > TEXT_OPTION_LIMIT:
                raise BadOptions("error.option_value", option=self.key, value=text[:40])
            return text
        if self.kind == "list":
            items = value if isinstance(value, list | tuple) else str(value).replace("，", ",").split(",")
            picked = tuple(dict.fromkeys(str(i).strip().lower() for i in items if str(i).strip()))
            wrong = [i for i in picked if self.choices and i not in self.choices]
            if wrong:
                raise BadOptions("error.option_choice", option=self.key, value=wrong[0],
                                 choices=", ".join(self.choices))
            return list(picked)
        text = str(value).strip().lower()
        if text not in self.choices:
            raise BadOptions("error.option_choice", option=self.key, value=text,
                             choices=", ".join(self.choices))
        return text


class GameMeta(msgspec.Struct, frozen=True):
    """What the lobby needs to know about a title."""

    id: str
    names: dict[str, str]
    min_players: int
    max_players: int
    rules_reference: str
    engine_version: str
    options: tuple[OptionSpec, ...] = ()
    aliases: tuple[str, ...] = ()
    #: Where the title's renderer lives, as ``"module:attribute"`` (imported lazily by
    #: ``render.renderer_for``, so engines never import Pillow); ``None``: the generic renderer.
    renderer: str | None = None
    #: Seeded random playouts the shared contract suite plays to the end (``TABULA_PLAYOUTS``
    #: overrides it): a title whose games are long or whose moves are costly sets fewer.
    playouts: int = 200
    #: The rules reference in other languages, by language (issue 10 §8: ``{"zh": "docs/rules/zh/…"}``);
    #: ``rules_reference`` is the English one and the fallback.
    rules_references: dict[str, str] = msgspec.field(default_factory=dict)
    #: Whether a seat keeps secrets from the others at some point of the game (a hand, a sealed
    #: bid): then nobody who has held a seat since the deal may take another one (issue 19 §3).
    #: The contract suite checks the title's ``secret_fields`` agree with it.
    hidden_information: bool = True
    #: Option sets under which the contract suite plays too, besides the defaults: the variants
    #: that open steps a default game never reaches (an edition's sale on landing, a draft).
    variants: tuple[dict[str, Any], ...] = ()

    def name(self, lang: str) -> str:
        return self.names.get(lang) or self.names["en"]

    def reference(self, lang: str) -> str:
        """The rules reference a reader of ``lang`` gets: theirs if written, else the English one."""
        return self.rules_references.get(lang) or self.rules_reference

    def resolve_options(self, given: Mapping[str, Any] | None) -> dict[str, Any]:
        """Fill defaults and validate ``given``; unknown keys are refused."""
        given = dict(given or {})
        known = {o.key: o for o in self.options}
        unknown = sorted(set(given) - set(known))
        if unknown:
            raise BadOptions("error.option_unknown", option=unknown[0],
                             known=", ".join(sorted(known)) or "-")
        return {key: (spec.coerce(given[key]) if key in given else spec.default)
                for key, spec in known.items()}

    def check_players(self, players: int) -> None:
        if not self.min_players <= players <= self.max_players:
            raise BadOptions("error.player_count", count=players,
                             low=self.min_players, high=self.max_players)
