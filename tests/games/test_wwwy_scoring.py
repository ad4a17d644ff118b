"""We Will Wok You's final scoring: the rulebook's example, the calculator, and the exact
optimum checked against a brute force over every arrangement of small holdings."""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from wokphysics.cli import main
from wokphysics.errors import UserError
from wokphysics.games.we_will_wok_you.cards import CardData, WokCard, load_cards
from wokphysics.games.we_will_wok_you.holdings import load_holdings
from wokphysics.games.we_will_wok_you.scoring import ScoreResult, WeWillWokYouScorer

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "examples" / "we-will-wok-you-scoring.json"
DATA = load_cards()
SCORER = WeWillWokYouScorer(DATA)


def wok(wok_id: str) -> int:
    return DATA.wok_index(wok_id)


def cards_of(type_key: str, count: int, symbols: bool | None = None) -> list[int]:
    """The first ``count`` cards of a type (optionally only with / without symbols)."""
    found = [
        i
        for i, card_id in enumerate(DATA.card_ids)
        if card_id.startswith(type_key + "-") and (symbols is None or DATA.has_symbol(i) == symbols)
    ]
    assert len(found) >= count
    return found[:count]


def test_the_rulebook_example_scores_42_from_the_shipped_cards() -> None:
    holdings = load_holdings(EXAMPLE, DATA)
    result = SCORER.score(list(holdings.woks), list(holdings.hand), list(holdings.front))
    assert result.total == 42
    by_wok = {w.wok: w for w in result.woks}
    # The rulebook's arrangement: combo 12 with the swap, sets 12, double 11, covered 7.
    assert by_wok["W04"].points == 12 and by_wok["W04"].men == ("W25",)
    assert "Tina Tuna for Freddie Broccoli" in by_wok["W04"].effect
    assert by_wok["W10"].points == 12
    assert by_wok["W16"].points == 11 and by_wok["W16"].men == ("W22",)
    assert by_wok["W02"].points == 7
    assert len(result.leftovers) == 3


def _run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "wokphysics.cli", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


def test_score_command_prints_the_arrangement_and_42(capsys: pytest.CaptureFixture[str]) -> None:
    text = _run_cli("score", "we-will-wok-you", str(EXAMPLE))
    assert text.returncode == 0, text.stderr
    assert "total: 42" in text.stdout and "W25 swaps Tina Tuna for Freddie Broccoli" in text.stdout
    assert main(["score", "we-will-wok-you", str(EXAMPLE), "--json"]) == 0
    payload = json.loads(capsys.readouterr().out)
    assert payload["total"] == 42
    assert sum(w["points"] for w in payload["woks"]) == 42


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ('{"woks": ["W99"]}', "unknown wok card 'W99'"),
        ('{"hand": ["tofu-01"]}', "unknown ingredient card 'tofu-01'"),
        ('{"hand": ["tuna-01"], "front": ["tuna-01"]}', "listed twice"),
        ('{"woks": "W04"}', "must be a list"),
        ('{"coins": -1}', "coins: must be a whole number"),
        ('{"wok": []}', "wok: unknown key"),
        ("[1, 2]", "must be a JSON object"),
        ('{"woks": [', "not valid JSON"),
    ],
)
def test_a_bad_holdings_file_is_one_clear_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, message: str
) -> None:
    path = tmp_path / "holdings.json"
    path.write_text(content)
    with pytest.raises(UserError, match=message.replace("(", r"\(")):
        load_holdings(path, DATA)
    status = main(["score", "we-will-wok-you", str(path)])
    err = capsys.readouterr().err
    assert status == 2
    assert err.count("\n") == 1 and message in err


def test_missing_holdings_file_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "we-will-wok-you", str(tmp_path / "nope.json")]) == 2
    assert "no such file" in capsys.readouterr().err


def test_man_at_power_wok_turns_any_red_card_into_12() -> None:
    # A combo wok with nothing in it scores 0; with the power wok it is a covered 12.
    result = SCORER.score([wok("W05"), wok("W24")], [], [])
    assert result.total == 12
    # On a covered 5 as well: 12 instead of 5.
    assert SCORER.score([wok("W01"), wok("W24")], [], []).total == 12
    # He is left unused when the card scores more by itself: 4 Mariah + 3 Tina = 20.
    hand = cards_of("carrot", 4) + cards_of("tuna", 3)
    result = SCORER.score([wok("W05"), wok("W24")], hand, [])
    assert result.total == 20 and result.unused_men == ("W24",)


