"""The 18xx.games records of 18 Royal Gorge and their oracle, read by games.royal_gorge.records.

The records and the oracle live in ``shared/fixtures`` beside the project (``TABULA_SHARED`` overrides
where); they are read at test time, never copied, and the tests skip when they are absent.
"""

from __future__ import annotations

import json
import re

import msgspec
import pytest

from games.royal_gorge import records as R

from .fixtures import KEPT, NAMES, RECORDS, SHARED, needs_records, oracle, record

pytestmark = needs_records






def state_before(name: str, index: int) -> R.Snapshot:
    return oracle(name).steps[index - 1].state if index else oracle(name).setup.initial_state


def copy(snapshot: R.Snapshot) -> R.Snapshot:
    return msgspec.json.decode(msgspec.json.encode(snapshot), type=R.Snapshot)


# --- decoding -------------------------------------------------------------------------------------


def test_the_five_records_are_there() -> None:
    assert sorted(p.stem for p in RECORDS.glob("*.json")) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_every_action_decodes_to_its_own_struct_and_back(name: str) -> None:
    rec = record(name)
    raw = json.loads((RECORDS / f"{name}.json").read_bytes())
    assert rec.title == "18RoyalGorge"
    assert len(rec.actions) == len(raw["actions"]) == oracle(name).action_count
    assert [a for a in rec.actions if isinstance(a, R.RawAction)] == []
    for action, original in zip(rec.actions, raw["actions"], strict=True):
        assert R.action_type(action) == original["type"]
        assert R.action_to_builtins(action) == original  # nothing lost, nothing added


@pytest.mark.parametrize("name", NAMES)
def test_the_record_settings_agree_with_the_oracle_setup(name: str) -> None:
    rec, setup = record(name), oracle(name).setup
    assert rec.seed == setup.seed
    assert rec.optional_rules == setup.optional_rules
    assert rec.players == setup.fixture_players
    assert [p.id for p in rec.players] == setup.player_order
    assert rec.player_order is None
    assert rec.status == "finished"
    assert len(setup.railroads) == 5 and {"RG", "SF"} <= set(setup.railroads)


def test_an_unknown_type_or_shape_is_kept_whole() -> None:
    unknown = R.decode_action(b'{"type": "frobnicate", "entity": 1, "entity_type": "player", "id": 7, "x": [1]}')
    assert isinstance(unknown, R.RawAction)
    assert unknown.type == "frobnicate" and unknown.id == 7 and unknown.entity == 1
    assert unknown.data["x"] == [1]
    odd = R.decode_action(b'{"type": "bid", "entity": 1, "entity_type": "player", "id": 8, "company": "Y3", '
                          b'"price": 40, "flourish": true}')
    assert isinstance(odd, R.RawAction) and "flourish" in odd.problem
    assert R.action_to_builtins(odd)["flourish"] is True


def test_the_decoded_types_cover_what_big_games_measured() -> None:
    seen = {R.action_type(a) for name in NAMES for a in record(name).actions}
    assert seen == {"pass", "lay_tile", "undo", "buy_shares", "dividend", "run_routes", "bid", "buy_train",
                    "choose", "sell_shares", "program_share_pass", "place_token", "par", "choose_ability",
                    "buy_company", "program_buy_shares", "redo", "log", "bankrupt", "end_game"}


# --- undo and redo --------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_kept_actions_are_the_oracles_kept_steps(name: str) -> None:
    kept = R.kept_indices(record(name))
    assert kept == [step.i for step in oracle(name).steps if step.kept]
    assert len(kept) == KEPT[name]
    assert [i for i, _ in R.kept_actions(record(name))] == kept
    assert not {R.action_type(a) for _, a in R.kept_actions(record(name))} & {"undo", "redo"}


@pytest.mark.parametrize("name", NAMES)
def test_a_kept_actions_history_is_the_kept_actions_before_it(name: str) -> None:
    """Why a replay may apply the kept actions alone: at each kept step the live history is the kept
    prefix, so the oracle's state there is what the kept actions up to it make."""
    actions, kept = record(name).actions, R.kept_indices(record(name))
    for position, index in enumerate(kept):
        assert R.live_indices(actions, index) == kept[: position + 1]


