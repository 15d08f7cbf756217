"""Message catalogs: keys to sentences in each supported language.

Catalogs are TOML files with one table per language (``[en]``, ``[zh]``) of dotted keys. Engines
never produce finished sentences; they emit keys and parameters, and adapters call
:meth:`Catalog.text` with the reader's language.

A count picks a word's form with ``{count:cube|cubes}`` (issue 19 §6: "1 cube", "2 cubes"): the
first form for exactly one, the second for any other count. Chinese has no plural and writes no
such field.
"""

from __future__ import annotations

import string
import tomllib
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

LANGS = ("en", "zh")
DEFAULT_LANG = "en"

ParamText = Callable[[str, Any, str], str | None]


def normalise_lang(locale: str | None) -> str:
    """Map a Discord/OS locale (``zh-CN``, ``en-US``, ``zh_TW``) to a catalog language."""
    if not locale:
        return DEFAULT_LANG
    head = locale.replace("_", "-").split("-")[0].lower()
    return head if head in LANGS else DEFAULT_LANG


def _flatten(prefix: str, table: Mapping[str, Any], out: dict[str, str]) -> None:
    for key, value in table.items():
        full = f"{prefix}.{key}" if prefix else key
        if isinstance(value, Mapping):
            _flatten(full, value, out)
        else:
            out[full] = str(value)


class _Lenient(dict[str, Any]):
    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def plural(count: Any, forms: str) -> str:
    """``forms`` is ``"one|many"``: the first for a count of exactly one, else the second."""
    one, _, many = forms.partition("|")
    try:
        single = abs(float(count)) == 1
    except (TypeError, ValueError):
        single = False
    return one if single else many


class _Forms(str):
    """A parameter's display text that also knows its form for a count of one: ``{resource:one}`` gives it
    ("pays 1 {resource:one}": "pays 1 troop"), ``{resource}`` the usual text ("troops")."""

    one: str

    def __new__(cls, text: str, one: str) -> _Forms:
        made = super().__new__(cls, text)
        made.one = one
        return made

    def __format__(self, spec: str) -> str:
        return self.one if spec == ONE else format(str(self), spec)


#: The format spec asking for a parameter's form for a count of one (:class:`Catalog` ``text``).
ONE = "one"


class _Formatter(string.Formatter):
    """``str.format`` plus the plural field ``{count:one|many}`` and the singular field ``{word:one}``."""

    def format_field(self, value: Any, format_spec: str) -> Any:
        if "|" in format_spec:
            return plural(value, format_spec)
        return super().format_field(value, format_spec)


_FORMATTER = _Formatter()


class Catalog:
    """Sentences for message keys, with a fallback catalog (the core one) behind it."""

    def __init__(self, messages: dict[str, dict[str, str]], parent: Catalog | None = None) -> None:
        self.messages = messages
        self.parent = parent

    @classmethod
    def load(cls, path: Path, parent: Catalog | None = None) -> Catalog:
        raw = tomllib.loads(path.read_text(encoding="utf-8"))
        messages: dict[str, dict[str, str]] = {}
        for lang in LANGS:
            flat: dict[str, str] = {}
            _flatten("", raw.get(lang, {}), flat)
            messages[lang] = flat
        return cls(messages, parent)

    def template(self, key: str, lang: str) -> str | None:
        for language in (lang, DEFAULT_LANG):
            found = self.messages.get(language, {}).get(key)
            if found is not None:
                return found
        return self.parent.template(key, lang) if self.parent else None

    def has(self, key: str) -> bool:
        return self.template(key, DEFAULT_LANG) is not None

    def text(self, key: str, params: Mapping[str, Any] | None = None, lang: str = DEFAULT_LANG,
             param_text: ParamText | None = None) -> str:
        """The sentence for ``key`` in ``lang`` with ``params`` filled in.

        ``param_text(name, value, lang)`` may turn an id (a card, a seat) into a display name. A template
        asking for ``{name:one}`` (the word for a count of one: "1 {resource:one}") gets
        ``param_text("name:one", value, lang)``, or the usual text when the title has no such form.
        An unknown key falls back to the key itself, so nothing is ever lost silently.
        """
        template = self.template(key, lang)
        if not params and template is not None and "{" not in template and "}" not in template:
            return template  # a plain word ("action.log"): nothing to fill in, and most calls are these
        params = dict(params or {})
        shown = _Lenient()
        for name, value in params.items():
            rendered = param_text(name, value, lang) if param_text else None
            text = rendered if rendered is not None else value
            if template is not None and "{" + name + ":" + ONE + "}" in template:
                one = param_text(f"{name}:{ONE}", value, lang) if param_text else None
                text = _Forms(str(text), one if one is not None else str(text))
            shown[name] = text
        if template is None:
            return key + (" " + " ".join(f"{k}={v}" for k, v in shown.items()) if shown else "")
        if "|" not in template:  # no plural field: the C formatter does the same, several times faster
            try:
                return template.format_map(shown)
            except (ValueError, IndexError):
                pass
        return _FORMATTER.vformat(template, (), shown)

    def keys(self, lang: str) -> set[str]:
        own = set(self.messages.get(lang, {}))
        return own | (self.parent.keys(lang) if self.parent else set())


CORE_CATALOG = Catalog.load(Path(__file__).with_name("messages.toml"))
