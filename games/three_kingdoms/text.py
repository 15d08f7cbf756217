"""Words for Three Kingdoms: parameters, move labels, prompts, card texts and the text summary."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from games.core import Move

from .content import ACTIONS, ROW_GAINS, ROW_PAYS, Effect, Talent, content
from .moves import (
    AnyAction,
    Build,
    Choose,
    Claim,
    Convert,
    Done,
    Give,
    Hire,
    Order,
    PickLord,
    PickStart,
    PickTalent,
    Play,
    Produce,
    Recall,
    SetPointer,
    Siege,
    Skip,
    Usurp,
)
from .rules import build_base, hire_cost, lord_of, priced, siege_base
from .state import ChoiceF, TKState

if TYPE_CHECKING:
    from .game import ThreeKingdomsGame


def zh(lang: str) -> bool:
    return lang.startswith("zh")


def word(game: ThreeKingdomsGame, group: str, key: str, lang: str) -> str:
    return game.catalog.text(f"{group}.{key}", {}, lang)


def gains_text(game: ThreeKingdomsGame, gains: Mapping[str, int], lang: str) -> str:
    """``{"gold": 2, "wood": 1}`` as "2 gold, 1 wood" / "2金、1木"."""
    parts = []
    for key, amount in gains.items():
        name = word(game, "res_one" if abs(amount) == 1 else "res", key, lang)
        parts.append(f"{amount}{name}" if zh(lang) else f"{amount} {name}")
    return ("、" if zh(lang) else ", ").join(parts) or ("无" if zh(lang) else "nothing")


def card_name(card: str, lang: str) -> str:
    talent = content().talents.get(card)
    return talent.name(lang) if talent else card


def effect_text(game: ThreeKingdomsGame, effect: Effect, lang: str) -> str:
    """One effect of a card in words (the card text is generated from the data)."""
    params: dict[str, Any] = {
        "action": word(game, "action", effect.action, lang) if effect.action else "",
        "gains": gains_text(game, effect.gain, lang), "n": effect.discount or effect.claim or effect.nudge,
        "more": -effect.discount,
    }
    if effect.choose:
        params["options"] = (" / ").join(gains_text(game, o, lang) for o in effect.choose)
        key = "choose"
    elif effect.trade is not None:
        params["pay"] = gains_text(game, effect.trade.pay, lang)
        params["gains"] = gains_text(game, effect.trade.gain, lang)
        key = "trade"
    elif effect.others_lose:
        params["gains"] = gains_text(game, effect.others_lose, lang)
        key = "others_lose"
    elif effect.give:
        key = f"give_{effect.give}"
    elif effect.claim:
        key = "claim"
    elif effect.nudge:
        key = "nudge"
    elif effect.discount:
        key = "discount" if effect.discount > 0 else "surcharge"
    else:
        key = "gain"
    when = effect.when if effect.action or effect.when not in {"front", "others"} else "front_always"
    timing = game.catalog.text(f"when.{when}", params, lang)
    return timing + game.catalog.text(f"effect.{key}", params, lang)


def card_text(game: ThreeKingdomsGame, talent: Talent, lang: str) -> str:
    """"Name: cost 3, 2 points, rondel 韬+1 略+2 | 韬-1 略+3; effects"."""
    moves = " | ".join(move_steps(m, lang) for m in talent.moves)
    effects = ("；" if zh(lang) else "; ").join(effect_text(game, e, lang) for e in talent.effects)
    return game.catalog.text("card.text", {"name": talent.name(lang), "cost": talent.cost,
                                           "points": talent.points, "moves": moves,
                                           "effects": effects or "—"}, lang)


def move_steps(move: tuple[int, int], lang: str) -> str:
    tao, lue = move
    return f"韬{tao:+d} 略{lue:+d}" if zh(lang) else f"T{tao:+d} L{lue:+d}"


def param_text(game: ThreeKingdomsGame, name: str, value: Any, lang: str) -> str | None:
    c = content()
    if name in {"card", "reward"} and isinstance(value, str):
        if value == "points":
            return "5分" if zh(lang) else "5 points"
        return card_name(value, lang)
    if name == "lord" and isinstance(value, str) and value in c.lords:
        return c.lords[value].name(lang)
    if name == "zhou" and isinstance(value, str) and value in c.zhou:
        return c.zhou[value].name(lang)
    if name == "region" and isinstance(value, str) and value in c.regions:
        return c.regions[value].name(lang)
    if name in {"action", "first", "second"} and isinstance(value, str):
        return word(game, "action", value, lang)
    if name in {"resource", "paid", "got"} and isinstance(value, str):
        return word(game, "res", value, lang)
    if name in {"resource:one", "paid:one", "got:one"} and isinstance(value, str):
        return word(game, "res_one", value, lang)
    if name == "kind" and isinstance(value, str):
        return word(game, "kind", value, lang)
    if name == "tier" and isinstance(value, str):
        return word(game, "tier", value, lang)
    if name == "pointer" and isinstance(value, str):
        return word(game, "pointer", value, lang)
    if name == "gains" and isinstance(value, dict):
        return gains_text(game, value, lang)
    if name in {"tao", "lue"} and isinstance(value, int):
        return f"{value:+d}"
    return None


def move_label(game: ThreeKingdomsGame, state: TKState, seat: int, move: Move, lang: str) -> str:
    """A menu label in words, with what the move costs now."""
    c = content()

    def t(key: str, **params: Any) -> str:
        return game.text(f"label.{key}", params, lang)

    if isinstance(move, PickLord):
        lord = c.lords[move.lord]
        return t("lord", lord=move.lord, zhou=lord.start, gains=gains_text(
            game, {"gold": lord.gold, "wood": lord.wood, "troops": lord.troops}, lang))
    if isinstance(move, PickTalent):
        return t("talent", card=move.card)
    if isinstance(move, PickStart):
        return t("start", zhou=move.zhou)
    if isinstance(move, SetPointer):
        return t("pointer", pointer=move.pointer, action=move.action)
    if isinstance(move, Recall):
        return t("recall", count=len(state.seats[seat].front))
    if isinstance(move, Play):
        options = c.talents[move.card].moves
        tao, lue = options[move.option - 1] if move.option <= len(options) else (0, 0)
        if move.nudge:
            delta = 1 if move.nudge.endswith("+") else -1
            tao, lue = (tao + delta, lue) if move.nudge[0] == "t" else (tao, lue + delta)
        lands = [state.rondel[(state.tao + tao) % 7], state.rondel[(state.lue + lue) % 7]] if state.tao >= 0 else []
        return t("play", card=move.card, steps=move_steps((tao, lue), lang),
                 first=lands[0] if lands else "", second=lands[1] if lands else "")
    if isinstance(move, Usurp):
        return t("usurp")
    if isinstance(move, Produce):
        return t("produce", action=move.action)
    if isinstance(move, Hire):
        return t("hire", card=move.card, cost=hire_cost(state, seat, move.card))
    if isinstance(move, Siege):
        base = siege_base(state, seat, move.zhou)
        if move.betray:
            return t("betray", zhou=move.zhou, lord=move.betray)
        cost = priced(state, seat, "siege", base or 0)
        own = state.markers.get(move.zhou, []).count(seat)
        return t("reinforce" if own else "attack", zhou=move.zhou, cost=cost)
    if isinstance(move, Build):
        base = build_base(state, seat, move.kind)
        return t("build", zhou=move.zhou, kind=move.kind, cost=priced(state, seat, "build", base or 0))
    if isinstance(move, AnyAction):
        return t("any", resource=move.resource, action=move.action)
    if isinstance(move, Skip):
        return t("skip", action=move.action)
    if isinstance(move, Convert):
        top = state.stack[-1] if state.stack else None
        row = getattr(top, "row", "lumber")
        slot = lord_of(state, seat).row(row)[move.slot - 1]
        return t("convert", pay=gains_text(game, {ROW_PAYS[row]: slot.pay}, lang),
                 gains=gains_text(game, {ROW_GAINS[row]: slot.gain}, lang))
    if isinstance(move, Done):
        return t("done")
    if isinstance(move, Choose):
        top = state.stack[-1] if state.stack else None
        if isinstance(top, ChoiceF):
            if top.options and move.index <= len(top.options):
                return t("choose", gains=gains_text(game, top.options[move.index - 1], lang))
            if not top.options:
                return t("trade", pay=gains_text(game, top.pay, lang), gains=gains_text(game, top.gain, lang)) \
                    if move.index == 1 else t("no_trade")
        return str(move)
    if isinstance(move, Give):
        return t("give", lord=move.lord)
    if isinstance(move, Claim):
        return t("claim", reward=move.reward)
    if isinstance(move, Order):
        return t("first", index=move.index)
    return str(move)


def prompt(game: ThreeKingdomsGame, state: TKState, seat: int, lang: str,
           names: Sequence[str] | None) -> str | None:
    """What is asked of ``seat`` now ("choose a lord", "take or decline: sell, siege")."""
    from .view import _ask
    ask = _ask(state)
    if ask is None or ask.seat != seat:
        return None
    params: dict[str, Any] = {"pointer": ask.detail, "kind": ask.detail, "tier": ask.detail, "card": ask.detail}
    if ask.kind == "act":
        params["actions"] = ("、" if zh(lang) else ", ").join(word(game, "action", a, lang) for a in ask.pending)
    return game.text(f"prompt.{ask.kind}", params, lang, names)


def summarize(game: ThreeKingdomsGame, view: Any, lang: str) -> list[str]:
    """The view as lines of text (console, accessibility)."""
    c = content()
    lines = []
    ring = []
    for i, action in enumerate(view.rondel):
        marks = ("韬" if zh(lang) else "T") * (i == view.tao) + ("略" if zh(lang) else "L") * (i == view.lue)
        ring.append(word(game, "action", action, lang) + (f"[{marks}]" if marks else ""))
    lines.append(game.text("summary.rondel", {"ring": " → ".join(ring)}, lang))
    for tier in view.ladder:
        cond = c.conditions[tier.condition]
        lines.append(game.text("summary.tier", {"tier": tier.tier, "metric": word(game, "metric", cond.metric, lang),
                                                "n": tier.threshold,
                                                "who": ", ".join(f"#{s + 1}" for s in tier.claimed) or "-"}, lang))
    for region, cards in view.markets.items():
        shown = ", ".join(f"{card_name(x, lang)} ({x}, {gains_text(game, {'gold': c.talents[x].cost}, lang)})"
                          for x in cards)
        lines.append(f"{c.regions[region].name(lang)}: {shown}")
    for z in view.zhou:
        if z.markers or z.squares:
            owners = ",".join(f"#{s + 1}" for s in z.markers)
            built = ",".join(f"#{s + 1}{word(game, 'kind', k, lang)}" for s, k in z.squares.values())
            lines.append(f"{c.zhou[z.id].name(lang)}: [{owners}] {built}")
    for s in view.seats:
        lord = c.lords[s.lord].name(lang) if s.lord else "?"
        lines.append(game.text("summary.seat", {
            "seat": s.seat, "lord": lord, "gold": s.gold, "wood": s.wood, "troops": s.troops, "points": s.points,
            "talent": s.talent, "buildings": s.buildings, "markers": s.markers_on_map,
            "front": ", ".join(card_name(x, lang) for x in s.front) or "-", "hand": s.hand_size}, lang))
        if s.hand is not None:
            lines.append(game.text("summary.hand", {"cards": ", ".join(
                f"{card_name(x, lang)} ({x})" for x in s.hand) or "-"}, lang))
    return lines


def group_label(game: ThreeKingdomsGame, path: Sequence[str], token: str, lang: str) -> str:
    """A menu group's label (a token with moves below it), level by level: the verb's group ("Any action, paying
    1 resource"), then the resource to pay, the action, the province, the card or the lord, in words."""
    c = content()
    if not path:
        key = f"group.{token}"
        return game.catalog.text(key, {}, lang) if game.catalog.has(key) else token
    if path[0] == "any" and len(path) == 1:
        return game.catalog.text("group.pay", {"resource": token}, lang, lambda n, v, lg: param_text(game, n, v, lg))
    if token in ACTIONS:
        return word(game, "action", token, lang)
    if token in c.zhou:
        return c.zhou[token].name(lang)
    if token in c.lords:
        return c.lords[token].name(lang)
    if token in c.talents:
        return card_name(token, lang)
    return token