@pytest.mark.parametrize("name", NAMES)
def test_after_an_undo_or_redo_the_oracle_shows_the_state_of_the_new_top(name: str) -> None:
    """The filter, checked against the engine's own states: after each undo/redo the game is where
    the newest standing action left it (or at the start)."""
    rec, orc = record(name), oracle(name)
    checked = 0
    for step in orc.steps:
        if step.type in ("undo", "redo"):
            live = R.live_indices(rec.actions, step.i)
            top = orc.steps[live[-1]].state if live else orc.setup.initial_state
            assert R.compare(step.state, top) is None, (step.i, R.compare(step.state, top))
            checked += 1
    assert checked == sum(R.action_type(a) in ("undo", "redo") for a in rec.actions)


def test_redo_restores_the_whole_block_an_action_id_undo_removed() -> None:
    actions = record("18RoyalGorge_game_end_bankrupt").actions
    undo, redo = actions[375], actions[376]
    assert isinstance(undo, R.Undo) and undo.action_id == 366 and isinstance(redo, R.Redo)
    after_undo, after_redo = R.live_indices(actions, 375), R.live_indices(actions, 376)
    restored = sorted(set(after_redo) - set(after_undo))
    assert len(restored) == 8 and restored == list(range(367, 375))


def _act(kind: str, ident: int, **fields: object) -> R.Action:
    data = {"type": kind, "entity": 1, "entity_type": "player", "id": ident, **fields}
    return R.decode_action(json.dumps(data).encode())


def test_undo_rules_on_a_small_history() -> None:
    a = [_act("pass", 1), _act("pass", 2), _act("message", 3, message="hi"), _act("undo", 4),
         _act("undo", 5), _act("redo", 6), _act("pass", 7), _act("undo", 8, action_id=1), _act("redo", 9),
         _act("undo", 10, action_id=0)]
    assert R.live_indices(a, 3) == [0, 2]  # the message stays; the pass before it goes
    assert R.live_indices(a, 4) == [2]
    assert R.live_indices(a, 5) == [0, 2]  # redo restores the latest undone block only
    assert R.live_indices(a, 7) == [0, 2]  # undo back to id 1 keeps id 1, removes id 7
    assert R.live_indices(a, 8) == [0, 2, 6]
    assert R.live_indices(a) == [2]  # action_id 0: undo everything but messages
    with pytest.raises(ValueError, match="nothing to redo"):
        R.live_indices([_act("pass", 1), _act("redo", 2)])
    with pytest.raises(ValueError, match="lacks"):
        R.live_indices([_act("pass", 1), _act("undo", 2, action_id=99)])


def test_out_of_order_ids_stop_a_load_at_the_prefixs_last_id() -> None:
    """post_boston i=17 has id 25 and i=18 id 20: loading the prefix 0..18 "at action 20" stops at
    i=17, which is why the oracle loads each prefix at its greatest id."""
    actions = record("post_boston").actions
    ids = [a.id for a in actions[:19]]
    assert ids[16:19] == [20, 25, 20]
    assert R.loaded_indices(actions[:19], at_action=20) == list(range(17))
    assert R.loaded_indices(actions[:19], at_action=max(i for i in ids if i is not None)) == list(range(19))


@pytest.mark.parametrize("name", NAMES)
def test_rejected_actions_are_never_kept(name: str) -> None:
    orc = oracle(name)
    rejected = [step.i for step in orc.steps if step.rejected]
    assert rejected == orc.final.rejected_action_indices
    assert not set(rejected) & set(R.kept_indices(record(name)))


# --- the oracle -----------------------------------------------------------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_the_oracles_final_net_worth_is_the_records_result(name: str) -> None:
    rec, final = record(name), oracle(name).final
    assert {p.id: p.net_worth for p in final.state.players} == rec.result
    assert final.result == rec.result
    assert final.state.game_end_reason == final.game_end_reason == rec.game_end_reason
    assert final.state.finished and final.result_matches_fixture


