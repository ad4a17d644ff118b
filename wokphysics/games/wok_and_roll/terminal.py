"""Wok and Roll in the terminal, keeping each turn's cooking secret until the turn is over.

The generic loop (:func:`wokphysics.games.terminal.play_in_terminal`) announces every bot
action at once; here the market (re-rolls and the lock) is announced as it happens, while the
bots' cooking of a turn is held back and shown together when everybody is done, as at the
table. People choose through the generic :func:`choose_action` (by number or text).
"""

from __future__ import annotations

from collections.abc import Sequence

from wokphysics.games.bots import Bot
from wokphysics.games.terminal import Reader, Writer, choose_action
from wokphysics.games.wok_and_roll.render import render, render_end
from wokphysics.games.wok_and_roll.state import WokAndRollState


def play_hidden(
    state: WokAndRollState,
    seats: Sequence[Bot | None],
    read: Reader = input,
    write: Writer = print,
) -> WokAndRollState:
    """Play to the end; ``seats[i]`` is a Bot, or None for a person at the keyboard."""
    names = [
        f"Player {i + 1}" if bot is None else f"Player {i + 1} ({bot.name} bot)"
        for i, bot in enumerate(seats)
    ]
    held: list[str] = []
    while not state.is_terminal():
        seat = state.current_player
        turn, phase = state.turn, state.phase
        bot = seats[seat]
        if bot is None:
            write("")
            write(render(state, seat))
            write(f"{names[seat]}, it is your move:")
            action = choose_action(state, read, write)
        else:
            action = bot.choose(state)
        state.apply(action)
        if phase == "roll":
            write(f"{names[seat]}: {action}")
            if state.phase == "cook" and state.roller == seat:
                write(f"Turn {turn}: the dice are locked in; everybody cooks.")
        elif bot is not None:
            held.append(f"  {names[seat]}: {action}")
        if (state.turn != turn or state.is_terminal()) and held:
            write(f"Turn {turn} cooking (revealed now that everybody is done):")
            for line in held:
                write(line)
            held.clear()
    write("")
    write(render_end(state))
    return state
