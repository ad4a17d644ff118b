"""We Will Wok You's rules as a player meets them: setup, the three actions and their limits,
paying for a wok card, passing, the end of the game, tie-breaks, hidden information, config."""

from __future__ import annotations

from pathlib import Path

import pytest

from wokphysics.cli import main
from wokphysics.errors import ConfigError
from wokphysics.games.protocol import ActionParseError, IllegalAction
from wokphysics.games.registry import new_game
from wokphysics.games.we_will_wok_you.actions import BuyRow, CollectCoin, Pass, Pay, TakeWok
from wokphysics.games.we_will_wok_you.cards import load_cards
from wokphysics.games.we_will_wok_you.state import WeWillWokYouState


def game(players: int = 3, seed: int = 7, config: object = None) -> WeWillWokYouState:
    state = new_game("we-will-wok-you", players=players, seed=seed, config=config)
    assert isinstance(state, WeWillWokYouState)
    return state


def give(state: WeWillWokYouState, player: int, card_ids: list[str]) -> None:
    """Move the named cards into a hand from wherever they are, keeping every card once and
    the rows full (a card taken from a row is replaced from the draw pile)."""
    wanted = [state.data.card_index(c) for c in card_ids]
    for card in wanted:
        for row in state.rows:
            if card in row:
                spare = next(c for c in state.draw if c not in wanted)
                state.draw.remove(spare)
                row[row.index(card)] = spare
                break
        else:
            for place in (state.draw, state.removed, *state.hands, *state.fronts):
                if card in place:
                    place.remove(card)
                    break
        state.hands[player].append(card)
    state._rebuild_caches()
    state.check_invariants()


def give_wok(state: WeWillWokYouState, player: int, wok_id: str) -> None:
    """Move a wok card to a player from the offer or the box."""
    wok = state.data.wok_index(wok_id)
    (state.offer if wok in state.offer else state.box_woks).remove(wok)
    state.woks[player].append(wok)
    state._rebuild_caches()


def unchanged_after(state: WeWillWokYouState, text: str, reason: str) -> None:
    before = state.to_json()
    with pytest.raises(IllegalAction, match=reason):
        state.apply(state.parse_action(text))
    assert state.to_json() == before


@pytest.mark.parametrize(
    ("players", "removed", "woks", "out"), [(2, 24, 12, 6), (3, 12, 15, 3), (4, 0, 18, 0)]
)
def test_setup_by_player_count(players: int, removed: int, woks: int, out: int) -> None:
    state = game(players)
    assert len(state.removed) == removed
    assert [len(row) for row in state.rows] == [3, 3, 2, 2]
    assert len(state.draw) == 63 - removed - 10
    assert state.coin_sets == [6, 4]
    assert state.coins == [3] * players and state.coins_out == out
    assert len(state.offer) == woks and len(state.box_woks) == 25 - woks
    assert state.current_player == 0
    state.check_invariants()


def test_collect_a_coin_but_never_the_last_of_a_set() -> None:
    state = game(2)
    state.apply(CollectCoin(1))
    assert state.coin_sets == [6, 3] and state.coins == [4, 3]
    state.coin_sets = [6, 1]
    state.coins_out += 2
    assert CollectCoin(1) not in state.legal_actions()
    unchanged_after(state, "collect lower", "last coin")


def test_buying_needs_the_price_and_a_card() -> None:
    state = game(3)
    unchanged_after(state, "buy row 3", "costs 4 coins and you have 3")
    state.coins[0] = 5
    state.coins_out -= 2
    hand_before = len(state.hands[0])
    row = list(state.rows[2])
    top_two = list(reversed(state.draw[-2:]))
    state.apply(BuyRow(2))
    assert state.coins[0] == 1 and state.coin_sets == [6, 8]
    assert sorted(state.hands[0][hand_before:]) == sorted(row)
    assert state.rows[2] == top_two
    state.check_invariants()


def test_a_row_refills_partly_when_the_draw_pile_runs_short() -> None:
    state = game(4)
    state.coins[0] = 6
    state.coin_sets[0] = 3
    moved = state.draw[:-1]
    state.removed.extend(moved)  # leave one card in the draw pile (bookkeeping only)
    del state.draw[:-1]
    last = state.draw[0]
    state.apply(BuyRow(0))
    assert state.rows[0] == [last] and not state.draw
    state.check_invariants()
    # Row 1 cannot be refilled now; an empty row cannot be bought.
    state.turn = 0
    state.coins[0] = 10
    state.coins_out -= 7
    state.apply(BuyRow(1))
    assert state.rows[1] == []
    state.turn = 0
    unchanged_after(state, "buy row 2", "row 2 is empty")


