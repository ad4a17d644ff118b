"""Terminal play as a person at an 80 x 24 terminal meets it (issue 11 part 6): the screen and
its choices fit, re-roll numbers are the player's, hot seat clears the screen and waits, bot
moves name what they took, choices say what they bring, legends and help explain the codes."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from cli_helpers import wokphysics

from wokphysics.games.bots import Bot
from wokphysics.games.protocol import Action
from wokphysics.games.registry import new_game
from wokphysics.games.we_will_wok_you.bots import WeWillWokYouGreedyBot as GreedyBot
from wokphysics.games.we_will_wok_you.state import WeWillWokYouState
from wokphysics.games.wok_and_roll.actions import Reroll
from wokphysics.games.wok_and_roll.bots import WokAndRollGreedyBot
from wokphysics.games.wok_and_roll.factory import new_state as make_game
from wokphysics.games.wok_and_roll.state import WokAndRollState
from wokphysics.terminal.prompt import play_in_terminal
from wokphysics.terminal.we_will_wok_you.play import WeWillWokYouTerminal
from wokphysics.terminal.wok_and_roll.play import WokAndRollTerminal, play_hidden


def _answers(typed: list[str]) -> Callable[[str], str]:
    """A terminal's ``read`` that gives ``typed`` line by line, then end of input."""
    lines = iter(typed)

    def read(prompt: str) -> str:
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    return read


def _typed(game: WokAndRollTerminal, state: WokAndRollState, action: Action) -> str:
    """What a person types for ``action``: a re-roll in the tray's numbering."""
    if isinstance(action, Reroll):
        return game.tray.text(action)
    return str(action)


@pytest.mark.parametrize("expert", [False, True])
def test_every_wok_and_roll_prompt_fits_an_80_by_24_terminal(expert: bool) -> None:
    state = make_game(3, seed=6, config={"expert": True} if expert else None)
    game = WokAndRollTerminal(state.sheet.dice)
    stand_in = WokAndRollGreedyBot(5)
    out: list[str] = []
    heights: list[int] = []

    def read(prompt: str) -> str:
        lines = "\n".join(out).split("\n")
        start = max(i for i, line in enumerate(lines) if line.startswith("== Wok and Roll"))
        screen = lines[start:] + [prompt]
        assert max(len(line) for line in screen) <= 80, max(screen, key=len)
        heights.append(len(screen) + 1)  # and the blank line above it
        return _typed(game, state, stand_in.choose(state))

    seats: list[Bot | None] = [None, WokAndRollGreedyBot(1), WokAndRollGreedyBot(2)]
    play_in_terminal(state, seats, game, read=read, write=out.append, clear=lambda: None)
    assert state.is_terminal()
    assert len(heights) > 20
    assert max(heights) <= 24, f"a screen of {max(heights)} lines"


def test_a_typed_re_roll_keeps_the_players_numbering() -> None:
    for seed in range(100):
        state = make_game(2, seed=seed)
        white = state.dice[:state.sheet.white]
        later = [i for i in range(1, 4) if white[i] in white[:i]]
        if later:
            break
    second = later[0]
    first = white.index(white[second])
    game = WokAndRollTerminal(state.sheet.dice)
    out: list[str] = []
    read = _answers([f"reroll {second + 1}"])

    with pytest.raises(SystemExit):
        play_in_terminal(state, [None, WokAndRollGreedyBot(1)], game, read=read,
                         write=out.append, clear=lambda: None)
    action = state.history[0]
    assert isinstance(action, Reroll) and action.dice == (first,)  # the engine's own form
    echo = [line for line in out if line.startswith("Player 1: reroll")]
    assert echo and echo[0].startswith(f"Player 1: reroll {second + 1} -> {second + 1} ")
    assert game.tray.order[second] == first, "die N shows the die that was rolled"


def _events() -> tuple[list[tuple[str, str]], Callable[[str], None], Callable[[], None]]:
    events: list[tuple[str, str]] = []
    return events, lambda text: events.append(("write", text)), lambda: events.append(
        ("clear", ""))


