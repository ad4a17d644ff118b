"""We Will Wok You's config is the single source of truth: the shipped file holds the
rulebook's numbers, and a file with other counts, symbols, rows or coin sets makes a game that
follows it (nothing in the code insists on 63 cards, 25 woks, 4 symbols or two coin sets)."""

from __future__ import annotations

import functools
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wokphysics.errors import ConfigError
from wokphysics.games.bots import RandomBot
from wokphysics.games.registry import new_game
from wokphysics.games.simulation import play_out
from wokphysics.games.we_will_wok_you.bots import WeWillWokYouGreedyBot
from wokphysics.games.we_will_wok_you.cards import CardData, load_cards
from wokphysics.games.we_will_wok_you.factory import new_state
from wokphysics.games.we_will_wok_you.scoring import WeWillWokYouScorer
from wokphysics.games.we_will_wok_you.state import WeWillWokYouState


def test_the_shipped_file_holds_the_rulebooks_numbers() -> None:
    data = load_cards()
    counts = {key: data.card_type.count(t) for t, key in enumerate(data.type_keys)}
    assert counts == {
        "broccoli": 14,
        "chicken": 13,
        "carrot": 11,
        "tuna": 10,
        "octopus": 8,
        "prawn": 7,
    }
    assert data.ingredient_count == 63 and len(data.woks) == 25
    assert sum(not w.is_man for w in data.woks) == 21
    assert sorted(w.kind for w in data.woks if w.is_man) == [
        "man-double",
        "man-double",
        "man-power",
        "man-swap",
    ]
    assert data.setup.total_coins == 22 and data.needed == 4
    assert data.symbols == ("cookie", "spoon", "bowl", "chopstick")
    assert data.scale > data.ingredient_count


def _play(state: WeWillWokYouState, seed: int) -> WeWillWokYouState:
    rng = random.Random(seed)
    while not state.is_terminal():
        state.check_invariants()
        state.apply(rng.choice(state.legal_actions()))
    state.check_invariants()
    return state


def test_more_chicken_cards_are_dealt_conserved_and_scored(tmp_path: Path) -> None:
    path = tmp_path / "more.toml"
    path.write_text(
        "[ingredients.chicken]\ncount = 15\n"
        'cards = ["", "", "", "bowl", "chopstick", "cookie", "spoon", "bowl", "chopstick",\n'
        '  "spoon+spoon", "chopstick+chopstick", "star", "star", "star", "bowl"]\n'
    )
    for seed in range(6):
        state = _play(new_state(2, seed, str(path)), seed)
        places = [state.draw, state.removed, *state.rows, *state.hands, *state.fronts]
        assert sorted(c for place in places for c in place) == list(range(65))
        assert state.data.card_ids[-1] == "prawn-07" and "chicken-15" in state.data.card_ids
        state.winners()


def test_three_symbols_take_a_wok_card_when_the_file_says_so(tmp_path: Path) -> None:
    path = tmp_path / "three.toml"
    path.write_text("[rules]\nsymbols_to_take_wok = 3\n")
    state = new_state(2, 3, str(path))
    data = state.data
    bowl = data.symbols.index("bowl")
    three = [c for c in range(data.ingredient_count) if data.card_symbols[c] == ("bowl",)][:3]
    for card in three:  # into player 1's hand, from wherever they lie
        for place in (state.draw, state.removed, *state.rows, *state.hands):
            if card in place:
                place.remove(card)
        state.hands[0].append(card)
    for row, size in zip(state.rows, data.setup.row_sizes, strict=True):
        while len(row) < size:
            row.append(state.draw.pop())
    state._rebuild_caches()
    state.check_invariants()
    assert state._symbols[0][bowl] >= 3
    take = next(a for a in state.legal_actions() if str(a).startswith("take"))
    state.apply(take)
    for card in three:
        state.apply(state.parse_action(f"pay {data.kind_text(data.card_kind[card])}"))
        if state.pending_wok < 0:
            break
    assert state.pending_wok < 0 and len(state.woks[0]) == 1, "3 bowls paid for the wok"
    assert len(state.fronts[0]) == 3 and state.turn == 1


