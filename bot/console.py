"""A local table in the terminal: one person against bots (or bots alone), same notation as chat.

Everything goes through :class:`service.TableService` on a SQLite file, exactly as in Discord,
so a console game can be exported and replayed like any other.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO

from games.core import GameError
from service import SERVICE_CATALOG, MoveResult, TableService
from service import text as words

LOCAL_USER = "local"
FRAME_GAP = 8  # while bots play on, save a board image at most every this many moves

HELP = {
    "en": ("Type a move in the game's notation (see `moves`), or: moves, board, hand, undo, history, "
           "orders (standing orders: `order NAME`, `order off NAME`), rules (the rules reference), help, quit."),
    "zh": "输入一步行动（见 `moves`），或：moves（可选行动）、board（版图）、hand（手牌）、undo（撤销）、"
          "history（记录）、orders（常设指令：`order 名称`，`order off 名称`）、rules（规则参考）、help（帮助）、"
          "quit（退出）。",
}

#: ``rules``: where the title's rules reference is, in the reader's language (issue 10 §8).
RULES = {
    "en": "{game} — the rules reference: {path}",
    "zh": "{game} — 规则参考：{path}",
}
ROOT = Path(__file__).resolve().parents[1]


#: What the console reads as its own commands rather than as a move: whole lines (``QUIT_WORDS`` … ``UNDO_WORDS``),
#: and first words (``MOVES_WORDS``, ``ORDER_WORDS``). No move's notation may be one of them (the contract suite
#: checks it with :func:`shadows`): Three Kingdoms' action ``log`` (伐木) once read as the history command.
QUIT_WORDS = frozenset({"quit", "exit", "q", "退出"})
HELP_WORDS = frozenset({"help", "?", "帮助"})
RULES_WORDS = frozenset({"rules", "规则"})
BOARD_WORDS = frozenset({"board", "b", "hand", "h", "版图", "手牌"})
HISTORY_WORDS = frozenset({"history", "记录"})
UNDO_WORDS = frozenset({"undo", "撤销"})
MOVES_WORDS = frozenset({"moves", "m", "行动"})
ORDERS_WORDS = frozenset({"orders", "指令列表"})
ORDER_WORDS = frozenset({"order", "指令"})
LINE_WORDS = QUIT_WORDS | HELP_WORDS | RULES_WORDS | BOARD_WORDS | HISTORY_WORDS | UNDO_WORDS
FIRST_WORDS = MOVES_WORDS | ORDERS_WORDS | ORDER_WORDS


def shadows(notation: str) -> bool:
    """Whether the console would read a move typed as ``notation`` as one of its own commands."""
    line = notation.strip()
    return line in LINE_WORDS or line.partition(" ")[0] in FIRST_WORDS


ORDER_SET = {
    "en": {True: "Standing order set.", False: "Standing order cancelled."},
    "zh": {True: "常设指令已设置。", False: "常设指令已取消。"},
}

MOVES_SHOWN = 25      # completions listed by `moves`
DESCEND = 4           # `moves` follows a prefix with a single next word at most this many words deep

#: `moves <prefix>` when no move starts with it (and the title gives no reason), then what is asked now.
NOTHING = {
    "en": "No move you can play now starts with “{typed}”.",
    "zh": "现在没有以“{typed}”开头的行动。",
}
NOW = {
    "en": "Now: {prompt}.",
    "zh": "现在：{prompt}。",
}
COUNT_LIMIT = 10_000  # counted exactly up to here ("10000+" beyond)

MORE = {
    "en": "{count} moves in all: type the start of one, e.g. `moves {example}`.",
    "zh": "共 {count} 种行动：输入开头查看，例如 `moves {example}`。",
}

NOT_PLAYABLE = {
    "en": "Table {table} cannot be continued: it is {status}.",
    "zh": "第 {table} 桌无法继续：状态为 {status}。",
}

RESUME = {
    "en": "Table {table} is saved. Continue later with: tabula resume {table}",
    "zh": "第 {table} 桌已保存。之后可以用 tabula resume {table} 继续。",
}


class ConsoleTable:
    """Runs one table in the terminal; board images go to ``out``."""

    def __init__(self, service: TableService, table_id: int, *, lang: str = "en", out: Path | None = None,
                 read: Callable[[str], str] | None = None, write: TextIO | None = None) -> None:
        self.service = service
        self.table_id = table_id
        self.lang = lang
        self.out = out
        self.read = read or input
        self.stream = write or sys.stdout
        self.frame = self._last_frame(out)
        self.moves_since_frame = 0

    @staticmethod
    def _last_frame(out: Path | None) -> int:
        """The highest board image number already in ``out``: a resumed table adds images
        after the earlier ones instead of overwriting them."""
        if out is None or not out.is_dir():
            return 0
        numbers = [int(p.stem.split("-")[1]) for p in out.glob("board-[0-9]*.png") if p.stem.split("-")[1].isdigit()]
        return max(numbers, default=0)

    # ---- output ------------------------------------------------------------------------------
    def say(self, text: str = "") -> None:
        print(text, file=self.stream, flush=True)

    def tell(self, result: MoveResult, viewer: int | None) -> None:
        game = result.loaded.game
        names = words.seat_names(result.loaded.seats)
        for step in result.steps:
            for line in words.event_lines(game, step.events, viewer, self.lang, names):
                self.say("  " + self.about_you(line))
        self.moves_since_frame += len(result.steps)
        important = any(result.loaded.game.irreversible(step.events) for step in result.steps)
        if result.finished or viewer in result.to_act or (important and self.moves_since_frame >= FRAME_GAP):
            self.save_images(result.loaded, viewer)
            self.moves_since_frame = 0
        self.save_animations(result)

    def about_you(self, line: str) -> str:
        """Lines about the player, whom the English console names "You", in the second person."""
        return words.second_person(line) if self.lang == "en" else line

    def error(self, game: Any, error: GameError, names: list[str] | None = None) -> None:
        self.say("! " + self.about_you(words.refusal(error, self.lang, game, names)))

    def save_animations(self, result: MoveResult) -> None:
        """The animation of what a move did, when the title's renderer draws one (Megarich's battle replay):
        ``animation-<n>.png`` (APNG) or ``.gif`` beside the board images."""
        if self.out is None:
            return
        from render import move_animation, renderer_for

        game = result.loaded.game
        renderer = renderer_for(game.meta.id)
        if not callable(getattr(renderer, "animation", None)):
            return
        names = [s.name for s in result.loaded.seats]
        public = game.view(result.loaded.state, None)
        for step in result.steps:
            made = move_animation(renderer, public, step.events, self.lang, names)
            if made is not None:
                data, extension = made
                self.out.mkdir(parents=True, exist_ok=True)
                (self.out / f"animation-{self.frame:04d}.{extension}").write_bytes(data)
                self.say(f"  (animation: {self.out / f'animation-{self.frame:04d}.{extension}'})")

    def save_images(self, loaded: Any, viewer: int | None) -> None:
        if self.out is None:
            return
        from render import renderer_for

        self.out.mkdir(parents=True, exist_ok=True)
        game = loaded.game
        renderer = renderer_for(game.meta.id)
        names = [s.name for s in loaded.seats]
        self.frame += 1
        public = game.view(loaded.state, None)
        (self.out / f"board-{self.frame:04d}.png").write_bytes(renderer.board(public, self.lang, names))
        (self.out / "board-latest.png").write_bytes(renderer.board(public, self.lang, names))
        if viewer is not None and not game.is_over(loaded.state):
            mine = game.view(loaded.state, viewer)
            (self.out / f"hand-seat{viewer + 1}.png").write_bytes(renderer.private(mine, self.lang, names))
        outcome = game.outcome(loaded.state)
        if outcome is not None:
            (self.out / "result.png").write_bytes(renderer.result(outcome, public, self.lang, names))

    def board(self, viewer: int | None) -> None:
        loaded, view = self.service.view(self.table_id, LOCAL_USER if viewer is not None else None)
        for line in loaded.game.summarize(view, self.lang, words.seat_names(loaded.seats)):
            self.say(line)

    def moves(self, loaded: Any, seat: int, typed: str) -> None:
        """What ``seat`` can do, as completions of what was typed (``moves lay c``), at most a
        screenful: big titles offer the next word of a move rather than thousands of moves. A
        prefix that leads to one next word only is followed (``moves bid`` lists the amounts of a
        bid for the lot on offer); a prefix that leads nowhere says why, when the title knows."""
        game = loaded.game
        names = words.seat_names(loaded.seats)
        options = game.complete(loaded.state, seat, typed, self.lang, limit=MOVES_SHOWN, names=names)
        for _ in range(DESCEND):
            if len(options) != 1 or options[0].final or not typed.strip():
                break
            typed = options[0].token + " "
            options = game.complete(loaded.state, seat, typed, self.lang, limit=MOVES_SHOWN, names=names)
        if not options and typed.strip():
            why = game.unavailable(loaded.state, seat, typed, self.lang, names)
            self.say("  " + (why or NOTHING.get(self.lang, NOTHING["en"]).format(typed=typed.strip())))
            asked = game.prompt(loaded.state, seat, self.lang, names)
            if asked:
                self.say("  " + NOW.get(self.lang, NOW["en"]).format(prompt=asked))
            return
        for option in options:
            shown = option.token if option.final else option.token + " …"
            self.say(f"  {shown:<24} {option.label}" if option.label != option.token else f"  {shown}")
        total = game.count_moves(loaded.state, seat, limit=COUNT_LIMIT)
        if total > len([o for o in options if o.final]) and not typed:
            more = f"{total}+" if total >= COUNT_LIMIT else str(total)
            example = next((o.token for o in options if not o.final), options[0].token if options else "")
            self.say("  " + MORE.get(self.lang, MORE["en"]).format(count=more, example=example))

    def rules(self, game: Any) -> None:
        """The title's rules reference, the Chinese one for a Chinese reader, else English: its text, then
        where the file is (a newcomer reads the rules, not a path)."""
        meta = game.meta
        path = ROOT / meta.reference(self.lang)
        try:
            self.say(path.read_text(encoding="utf-8").rstrip())
            self.say()
        except OSError:
            pass  # an installation without the docs: the path line below still says where they are
        self.say(RULES.get(self.lang, RULES["en"]).format(game=meta.name(self.lang), path=path))

    def orders(self, loaded: Any, seat: int) -> None:
        """The standing orders the title offers now, and which ones are set."""
        mine = next(s for s in self.service.seats(self.table_id) if s.seat == seat).orders
        for option in self.service.offered_orders(loaded, seat, self.lang):
            mark = "✓" if option.token in mine else " "
            self.say(f"  [{mark}] {option.token:<16} {option.label}")

    def history(self, loaded: Any, seat: int) -> None:
        """The moves so far as ``seat`` may read them (others' hidden picks stay hidden)."""
        game = loaded.game
        names = words.seat_names(loaded.seats)
        for entry in self.service.history(self.table_id, None, seat=seat):
            if entry.kind != "move":  # a change of seat: who made it
                line = words.seat_change_line(entry, self.lang, by=entry.by or "-",
                                              name=words.plain_name(entry.name or "?"),
                                              previous=words.plain_name(entry.previous or "?"))
                self.say(f"  {entry.seq:4d}  {line}")
                continue
            seen = "; ".join(self.about_you(line) for line in words.event_lines(
                game, entry.events, seat, self.lang, names)) or "…"
            own = f" [{entry.notation}]" if entry.notation is not None else ""
            self.say(f"  {entry.seq:4d}  {names[entry.seat]}{own}: {seen}")

    def ranking(self, loaded: Any) -> None:
        game = loaded.game
        outcome = loaded.outcome
        names = words.seat_names(loaded.seats)
        self.say("")
        self.say("== " + SERVICE_CATALOG.text("table.finished", None, self.lang) + " ==")
        for place in words.standings(game, outcome, names, self.lang):
            parts = ", ".join(f"{k} {v}" for k, v in place.parts)
            self.say(f"  {place.rank}. {place.name} — {place.score}" + (f"  ({parts})" if parts else ""))
        for line in words.reasons(game, outcome, names, self.lang):
            self.say("  " + line)

    # ---- loop --------------------------------------------------------------------------------
    def run(self, first: MoveResult | None = None) -> int:
        """Play until the game ends or the player quits (both exit 0; the table stays saved)."""
        loaded = first.loaded if first is not None else self.service.load(self.table_id)
        human = [s.seat for s in loaded.seats if not s.is_bot]
        viewer = human[0] if human else None
        if first is not None:
            self.tell(first, viewer)
        while not loaded.game.is_over(loaded.state):
            to_act = loaded.game.to_act(loaded.state)
            # bots and standing orders first, one move a commit, so the human sees each of them
            if self.service.automatic_pending(loaded):
                result = self.service.run_bots(self.table_id)
                if result is not None:
                    self.tell(result, viewer)
                    loaded = result.loaded
                    continue
            acting = [s for s in sorted(to_act) if s in human]
            if not acting:
                break
            seat = acting[0]
            try:
                line = self.read(f"[{loaded.seats[seat].name}] > ").strip()
            except EOFError:
                line = "quit"
            if line in QUIT_WORDS:
                self.say(RESUME.get(self.lang, RESUME["en"]).format(table=self.table_id))
                return 0
            handled = self.command(line, loaded, seat)
            if handled is not None:
                loaded = handled
        self.ranking(loaded)
        return 0

    def command(self, line: str, loaded: Any, seat: int) -> Any:
        game = loaded.game
        if not line:  # nothing typed: say what can be typed here (not chat's /move suggestions)
            self.say(HELP.get(self.lang, HELP["en"]))
            return None
        if line in HELP_WORDS:
            self.say(HELP.get(self.lang, HELP["en"]))
            return None
        if line in RULES_WORDS:
            self.rules(game)
            return None
        word, _, rest = line.partition(" ")
        if word in MOVES_WORDS:
            self.moves(loaded, seat, rest)
            return None
        if word in ORDERS_WORDS:
            self.orders(loaded, seat)
            return None
        if word in ORDER_WORDS and rest:
            on = not rest.startswith("off ")
            try:
                result = self.service.set_order(self.table_id, LOCAL_USER, rest.removeprefix("off ").strip(), on=on,
                                                seat=seat)
            except GameError as error:
                self.error(game, error, words.seat_names(loaded.seats))
                return None
            self.say("  " + ORDER_SET.get(self.lang, ORDER_SET["en"])[on])
            if result is None:
                return None
            self.tell(result, seat)
            return result.loaded
        if line in BOARD_WORDS:
            self.board(seat)
            return None
        if line in HISTORY_WORDS:
            self.history(loaded, seat)
            return None
        try:
            result = (self.service.undo(self.table_id, LOCAL_USER) if line in UNDO_WORDS
                      else self.service.act(self.table_id, LOCAL_USER, line, seat=seat))
        except GameError as error:
            self.error(game, error, words.seat_names(loaded.seats))
            return None
        self.tell(result, seat)
        return result.loaded


def start_local_table(service: TableService, game_id: str, *, players: int, bots: int, seed: str | int | None,
                      lang: str, out: Path | None, options: dict[str, Any] | None = None,
                      read: Callable[[str], str] | None = None, write: TextIO | None = None) -> int:
    """Create, seat and start a table, then run it in the terminal. Returns the exit code."""
    table = service.create(game_id, seats=players, options=options, seed=seed, creator=LOCAL_USER,
                           language=lang)
    humans = players - bots
    for index in range(players):
        if index < humans:
            service.join(table.id, LOCAL_USER if index == 0 else f"{LOCAL_USER}-{index}",
                         "You" if lang == "en" and index == 0 else ("你" if index == 0 else f"P{index + 1}"))
        else:
            service.add_bot(table.id, name=f"Bot {index + 1}" if lang == "en" else f"机器人 {index + 1}")
    console = ConsoleTable(service, table.id, lang=lang, out=out, read=read, write=write)
    if humans > 1:
        console.say("Only one human seat is played from the console; other humans wait for /move in chat.")
    console.say(f"Table {table.id} · seed {table.seed}")
    return console.run(service.start(table.id, LOCAL_USER))


def resume_local_table(service: TableService, table_id: int, *, lang: str | None, out: Path | None,
                       read: Callable[[str], str] | None = None, write: TextIO | None = None) -> int:
    """Continue a saved table: say where the game stands, show the board and the hand, then
    play on. A table that is not being played (a lobby, abandoned) is refused with a message;
    a finished one shows its ranking. Returns the exit code."""
    try:
        loaded = service.load(table_id)
    except GameError as error:
        console = ConsoleTable(service, table_id, lang=lang or "en", out=out, read=read, write=write)
        console.error(None, error)
        return 2
    lang = lang or loaded.table.language
    console = ConsoleTable(service, table_id, lang=lang, out=out, read=read, write=write)
    status = loaded.table.status
    if status not in {"active", "finished"}:
        console.say("! " + NOT_PLAYABLE.get(lang, NOT_PLAYABLE["en"]).format(
            table=table_id, status=SERVICE_CATALOG.text(f"table.status_{status}", None, lang)))
        return 2
    if status == "finished":
        console.ranking(loaded)
        return 0
    human = [s.seat for s in loaded.seats if not s.is_bot]
    viewer = human[0] if human else None
    console.say(f"Table {table_id} · {loaded.game.meta.name(lang)} · seed {loaded.table.seed}")
    console.board(viewer)
    console.save_images(loaded, viewer)
    return console.run()
