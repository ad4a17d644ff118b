"""A Wok and Roll state showing chosen dice, built through the public save form."""

from __future__ import annotations

from collections.abc import Sequence

from wokphysics.games.wok_and_roll.state import WokAndRollState


def with_dice(state: WokAndRollState, dice: Sequence[int]) -> WokAndRollState:
    """``state`` as if its dice had come up ``dice`` (face indices, 4 white then 2 red): its
    ``to_dict`` with the dice replaced, read back by ``from_dict`` (validated like a save)."""
    data = state.to_dict()
    data["dice"] = list(dice)
    return WokAndRollState.from_dict(data)