def test_sets_of_five_and_three_and_several_types() -> None:
    broccoli = cards_of("broccoli", 8)
    # 8 broccoli: one set of 5 (12) and one set of 3 (6).
    assert SCORER.score([wok("W10"), wok("W12")], broccoli, []).total == 18
    # Sets may differ in type: 3 octopus + 3 prawn in a set wok of 3 = 12.
    assert SCORER.score([wok("W10")], cards_of("octopus", 3) + cards_of("prawn", 3), []).total == 12


def test_hand_wok_takes_only_hand_cards_and_no_symbol_wok_only_blank_cards() -> None:
    blank = cards_of("tuna", 2, symbols=False)
    marked = cards_of("tuna", 2, symbols=True)
    # Hand wok: 2 per hand card; front cards do not count.
    assert SCORER.score([wok("W14")], blank, marked).total == 4
    # No-symbol wok: 3 per card without symbols, hand or front.
    assert SCORER.score([wok("W15")], marked, blank).total == 6
    # Both: blank cards go to the no-symbol wok (3), marked hand cards to the hand wok (2).
    assert SCORER.score([wok("W14"), wok("W15")], marked + blank[:1], blank[1:]).total == 10


def test_combo_needs_whole_combinations_and_counts_each() -> None:
    # W07: 2 broccoli + 2 carrot = 8 per combo. 5 broccoli + 4 carrot: 2 combos.
    hand = cards_of("broccoli", 5) + cards_of("carrot", 4)
    result = SCORER.score([wok("W07")], hand, [])
    assert result.total == 16 and len(result.leftovers) == 1
    # 1 carrot short of a combo: nothing.
    short = cards_of("broccoli", 2) + cards_of("carrot", 1)
    assert SCORER.score([wok("W07")], short, []).total == 0


def test_swap_on_a_double_wok_is_a_rules_option(tmp_path: Path) -> None:
    holdings = load_holdings(EXAMPLE, DATA)
    override = tmp_path / "swap.toml"
    override.write_text("[rules]\nman_swap_on_double_woks = true\n")
    data = load_cards(override)
    result = WeWillWokYouScorer(data).score(
        list(holdings.woks), list(holdings.hand), list(holdings.front)
    )
    # Swapping Elvis for Freddie Broccoli under the 5-point Man-at-double-wok: 51.
    assert result.total == 51


def test_tie_break_direction_decides_which_optimum_is_kept(tmp_path: Path) -> None:
    # 6 broccoli, a set wok of 5 (12) and one of 3 (6 per set): a set of 5 or two sets of 3
    # both score 12. Fewer left-overs (the default): two sets of 3, none left over.
    woks = [wok("W10"), wok("W12")]
    broccoli = cards_of("broccoli", 6)
    fewer = SCORER.score(woks, broccoli, [])
    assert fewer.total == 12 and fewer.leftovers == ()
    override = tmp_path / "more.toml"
    override.write_text('[rules]\nleftover_ingredients_tie_break = "more"\n')
    more = WeWillWokYouScorer(load_cards(override)).score(woks, broccoli, [])
    assert more.total == 12 and len(more.leftovers) == 1