def test_snapshot_fields_are_read_under_our_names() -> None:
    start = oracle("post_boston").setup.initial_state
    player = start.players[0]
    assert (player.id, player.cash, player.net_worth, player.certificates) == (11477, 400, 400, 0)
    cfi = start.corporations["CF&I"]
    assert (cfi.kind, cfi.parred, cfi.market_cell, cfi.share_price) == ("metal", True, [0, 3], 45)
    assert start.corporations["KP"].tokens_unplaced == 4 and start.corporations["CF&I"].tokens_unplaced is None
    assert start.privates["Y3"].owner is None and start.depot.next_train == "2+"
    assert start.bank_pool == {"CF&I": 100, "DEBT": 100, "VGC": 100}
    assert start.available_steel["yellow"]["A"] == [30, 20, 10, 0]
    debtor = oracle("18RoyalGorge_game_end_bankrupt").final.state.indebted
    assert all(isinstance(d, R.DebtState) for d in debtor.values())


def test_compare_finds_a_planted_difference_and_names_its_path() -> None:
    theirs = oracle("18RoyalGorge_game_end_bankrupt").steps[200].state
    assert R.compare(copy(theirs), theirs) is None

    ours = copy(theirs)
    ours.corporations["SF"].cash += 1
    found = R.compare(ours, theirs)
    assert found == R.Divergence("corporations.SF.cash", theirs.corporations["SF"].cash + 1,
                                 theirs.corporations["SF"].cash)
    assert str(found).startswith("corporations.SF.cash: ours ")

    ours = copy(theirs)
    ours.players[2].net_worth -= 5
    found = R.compare(ours, theirs)
    assert found is not None and found.path == f"players.{theirs.players[2].id}.net_worth"

    ours = copy(theirs)
    del ours.bank_pool["CF&I"]
    assert R.compare(ours, theirs) == R.Divergence("bank_pool.CF&I", R.ABSENT, theirs.bank_pool["CF&I"])

    ours = copy(theirs)
    ours.available_steel["yellow"]["A"].append(99)
    found = R.compare(ours, theirs)
    assert found is not None and found.path.startswith("available_steel.yellow.A[") and found.theirs == R.ABSENT


def test_compare_ignores_what_is_asked_and_order_where_none_is_meant() -> None:
    theirs = oracle("endgame_triggered_on_buy").final.state
    ours = copy(theirs)
    ours.players.reverse()  # matched by id
    for corporation in ours.corporations.values():
        corporation.trains.reverse()
    assert R.compare(ours, theirs) is None
    ours.player_order.reverse()
    found = R.compare(ours, theirs)
    assert found is not None and found.path == "player_order[0]"
    assert R.compare(ours, theirs, ignore=["player_order"]) is None
    ours = copy(theirs)
    for player in ours.players:
        player.certificates += 1
    assert R.compare(ours, theirs, ignore=["players.*.certificates"]) is None
    found = R.compare(ours, theirs, ignore=["players.*.cash"])
    assert found is not None and found.path.endswith(".certificates")
    ours = copy(theirs)
    ours.debt_price = float(theirs.debt_price)  # the same number as a float is no difference
    assert R.compare(ours, theirs) is None
    ours.finished = 1  # type: ignore[assignment]  # but True is not 1
    assert R.compare(ours, theirs) == R.Divergence("finished", 1, True)


# --- notation -------------------------------------------------------------------------------------

MOVE_PATTERNS = {
    "bid": r"bid [a-z0-9]+ \d+",
    "pass": r"pass",
    "par": r"par [a-z0-9]+ \d+",
    "buy_shares": r"buy [a-z0-9]+( \d)?( with [a-z0-9]+)? (market|treasury)",
    "sell_shares": r"sell [a-z0-9]+ \d+",
    "lay_tile": r"lay [a-o]\d+ [a-z0-9-]+ r[0-5]",
    "place_token": r"token [a-o]\d+( c\d)?",
    "run_routes": r"run (none|[0-9x+]+ [a-o]\d+(-[a-o]\d+)*(; [0-9x+]+ [a-o]\d+(-[a-o]\d+)*)*)",
    "dividend": r"payout|withhold",
    "buy_train": r"train [0-9x+]+( from [a-z0-9]+ \d+)?",
    "buy_company": r"private [a-z0-9]+ \d+",
    "choose": r"ship [a-o]\d+( with [a-z0-9]+)?|steel [a-i] \d+|coal-depot [0-9x+]+ \d|ghost-town",
    "choose_ability": r"pay-debt (rg|sf)",
    "bankrupt": r"bankrupt",
}
NOT_MOVES = {"program_share_pass", "program_buy_shares", "log", "end_game", "program_disable"}


