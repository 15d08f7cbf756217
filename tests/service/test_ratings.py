"""Ratings (issue 23 §1, docs/ratings.md), on SQLite and PostgreSQL: each rule has its test, the
numbers are openskill's own, a table is rated once, and a recompute equals the incremental path."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from datetime import timedelta

import pytest
from openskill.models import PlackettLuce

from games.registry import register, unregister
from service import TableService
from service import ratings as rules
from storage.db import make_engine
from storage.models import ActionRow, SeatRow
from storage.ratings import Ratings
from storage.repository import Repository
from tests.e2e.titles import Pebbles
from tests.storage.test_concurrency import race

GAME = "pebbles"


@pytest.fixture(autouse=True)
def pebbles() -> Iterator[None]:
    register(Pebbles())
    yield
    unregister(GAME)


def table(service: TableService, users: Sequence[str], *, bots: int = 0, guild: str | None = "g1") -> int:
    """A started pebbles table (7 pebbles, take 1–3, who takes the last wins): ``users`` in seat
    order, then ``bots``."""
    created = service.create(GAME, seats=len(users) + bots, options={"pile": 7}, seed="s", creator=users[0],
                             guild_id=guild)
    for user in users:
        service.join(created.id, user, user.upper())
    for _ in range(bots):
        service.add_bot(created.id, users[0])
    service.start(created.id, users[0])
    return created.id


def play(service: TableService, table_id: int, takes: Sequence[int]) -> None:
    """Each member whose turn it is takes the next count (bots answer by themselves)."""
    for count in takes:
        loaded = service.load(table_id)
        if loaded.table.status != "active":
            return
        seat = next(iter(loaded.game.to_act(loaded.state)))
        user = loaded.seats[seat].user_id
        assert user is not None
        service.act(table_id, user, f"take {count}")


def rating(service: TableService, user: str, guild: str | None = "g1") -> tuple[float, float, int]:
    [row] = service.member_ratings(guild, user, GAME)
    return row.mu, row.sigma, row.games


def test_shared_places_are_ties_and_the_numbers_are_openskills(service: TableService) -> None:
    tid = table(service, ["a", "b", "c"])
    play(service, tid, [3, 3, 1])  # c takes the last pebble: c first, a and b share second
    result = service.rating_result(tid)
    assert result is not None and result.skipped is None
    assert [(p["user"], p["rank"]) for p in result.placings] == [("c", 1), ("a", 2), ("b", 2)]
    model = PlackettLuce()
    expected = model.rate([[model.rating()], [model.rating()], [model.rating()]], ranks=[1, 2, 2])
    for user, team in zip("cab", expected, strict=True):
        mu, sigma, games = rating(service, user)
        assert (mu, sigma, games) == pytest.approx((team[0].mu, team[0].sigma, 1))
    assert rating(service, "a") == rating(service, "b") and rating(service, "c")[0] > rating(service, "a")[0]


def test_bot_seats_are_not_rated_and_do_not_rate_others(service: TableService) -> None:
    tid = table(service, ["a", "b"], bots=1)
    play(service, tid, [1] * 7)
    result = service.rating_result(tid)
    assert result is not None and {p["user"] for p in result.placings} == {"a", "b"}
    ranks = [p["rank"] for p in result.placings]
    model = PlackettLuce()  # the same update as a two-player table of a and b alone
    expected = model.rate([[model.rating()], [model.rating()]], ranks=ranks)
    for placing, team in zip(result.placings, expected, strict=True):
        assert rating(service, placing["user"])[:2] == pytest.approx((team[0].mu, team[0].sigma))


def test_the_changes_a_table_made_are_told_in_one_line(service: TableService) -> None:
    tid = table(service, ["a", "b"])
    play(service, tid, [3, 3, 1])  # a wins
    won, lost = (rules.ordinal(*rating(service, user)[:2]) for user in "ab")
    result = service.rating_result(tid)
    assert rules.change_line(result, "en") == \
        f"Ratings: A 1000 → {won} (+{won - 1000}), B 1000 → {lost} (−{1000 - lost})"
    assert rules.change_line(result, "zh", name=str.lower) == \
        f"等级分：a 1000 → {won}（+{won - 1000}），b 1000 → {lost}（−{1000 - lost}）"
    again = table(service, ["a", "b"])
    play(service, again, [3, 3, 1])
    assert f"A {won} → " in (rules.change_line(service.rating_result(again), "en") or "")  # from the rating before
    service.abandon(abandoned := table(service, ["a", "b"]), "a")
    assert rules.change_line(service.rating_result(abandoned), "en") is None


def test_a_table_with_fewer_than_two_rated_members_rates_nobody(service: TableService) -> None:
    tid = table(service, ["a"], bots=2)
    play(service, tid, [1] * 7)
    result = service.rating_result(tid)
    assert result is not None and result.skipped == rules.TOO_FEW and result.placings == []
    assert service.member_ratings("g1", "a") == []


def test_an_abandoned_table_is_not_rated(service: TableService) -> None:
    tid = table(service, ["a", "b"])
    play(service, tid, [1])
    service.abandon(tid, "a")
    result = service.rating_result(tid)
    assert result is not None and result.skipped == rules.ABANDONED
    assert service.leaderboard("g1", GAME) == []


def test_a_lobby_abandoned_before_the_deal_is_recorded_as_never_started(service: TableService) -> None:
    created = service.create(GAME, seats=2, options={"pile": 7}, seed="s", creator="a", guild_id="g1")
    service.abandon(created.id, "a")
    result = service.rating_result(created.id)
    assert result is not None and result.skipped == rules.NEVER_STARTED


def test_a_table_a_moderator_ended_is_not_rated(service: TableService) -> None:
    tid = table(service, ["a", "b"])
    play(service, tid, [1])
    service.end(tid, "mod", manager=True)
    result = service.rating_result(tid)
    assert result is not None and result.skipped == rules.MODERATOR
    assert service.leaderboard("g1", GAME) == []


def test_a_table_is_rated_once_however_often_its_end_is_seen(service: TableService) -> None:
    tid = table(service, ["a", "b"])
    play(service, tid, [3, 3, 1])
    once = rating(service, "a")
    assert service.rate_table(tid) is None and rules.settle(TableService(service.repo), tid) is None
    assert rating(service, "a") == once and once[2] == 1


def test_a_resigned_member_is_still_rated_for_the_moves_they_played(service: TableService) -> None:
    tid = table(service, ["a", "b"])
    play(service, tid, [1, 1])
    service.resign(tid, "b", "Bot B")
    play(service, tid, [1, 1, 1])  # the bot plays b's seat on; a's takes decide the rest
    result = service.rating_result(tid)
    assert result is not None and {(p["user"], p["credit"]) for p in result.placings} == {("a", "only"), ("b", "only")}
    assert {p["user"]: p["name"] for p in result.placings} == {"a": "A", "b": "B"}  # b by their name, not the bot's


def row(seq: int, seat: int, user: str | None) -> ActionRow:
    return ActionRow(table_id=1, seq=seq, seat=seat, notation="take 1", kind="move", user_id=user)


def seat(number: int, user: str | None) -> SeatRow:
    return SeatRow(table_id=1, seat=number, user_id=user, name=user or "Bot", is_bot=user is None)


def test_a_seat_that_changed_hands_counts_for_whoever_played_most_of_its_moves() -> None:
    moves = [row(1, 0, "a"), row(2, 1, "b"), row(3, 0, "a"), row(4, 1, "c"), row(5, 0, "d"), row(6, 1, None),
             row(7, 1, None), row(8, 1, None)]
    credits = rules.credit_seats([seat(0, "d"), seat(1, None)], moves)
    assert credits[0] == rules.Credit("a", rules.MOST)  # a played 2, d (the holder now) 1
    # b and c played one move each (the bot's three count for nobody): the later of them wins
    assert credits[1] == rules.Credit("c", rules.LATEST)


def test_a_seat_nobody_moved_counts_for_its_member_holder_and_a_bot_seat_for_nobody() -> None:
    credits = rules.credit_seats([seat(0, "a"), seat(1, None)], [row(1, 1, None)])
    assert credits == {0: rules.Credit("a", rules.HOLDER)}
    # a member handed a bot's seat at the last moment does not take the bot's result
    assert rules.credit_seats([seat(0, "a"), seat(1, "b")], [row(1, 1, None), row(2, 1, None)]) == \
        {0: rules.Credit("a", rules.HOLDER)}


def test_undone_moves_do_not_count_for_the_credit() -> None:
    undo = ActionRow(table_id=1, seq=3, seat=0, notation="undo 1", kind="undo", voids=1, user_id="a")
    credits = rules.credit_seats([seat(0, "b")], [row(1, 0, "a"), row(2, 0, "a"), undo, row(4, 0, "b")])
    assert credits[0] == rules.Credit("b", rules.ONLY)


def test_a_member_credited_with_two_seats_counts_once_at_their_best_place() -> None:
    from games.core import Outcome, Standing

    outcome = Outcome((Standing(seat=1, rank=1, score=3), Standing(seat=0, rank=2, score=1),
                       Standing(seat=2, rank=3, score=0)))
    credits = {0: rules.Credit("a", rules.ONLY), 1: rules.Credit("a", rules.ONLY), 2: rules.Credit("b", rules.ONLY)}
    assert [(p["user"], p["rank"]) for p in rules.placings(outcome, credits, {})] == [("a", 1), ("b", 3)]


def test_the_number_shown_is_the_scaled_ordinal() -> None:
    assert rules.ordinal(25.0, 25.0 / 3) == 1000
    assert rules.ordinal(30.0, 5.0) == round(1000 + 40 * (30.0 - 15.0))


def test_recompute_equals_the_incremental_ratings_and_repairs_wrong_ones(service: TableService) -> None:
    for users, takes in ((["a", "b", "c"], [3, 3, 1]), (["b", "c"], [1, 3, 3]), (["c", "a", "d"], [2, 2, 2, 1]),
                         (["d", "b"], [3, 1, 3])):
        play(service, table(service, users), takes)
    play(service, table(service, ["a", "b"], guild="g2"), [3, 3, 1])
    incremental = {(r.user_id, r.mu, r.sigma, r.games) for r in service.leaderboard("g1", GAME)}
    assert len(incremental) == 4
    other = service.leaderboard("g2", GAME)
    store = Ratings(service.repo)
    store.rebuild("g1", GAME, lambda results: ({}, {}))  # wrong numbers: every rating lost
    assert service.leaderboard("g1", GAME) == []
    assert service.recompute_ratings("g1", GAME) == 4
    recomputed = {(r.user_id, r.mu, r.sigma, r.games) for r in service.leaderboard("g1", GAME)}
    assert recomputed == incremental
    assert service.leaderboard("g2", GAME) == other  # another server's ratings are left alone


def test_a_rating_missed_when_the_table_ended_is_made_by_recompute(service: TableService,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*args: object) -> None:
        raise RuntimeError("the database went away")

    with monkeypatch.context() as patch:
        patch.setattr(Ratings, "record", broken)
        tids = [table(service, ["a", "b"]) for _ in range(3)]
        for tid in tids:
            play(service, tid, [3, 3, 1])  # the game ends all the same
    assert all(service.load(t).table.status == "finished" and service.rating_result(t) is None for t in tids)
    monkeypatch.setattr(rules, "MISSED_BATCH", 2)  # more missed tables than one read brings
    assert service.recompute_ratings("g1") == 3
    assert rating(service, "a")[2] == 3


def test_console_tables_are_rated_outside_any_server(service: TableService) -> None:
    play(service, table(service, ["a", "b"], guild=None), [3, 3, 1])
    assert rating(service, "a", None)[2] == 1 and service.member_ratings("g1", "a") == []


def test_the_clock_rates_a_recent_table_whose_rating_was_missed(service: TableService,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as patch:
        patch.setattr(Ratings, "record", lambda *args: (_ for _ in ()).throw(RuntimeError("gone")))
        tid = table(service, ["a", "b"])
        play(service, tid, [3, 3, 1])
    ended = service.load(tid).table.updated_at
    assert service.rate_recent(["g1"], ended) == 0  # just ended: its own process may still be rating it
    assert service.rate_recent(["g2"], ended + timedelta(minutes=1)) == 0  # another server's clock
    assert service.rate_recent(["g1"], ended + timedelta(days=2)) == 0  # long ago: left to a recompute
    assert service.rate_recent(["g1"], ended + timedelta(minutes=1)) == 1
    assert service.rate_recent(["g1"], ended + timedelta(minutes=1)) == 0 and rating(service, "a")[2] == 1


def test_processes_rating_at_once_rate_a_table_once_and_lose_no_update(service: TableService, db_url: str,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    with monkeypatch.context() as patch:  # two tables end unrated, then two processes see them end at once
        patch.setattr(Ratings, "record", lambda *args: (_ for _ in ()).throw(RuntimeError("gone")))
        first, second = table(service, ["a", "b"]), table(service, ["a", "c"])
        play(service, first, [3, 3, 1])
        play(service, second, [3, 3, 1])
    engines = [make_engine(db_url) for _ in range(4)]
    try:
        processes = [TableService(Repository(engine)) for engine in engines]
        work = [lambda s=s, t=t: rules.settle(s, t) for s, t in zip(processes, [first, first, second, second],
                                                                     strict=True)]
        results, errors = race(work)
    finally:
        for engine in engines:
            engine.dispose()
    assert not errors and sorted(r.table_id for r in results if r is not None) == [first, second]
    assert rating(service, "a")[2] == 2  # both tables moved a's rating, one after the other
    befores = [next(p for p in service.rating_result(t).placings if p["user"] == "a") for t in (first, second)]
    assert sorted(b["before"] is None for b in befores) == [False, True]
    earlier, later = sorted(befores, key=lambda b: b["before"] is not None)
    assert later["before"] == earlier["after"]


def test_every_rule_in_docs_ratings_names_a_test_that_exists() -> None:
    """docs/ratings.md cites a test for each rule: each cited test must exist (a renamed or dropped
    test leaves its rule untested, and this notices), and its Chinese twin cites the same."""
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    cited = set(re.findall(r"`(test_\w+)`", (root / "docs" / "ratings.md").read_text(encoding="utf-8")))
    defined = set()
    for path in ("tests/service/test_ratings.py", "tests/bot/test_ratings_cli.py", "tests/e2e/test_ratings.py"):
        defined |= set(re.findall(r"^(?:async )?def (test_\w+)", (root / path).read_text(encoding="utf-8"), re.M))
    assert len(cited) >= 12 and cited <= defined, sorted(cited - defined)
    twin = set(re.findall(r"`(test_\w+)`", (root / "docs" / "zh" / "ratings.md").read_text(encoding="utf-8")))
    assert twin == cited, sorted(twin ^ cited)
