"""Playing a turn-based game in the terminal: people type, bots are announced.

Each person's turn shows the game through ``render(state, seat)`` (which must show only what
that seat may see) and the legal actions numbered; the person types a number or an action's
text. Invalid input asks again with the reason. ``read`` and ``write`` are injected so tests
drive the loop without a terminal.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from wokphysics.games.bots import Bot
from wokphysics.games.protocol import Action, ActionParseError, GameState, IllegalAction
from wokphysics.games.text import typed_number

Reader = Callable[[str], str]
Writer = Callable[[str], None]


def choose_action(state: GameState, read: Reader, write: Writer) -> Action:
    """Ask until the person names a legal action (by number or by text); return it."""
    actions = state.legal_actions()
    for number, action in enumerate(actions, start=1):
        write(f"  {number:>3}. {action}")
    while True:
        try:
            text = read("your action (number or text, ? to list again): ").strip()
        except EOFError:
            raise SystemExit(0) from None
        if text in ("?", "help"):
            for number, action in enumerate(actions, start=1):
                write(f"  {number:>3}. {action}")
            continue
        index = typed_number(text)
        if index is not None:
            if 1 <= index <= len(actions):
                return actions[index - 1]
            write(f"no action numbered {index}; choose 1 to {len(actions)}")
            continue
        try:
            action = state.parse_action(text)
            state.check_legal(action)
        except (ActionParseError, IllegalAction) as error:
            write(f"not possible: {error}")
            continue
        return action


def play_in_terminal(
    state: GameState,
    seats: Sequence[Bot | None],
    render: Callable[[GameState, int], str],
    render_end: Callable[[GameState], str],
    read: Reader = input,
    write: Writer = print,
    seat_names: Sequence[str] | None = None,
) -> GameState:
    """Play to the end; ``seats[i]`` is a Bot or None for a person at the keyboard."""
    names = list(
        seat_names
        or [
            f"Player {i + 1}" if bot is None else f"Bot {i + 1} ({bot.name})"
            for i, bot in enumerate(seats)
        ]
    )
    while not state.is_terminal():
        seat = state.current_player
        bot = seats[seat]
        if bot is None:
            write("")
            write(render(state, seat))
            write(f"{names[seat]}, it is your move:")
            action = choose_action(state, read, write)
            state.apply(action)
        else:
            action = bot.choose(state)
            state.apply(action)
            write(f"{names[seat]}: {action}")
    write("")
    write(render_end(state))
    return state
