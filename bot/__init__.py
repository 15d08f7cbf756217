"""Adapters people talk to: the command line, the local console table and the Discord bot."""
