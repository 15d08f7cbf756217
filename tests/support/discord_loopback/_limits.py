"""Discord's limits on components, autocomplete choices and command names, as the loopback
server enforces them (a violation is answered 400, code 50035, with Discord's ``errors`` tree)."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from typing import Any

from ._util import ApiError, form_error

#: The locales Discord accepts in ``name_localizations`` / ``description_localizations``.
LOCALES = frozenset({
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl", "no", "pl",
    "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th", "zh-CN", "ja",
    "zh-TW", "ko",
})

BUTTON_LABEL = 80
SELECT_OPTIONS = 25
OPTION_TEXT = 100
SELECT_PLACEHOLDER = 150
CUSTOM_ID = 100
CHOICES = 25
CHOICE_TEXT = 100
TEXT_INPUT_LABEL = 45
TEXT_INPUT_PLACEHOLDER = 100
TEXT_INPUT_VALUE = 4000
LABEL_DESCRIPTION = 100
TEXT_DISPLAY = 4000

SELECT_TYPES = (3, 5, 6, 7, 8)


def _too_long(where: str, limit: int) -> ApiError:
    return form_error(where, "BASE_TYPE_MAX_LENGTH", f"Must be {limit} or fewer in length.")


def _bad_length(where: str, low: int, high: int) -> ApiError:
    return form_error(where, "BASE_TYPE_BAD_LENGTH", f"Must be between {low} and {high} in length.")


def _length(value: Any, where: str, high: int, low: int = 0) -> None:
    if value is None:
        if low:
            raise form_error(where, "BASE_TYPE_REQUIRED", "This field is required")
        return
    size = len(str(value))
    if size > high or size < low:
        raise _too_long(where, high) if not low else _bad_length(where, low, high)


def check_component(comp: Mapping[str, Any], where: str = "components") -> None:
    """One component's own limits (the structure of rows is checked by the server)."""
    kind = comp.get("type")
    if kind == 2:  # button
        _length(comp.get("label"), f"{where}.label", BUTTON_LABEL)
        if comp.get("style") != 5 and comp.get("style") != 6 and not comp.get("custom_id"):
            raise form_error(f"{where}.custom_id", "BASE_TYPE_REQUIRED", "A non-link button needs a custom_id")
        if not comp.get("label") and not comp.get("emoji") and comp.get("style") != 6:
            raise form_error(f"{where}.label", "BASE_TYPE_REQUIRED", "A button needs a label or an emoji")
    elif kind in SELECT_TYPES:
        _length(comp.get("placeholder"), f"{where}.placeholder", SELECT_PLACEHOLDER)
        low, high = int(comp.get("min_values", 1)), int(comp.get("max_values", 1))
        if not 0 <= low <= 25 or not 1 <= high <= 25 or low > high:
            raise form_error(f"{where}.max_values", "BASE_TYPE_BAD_INT", "min/max values out of range")
        if kind == 3:
            options = comp.get("options") or []
            if not 1 <= len(options) <= SELECT_OPTIONS:
                raise _bad_length(f"{where}.options", 1, SELECT_OPTIONS)
            if high > len(options):
                raise form_error(f"{where}.max_values", "BASE_TYPE_MAX_VALUE", "more than the options")
            values: set[str] = set()
            for j, option in enumerate(options):
                _length(option.get("label"), f"{where}.options.{j}.label", OPTION_TEXT, 1)
                _length(option.get("value"), f"{where}.options.{j}.value", OPTION_TEXT, 1)
                _length(option.get("description"), f"{where}.options.{j}.description", OPTION_TEXT)
                if option.get("value") in values:
                    raise form_error(f"{where}.options.{j}.value", "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                                     "Select option values must be unique")
                values.add(str(option.get("value")))
    elif kind == 4:  # text input
        _length(comp.get("label"), f"{where}.label", TEXT_INPUT_LABEL)
        _length(comp.get("placeholder"), f"{where}.placeholder", TEXT_INPUT_PLACEHOLDER)
        _length(comp.get("value"), f"{where}.value", TEXT_INPUT_VALUE)
    elif kind == 18:  # label
        _length(comp.get("label"), f"{where}.label", TEXT_INPUT_LABEL, 1)
        _length(comp.get("description"), f"{where}.description", LABEL_DESCRIPTION)
    elif kind == 10:  # text display
        _length(comp.get("content"), f"{where}.content", TEXT_DISPLAY, 1)


def check_choices(choices: list[Mapping[str, Any]], where: str = "data.choices") -> None:
    """Autocomplete (or command option) choices: ≤ 25, names 1–100, string values ≤ 100."""
    if len(choices) > CHOICES:
        raise _too_long(where, CHOICES)
    for i, choice in enumerate(choices):
        _length(choice.get("name"), f"{where}.{i}.name", CHOICE_TEXT, 1)
        value = choice.get("value")
        if isinstance(value, str):
            _length(value, f"{where}.{i}.value", CHOICE_TEXT)
        elif not isinstance(value, int | float) or isinstance(value, bool):
            raise form_error(f"{where}.{i}.value", "BASE_TYPE_REQUIRED", "A choice needs a string or number value")
        check_localizations(choice.get("name_localizations"), f"{where}.{i}.name_localizations", None, CHOICE_TEXT)


def _name_char(char: str) -> bool:
    """A character Discord's ``^[-_'\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]{1,32}$`` allows."""
    if char in "-_'" or char.isalnum():
        return True
    name = unicodedata.name(char, "")
    return name.startswith(("DEVANAGARI", "THAI"))


def check_name(name: Any, where: str, *, chat_input: bool = True) -> None:
    """A command or option name: 1–32 characters; for slash commands and options, the regex above
    and lower case (every character that has a lower-case form is in it)."""
    if not isinstance(name, str) or not 1 <= len(name) <= 32:
        raise form_error(where, "APPLICATION_COMMAND_INVALID_NAME", f"Invalid command name {name!r}")
    if chat_input and (name != name.lower() or not all(_name_char(c) for c in name)):
        raise form_error(where, "APPLICATION_COMMAND_INVALID_NAME", f"Invalid command name {name!r}")


def check_localizations(values: Any, where: str, name_rules: bool | None, limit: int = 100) -> None:
    """``*_localizations``: known locales only; names follow ``check_name`` (``name_rules`` says
    whether the slash-command rules apply; ``None``: just a length of 1–``limit``)."""
    if values is None:
        return
    if not isinstance(values, Mapping):
        raise form_error(where, "DICT_TYPE_CONVERT", "Must be a dictionary")
    for locale, text in values.items():
        if locale not in LOCALES:
            raise form_error(f"{where}.{locale}", "LOCALE_INVALID", f"Invalid locale {locale!r}")
        if name_rules is None:
            _length(text, f"{where}.{locale}", limit, 1)
        else:
            check_name(text, f"{where}.{locale}", chat_input=name_rules)