def test_hot_seat_clears_the_screen_and_waits_for_the_next_player() -> None:
    state = make_game(2, seed=3)
    game = WokAndRollTerminal(state.sheet.dice)
    stand_ins = [WokAndRollGreedyBot(1), WokAndRollGreedyBot(2)]
    events, write, clear = _events()

    def read(prompt: str) -> str:
        events.append(("read", prompt))
        if prompt == "":
            return ""  # Enter: the next player is at the keyboard
        return _typed(game, state, stand_ins[state.current_player].choose(state))

    play_in_terminal(state, [None, None], game, read=read, write=write, clear=clear)
    assert state.is_terminal()
    screens = [k for k, (kind, text) in enumerate(events)
               if kind == "write" and text.startswith("== Wok and Roll")]
    passes = [k for k, (kind, text) in enumerate(events)
              if kind == "write" and text.startswith("Pass to Player")]
    assert len(passes) >= 10
    for k in screens:
        # the last "Pass to" before each screen was followed by an Enter and a clear
        last_pass = max(p for p in passes if p < k)
        between = [kind for kind, _ in events[last_pass:k]]
        assert between[:3] == ["write", "read", "clear"]
    _check_hand_overs(events)


def _check_hand_overs(events: list[tuple[str, str]]) -> None:
    """Whenever the player asked changes, the screen was cleared and Enter awaited between."""
    asked = [(k, text.split(",")[0]) for k, (kind, text) in enumerate(events)
             if kind == "write" and text.startswith("Player ") and ", your move:" in text]
    changes = 0
    for (before, name), (after, other) in zip(asked, asked[1:], strict=False):
        if name == other:
            continue
        changes += 1
        window = events[before:after]
        assert ("clear", "") in window and ("read", "") in window
        assert window.index(("clear", "")) < window.index(("read", ""))
    assert changes >= 10


def test_wok_and_roll_bots_cooking_is_told_when_the_turn_is_over() -> None:
    state = make_game(3, seed=21)
    out: list[str] = []
    play_hidden(state, [None, WokAndRollGreedyBot(3), WokAndRollGreedyBot(4)],
                read=lambda prompt: "lock" if state.phase == "roll" else "done",
                write=out.append, clear=lambda: None)
    text = "\n".join(out)
    assert "(greedy bot): cooked " in text
    revealed = text.split("Turn 2 cooking (revealed now that everybody is done):")[1]
    assert "(greedy bot): cooked " in revealed.split("Turn 3")[0]


def test_wok_and_roll_commands_show_list_and_legend() -> None:
    state = make_game(2, seed=2)
    game = WokAndRollTerminal(state.sheet.dice)
    read = _answers(["legend", "show sheet", "show dice", "?", "lock", "list", "more", "done"])
    out: list[str] = []

    with pytest.raises(SystemExit):
        play_in_terminal(state, [None, WokAndRollGreedyBot(1)], game, read=read,
                         write=out.append, clear=lambda: None)
    text = "\n".join(out)
    assert "R = Rice, N = Noodle, V = Vegetable, M = Meat, S = Seafood, B = Recipe Book" in text
    assert "Salted Fish Fried Rice" in text, "show sheet prints the dish names"
    assert "show [WHAT]" in text and "legend" in text
    assert "Player 1: done cooking" in text


def test_we_will_wok_you_choices_and_bot_moves_name_the_cards() -> None:
    state = new_game("we-will-wok-you", players=3, seed=5)
    assert isinstance(state, WeWillWokYouState)
    game = WeWillWokYouTerminal()
    stand_in = GreedyBot(9)
    out: list[str] = []

    sub_lists: list[str] = []

    def read(prompt: str) -> str:
        for choice in game.choices(state, state.current_player):
            sub_lists.extend(choice.labels)  # what 'take a wok card' lists when chosen
        return str(stand_in.choose(state))

    play_in_terminal(state, [None, GreedyBot(1), GreedyBot(2)], game, read=read,
                     write=out.append, clear=lambda: None)
    text = "\n".join(out)
    data = state.data
    bought = [line for line in out if line.startswith("Bot 2 (greedy): bought row ")]
    assert bought and all(" coin" in line and "[" in line for line in bought)
    assert any(". take a wok card (" in line and " on offer" in line for line in out)
    takes = [label for label in sub_lists if label.startswith("take W")]
    assert takes and all("(" in line for line in takes), "each take choice says what it is"
    assert any(line.startswith("  ") and ". buy row " in line and " coins: " in line
               for line in out)
    assert "took W" in text and " paying " in text
    assert data.woks


