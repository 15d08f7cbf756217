"""Example titles: small games that show how a title is built and exercise the platform (``hexlay``: a move
space of over 10,000 legal moves per turn). Registered in ``games.registry._EXAMPLES``."""
