"""Run a bot as a separate OS process pointed at a :class:`LoopbackDiscord`."""

from __future__ import annotations

import asyncio
import contextlib
import os
import signal
import sys
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Self

if TYPE_CHECKING:
    from .server import LoopbackDiscord

PROJECT_ROOT = Path(__file__).resolve().parents[3]
"""The repository root (``/work/main``); the default working directory of bot processes."""


#: Set (to a coverage configuration file) by ``make test``: every bot process the tests start
#: measures itself with coverage.py, while the test process itself runs at full speed.
BOT_COVERAGE_ENV = "TABULA_BOT_COVERAGE"


def measure_coverage(env: dict[str, str]) -> None:
    """Make the bot process whose environment is ``env`` measure itself with coverage.py (its data
    goes to a parallel data file, merged by ``coverage combine``) when ``$TABULA_BOT_COVERAGE``
    names a configuration (``make test`` sets it), or when this process is itself measured.

    coverage.py (7.10 and later) installs ``a1_coverage.pth``, which starts measuring any Python process
    whose environment names a configuration: ``COVERAGE_PROCESS_CONFIG`` (set by ``[run] patch =
    ["subprocess"]``, as under ``make test``) or ``COVERAGE_PROCESS_START`` (a configuration file). If
    neither is inherited although coverage runs here (``coverage run`` without that patch, a plugin, the
    API), this names the configuration file of the running measurement. A bot stopped with SIGTERM saves
    its data (``[run] sigterm = true``); one killed with SIGKILL loses that run's data.
    """
    if env.get("COVERAGE_PROCESS_CONFIG") or env.get("COVERAGE_PROCESS_START"):
        return
    wanted = os.environ.get(BOT_COVERAGE_ENV)
    if wanted:
        env["COVERAGE_PROCESS_START"] = str(Path(wanted).resolve())
        return
    if "coverage" not in sys.modules:
        return
    from coverage import Coverage

    current = Coverage.current()
    if current is None:
        return
    config_file = current.config.config_file or PROJECT_ROOT / "pyproject.toml"
    env["COVERAGE_PROCESS_START"] = str(Path(config_file).resolve())


class BotProcess:
    """A bot subprocess; output (stdout+stderr) goes to a temporary log file. When the tests run
    under coverage.py, a Python bot is measured too (see :func:`measure_coverage`).

    ``crashed`` becomes true when the process exits without :meth:`kill`/:meth:`stop` being
    called; a server that ``watch_process``-es it then fails waits immediately.
    """

    def __init__(
        self,
        argv: Sequence[str],
        *,
        env: Mapping[str, str] | None = None,
        cwd: str | Path | None = None,
        name: str = "bot",
        server: LoopbackDiscord | None = None,
    ) -> None:
        """``argv`` is the full command line; with ``server`` its ``bot_env()`` is added under ``env``
        and the server watches the process (waits fail fast if it dies)."""
        self.argv = list(argv)
        self.env = {**(server.bot_env() if server is not None else {}), **(env or {})}
        self.cwd = Path(cwd) if cwd is not None else PROJECT_ROOT
        self.name = name
        self.process: asyncio.subprocess.Process | None = None
        self._expected_exit = False
        self._log = tempfile.NamedTemporaryFile(prefix=f"{name}-", suffix=".log", delete=False)  # noqa: SIM115
        self.log_path = Path(self._log.name)
        self._watcher: asyncio.Task[None] | None = None
        self._server = server
        self.starts = 0
        if server is not None:
            server.watch_process(self)

    @classmethod
    def module(
        cls,
        module: str,
        server: LoopbackDiscord,
        *args: str,
        env: Mapping[str, str] | None = None,
        name: str | None = None,
    ) -> BotProcess:
        """``python -m module *args`` with ``server.bot_env()`` (plus ``env``) in its environment,
        started through :mod:`.launch`, which points discord.py at the server first (the bot's own
        code never does)."""
        return cls(
            [sys.executable, "-m", f"{__package__}.launch", module, *args],
            env=env,
            name=name or module.rsplit(".", 1)[-1],
            server=server,
        )

    @property
    def pid(self) -> int | None:
        """OS process id while running."""
        return None if self.process is None else self.process.pid

    @property
    def returncode(self) -> int | None:
        """Exit status once exited (negative = killed by that signal)."""
        return None if self.process is None else self.process.returncode

    @property
    def running(self) -> bool:
        """Whether the process is alive."""
        return self.process is not None and self.process.returncode is None

    @property
    def crashed(self) -> bool:
        """Exited although nobody asked it to."""
        return self.process is not None and self.process.returncode is not None and not self._expected_exit

    async def start(self) -> Self:
        """Start (or restart, after :meth:`kill`/:meth:`stop`) the process."""
        if self.running:
            raise RuntimeError(f"{self.name} is already running")
        env = dict(os.environ)
        env.update(self.env)
        env.setdefault("PYTHONUNBUFFERED", "1")
        pythonpath = env.get("PYTHONPATH")
        env["PYTHONPATH"] = str(PROJECT_ROOT) + (os.pathsep + pythonpath if pythonpath else "")
        measure_coverage(env)
        self.starts += 1
        self._log.write(f"\n===== start #{self.starts}: {' '.join(self.argv)}\n".encode())
        self._log.flush()
        self._expected_exit = False
        self.process = await asyncio.create_subprocess_exec(
            *self.argv,
            cwd=str(self.cwd),
            env=env,
            stdin=asyncio.subprocess.DEVNULL,
            stdout=self._log,
            stderr=asyncio.subprocess.STDOUT,
        )
        self._watcher = asyncio.get_running_loop().create_task(self._watch(self.process))
        return self

    async def _watch(self, process: asyncio.subprocess.Process) -> None:
        await process.wait()
        if self._server is not None:
            self._server.notify()

    async def kill(self) -> int | None:
        """SIGKILL the process (no cleanup on its side) and wait for it."""
        return await self._end(signal.SIGKILL, timeout=5.0)

    async def stop(self, timeout: float = 5.0) -> int | None:
        """SIGTERM, then SIGKILL after ``timeout`` seconds."""
        code = await self._end(signal.SIGTERM, timeout=timeout)
        if self.running:
            code = await self.kill()
        return code

    async def _end(self, sig: signal.Signals, timeout: float) -> int | None:
        proc = self.process
        if proc is None:
            return None
        self._expected_exit = True
        if proc.returncode is None:
            with contextlib.suppress(ProcessLookupError):
                proc.send_signal(sig)
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(proc.wait(), timeout)
        if self._watcher is not None and proc.returncode is not None:
            with contextlib.suppress(asyncio.CancelledError):
                await self._watcher
        return proc.returncode

    def output(self) -> str:
        """Everything the process(es) printed so far."""
        self._log.flush()
        return self.log_path.read_text(errors="replace")

    async def __aenter__(self) -> Self:
        return await self.start()

    async def __aexit__(self, *exc: object) -> None:
        await self.stop()

    def close(self) -> None:
        """Remove the log file (call after the process is stopped)."""
        self._log.close()
        with contextlib.suppress(OSError):
            self.log_path.unlink()
