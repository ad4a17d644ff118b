"""Every Wok on Fire bot by name: the strengths of the config (:class:`~.bots.WokBot`) and
the planning bot (:class:`~.planner.PlanBot`, ``plan`` or ``plan:N``).

>>> from wokphysics.config.wok_on_fire import load_config
>>> cfg = load_config()
>>> [type(make_bot(cfg, name, seed=1)).__name__ for name in ("strong", "weak", "plan:4")]
['WokBot', 'WokBot', 'PlanBot']
"""

from __future__ import annotations

from wokphysics.config.wok_on_fire import WokOnFireConfig
from wokphysics.games.wok_on_fire.bots import WokBot, bot_settings, make_wof_bot, planner_budget
from wokphysics.games.wok_on_fire.planner import PlanBot


def make_bot(cfg: WokOnFireConfig, name: str, seed: int) -> WokBot:
    """The bot ``name`` of ``cfg`` with its own seeded hand (a UserError naming the bots there
    are for an unknown name)."""
    settings = bot_settings(cfg, name)
    gestures = planner_budget(cfg, name)
    if gestures is not None:
        return PlanBot(name, settings, seed, gestures)
    return make_wof_bot(cfg, name, seed)
