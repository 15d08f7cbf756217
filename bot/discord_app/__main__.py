"""``python -m bot.discord_app``: run the Discord bot (same as ``tabula run`` with a token)."""

from . import run_bot

if __name__ == "__main__":
    run_bot()
