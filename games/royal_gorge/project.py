"""The state as a :class:`~games.royal_gorge.records.Snapshot`: the fields the 18xx.games oracle records
after every action, so a replay can be checked step by step with :func:`~games.royal_gorge.records.compare`.

Seats become the record's player ids (``ids``, by seat; default the seat numbers) and names. 18xx.games
shows a few things its own way, and so does the projection: a train lengthened for the coming run by coal
cubes or B5 is named ``"4*+"`` until it runs; after the Treaty of Boston the debts appear as the privates
``RG-D``/``SF-D`` of the indebted railroads; the game-end trigger as ``[reason, timing]``.
"""

from __future__ import annotations

from collections.abc import Sequence

from .content import content
from .holdings import certificates, net_worth, owned_privates, price_at
from .records import (
    CorporationState,
    DebtState,
    DepotState,
    MetalState,
    PlayerState,
    PrivateState,
    Snapshot,
)
from .state import OperatingF, RGState
from .steps import FLOW

ROUND_TYPES = {"auction": "Auction", "stock": "Stock", "operating": "Operating"}


def round_name(state: RGState) -> str:
    """``"Auction"``, ``"Stock 2"``, ``"Operating 2.1"``."""
    kind = ROUND_TYPES[state.round]
    if state.round == "auction":
        return kind
    if state.round == "stock":
        return f"{kind} {state.turn}"
    return f"{kind} {state.turn}.{state.or_num}"


def train_names(state: RGState, corp: str, top: object) -> list[str]:
    """The railroad's trains; one lengthened for the coming run shows as 18xx.games names it (``"4*+"``)."""
    names = list(state.corps[corp].trains)
    if isinstance(top, OperatingF) and top.index < len(top.order) and top.order[top.index] == corp:
        for name, extra in top.boosts.items():
            if name in names and name.endswith("+"):
                names[names.index(name)] = f"{int(name[:-1]) + extra}*+"
    return names


def project(state: RGState, ids: Sequence[int] | None = None, names: Sequence[str] | None = None) -> Snapshot:
    """The oracle's view of ``state``; ``ids[seat]``/``names[seat]`` name the players."""
    c = content()
    pid = list(ids) if ids is not None else list(range(state.players))
    pname = list(names) if names is not None else [f"Player {seat + 1}" for seat in range(state.players)]

    def owner(who: int | str | None) -> int | str | None:
        return pid[who] if isinstance(who, int) else who

    top = FLOW.top(state)
    if isinstance(top, OperatingF):
        acting: list[int | str] = [top.order[top.index]] if top.index < len(top.order) else []
    else:
        acting = [pid[s] for s in sorted(FLOW.to_act(state))]
    players = [
        PlayerState(id=pid[s], name=pname[s], cash=state.cash[s],
                    shares={corp.id: corp.held[s] for corp in state.corps.values() if corp.held[s]},
                    privates=owned_privates(state, s), certificates=certificates(state, s),
                    net_worth=net_worth(state, s), bankrupt=s in state.bankrupt)
        for s in state.order]
    corporations: dict[str, CorporationState] = {}
    for corp in state.corps.values():
        parred = corp.col >= 0
        share_price = price_at(corp.col) if parred else None
        rail = corp.kind == "rail"
        corporations[corp.id] = CorporationState(
            kind=corp.kind, cash=corp.cash, share_price=share_price, market_cell=[0, corp.col] if parred else None,
            par_price=share_price, parred=parred, floated=corp.floated, closed=False,
            president=pid[corp.president] if corp.president >= 0 else None,
            treasury_shares_percent=corp.treasury, trains=train_names(state, corp.id, top),
            tokens_placed=list(corp.tokens), tokens_unplaced=corp.stations.count("") if rail else None,
            privates=[p.id for p in state.privates.values() if p.owner == corp.id and not p.closed]
            + ([f"{corp.id}-D"] if corp.id in state.debts_seen and corp.id not in state.debts_repaid else []))
    debt = price_at(state.debt_col)
    corporations["DEBT"] = CorporationState(
        kind="debt", cash=state.debt_cash, share_price=debt, market_cell=[0, state.debt_col],
        par_price=price_at(c.debt.start_column),
        parred=True, floated=True, closed=False, president=None, treasury_shares_percent=0)
    privates = {p.id: PrivateState(owner=owner(p.owner), closed=p.closed, value=c.privates[p.id].value,
                                   revenue=p.revenue) for p in state.privates.values()}
    for debtor in state.debts_seen:
        repaid = debtor in state.debts_repaid
        privates[f"{debtor}-D"] = PrivateState(owner=None if repaid else debtor, closed=repaid, value=0, revenue=0)
    pool = {corp.id: corp.market for corp in state.corps.values() if corp.market}
    pool["DEBT"] = 100
    trains = {name: left for name, left in state.depot.items() if left > 0}
    return Snapshot(
        round=round_name(state), round_type=ROUND_TYPES[state.round], turn=state.turn,
        round_num=state.or_num if state.round == "operating" else 1,
        operating_rounds_in_set=state.ors_in_set if state.round == "operating" else None,
        phase=c.phases[state.phase].en, acting=acting, players=players, player_order=[pid[s] for s in state.order],
        corporations=corporations, bank_pool=pool,
        privates=privates,
        depot=DepotState(upcoming=trains, next_train=next(iter(trains), None), pool_trains=list(state.pool_trains)),
        metals={m: MetalState(cash=state.corps[m].cash, price=price_at(state.corps[m].col)) for m in c.metals},
        debt_price=debt, debt_cash=state.debt_cash, gold_shipped=state.gold_shipped,
        gold_cubes=dict(state.gold_cubes), available_steel={k: {col: list(v) for col, v in cols.items()}
                                                           for k, cols in state.steel.items()},
        treaty_of_boston=state.treaty,
        indebted={corp: DebtState(creditor=owner(state.creditor[corp]) or "bank", amount=owed)
                  for corp, owed in state.debt.items()},
        local_jeweler_cash=state.jeweler, cert_limit=c.cert_limit(state.players, state.ruleset),
        finished=state.finished, game_end_reason=state.end_reason if state.finished else None,
        game_end_trigger=[state.end_reason, state.end_timing] if state.end_timing else None,
        final_turn=state.final_turn or None)