# --- brute force -----------------------------------------------------------------------
def _brute_force(
    data: CardData,
    woks: list[int],
    hand: list[int],
    front: list[int],
    sign: int,
    swap_on_double: bool,
) -> tuple[int, int]:
    """(best points, best placed cards * sign) over every arrangement, by enumeration."""
    red = [data.woks[w] for w in woks if not data.woks[w].is_man]
    men = [data.woks[w] for w in woks if data.woks[w].is_man]
    cards = [(c, True) for c in hand] + [(c, False) for c in front]
    best: tuple[int, int] = (-1, 0)

    def man_options(man: WokCard) -> list[tuple[int, tuple[int, int] | None] | None]:
        options: list[tuple[int, tuple[int, int] | None] | None] = [None]
        for position, card in enumerate(red):
            if man.kind == "man-power":
                options.append((position, None))
            elif man.kind == "man-double" and card.kind == "double":
                options.append((position, None))
            elif man.kind == "man-swap" and (
                card.kind == "combo" or (card.kind == "double" and swap_on_double)
            ):
                types = (
                    {t for t, n in enumerate(card.combo) if n}
                    if card.kind == "combo"
                    else {t for t, _ in card.halves}
                )
                for source in types:
                    for target in range(6):
                        if target != source:
                            options.append((position, (source, target)))
        return options

    def men_configs(index: int, chosen: list[tuple[int, tuple[int, int] | None] | None]):
        if index == len(men):
            yield list(chosen)
            return
        for option in man_options(men[index]):
            chosen.append(option)
            yield from men_configs(index + 1, chosen)
            chosen.pop()

    for config in men_configs(0, []):
        # What each red card becomes. A second Man-at-double-wok on one card covers the
        # first: the later one in the list lies on top.
        slots: list[Slot] = []  # (kind, details) per slot
        covered = 0
        for position, card in enumerate(red):
            on_me = [(men[i], opt[1]) for i, opt in enumerate(config) if opt and opt[0] == position]
            if any(m.kind == "man-power" for m, _ in on_me):
                covered += next(m.points for m, _ in on_me if m.kind == "man-power")
                continue
            doubles = [m for m, _ in on_me if m.kind == "man-double"]
            if len(doubles) > 1:
                doubles = doubles[-1:]  # the last one lies on top
            swaps = [d for m, d in on_me if m.kind == "man-swap"]

            def swapped(t: int, swaps: list[object] = swaps) -> int:
                for d in swaps:
                    assert isinstance(d, tuple)
                    if t == d[0]:
                        t = d[1]
                return t

            if card.kind == "covered":
                covered += card.points
            elif card.kind == "combo":
                req: Counter[int] = Counter()
                for t, n in enumerate(card.combo):
                    req[swapped(t)] += n
                slots.append(("combo", (req, card.points)))
            elif card.kind == "set":
                slots.append(("set", (card.size, card.points)))
            elif card.kind == "double":
                for half, (t, p) in enumerate(card.halves):
                    points = doubles[0].man_points[half] if doubles else p
                    slots.append(("half", (swapped(t), points)))
            else:
                slots.append((card.kind, card.points))

        found = _best_placement(data, slots, covered, cards, sign)
        if found is not None and found > best:
            best = found
    return best


Slot = tuple[str, object]


def _accepts(data: CardData, slot: Slot, card: int, in_hand: bool) -> bool:
    kind, detail = slot
    if kind == "hand":
        return in_hand
    if kind == "no-symbol":
        return not data.has_symbol(card)
    if kind == "half":
        assert isinstance(detail, tuple)
        return bool(data.card_type[card] == detail[0])
    return True


def _value(
    data: CardData,
    slots: list[Slot],
    contents: list[list[tuple[int, bool]]],
    covered: int,
    sign: int,
) -> tuple[int, int] | None:
    """(points, sign * placed) of one arrangement, or None if a wok's content is invalid."""
    points = covered
    placed = 0
    for slot, content in zip(slots, contents, strict=True):
        kind, detail = slot
        types = Counter(data.card_type[c] for c, _ in content)
        placed += len(content)
        if kind == "combo":
            req, per = detail
            needed = {t: n for t, n in req.items() if n}
            if set(types) - set(needed):
                return None
            first, count = next(iter(needed.items()))
            combos, rest = divmod(types[first], count)
            if rest or any(types[t] != combos * n for t, n in needed.items()):
                return None
            points += combos * per
        elif kind == "set":
            size, per = detail
            if any(n % size for n in types.values()):
                return None
            points += len(content) // size * per
        elif kind == "half":
            points += len(content) * detail[1]
        else:
            points += len(content) * detail
    return points, sign * placed


def _best_placement(
    data: CardData, slots: list[Slot], covered: int, cards: list[tuple[int, bool]], sign: int
) -> tuple[int, int] | None:
    """Every placement of every card into an accepting slot or none; the best value."""
    contents: list[list[tuple[int, bool]]] = [[] for _ in slots]
    best: tuple[int, int] | None = None

    def place(index: int) -> None:
        nonlocal best
        if index == len(cards):
            v = _value(data, slots, contents, covered, sign)
            if v is not None and (best is None or v > best):
                best = v
            return
        card, in_hand = cards[index]
        place(index + 1)  # left over
        for slot_index, slot in enumerate(slots):
            if _accepts(data, slot, card, in_hand):
                contents[slot_index].append((card, in_hand))
                place(index + 1)
                contents[slot_index].pop()

    place(0)
    return best


