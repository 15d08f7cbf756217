"""Start a bot module against the loopback Discord: ``python -m tests.support.discord_loopback.launch
MODULE [ARGS...]`` patches discord.py from ``$TABULA_DISCORD_API_BASE`` (see :mod:`.patch`) and then
runs ``MODULE`` as ``__main__``, unmodified. The product never imports the tests: the patch is the
test launcher's job, so a production bot cannot be pointed at another "Discord" by a variable."""

from __future__ import annotations

import logging
import runpy
import sys

from .patch import ENV_VAR, patch_discord_from_env


def main(argv: list[str]) -> None:
    if not argv:
        raise SystemExit("usage: python -m tests.support.discord_loopback.launch MODULE [ARGS...]")
    if not patch_discord_from_env():
        raise SystemExit(f"{ENV_VAR} is not set: nothing to launch against")
    logging.getLogger("tabula.discord").warning("using the Discord emulator (%s)", ENV_VAR)
    module, *rest = argv
    sys.argv = [module, *rest]
    runpy.run_module(module, run_name="__main__", alter_sys=True)


if __name__ == "__main__":
    main(sys.argv[1:])
