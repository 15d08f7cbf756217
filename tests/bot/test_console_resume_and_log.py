"""Console `history` shows only what the player may see; `tabula resume` on any table says where it stands."""

from __future__ import annotations

import io
from pathlib import Path

from bot.console import LOCAL_USER, resume_local_table, start_local_table
from service import TableService
from storage.repository import Repository


def _quit_after(lines: list[str]):  # type: ignore[no-untyped-def]
    script = iter(lines)
    return lambda prompt: next(script, "quit")


def test_console_log_hides_other_seats_draft_picks(repo: Repository) -> None:
    """Play until bots have picked hidden cards, then `history`: their picks stay hidden."""
    service = TableService(repo)
    out = io.StringIO()
    start_local_table(service, "wonderful-world", players=3, bots=2, seed=7, lang="en", out=None,
                      read=_quit_after(["history"]), write=out)
    table = repo.list_tables()[0]
    bot_rows = [r for r in service.log(table.id) if r.seat != 0 and r.kind == "move"]
    assert bot_rows, "the bots should have picked before the human's first prompt"
    text = out.getvalue()
    for row in bot_rows:
        assert row.notation not in text, f"console log leaks {row.notation!r}"
    assert "Bot 2" in text  # their moves are listed, as the events the human may see


def test_console_log_shows_own_moves_with_notation(repo: Repository) -> None:
    service = TableService(repo)
    out = io.StringIO()
    state: dict[str, str] = {}

    def read(prompt: str) -> str:
        if "move" not in state:
            table = repo.list_tables()[0]
            loaded = service.load(table.id)
            state["move"] = str(loaded.game.legal_moves(loaded.state, loaded.seat_of(LOCAL_USER)[0])[0])
            return state["move"]
        if "history" not in state:
            state["history"] = "done"
            return "history"
        return "quit"

    start_local_table(service, "landlords", players=2, bots=1, seed=3, lang="en", out=None, read=read, write=out)
    assert f"[{state['move']}]" in out.getvalue()


def test_resume_refuses_a_lobby_table_with_a_message(repo: Repository) -> None:
    service = TableService(repo)
    table = service.create("wonderful-world", seats=3, creator=LOCAL_USER, language="zh")
    out = io.StringIO()
    code = resume_local_table(service, table.id, lang=None, out=None, read=_quit_after([]), write=out)
    assert code == 2
    assert "无法继续" in out.getvalue() and "尚未开始" in out.getvalue()  # the table's language


def test_resume_of_a_missing_table_is_refused(repo: Repository) -> None:
    out = io.StringIO()
    code = resume_local_table(TableService(repo), 4242, lang="en", out=None, read=_quit_after([]), write=out)
    assert code == 2 and "no table 4242" in out.getvalue().lower()


def test_resume_shows_where_the_game_stands_and_keeps_earlier_images(repo: Repository, tmp_path: Path) -> None:
    service = TableService(repo, bot_moves_per_commit=1)
    images = tmp_path / "boards"
    start_local_table(service, "wonderful-world", players=3, bots=2, seed=9, lang="zh", out=images,
                      read=_quit_after([]), write=io.StringIO())
    table = repo.list_tables()[0]
    before = {p.name: p.read_bytes() for p in images.glob("board-0*.png")}
    assert before
    out = io.StringIO()
    code = resume_local_table(service, table.id, lang=None, out=images, read=_quit_after([]), write=out)
    assert code == 0
    text = out.getvalue()
    assert "美丽新世界" in text                   # in the table's language, names the game
    assert "tabula resume" in text               # quit again keeps it
    summary = service.load(table.id).game.summarize(service.view(table.id, LOCAL_USER)[1], "zh")
    assert summary[0] in text                    # the board summary is shown before the prompt
    after = {p.name: p.read_bytes() for p in images.glob("board-0*.png")}
    assert len(after) > len(before)
    assert all(after[name] == data for name, data in before.items())  # nothing overwritten


def test_finished_table_resume_shows_the_ranking(repo: Repository) -> None:
    service = TableService(repo)
    start_local_table(service, "wonderful-world", players=2, bots=2, seed=5, lang="en", out=None,
                      read=_quit_after([]), write=io.StringIO())
    table = repo.list_tables()[0]
    assert table.status == "finished"
    out = io.StringIO()
    assert resume_local_table(service, table.id, lang="en", out=None, read=_quit_after([]), write=out) == 0
    assert "The game is over." in out.getvalue()


def test_standing_orders_from_the_console(repo: Repository) -> None:
    """`orders` lists what the title offers, `order NAME` sets one, `order off NAME` cancels it."""
    service = TableService(repo)
    out = io.StringIO()
    start_local_table(service, "landlords", players=2, bots=1, seed=3, lang="en", out=None,
                      read=_quit_after(["orders", "order pass-bids", "orders", "order win-now",
                                        "order off pass-bids"]), write=out)
    text = out.getvalue()
    assert "[ ] pass-bids" in text and "[✓] pass-bids" in text
    assert "Standing order set." in text and "Standing order cancelled." in text
    assert "is not a standing order" in text
    assert "[✓] auto-roll" in text  # every seat starts with it (ruling R34)
    table = repo.list_tables()[0]
    assert service.repo.seats(table.id)[0].orders == ["auto-roll"]


def test_the_console_plays_the_players_standing_orders_between_bot_moves(repo: Repository) -> None:
    """One move a commit (the console shows each): a turn the player's ``auto-roll`` rolls is
    played like a bot's, so the first prompt comes where the player must decide (ruling R34)."""
    service = TableService(repo, bot_moves_per_commit=1)
    prompts: list[str] = []

    def read(prompt: str) -> str:
        prompts.append(prompt)
        return "quit"

    start_local_table(service, "landlords", players=2, bots=1, seed=3, lang="en", out=None, read=read,
                      write=io.StringIO())
    table = repo.list_tables()[0]
    rolls = [r for r in service.log(table.id) if r.seat == 0 and r.notation == "roll"]
    loaded = service.load(table.id)
    assert len(prompts) == 1 and len(rolls) >= 2, (prompts, rolls)
    assert not service.automatic_pending(loaded) and 0 in loaded.game.to_act(loaded.state)


def test_empty_input_says_what_to_type_and_the_chinese_ranking_is_in_chinese(repo: Repository) -> None:
    """Play experience §14: an empty line gets the console's help, not chat's /move suggestions;
    the ranking's score parts are named in the reader's language."""
    service = TableService(repo)
    out = io.StringIO()
    lines = iter([""])

    def read(prompt: str) -> str:
        line = next(lines, None)
        if line is not None:
            return line
        table = repo.list_tables()[0]
        loaded = service.load(table.id)
        return str(loaded.game.legal_moves(loaded.state, loaded.seat_of(LOCAL_USER)[0])[0])

    start_local_table(service, "wonderful-world", players=2, bots=1, seed=4, lang="zh", out=None, read=read,
                      write=out)
    text = out.getvalue()
    assert "/move" not in text and "moves（可选行动）" in text
    assert "卡牌分" in text and "cards" not in text


def test_the_console_words_shadow_only_themselves_and_three_kingdoms_log_is_a_move() -> None:
    """Issue 22 §4: the console's `log` read Three Kingdoms' action `log` (伐木) as the history command. The
    history is `history` now; `shadows` is what the contract suite asks of every title's moves."""
    from bot.console import FIRST_WORDS, LINE_WORDS, shadows

    assert all(shadows(word) for word in LINE_WORDS | FIRST_WORDS)
    assert shadows("moves lay") and shadows("order off auto-roll")
    assert not shadows("log") and not shadows("board e4") and not shadows("undo 2")