def _check_result(result: ScoreResult, woks: list[int], hand: list[int], front: list[int]) -> None:
    """The printed arrangement adds up and uses each card exactly once."""
    assert sum(w.points for w in result.woks) == result.total
    placed = [c for w in result.woks for c in w.cards] + list(result.leftovers)
    assert sorted(placed) == sorted(DATA.card_ids[c] for c in hand + front)


RED = [i for i, w in enumerate(DATA.woks) if not w.is_man]
MEN = [i for i, w in enumerate(DATA.woks) if w.is_man]


@settings(max_examples=120, deadline=None)
@given(
    red=st.lists(st.sampled_from(RED), min_size=1, max_size=3, unique=True),
    men=st.lists(st.sampled_from(MEN), max_size=2, unique=True),
    cards=st.lists(st.integers(0, 62), max_size=6, unique=True),
    in_hand=st.lists(st.booleans(), min_size=6, max_size=6),
)
def test_exact_scoring_equals_brute_force(
    red: list[int], men: list[int], cards: list[int], in_hand: list[bool]
) -> None:
    hand = [c for c, h in zip(cards, in_hand, strict=False) if h]
    front = [c for c, h in zip(cards, in_hand, strict=False) if not h]
    woks = red + men
    result = SCORER.score(woks, hand, front)
    best_points, best_placed = _brute_force(DATA, woks, hand, front, 1, False)
    assert result.total == best_points
    assert len(hand) + len(front) - len(result.leftovers) == best_placed
    _check_result(result, woks, hand, front)


@pytest.fixture(scope="module")
def options_data(tmp_path_factory: pytest.TempPathFactory) -> CardData:
    path = tmp_path_factory.mktemp("cfg") / "options.toml"
    path.write_text(
        '[rules]\nman_swap_on_double_woks = true\nleftover_ingredients_tie_break = "more"\n'
    )
    return load_cards(path)


@settings(max_examples=40, deadline=None)
@given(
    red=st.lists(st.sampled_from(RED), min_size=1, max_size=3, unique=True),
    cards=st.lists(st.integers(0, 62), max_size=6, unique=True),
)
def test_exact_scoring_with_swap_on_doubles_and_more_leftovers_equals_brute_force(
    options_data: CardData, red: list[int], cards: list[int]
) -> None:
    data = options_data
    woks = [*red, data.wok_index("W25"), data.wok_index("W22")]
    hand, front = cards[::2], cards[1::2]
    result = WeWillWokYouScorer(data).score(woks, hand, front)
    best_points, best_placed = _brute_force(data, woks, hand, front, -1, True)
    assert result.total == best_points
    assert -(len(cards) - len(result.leftovers)) == best_placed


COMBOS = [i for i in RED if DATA.woks[i].kind == "combo"]


@settings(max_examples=30, deadline=None)
@given(
    red=st.lists(st.sampled_from(RED), max_size=1, unique=True),
    combo=st.sampled_from(COMBOS),
    picks=st.lists(st.integers(0, 62), min_size=2, max_size=4, unique=True),
)
def test_exact_scoring_with_all_four_men_equals_brute_force(
    red: list[int], combo: int, picks: list[int]
) -> None:
    """All four Men-at-wok at once (the power and swap men are placed by the combo search),
    with cards of the types the woks ask for."""
    woks = list(dict.fromkeys([*red, combo])) + MEN
    wanted = {t for w in woks for t, n in enumerate(DATA.woks[w].combo) if n}
    wanted |= {t for w in woks for t, _ in DATA.woks[w].halves}
    pool = [c for c in range(63) if DATA.card_type[c] in wanted]
    cards = [pool[p % len(pool)] for p in picks]
    cards = list(dict.fromkeys(cards))
    hand, front = cards[::2], cards[1::2]
    result = SCORER.score(woks, hand, front)
    best_points, best_placed = _brute_force(DATA, woks, hand, front, 1, False)
    assert result.total == best_points
    assert len(cards) - len(result.leftovers) == best_placed
    _check_result(result, woks, hand, front)
