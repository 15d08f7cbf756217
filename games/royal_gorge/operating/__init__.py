"""Operating rounds (the rules text's 运营轮, steps 1-7; 18rg.md §4, §6, §8, §9, §10).

Railroads operate in share-price order (ties: the one that reached its space first), each run by its
president. A railroad's turn walks these steps, each skipped when it offers nothing (as on 18xx.games, whose
records the ``18xx`` ruleset replays):

1. ``track``: up to 6 lays or upgrades; each buys one steel cube from CF&I (per tile colour one column a
   turn, the cheapest cube unless ``steel`` picks one; an empty column and every gray lay cost $40) and pays
   the hex's terrain on its first tile. ``pass`` ends it. Always offered until 6 lays.
2. ``token``: one station for the next token's cost ($40, $60, $80 after the free home station), in a city
   the railroad reaches with a free slot; under ``18xx`` not in the railroad's first turn (its home station is
   that turn's; ``bga`` has no timing rule, R16).
3. ``route``: run the trains (``run``; ``run auto`` picks the best run), checked by routes.check_run;
   G6/Y3 coal cubes and B5 lengthen a train first.
4. ``dividend``: ship one gold cube from a hex of the run (once a turn; ``18xx``: within the set's limit, R15;
   +$50; G2 +$130 once; Y2 may then mark an emptied hex), then ``payout`` (a tenth of the revenue per share to
   the holders and for the treasury's shares to the railroad; price right ⌊revenue ÷ price⌋, at most 3) or
   ``withhold`` (all to the railroad; price one left). A railroad that does not run withholds $0.
5. ``lease``: a G3 holder that ran through the Royal Gorge pays RG 10 % of that route.
6. ``train``: buy trains (limit 2; one more when the purchase rusts one's own) from the depot or another
   railroad it connects with (any price from $1; ``bga``: an offer that railroad's president answers when he
   is another player, R25). A railroad without a train must buy one (``bga``: only when
   it has a route): the president pays what the treasury lacks, selling shares if he must, or goes bankrupt.
7. ``company`` (from Green): buy privates from players at half to twice face value; also at any time of the
   turn. A railroad in debt repays one debt token a turn (``pay-debt``) at the DEBT price, at any time.

One module per step, as 18xx.games has them (``lib/engine/step/``), none importing a later one:

* ``common``: the steps in order, the board, owned privates, the railroad operating now, the next step;
* ``track`` (1), ``token`` (2), ``route`` (3), ``dividend`` (4, with gold shipments and ghost towns),
  ``lease`` (5), ``buy_train`` (6) with ``offer`` (a train offered for: the seller's president answers, R25)
  and ``emergency`` (its share sales and bankruptcy), ``company`` (7);
* ``debt``: repaying debt tokens and the Treaty of Boston; ``depot``: trains leaving the depot and what that
  fires (a phase, the Treaty, the end of the game);
* ``round``: an operating round's start, each turn's beginning, its end and the end of the set;
* ``legal``: the moves listed for menus and bots; ``turn``: the turn's frame and :class:`OperatingStep`.

This module re-exports what the rest of the title (and its tests) use.
"""

from __future__ import annotations

from ..ending import gold_dividend
from ..trains import next_train
from .buy_train import must_buy
from .common import STEPS, make_board
from .debt import treaty_of_boston
from .depot import export, take_from_depot
from .dividend import can_ship, shippable
from .emergency import paid_units
from .legal import train_moves
from .round import begin_turn, end_of_set, start_operating_round
from .route import auto_run
from .token import can_token, free_slot, next_token_cost, put_token, tokenable, tokens_left
from .track import lay_cost
from .turn import OperatingStep

__all__ = [
    "STEPS",
    "OperatingStep",
    "auto_run",
    "begin_turn",
    "can_ship",
    "can_token",
    "end_of_set",
    "export",
    "free_slot",
    "gold_dividend",
    "lay_cost",
    "make_board",
    "must_buy",
    "next_token_cost",
    "next_train",
    "paid_units",
    "put_token",
    "shippable",
    "start_operating_round",
    "take_from_depot",
    "tokenable",
    "tokens_left",
    "train_moves",
    "treaty_of_boston",
]