@pytest.mark.parametrize("name", NAMES)
def test_every_kept_action_has_a_notation_line(name: str) -> None:
    rec = record(name)
    lines = R.summary(rec).lines
    assert len(lines) == KEPT[name]
    for (index, action), (line_index, kind, text) in zip(R.kept_actions(rec), lines, strict=True):
        assert (line_index, kind) == (index, R.action_type(action))
        assert R.notation(action, rec) == text
        if kind in NOT_MOVES:
            assert not R.is_move(text) and text.startswith(R.NOT_A_MOVE), text
        else:
            assert re.fullmatch(MOVE_PATTERNS[kind], text), (index, text)


@pytest.mark.parametrize("name", NAMES)
def test_auto_actions_become_moves_after_their_carrier(name: str) -> None:
    rec = record(name)
    moves = R.tabula_moves(rec)
    expected = [(i, n > 0) for i, a in R.kept_actions(rec) for n, step in enumerate(R.expand(a))
                if R.action_type(step) not in NOT_MOVES]
    assert [(m.index, m.auto) for m in moves] == expected
    for move in moves:
        if move.auto:
            carrier = rec.actions[move.index]
            auto = next(s for s in R.expand(carrier)[1:] if s.entity == move.entity)
            assert R.notation(auto, rec) in {m.text for m in moves if m.index == move.index}
    assert all(R.is_move(m.text) and "?" not in m.text for m in moves)


def test_a_program_share_pass_moves_through_its_passes_only() -> None:
    rec = record("post_boston")
    carrier = rec.actions[104]
    assert isinstance(carrier, R.ProgramSharePass)
    assert R.notation(carrier, rec) == "# program share-pass"
    moves = [m for m in R.tabula_moves(rec) if m.index == 104]
    assert [(m.entity, m.text, m.auto) for m in moves] == [(306, "pass", True), (10874, "pass", True),
                                                           (3416, "pass", True)]


def _map_hexes() -> set[str]:
    sheet = SHARED / "research" / "18rg.md"
    if not sheet.is_file():
        pytest.skip("research/18rg.md not found")
    table = sheet.read_text(encoding="utf-8").split("### 2.1")[1].split("### 2.2")[0]
    hexes = set(re.findall(r"^\| ([A-O]\d+) \|", table, re.MULTILINE))
    assert len(hexes) == 105
    return hexes


@pytest.mark.parametrize("name", NAMES)
def test_lay_notation_reads_back_to_the_recorded_tile_on_a_real_hex(name: str) -> None:
    rec, hexes = record(name), _map_hexes()
    route_hexes = {h for a in rec.actions if isinstance(a, R.RunRoutes) for r in a.routes for c in r.connections
                   for h in c}
    lays = [(a, R.notation(a, rec)) for _, a in R.kept_actions(rec) if isinstance(a, R.LayTile)]
    assert lays
    for action, text in lays:
        _, hex_id, tile, rotation = text.split()
        assert hex_id.upper() == action.hex and hex_id.upper() in hexes
        assert tile == R.tabula_id(R.tile_name(action.tile)) and int(rotation[1:]) == action.rotation
    # most laid track is run over in the same game
    laid = {a.hex for a, _ in lays}
    assert len(laid & route_hexes) >= len(laid) // 2


