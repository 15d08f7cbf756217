"""End-to-end tests: the real bot process against the loopback Discord server."""