def test_we_will_wok_you_hot_seat_hides_the_hand_between_players() -> None:
    state = new_game("we-will-wok-you", players=2, seed=4)
    assert isinstance(state, WeWillWokYouState)
    stand_ins = [GreedyBot(1), GreedyBot(2)]
    events, write, clear = _events()

    def read(prompt: str) -> str:
        events.append(("read", prompt))
        return "" if prompt == "" else str(stand_ins[state.current_player].choose(state))

    play_in_terminal(state, [None, None], WeWillWokYouTerminal(), read=read, write=write,
                     clear=clear)
    assert state.is_terminal()
    _check_hand_overs(events)


@pytest.mark.parametrize("game", ["wok-and-roll", "we-will-wok-you"])
def test_play_help_describes_the_game(game: str, capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    for args in (("play", game, "--help"), ("play", game, "--terminal", "--help")):
        outcome = wokphysics(capsys, monkeypatch, *args)
        assert outcome.status == 0
        assert "How to play:" in outcome.out
        assert "default: Wok on Fire" not in outcome.out


def test_wok_and_roll_cook_of_a_serving_not_offered_says_why() -> None:
    """'cook R1.2' is the form the prompt offers; for a serving not offered it said "'cook
    R1.2' is not an action; actions are: ..." (crossed already, out of order, unpaid)."""
    state = make_game(2, seed=5)  # first roll: Meat, Seafood, Seafood, Book | Seafood, Book
    game = WokAndRollTerminal(state.sheet.dice)
    read = _answers(["cook S1.1", "lock", "cook R1.2", "cook R1.1", "cook Z9.1",
                     "cook S1.1 S=die S=die", "cook S1.1", "done"])
    out: list[str] = []

    with pytest.raises(SystemExit):
        play_in_terminal(state, [None, WokAndRollGreedyBot(1)], game, read=read,
                         write=out.append, clear=lambda: None)
    said = [line for line in out if line.startswith("not possible")]
    assert said == [
        "not possible: S1.1: the dice are not locked in yet (these dice would pay it)",
        "not possible: R1.2: a dish is crossed from the top down: R1.1 comes first",
        # no Rice die; the Fridge's one Rice pays one of the two
        "not possible: R1.1: needs Rice, Rice; missing 1 Rice (a conversion skill would let "
        "Recipe Books stand in)",
        "not possible: there is no serving Z9.1 on this menu ('show sheet' lists them)",
        "not possible: S1.1: crossed off already",
    ]
    assert any(line.startswith("Player 1: cooked S1.1 ") for line in out)


def test_we_will_wok_you_payment_in_progress_says_how_far_it_is() -> None:
    """The terminal said only which cards were paid; the window shows 'chopstick 3 of 4'."""
    state = new_game("we-will-wok-you", 2, 3)
    assert isinstance(state, WeWillWokYouState)
    bots = [GreedyBot(1), GreedyBot(2)]
    while not (state.pending_wok >= 0 and state.pending_paid):
        state.apply(bots[state.current_player].choose(state))
    data = state.data
    paid = [data.kind_contribution[data.card_kind[c]] for c in state.pending_paid]
    shared = [s for s in range(len(data.symbols)) if all(kind[s] for kind in paid)]
    assert shared
    screen = WeWillWokYouTerminal().screen(state, state.current_player).replace("\n  ", " ")
    for s in shared:
        count = sum(kind[s] for kind in paid)
        assert 0 < count < data.needed
        assert f"{data.symbols[s]} {count} of {data.needed}" in screen, screen
    assert "so far " in screen


def test_we_will_wok_you_end_screen_names_the_cards_as_the_table_does() -> None:
    """The final scoring named each wok's cards and the left-overs by bare id ('chicken-06'),
    which the player never saw during the game: the table names a card 'Chick'n Jagger
    (cookie) [chicken-06]'."""
    from wokphysics.terminal.we_will_wok_you.render import render_end

    state = new_game("we-will-wok-you", players=2, seed=4)
    assert isinstance(state, WeWillWokYouState)
    bots = [GreedyBot(1), GreedyBot(2)]
    while not state.is_terminal():
        state.apply(bots[state.current_player].choose(state))
    text = render_end(state)
    data = state.data
    results = state.final_scores()
    leftovers = [c for result in results for c in result.leftovers]
    in_woks = [c for result in results for wok in result.woks for c in wok.cards]
    assert leftovers and in_woks
    flat = " ".join(part.strip() for part in text.splitlines())
    for card_id in leftovers + in_woks:
        assert data.card_text(data.card_index(card_id)) in flat, card_id


@pytest.mark.parametrize("expert", [False, True])
def test_every_wok_and_roll_prompt_example_is_legal_at_that_moment(expert: bool) -> None:
    """The cooking prompt said "or cook R1.2" whatever the sheet and dice (R1.2 was often
    crossed off, out of order or unpaid): each example is now taken from the moves legal at
    that prompt, and checked legal here at every prompt of four games."""
    checked = {"cook": 0, "reroll": 0, "lock only": 0, "nothing to cook": 0}
    for seed in range(4):
        _play_checking_examples(seed, expert, checked)
    # (the market moves on to cooking after the last re-roll, so "lock only" is for a saved
    # state alone; every prompt matched one of the forms)
    assert checked["cook"] > 10 and checked["reroll"] > 5, checked


def _play_checking_examples(seed: int, expert: bool, checked: dict[str, int]) -> None:
    """One game with a person in seat 1 whose every prompt's example is checked legal."""
    import re

    from wokphysics.games.registry import make_bot

    state = make_game(3, seed=seed, config={"expert": True} if expert else None)
    game = WokAndRollTerminal(state.sheet.dice)
    # a random stand-in re-rolls to the last and cooks little; a greedy one cooks well
    stand_in = make_bot("wok-and-roll", "random" if seed % 2 else "greedy", seed)
    out: list[str] = []

    def read(prompt: str) -> str:
        asked = [line for line in out if ", your move: " in line][-1]
        hint = asked.split(", your move: ", 1)[1]
        if (cook := re.search(r"or cook (\S+), or done", hint)) is not None:
            choice = game.expand(state, f"cook {cook.group(1)}")
            assert choice is not None and choice.actions, hint
            for action in choice.actions:
                state.check_legal(action)
            checked["cook"] += 1
        elif (typed := re.match(r"(reroll \d+ \d+) rolls", hint)) is not None:
            before = list(game.tray.order)
            state.check_legal(game.parse(state, typed.group(1)))
            game.tray.order, game._typed = before, None  # only a look: nothing typed
            checked["reroll"] += 1
        elif hint == "no re-roll left: lock":
            assert [type(a).__name__ for a in state.legal_actions()] == ["Lock"]
            checked["lock only"] += 1
        else:
            assert hint == "no serving can be cooked now; done ends your cooking", hint
            assert not any(type(a).__name__ == "Cook" for a in state.legal_actions())
            checked["nothing to cook"] += 1
        return _typed(game, state, stand_in.choose(state))

    play_in_terminal(state, [None, WokAndRollGreedyBot(1), WokAndRollGreedyBot(2)], game,
                     read=read, write=out.append, clear=lambda: None)
    assert state.is_terminal()


def test_the_end_of_input_is_said_below_the_prompt() -> None:
    """Ctrl-D at a prompt left the cursor after it, and the save's line was printed there
    ('your move (...): the game is saved in ...'): the leaving is said on a line of its own."""
    state = new_game("we-will-wok-you", players=2, seed=4)
    out: list[str] = []
    with pytest.raises(SystemExit):
        play_in_terminal(state, [None, GreedyBot(1)], WeWillWokYouTerminal(),
                         read=_answers([]), write=out.append, clear=lambda: None)
    assert out[-1] == "\n(end of input: you left the game)"