@functools.cache
def _needing(needed: int) -> CardData:
    """The shipped cards, ``needed`` symbols taking a wok card (read from an override file)."""
    path = Path(tempfile.mkdtemp()) / "needed.toml"
    path.write_text(f"[rules]\nsymbols_to_take_wok = {needed}\n")
    return load_cards(path)


@settings(max_examples=40, deadline=None)
@given(needed=st.integers(1, 12), players=st.integers(2, 4), seed=st.integers(0, 10**6),
       greedy=st.booleans())
def test_every_number_of_symbols_to_take_a_wok_card_plays_to_the_end(
    needed: int, players: int, seed: int, greedy: bool
) -> None:
    """Any ``symbols_to_take_wok`` the file may hold makes games that end: with 1 (or any odd
    number), a hand of cards showing 2 symbols each could take a wok card and then had no
    card it could pay (an exact 1 cannot be made of 2s), and the random bot raised
    IndexError on the empty list of moves."""
    state = new_state(players, seed, _needing(needed).settings)
    bots = [WeWillWokYouGreedyBot(seat) if greedy and seat % 2 else RandomBot(seat)
            for seat in range(players)]
    while not state.is_terminal():
        state.check_invariants()
        legal = state.legal_actions()
        assert legal, "a player who may move has a legal move"
        state.apply(bots[state.current_player].choose(state))
    state.check_invariants()
    state.winners()


def _hand_of(state: WeWillWokYouState, cards: list[int]) -> None:
    """Player 1's hand becomes ``cards`` (from wherever they lay; the rows refilled)."""
    data = state.data
    state.draw += state.hands[0]
    state.hands[0] = []
    for card in cards:
        for place in (state.draw, state.removed, *state.rows):
            if card in place:
                place.remove(card)
        state.hands[0].append(card)
    for row, size in zip(state.rows, data.setup.row_sizes, strict=True):
        while len(row) < size:
            row.append(state.draw.pop())
    state._rebuild_caches()
    state.check_invariants()


@pytest.mark.parametrize(("needed", "doubles"), [(1, 1), (3, 2), (5, 3)])
def test_an_odd_number_is_paid_one_over_with_cards_showing_two(
    needed: int, doubles: int
) -> None:
    """The rules ask for at least ``needed`` identical symbols, every card counting: with
    only cards showing 2, an odd number is paid one over (1 with one double card, 3 with
    two), and both cards go in front of the player."""
    state = new_state(2, 3, _needing(needed).settings)
    data = state.data
    pairs = [c for c in range(data.ingredient_count)
             if data.card_symbols[c] == ("bowl", "bowl")][:doubles]
    _hand_of(state, pairs)
    take = next(a for a in state.legal_actions() if str(a).startswith("take"))
    state.apply(take)
    for _ in pairs:
        state.apply(state.legal_actions()[0])  # a pay step: one per kind of card held
    assert state.pending_wok < 0 and len(state.woks[0]) == 1
    assert sorted(state.fronts[0]) == sorted(pairs) and state.turn == 1


def test_one_over_is_refused_when_a_card_could_be_left_out() -> None:
    """3 to take a wok card: a single bowl and a double make exactly 3; a double after a single
    and a double (4) would leave the single out, so it is not offered."""
    state = new_state(2, 3, _needing(3).settings)
    data = state.data
    single = next(c for c in range(data.ingredient_count) if data.card_symbols[c] == ("bowl",))
    pairs = [c for c in range(data.ingredient_count)
             if data.card_symbols[c] == ("bowl", "bowl")][:2]
    _hand_of(state, [single, *pairs])
    state.apply(next(a for a in state.legal_actions() if str(a).startswith("take")))
    state.apply(state.parse_action(f"pay {data.kind_text(data.card_kind[single])}"))
    state.apply(state.parse_action(f"pay {data.kind_text(data.card_kind[pairs[0]])}"))
    assert state.pending_wok < 0 and sorted(state.hands[0]) == [pairs[1]]


def test_a_third_coin_set_and_a_fifth_row(tmp_path: Path) -> None:
    path = tmp_path / "rows.toml"
    path.write_text(
        "[setup]\ncoin_sets = [6, 4, 3]\ncoin_set_names = ['upper', 'lower', 'side']\n"
        "row_sizes = [3, 3, 2, 2, 1]\nrow_coin_sets = [0, 0, 1, 1, 2]\ntotal_coins = 30\n"
    )
    state = new_state(3, 5, str(path))
    assert len(state.rows) == 5 and len(state.rows[4]) == 1 and state.coin_sets == [6, 4, 3]
    assert "collect side" in [str(a) for a in state.legal_actions()]
    assert state.parse_action("buy row 5").row == 4
    _play(state, 5)