def test_take_a_wok_with_four_identical_symbols_stars_wild() -> None:
    state = game(3)
    give(state, 0, ["broccoli-12", "chicken-04", "tuna-10"])  # bowl+bowl, bowl, star
    wok = state.data.woks[state.offer[0]].id
    assert TakeWok(wok) in state.legal_actions()
    state.apply(TakeWok(wok))
    assert state.current_player == 0  # paying is part of the same turn
    pays = state.legal_actions()
    assert all(isinstance(a, Pay) for a in pays)
    assert {str(a) for a in pays} == {"pay broccoli:bowl+bowl", "pay chicken:bowl", "pay tuna:star"}
    for text in ("pay tuna:star", "pay chicken:bowl", "pay broccoli:bowl+bowl"):
        state.apply(state.parse_action(text))
    assert state.data.woks[state.woks[0][0]].id == wok and wok not in state.offer
    assert sorted(state.data.card_ids[c] for c in state.fronts[0]) == [
        "broccoli-12",
        "chicken-04",
        "tuna-10",
    ]
    assert state.current_player == 1
    state.check_invariants()


def test_payment_is_exactly_four_symbols_and_never_a_dead_end() -> None:
    state = game(3)
    # Two bowl+bowl cards and one single bowl: only the two doubles make exactly 4.
    give(state, 0, ["broccoli-12", "carrot-09", "tuna-04"])
    wok = state.data.woks[state.offer[0]].id
    state.apply(TakeWok(wok))
    assert [str(a) for a in state.legal_actions()] == [
        "pay broccoli:bowl+bowl",
        "pay carrot:bowl+bowl",
    ]
    unchanged_after(state, "pay tuna:bowl", "cannot be part of exactly 4")
    unchanged_after(state, "collect upper", "first finish paying")
    state.apply(state.parse_action("pay carrot:bowl+bowl"))
    state.apply(state.parse_action("pay broccoli:bowl+bowl"))
    assert state.data.card_ids[state.hands[0][-1]] == "tuna-04"
    assert len(state.woks[0]) == 1


def test_no_wok_card_without_four_identical_symbols() -> None:
    state = game(3)
    give(state, 0, ["broccoli-07", "chicken-04", "tuna-04", "broccoli-05"])  # 3 bowls, 1 cookie
    assert not any(isinstance(a, TakeWok) for a in state.legal_actions())
    wok = state.data.woks[state.offer[0]].id
    unchanged_after(state, f"take {wok}", "4 identical symbols")
    boxed = state.data.woks[state.box_woks[0]].id
    unchanged_after(state, f"take {boxed}", f"{boxed} is not face up")
    unchanged_after(state, "pay tuna:bowl", "choose a wok card first")


def test_pass_only_when_nothing_is_possible() -> None:
    state = game(2)
    unchanged_after(state, "pass", "only when nothing else is possible")
    state.coins_out += state.coins[0] + state.coin_sets[0] - 1 + state.coin_sets[1] - 1
    state.coins[0] = 0
    state.coin_sets = [1, 1]
    assert state.legal_actions() == [Pass()]
    state.apply(Pass())
    assert state.current_player == 1
    state.check_invariants()


def test_the_end_every_player_takes_exactly_one_final_action() -> None:
    state = game(3)
    # Empty the draw pile into the removed pile, and row 2; then player 1 buys row 1.
    state.removed.extend(state.draw + state.rows[1])
    state.draw, state.rows[1] = [], []
    state.coins[0] = 6
    state.coins_out -= 3
    state.apply(BuyRow(0))
    assert state.end_triggered and not state.is_terminal()
    seats = []
    while not state.is_terminal():
        seats.append(state.current_player)
        state.apply(state.legal_actions()[0])
    # After the triggering purchase: players 2, 3 and 1 (the trigger) once each.
    assert [s for i, s in enumerate(seats) if i == 0 or seats[i - 1] != s] == [1, 2, 0]
    assert state.turns_taken == 4
    assert state.legal_actions() == [] and state.current_player == -1
    unchanged_after(state, "collect upper", "the game is over")


def test_the_end_does_not_trigger_while_a_set_has_a_card() -> None:
    state = game(3)
    state.removed.extend(state.draw)
    state.draw = []
    state.coins[0] = 6
    state.coins_out -= 3
    state.apply(BuyRow(0))
    assert not state.end_triggered and state.rows[1]