@pytest.mark.parametrize("name", NAMES)
def test_token_notation_names_the_hex_the_oracle_tokens(name: str) -> None:
    rec, orc = record(name), oracle(name)
    for index, action in R.kept_actions(rec):
        if isinstance(action, R.PlaceToken):
            hex_id = R.notation(action, rec).split()[1].upper()
            before = list(state_before(name, index).corporations[str(action.entity)].tokens_placed)
            after = list(orc.steps[index].state.corporations[str(action.entity)].tokens_placed)
            for placed in before:
                after.remove(placed)
            assert after == [hex_id], (index, action.city)


@pytest.mark.parametrize("name", NAMES)
def test_share_and_train_sources_agree_with_the_oracle(name: str) -> None:
    """What notation infers from the record alone, checked against the engine's states."""
    rec, orc = record(name), oracle(name)
    for index, action in R.kept_actions(rec):
        before, after = state_before(name, index), orc.steps[index].state
        text = R.notation(action, rec)
        if isinstance(action, R.BuyShares):
            corporation = R.share_corporation(action.shares[0])
            from_treasury = (before.corporations[corporation].treasury_shares_percent
                             - after.corporations[corporation].treasury_shares_percent)
            from_market = before.bank_pool.get(corporation, 0) - after.bank_pool.get(corporation, 0)
            assert ("market" in text.split()) == (from_market > 0 and from_treasury == 0), (index, text)
        elif isinstance(action, R.SellShares):
            corporation = R.share_corporation(action.shares[0])
            player = int(action.entity)
            held = {p.id: p.shares.get(corporation, 0) for p in before.players}[player]
            left = {p.id: p.shares.get(corporation, 0) for p in after.players}[player]
            assert int(text.split()[2]) * 10 == held - left, (index, text)
        elif isinstance(action, R.BuyTrain):
            words = text.split()
            assert (len(words) > 2) == (action.variant is None), (index, text)
            if len(words) > 2:
                seller = next(s for s in before.corporations if R.tabula_id(s) == words[3])
                name_ = R.train_name(action.train)
                lost = before.corporations[seller].trains.count(name_) - after.corporations[seller].trains.count(name_)
                assert lost == 1 and int(words[4]) == action.price, (index, text)


def test_notation_examples() -> None:
    rec = record("18RoyalGorge_game_end_bankrupt")
    text = {i: R.notation(a, rec) for i, a in enumerate(rec.actions)}
    assert text[0] == "bid y3 40"
    assert text[90] == "sell kp 4"  # KP_2, KP_3 and the 20 % KP_0
    assert text[102] == "# undo to 95" and text[376] == "# redo"
    assert text[287].startswith("run 2+ o5-n6-m7-l8; 2+ f12-g11-h10-i9-j8-k7-k9-k11-k13-l14-m15-n16-o15")
    assert text[286] == "coal-depot 2+ 2"
    assert text[382] == "bankrupt"
    stock = record("18RoyalGorge_game_end_stock_market")
    assert R.notation(stock.actions[26], stock) == "buy vgc 2 with b6 market"
    assert R.notation(stock.actions[150], stock) == "sell cfi 3"  # sent as percent 10
    nugget = record("endgame_triggered_on_buy")
    assert R.notation(nugget.actions[373], nugget) == "ship j8 with g2"
    boston = record("post_boston")
    assert R.notation(boston.actions[142], boston) == "# end-game"


def test_notation_refuses_an_action_from_elsewhere() -> None:
    with pytest.raises(ValueError, match="not one of"):
        R.notation(R.Pass(entity=1, entity_type="player", id=1), record("post_boston"))


def test_summary_and_report() -> None:
    infos = [R.summary(record(name)) for name in NAMES]
    for name, info in zip(NAMES, infos, strict=True):
        assert info.kept == KEPT[name] == sum(info.kept_types.values())
        assert info.actions == len(record(name).actions) and info.moves > 0
    assert sum(i.actions for i in infos) == 1694 and sum(i.kept for i in infos) == 1300
    assert sum(i.undos for i in infos) == 189 and sum(i.redos for i in infos) == 7
    text = R.report(record(name) for name in NAMES)
    for name in NAMES:
        assert f"## {name}" in text
    assert "| lay_tile |" in text and "`bid y3 40`" in text
