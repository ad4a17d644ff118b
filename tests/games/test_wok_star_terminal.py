"""Wok Star in the terminal, polished (issue 11 part 6): bots say what they did with the
numbers, long lists of moves fit a screen, ``show`` reprints the table, a legend explains
the codes, and hot seat clears the screen and names who is at the keyboard."""

from __future__ import annotations

import re
from collections.abc import Iterator

from wok_star_positions import position, started

from wokphysics.games.bots import Bot
from wokphysics.games.wok_star.cards import default_config, recipe_of
from wokphysics.games.wok_star.model import Die
from wokphysics.games.wok_star.state import WokStarState
from wokphysics.games.wok_star.team_bot import TeamBot
from wokphysics.terminal.wok_star.play import CLEAR, numbered_pages, play_live


def play(seats: list[Bot | None], lines: list[str], config_options: dict[str, bool],
         clear: str = "") -> tuple[WokStarState, list[str], list[str]]:
    """A game on the simulated clock with ``lines`` typed; (state, output, prompts)."""
    config = default_config().with_options(**config_options)
    state = WokStarState(len(seats), 5, config)
    out: list[str] = []
    prompts: list[str] = []
    source: Iterator[str] = iter(lines)

    def read(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(source)
        except StopIteration:
            raise EOFError from None

    play_live(state, seats, read=read, write=out.append, clear=clear)
    return state, out, prompts


def test_bots_say_what_they_did_with_the_numbers() -> None:
    _, out, _ = play([TeamBot(1), TeamBot(2)], [], {})
    said = [line.strip() for line in out if line.startswith("  seat ")]
    placed = [line for line in said if " placed a " in line]
    assert placed and all(re.search(r": \+\d+, now \d+$", line) for line in placed)
    served = [line for line in said if " served" in line]
    assert served and all("face up: $" in line or "face down" in line for line in served)
    assert any(re.search(r"bought .+ for seat \d.*: \$\d+ \+ \$\d+ = \$\d+, \$\d+ left", line)
               for line in said)
    # Never the bare action text of before ("seat 2 (bot): place 4 on rice").
    assert not any(re.search(r"\(bot\): (place|combo|give|serve|buy) ", line) for line in said)


def test_a_long_list_of_moves_comes_a_screen_at_a_time_in_numbered_columns() -> None:
    moves = [f"place {face} on onions_peppers" for face in range(1, 7)] * 9
    pages = numbered_pages(moves)
    assert len(pages) == 2
    assert all(len(page) <= 18 and all(len(line) <= 80 for line in page) for page in pages)
    numbers = [int(n) for page in pages for line in page for n in re.findall(r"(\d+)\. ", line)]
    assert sorted(numbers) == list(range(1, 55))
    assert numbered_pages(moves[:5]) == [[f"  {n:>3}. {m}" for n, m in enumerate(moves[:5], 1)]]


def test_show_reprints_the_table_and_help_explains_the_codes() -> None:
    _, out, _ = play([None, TeamBot(1)], ["show", "help"], {"timer": False})
    text = "\n".join(out)
    assert text.count("== Wok Star round 1/") >= 2  # shown, then shown again by 'show'
    assert "Legend:" in text and "upgraded (*)" in text


def test_hot_seat_clears_the_screen_and_waits_for_the_next_person() -> None:
    # Two people, no timer: seat 1 shares out the preparations, then hands over.
    state, out, prompts = play([None, None], ["1"] * 8 + [""] + ["1"] * 4,
                               {"timer": False}, clear=CLEAR)
    banners = [line for line in out if "at the keyboard ===" in line]
    assert banners and banners[0] == CLEAR + "=== seat 2 at the keyboard ==="
    assert any(p.startswith("seat 2: press Enter") for p in prompts)
    assert state.history  # the game went on after the hand-over


def test_help_legend_and_heading_fit_an_80_column_terminal() -> None:
    """They were written to ~90 columns, so an 80x24 terminal broke each line in two, a
    word or two alone on every second line."""
    _, out, _ = play([None, TeamBot(1)], ["help"], {"timer": False})
    lines = "\n".join(out).splitlines()
    first = lines.index(next(line for line in lines if line.startswith("Commands")))
    help_lines = lines[first:first + 22]
    assert any(line.startswith("Legend:") for line in help_lines)
    assert max(len(line) for line in help_lines) <= 80
    headings = [line for line in lines if line.startswith("== Wok Star round")]
    assert headings and max(len(line) for line in headings) <= 80


def test_the_heading_and_refusals_name_phases_in_players_words() -> None:
    """The heading said 'round 1/6 setup_assign' and a refusal 'now it is extra': the
    names saved in JSON. Every phase of a bots' game is named as the rulebook names it."""
    from wokphysics.games.protocol import IllegalAction
    from wokphysics.games.wok_star.actions import Advertise, Serve
    from wokphysics.games.wok_star.model import PHASE_WORDS, Phase
    from wokphysics.terminal.wok_star.render import render

    state = WokStarState(2, 4, default_config())
    bots = [TeamBot(1), TeamBot(2)]
    seen: set[Phase] = set()
    saved_names = {phase.value for phase in Phase} - set(PHASE_WORDS.values())
    while not state.is_terminal():
        heading = render(state, 0).splitlines()[0]
        assert f" {PHASE_WORDS[state.phase]}: $" in heading, heading
        assert not any(f" {name}:" in heading for name in saved_names), heading
        if state.phase not in seen and state.phase is not Phase.ACTION:
            seen.add(state.phase)
            wrong = Advertise() if state.phase is not Phase.PURCHASE else Serve()
            try:
                state.check_legal(wrong)
            except IllegalAction as refusal:
                assert f"it is {PHASE_WORDS[state.phase]}" in str(refusal), refusal
                assert not any(f"it is {name}" in str(refusal) for name in saved_names)
        state.apply(bots[state.current_player].choose(state))
    assert {Phase.SETUP_ASSIGN, Phase.SETUP_BONUS, Phase.PURCHASE} <= seen, seen


def test_the_terminal_commands_are_read_in_any_case_like_the_actions() -> None:
    _, out, _ = play([None, TeamBot(1)], ["Help", "SHOW", "L"], {"timer": False})
    text = "\n".join(out)
    assert "not possible" not in text, text
    assert "Legend:" in text and text.count("== Wok Star round 1/") >= 2
    assert "  1. assign " in text  # the numbered list of moves


def test_time_up_is_said_before_the_prompt_that_waits_for_the_late_customer() -> None:
    state = next(
        s for s in (started(2, seed, events=False, characters=False) for seed in range(50))
        if "#" in s.current and s.can_serve(recipe_of(s.current))
    )
    owner = state.recipe_owner[recipe_of(state.current)]
    # The cook holds a die, so waiting passes the time a little at a time (not at once to the
    # deadline): the countdown line was last printed a moment before the sand ran out.
    state = position(state, dice=[Die(owner, 6, owner)], turn=owner, now=1.3)
    seats: list[Bot | None] = [TeamBot(1), TeamBot(2)]
    seats[owner] = None
    out: list[str] = []
    asked: list[str] = []

    def poll(prompt: str, seconds: float) -> str | None:
        return None  # the person says nothing while the sand runs

    def read(prompt: str) -> str:
        asked.append(out[-1])  # what the screen showed last when the prompt came
        raise EOFError

    play_live(state, seats, read=read, write=out.append, poll=poll)
    assert state.overdue and asked, out[-5:]
    assert "TIME UP" in asked[0], asked[0]


def test_a_die_you_were_given_is_marked_and_typed_onto_a_teammates_preparation() -> None:
    # rules-decisions.md: a die given to you goes on any of the team's preparations. The
    # terminal marks it (5g), lists the teammates' preparations it may go on, takes 'p 5
    # PREP' for a teammate's card and refuses an own die there, saying how it gets there.
    from wok_star_positions import quiet

    from wokphysics.terminal.wok_star.play import HELP, LEGEND

    state = quiet(3, 4)
    theirs = state.preps_of(2)[0]
    state = position(state, dice=[Die(0, 3, 0), Die(1, 5, 0, given=True), Die(2, 1, 2)],
                     pool=[1, 1, 1], turn=0)
    before = state.counters[theirs]
    out: list[str] = []
    typed = iter([f"p 3 {theirs}", f"p 5 {theirs[:4]}"])

    def read(prompt: str) -> str:
        try:
            return next(typed)
        except StopIteration:
            raise EOFError from None

    play_live(state, [None, TeamBot(1), TeamBot(2)], read=read, write=out.append)
    text = " ".join(" ".join(out).split())  # the lines as one text, unwrapped
    assert "you: dice [3 5g]" in text
    assert "Teammates' preparations (for the dice you were given, 'g'):" in text
    assert f"{theirs} (seat 3) any->" in text
    assert (f"not possible: {theirs} is seat 3's preparation: your own 3 goes only on your "
            f"own preparations (a die you were given goes on any of the team's); hand it over "
            f"('give 3 to 3') and seat 3 places it") in text
    name = state.config.prep_by_id[theirs].name
    assert f"seat 1: placed a 5 on seat 3 (bot)'s {name}: +" in text
    assert state.counters[theirs] > before
    assert "p 5 bamboo" in HELP and '"5g" = a 5 you were' in LEGEND


def test_a_chefs_special_let_go_is_told_as_the_window_tells_it() -> None:
    """The terminal said "turned the customer away" for a Chef's Special let go (no customer,
    no Bad Publicity), as the window's log did before 1fa8b61; both say it one way now."""
    from wokphysics.games.wok_star.actions import TurnAway
    from wokphysics.games.wok_star.words import Told, card_name
    from wokphysics.terminal.wok_star.play import step_line

    state = started(2, 1)
    special = next(e.id for e in state.config.events if e.kind == "chefs_special")
    state = position(state, current=special, dice=[])
    before = Told.of(state)
    state.apply(TurnAway())
    assert not state.bad
    line = step_line(state, TurnAway(), 0, ["seat 1", "seat 2 (bot)"], before)
    assert line == f"seat 1: let {card_name(state, special)} go (no Bad Publicity)", line
    assert "turned" not in line