def _finished(config: object = None) -> WeWillWokYouState:
    state = game(2, config=config)
    state.end_triggered, state.final_left = True, 0
    return state


def test_tie_break_fewer_leftover_ingredients_then_fewer_coins(tmp_path: Path) -> None:
    state = _finished()
    give(state, 0, ["tuna-01"])  # no wok: one left-over ingredient, 0 points each
    assert state.scores() == [0, 0]
    assert state.winners() == [1]
    give(state, 1, ["tuna-02"])
    state.coins = [2, 4]
    assert state.winners() == [0]
    state.coins = [3, 3]
    assert state.winners() == [0, 1]
    override = tmp_path / "more.toml"
    override.write_text(
        '[rules]\nleftover_ingredients_tie_break = "more"\nleftover_coins_tie_break = "more"\n'
    )
    flipped = _finished(config=override)
    give(flipped, 0, ["tuna-01"])
    assert flipped.winners() == [0]


def test_a_player_with_more_points_wins_regardless_of_leftovers() -> None:
    state = _finished()
    give_wok(state, 0, "W02")  # a covered wok worth 7
    give(state, 0, ["tuna-01", "tuna-02"])
    assert state.scores() == [7, 0] and state.winners() == [0]
    state.check_invariants()


def test_observation_hides_other_hands_and_the_draw_order() -> None:
    state = game(3)
    give(state, 1, ["tuna-01"])
    seen = state.observation(0)
    assert seen["hands"][1] is None and seen["hand_sizes"][1] == 1
    assert seen["hands"][0] == [state.data.card_ids[c] for c in state.hands[0]]
    assert "draw" not in seen and seen["draw_size"] == len(state.draw)
    assert "box_woks" not in seen and "rng" not in seen
    assert "tuna-01" not in str(seen)


def test_action_texts_parse_back_and_garbage_is_refused() -> None:
    state = game(3)
    for text in (
        "collect upper",
        "collect lower",
        "buy row 4",
        "take W05",
        "pay chicken:bowl",
        "pay chicken:none",
        "pass",
        "pay carrot:spoon+spoon",
    ):
        assert str(state.parse_action(text)) == text
    assert str(state.parse_action("  TAKE w05 ")) == "take W05"
    for text in ("dance", "buy row 5", "take W99", "pay tofu:bowl", "collect middle"):
        with pytest.raises(ActionParseError):
            state.parse_action(text)


def test_json_carries_a_custom_config(tmp_path: Path) -> None:
    override = tmp_path / "custom.toml"
    override.write_text("[setup]\ncoins_per_player = 2\n")
    state = game(2, config=override)
    assert state.coins == [2, 2] and state.coins_out == 8
    again = type(state).from_json_text(state.to_json())
    assert again == state and again.coins_out == 8


@pytest.mark.parametrize(
    ("toml", "key"),
    [
        ("[ingredients.tuna]\ncount = 9\ncards = []\n", "ingredients.tuna"),
        ("[setup]\ncoins_per_player = -1\n", "setup.coins_per_player"),
        ('[rules]\nleftover_coins_tie_break = "most"\n', "rules.leftover_coins_tie_break"),
        ("[rules]\ntypo = 1\n", "rules.typo"),
        (
            '[ingredients.prawn]\ncards = ["", "bowl", "chopstick", "cookie", "cookie+cookie", '
            '"chopstick+chopstick", "wok"]\n',
            "ingredients.prawn",
        ),
    ],
)
def test_bad_config_is_a_clear_error_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], toml: str, key: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(toml)
    with pytest.raises(ConfigError) as error:
        load_cards(path)
    assert key in str(error.value) and str(path) in str(error.value)
    status = main(
        ["simulate", "we-will-wok-you", "--games", "1", "--no-progress", "--config", str(path)]
    )
    err = capsys.readouterr().err
    assert status == 2 and err.count("\n") == 1 and key in err


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("buy row 9", "there is no row '9': the rows are 1 to 4"),
        ("buy row 0", "there is no row '0': the rows are 1 to 4"),
        ("collect middle", "there is no coin set 'middle': collect upper or lower"),
    ],
)
def test_a_row_or_coin_set_that_does_not_exist_is_named(typed: str, message: str) -> None:
    """'buy row 9' said only "not an action" with the list of every form."""
    state = new_game("we-will-wok-you", 2, 3)
    with pytest.raises(ActionParseError, match=f"^{message}$"):
        state.parse_action(typed)