def test_fast_totals_equal_the_full_arrangement() -> None:
    data = load_cards()
    scorer = WeWillWokYouScorer(data)
    checked = 0
    for seed in range(60):
        state = new_game("we-will-wok-you", players=4, seed=seed)
        assert isinstance(state, WeWillWokYouState)
        play_out(state, [RandomBot(seed * 7919 + k) for k in range(4)])
        for p in range(4):
            full = scorer.score(state.woks[p], state.hands[p], state.fronts[p])
            fast = scorer.total(state.woks[p], state.hands[p], state.fronts[p])
            assert fast == (full.total, full.leftover_count)
            checked += 1
    assert checked == 240


def test_fast_totals_with_more_leftovers_preferred(tmp_path: Path) -> None:
    path = tmp_path / "more.toml"
    path.write_text('[rules]\nleftover_ingredients_tie_break = "more"\n')
    data = load_cards(path)
    scorer = WeWillWokYouScorer(data)
    for seed in range(30):
        state = new_state(3, seed, str(path))
        play_out(state, [RandomBot(seed * 7919 + k) for k in range(3)])
        for p in range(3):
            full = scorer.score(state.woks[p], state.hands[p], state.fronts[p])
            assert scorer.total(state.woks[p], state.hands[p], state.fronts[p]) == (
                full.total,
                full.leftover_count,
            )


def test_the_factory_takes_validated_settings_and_refuses_anything_else() -> None:
    settings = load_cards().settings
    state = new_state(2, 1, settings)
    assert state.data.settings == settings
    again = type(state).from_json_text(state.to_json())
    assert again == state
    with pytest.raises(ConfigError, match="cannot use int"):
        new_state(2, 1, 42)


@pytest.mark.parametrize(
    ("toml", "key"),
    [
        ("[setup]\ncoin_set_names = ['upper']\n", "setup.coin_set_names"),
        ("[setup]\nrow_coin_sets = [0, 0, 1]\n", "setup.row_coin_sets"),
        ("[setup]\nrow_coin_sets = [0, 0, 0, 0]\n", "setup.row_coin_sets"),
        ("[setup]\ncoin_sets = [1, 1]\ncoins_per_player = 0\n", "setup.coin_sets"),
        ("[setup]\ncoins_per_player = 101\n", "setup.coins_per_player"),
        ("[setup]\ncoin_sets = [100000000, 100000000]\n", "setup.coin_sets"),
        ("[symbols]\nwild = 'bowl'\n", "symbols"),
        ("[symbols]\nper_card = 3\n", "symbols.per_card"),
        ("[rules]\nsymbols_to_take_wok = 0\n", "rules.symbols_to_take_wok"),
        ("[bots.greedy]\ncoin_value = -1\n", "bots.greedy.coin_value"),
        ("[[woks]]\nid = 'W99'\nkind = 'combo'\ncombo = { squid = 2 }\npoints = 5\n", "woks"),
    ],
)
def test_each_inconsistent_value_is_one_error_naming_its_key(
    tmp_path: Path, toml: str, key: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(toml)
    with pytest.raises(ConfigError) as error:
        load_cards(path)
    assert key in str(error.value) and str(path) in str(error.value), str(error.value)


def test_a_loaded_game_keeps_the_files_order_of_ingredient_types() -> None:
    from wokphysics.games.registry import state_from_json

    state = new_state(2, 0)
    rng = random.Random(0)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    loaded = state_from_json(state.to_json())
    assert isinstance(loaded, WeWillWokYouState)
    assert loaded.data.type_keys == state.data.type_keys == load_cards().type_keys
    for _ in range(40):
        if state.is_terminal():
            break
        assert [str(a) for a in loaded.legal_actions()] == [str(a) for a in state.legal_actions()]
        move = rng.choice(state.legal_actions())
        state.apply(move)
        loaded.apply(loaded.parse_action(str(move)))
    assert loaded == state
