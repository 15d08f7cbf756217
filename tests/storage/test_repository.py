"""Round trips through the repository, on every backend."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from games.core import StaleVersion
from storage import (
    UNSET,
    NewAction,
    Repository,
    SeatNotFound,
    SeatTaken,
    TableNotFound,
    TableRow,
    effective_actions,
)


def new_table(repo: Repository, **kwargs: object) -> TableRow:
    fields: dict[str, object] = {"seed": "seed-1", "engine_version": "1.0"}
    fields.update(kwargs)
    return repo.create_table("wonderful-world", **fields)  # type: ignore[arg-type]


def tid(table: TableRow) -> int:
    assert table.id is not None
    return table.id


def moves(*notations: str, seat: int = 0) -> list[NewAction]:
    return [NewAction(text, seat=seat) for text in notations]


# ---- tables ----------------------------------------------------------------------------------
def test_create_and_get_table(repo: Repository) -> None:
    deadline = datetime(2030, 1, 2, 3, 4, 5, tzinfo=timezone(timedelta(hours=8)))
    made = new_table(repo, options={"players": 3, "variant": "简体"}, guild_id="g1",
                     channel_id="c1", creator="u1", language="zh",
                     settings={"remind_hours": 12, "policy": {"on_timeout": "bot"}},
                     deadline_at=deadline)
    got = repo.get_table(tid(made))
    assert got is not None
    assert (got.game_id, got.seed, got.engine_version) == ("wonderful-world", "seed-1", "1.0")
    assert (got.status, got.version, got.language, got.creator) == ("lobby", 0, "zh", "u1")
    assert got.options == {"players": 3, "variant": "简体"}
    assert got.settings == {"remind_hours": 12, "policy": {"on_timeout": "bot"}}
    assert got.created_at.tzinfo is not None and got.created_at.utcoffset() == timedelta(0)
    assert got.deadline_at == deadline and got.deadline_at.tzinfo == UTC
    assert abs(got.created_at - datetime.now(UTC)) < timedelta(minutes=5)


def test_missing_table(repo: Repository) -> None:
    assert repo.get_table(999) is None
    with pytest.raises(TableNotFound):
        repo.require_table(999)
    with pytest.raises(TableNotFound):
        repo.set_status(999, "active")
    with pytest.raises(TableNotFound):
        repo.add_seat(999, "x")
    with pytest.raises(TableNotFound):
        repo.commit_actions(999, 0, moves("a"))
    with pytest.raises(TableNotFound):
        repo.load(999)


def test_unknown_status_is_refused(repo: Repository) -> None:
    with pytest.raises(ValueError):
        new_table(repo, status="paused")
    table = new_table(repo)
    with pytest.raises(ValueError):
        repo.set_status(tid(table), "paused")
    with pytest.raises(ValueError):
        repo.commit_actions(tid(table), 0, moves("a"), status="paused")
    assert repo.require_table(tid(table)).version == 0


def test_table_for_channel(repo: Repository) -> None:
    assert repo.table_for_channel("c1") is None
    old = new_table(repo, channel_id="c1")
    repo.set_status(tid(old), "finished")
    assert repo.table_for_channel("c1") is None
    assert repo.table_for_channel("c1", live_only=False) == repo.get_table(tid(old))
    current = new_table(repo, channel_id="c1")
    new_table(repo, channel_id="c2")
    found = repo.table_for_channel("c1")
    assert found is not None and found.id == current.id


def test_list_tables(repo: Repository) -> None:
    a = new_table(repo, guild_id="g1")
    b = new_table(repo, guild_id="g1")
    c = new_table(repo, guild_id="g2")
    repo.set_status(tid(b), "active")
    repo.add_seat(tid(c), "Ann", user_id="ann")
    ids = lambda rows: [row.id for row in rows]  # noqa: E731
    assert ids(repo.list_tables()) == [a.id, b.id, c.id]
    assert ids(repo.list_tables("g1")) == [a.id, b.id]
    assert ids(repo.list_tables(status="active")) == [b.id]
    assert ids(repo.list_tables(status=["lobby", "active"], guild_id="g1")) == [a.id, b.id]
    assert ids(repo.list_tables(user_id="ann")) == [c.id]
    assert ids(repo.list_tables(limit=2)) == [a.id, b.id]


def test_status_settings_deadline_channel(repo: Repository) -> None:
    table = new_table(repo, settings={"a": 1, "b": 2})
    before = repo.require_table(tid(table)).updated_at
    assert repo.set_status(tid(table), "active").status == "active"
    assert repo.update_settings(tid(table), {"b": None, "c": "三"}) == {"a": 1, "c": "三"}
    assert repo.update_settings(tid(table), {"z": [1, 2]}, replace=True) == {"z": [1, 2]}
    deadline = datetime(2031, 5, 6, 7, 8, tzinfo=UTC)
    repo.set_deadline(tid(table), deadline)
    repo.set_channel(tid(table), "guild", "chan")
    got = repo.require_table(tid(table))
    assert (got.status, got.settings, got.deadline_at) == ("active", {"z": [1, 2]}, deadline)
    assert (got.guild_id, got.channel_id, got.version) == ("guild", "chan", 0)
    assert got.updated_at >= before
    repo.set_deadline(tid(table), None)
    assert repo.require_table(tid(table)).deadline_at is None


# ---- seats -----------------------------------------------------------------------------------
def test_seats_round_trip(repo: Repository) -> None:
    table = new_table(repo)
    repo.add_seat(tid(table), "张伟", user_id="111", language="zh")
    repo.add_seat(tid(table), "Bot Bob", is_bot=True)
    repo.add_seat(tid(table), "Carol", user_id="333", seat=5)
    seats = repo.seats(tid(table))
    assert [(s.seat, s.name, s.user_id, s.is_bot, s.language, s.away) for s in seats] == [
        (0, "张伟", "111", False, "zh", False),
        (1, "Bot Bob", None, True, None, False),
        (5, "Carol", "333", False, None, False),
    ]
    assert repo.add_seat(tid(table), "Dan").seat == 6
    with pytest.raises(SeatTaken):
        repo.add_seat(tid(table), "Eve", seat=1)
    assert repo.seats(new_table(repo).id or 0) == []


def test_remove_seat_renumbers(repo: Repository) -> None:
    table = new_table(repo)
    for name in ["a", "b", "c", "d"]:
        repo.add_seat(tid(table), name)
    repo.remove_seat(tid(table), 1)
    assert [(s.seat, s.name) for s in repo.seats(tid(table))] == [(0, "a"), (1, "c"), (2, "d")]
    repo.remove_seat(tid(table), 0, renumber=False)
    assert [(s.seat, s.name) for s in repo.seats(tid(table))] == [(1, "c"), (2, "d")]
    with pytest.raises(SeatNotFound):
        repo.remove_seat(tid(table), 0)


def test_update_seat_substitutes_keeping_the_seat(repo: Repository) -> None:
    table = new_table(repo)
    repo.add_seat(tid(table), "Ann", user_id="ann", language="en")
    repo.add_seat(tid(table), "Ben", user_id="ben")
    sub = repo.update_seat(tid(table), 0, user_id="李雷", name="李雷")
    assert (sub.seat, sub.user_id, sub.name, sub.language) == (0, "李雷", "李雷", "en")
    repo.update_seat(tid(table), 1, user_id=None, is_bot=True, away=True, language=None)
    got = repo.get_seat(tid(table), 1)
    assert got is not None
    assert (got.user_id, got.name, got.is_bot, got.away) == (None, "Ben", True, True)
    assert repo.update_seat(tid(table), 1, name=UNSET).name == "Ben"
    with pytest.raises(SeatNotFound):
        repo.update_seat(tid(table), 7, away=True)


# ---- the log ---------------------------------------------------------------------------------
def test_a_commit_returns_the_rows_as_stored(repo: Repository) -> None:
    """Issue 25 §3: the rows are inserted as plain values (no model per row); what the commit
    returns is still every stored row, ids and all, field for field."""
    table = new_table(repo)
    repo.commit_actions(tid(table), 0, moves("pick 3"))
    actions = [NewAction("pick 1", seat=1, move='{"t": 1}', user_id="u1", events='[{"k": "e"}]'),
               NewAction("round 2", kind="system"), NewAction("undo 2", seat=1, kind="undo", voids=2)]
    committed = repo.commit_actions(tid(table), 1, actions)
    stored = repo.actions(tid(table), after_seq=1)
    assert [r.model_dump() for r in committed.actions] == [r.model_dump() for r in stored]
    assert [r.id for r in committed.actions] == sorted({r.id for r in stored}) and None not in [r.id for r in stored]
    assert [(r.seq, r.kind, r.voids, r.events) for r in stored] == [
        (2, "move", None, '[{"k": "e"}]'), (3, "system", None, None), (4, "undo", 2, None)]
    with pytest.raises(ValueError, match="cannot void"):
        repo.commit_actions(tid(table), 2, [NewAction("undo 9", seat=0, kind="undo", voids=9)])
    assert repo.last_seq(tid(table)) == 4 and repo.require_table(tid(table)).version == 2  # nothing written


def test_commit_actions_appends_in_order(repo: Repository) -> None:
    table = new_table(repo)
    first = repo.commit_actions(tid(table), 0, [NewAction("pick 3", seat=0, user_id="u0")])
    assert first.version == 1 and [a.seq for a in first.actions] == [1]
    # One commit, several rows: a move followed by the bots' replies.
    second = repo.commit_actions(tid(table), 1, moves("pick 1", "pick 2", "pick 9", seat=1))
    assert second.version == 2 and [a.seq for a in second.actions] == [2, 3, 4]
    deadline = datetime(2032, 1, 1, tzinfo=UTC)
    system = repo.commit_actions(tid(table), 2, [NewAction("round 2", kind="system")],
                                 status="active", deadline_at=deadline)
    assert system.version == 3
    rows = repo.actions(tid(table))
    assert [(r.seq, r.seat, r.notation, r.kind) for r in rows] == [
        (1, 0, "pick 3", "move"), (2, 1, "pick 1", "move"), (3, 1, "pick 2", "move"),
        (4, 1, "pick 9", "move"), (5, None, "round 2", "system")]
    assert rows[0].user_id == "u0"
    assert [r.seq for r in repo.actions(tid(table), after_seq=3)] == [4, 5]
    assert repo.last_seq(tid(table)) == 5
    got = repo.require_table(tid(table))
    assert (got.version, got.status, got.deadline_at) == (3, "active", deadline)
    repo.commit_actions(tid(table), 3, moves("pick 4"))  # deadline left as it is
    assert repo.require_table(tid(table)).deadline_at == deadline
    repo.commit_actions(tid(table), 4, moves("pick 5"), deadline_at=None)
    assert repo.require_table(tid(table)).deadline_at is None


def test_log_is_append_only(repo: Repository) -> None:
    table = new_table(repo)
    version = 0
    snapshot_before: list[tuple[object, ...]] = []
    for turn in range(6):
        version = repo.commit_actions(tid(table), version, moves(f"m{turn}", f"b{turn}")).version
        rows = [(r.id, r.seq, r.notation, r.created_at) for r in repo.actions(tid(table))]
        assert rows[: len(snapshot_before)] == snapshot_before  # earlier rows never change
        snapshot_before = rows
    assert [seq for _, seq, _, _ in snapshot_before] == list(range(1, 13))


def test_tables_have_separate_logs(repo: Repository) -> None:
    a, b = new_table(repo), new_table(repo)
    repo.commit_actions(tid(a), 0, moves("a1", "a2"))
    repo.commit_actions(tid(b), 0, moves("b1"))
    assert [r.seq for r in repo.actions(tid(b))] == [1]
    assert [r.notation for r in repo.actions(tid(a))] == ["a1", "a2"]


def test_stale_version_writes_nothing(repo: Repository) -> None:
    table = new_table(repo)
    repo.commit_actions(tid(table), 0, moves("m1"), snapshot=(1, b"one"))
    for wrong in (0, 2, -1):
        with pytest.raises(StaleVersion) as caught:
            repo.commit_actions(tid(table), wrong, moves("x", "y"), snapshot=(2, b"two"),
                                status="finished")
        assert caught.value.key == "error.stale"
        assert caught.value.params == {"expected": wrong, "actual": 1}
    got = repo.require_table(tid(table))
    assert (got.version, got.status) == (1, "lobby")
    assert [r.notation for r in repo.actions(tid(table))] == ["m1"]
    snapshot = repo.latest_snapshot(tid(table))
    assert snapshot is not None and (snapshot.seq, snapshot.state) == (1, b"one")


def test_invalid_commit_is_rolled_back(repo: Repository) -> None:
    table = new_table(repo)
    with pytest.raises(ValueError):  # snapshot beyond the log
        repo.commit_actions(tid(table), 0, moves("m1"), snapshot=(5, b"x"))
    with pytest.raises(ValueError):  # an undo must point before itself
        repo.commit_actions(tid(table), 0, [NewAction("undo", kind="undo", voids=1)])
    assert repo.require_table(tid(table)).version == 0
    assert repo.actions(tid(table)) == []
    assert repo.latest_snapshot(tid(table)) is None


def test_new_action_validation() -> None:
    with pytest.raises(ValueError):
        NewAction("x", kind="teleport")
    with pytest.raises(ValueError):
        NewAction("undo", kind="undo")
    with pytest.raises(ValueError):
        NewAction("m", voids=1)


# ---- snapshots and load ----------------------------------------------------------------------
def test_snapshots_round_trip(repo: Repository) -> None:
    table = new_table(repo)
    assert repo.latest_snapshot(tid(table)) is None
    repo.save_snapshot(tid(table), 0, b'{"setup":true}')
    binary = bytes(range(256))
    repo.commit_actions(tid(table), 0, moves("a", "b"), snapshot=(2, binary))
    latest = repo.latest_snapshot(tid(table))
    assert latest is not None and (latest.seq, latest.state) == (2, binary)
    repo.save_snapshot(tid(table), 2, '{"名字":"王芳"}')  # same seq: replaced
    latest = repo.latest_snapshot(tid(table))
    assert latest is not None and latest.state.decode() == '{"名字":"王芳"}'
    with pytest.raises(ValueError):
        repo.save_snapshot(tid(table), 3, b"future")
    assert repo.drop_snapshots(tid(table), from_seq=1) == 1
    latest = repo.latest_snapshot(tid(table))
    assert latest is not None and latest.seq == 0


def test_load_reads_only_actions_after_the_latest_snapshot(repo: Repository) -> None:
    table = new_table(repo)
    version = repo.commit_actions(tid(table), 0, moves("m1", "m2")).version
    loaded = repo.load(tid(table))
    assert loaded.snapshot is None and [a.seq for a in loaded.actions] == [1, 2]
    version = repo.commit_actions(tid(table), version, moves("m3"), snapshot=(3, b"s3")).version
    version = repo.commit_actions(tid(table), version, moves("m4", "m5")).version
    table_row, snapshot, actions, seats = repo.load(tid(table))
    assert table_row.version == version == 3
    assert snapshot is not None and (snapshot.seq, snapshot.state) == (3, b"s3")
    assert [a.notation for a in actions] == ["m4", "m5"]
    assert seats == []


def test_load_skips_snapshots_an_undo_voided(repo: Repository) -> None:
    table = new_table(repo)
    version = repo.commit_actions(tid(table), 0, moves("m1"), snapshot=(1, b"s1")).version
    version = repo.commit_actions(tid(table), version, moves("m2"), snapshot=(2, b"s2")).version
    version = repo.commit_actions(tid(table), version, moves("m3")).version
    # Undo m2 and m3 (voids seq 2 onwards): the snapshot at 2 includes m2, so it is unusable.
    repo.commit_actions(tid(table), version, [NewAction("undo", seat=0, kind="undo", voids=2)])
    loaded = repo.load(tid(table))
    assert loaded.snapshot is not None and loaded.snapshot.state == b"s1"
    assert [a.notation for a in loaded.actions] == ["m2", "m3", "undo"]
    assert effective_actions(loaded.actions) == []


def test_effective_actions_skip_voided_rows(repo: Repository) -> None:
    table = new_table(repo)
    version = repo.commit_actions(tid(table), 0, moves("m1", "m2", "m3")).version
    version = repo.commit_actions(tid(table), version, [NewAction("undo", kind="undo", voids=3)]).version
    version = repo.commit_actions(tid(table), version, moves("m5", "m6")).version
    repo.commit_actions(tid(table), version, [NewAction("undo", kind="undo", voids=6)])
    assert [a.notation for a in effective_actions(repo.actions(tid(table)))] == ["m1", "m2", "m5"]


def test_unicode_round_trips(repo: Repository) -> None:
    table = new_table(repo, options={"地图": "中国"}, creator="王小明", settings={"提醒": "每天"})
    repo.add_seat(tid(table), "王小明🀄", user_id="王小明")
    repo.commit_actions(tid(table), 0, [NewAction("选 红色 ３", seat=0, user_id="王小明")],
                        snapshot=(1, '{"玩家":["王小明"]}'.encode()))
    table_row, snapshot, actions, seats = repo.load(tid(table))
    assert table_row.options == {"地图": "中国"} and table_row.settings == {"提醒": "每天"}
    assert table_row.creator == "王小明"
    assert repo.seats(tid(table))[0].name == "王小明🀄"
    assert [s.model_dump() for s in seats] == [s.model_dump() for s in repo.seats(tid(table))]
    assert snapshot is not None and snapshot.state.decode("utf-8") == '{"玩家":["王小明"]}'
    assert repo.actions(tid(table))[0].notation == "选 红色 ３"
    assert actions == []
