"""Extensions of the bot, one per concern: tables (lobby), play, info, admin (settings, clocks)."""
