"""Final scoring of one player: the exact optimum, with the arrangement that reaches it.

The player chooses which wok each ingredient goes into (or none), and which red wok each
Man-at-wok is assigned to; we maximise the points, and among the arrangements with the most
points take the one best for the tie-break on left-over ingredients (fewest by default).

How the search stays exact and fast:

* Men-at-wok: every assignment is enumerated (a Man-at-double-wok to a double wok, the
  Man-at-power-wok to any red wok, the Man-at-swap-wok to a combo or double wok with a
  ``from`` type the card requires and a ``to`` type the player holds; the other choices are
  dominated: swapping to a type you hold none of can only lose). Each assignment turns the
  red woks into *effective* woks, and identical effective sets of woks are solved once.
* Per-card woks (leftovers, hand, no-symbol, the two woks of a double wok) take any number of
  cards, so each card not used in a combo or set simply goes to the best per-card wok that
  accepts it. Its value depends only on its class: (type, in hand?, has symbols?).
* Combos and sets take cards by type only, so they always take a type's lowest-valued cards.
  With ``u`` cards of a type used in combos, the best sets of 3 and 5 for the rest are a tiny
  table ``g[type][u]``; the set wok paying most per set of each size takes all such sets.
* The combo counts are searched depth-first with an upper bound (branch and bound).

Points and the tie-break are folded into one integer: ``points * scale + sign * placed``
(``placed`` = cards in a wok, fewer than ``scale``, a power of two above the number of
ingredient cards: ``CardData.scale``), so the search compares one number. The number of
ingredient types is the config's too (``CardData.num_types``).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from operator import itemgetter
from typing import NamedTuple

from wokphysics.games.we_will_wok_you.cards import CardData, WokCard

# Effective wok kinds (small ints for speed).
COVERED, COMBO, SET, LEFTOVERS, HAND, NOSYM, DOUBLE = range(7)
_PER_CARD = {"leftovers": LEFTOVERS, "hand": HAND, "no-symbol": NOSYM}


def card_class(card_type: int, in_hand: bool, has_symbol: bool) -> int:
    """Class index of a card: what final scoring can tell apart (type, hand, symbols)."""
    return card_type * 4 + (2 if in_hand else 0) + (0 if has_symbol else 1)


@dataclass(frozen=True)
class WokScore:
    """One red wok card in the optimal arrangement (points are victory points)."""

    wok: str
    description: str
    men: tuple[str, ...]
    effect: str
    cards: tuple[str, ...]
    points: int
    detail: str


@dataclass(frozen=True)
class ScoreResult:
    """A player's optimal final score, the arrangement and the tie-break counts."""

    total: int
    woks: tuple[WokScore, ...]
    leftovers: tuple[str, ...]
    unused_men: tuple[str, ...]
    coins: int = 0

    @property
    def leftover_count(self) -> int:
        return len(self.leftovers)


@dataclass
class _Plan:
    """The inner search's choice for one set of effective woks."""

    value: int
    combo_counts: dict[int, int] = field(default_factory=dict)  # wok position -> combos
    sets: list[tuple[int, int]] = field(default_factory=list)  # per type: (sets of 3, of 5)
    set3: int = -1
    set5: int = -1
    linear: list[int] = field(default_factory=list)  # per class: raw points, -1 = no wok
    linear_src: list[int] = field(default_factory=list)  # per class: wok position
    power_at: int = -1  # combo wok given the Man-at-power-wok by the combo search
    swap_at: int = -1  # combo wok given the Man-at-swap-wok by the combo search
    swap: tuple[int, int] | None = None  # (from type, to type) of that swap


class Effective(NamedTuple):
    """A red wok card as it scores once its Men-at-wok are applied."""

    kind: int
    points: int = 0
    req: tuple[int, ...] = ()
    size: int = 0
    halves: tuple[tuple[int, int], ...] = ()


def _effective(
    wok: WokCard, power: WokCard | None, swap: tuple[int, int] | None, man: WokCard | None
) -> Effective:
    """What a red wok card scores like once its Men-at-wok are applied."""
    if power is not None:
        return Effective(COVERED, power.points)
    if wok.kind == "covered":
        return Effective(COVERED, wok.points)
    if wok.kind == "combo":
        req = list(wok.combo)
        if swap is not None:
            source, target = swap
            req[target] += req[source]
            req[source] = 0
        return Effective(COMBO, wok.points, req=tuple(req))
    if wok.kind == "set":
        return Effective(SET, wok.points, size=wok.size)
    if wok.kind == "double":
        halves = []
        for position, (type_index, points) in enumerate(wok.halves):
            if swap is not None and type_index == swap[0]:
                type_index = swap[1]
            if man is not None:
                points = man.man_points[position]
            halves.append((type_index, points))
        return Effective(DOUBLE, halves=tuple(halves))
    return Effective(_PER_CARD[wok.kind], wok.points)


def _men_assignments(
    red: list[WokCard], men: list[WokCard], type_counts: list[int], swap_on_double: bool
) -> list[dict[int, list[tuple[int, object]]]]:
    """Every useful assignment of the Men-at-wok: red position -> [(man index, detail)].

    The Man-at-power-wok and the Man-at-swap-wok on *combo* woks are not listed here: the
    combo search decides them (see :func:`_solve`), so "not assigned" for those two means
    "unused, or on a combo wok". Left out, because another assignment is at least as good: a
    Man-at-double-wok on a double wok whose two ingredient types the player holds none of
    (without a swap there it changes nothing); a swap to a type the player holds none of.
    """
    held_types = {t for t, n in enumerate(type_counts) if n}
    options_per_man: list[list[tuple[int, object] | None]] = []
    for man in men:
        options: list[tuple[int, object] | None] = [None]
        for position, wok in enumerate(red):
            if man.kind == "man-double" and wok.kind == "double":
                if swap_on_double or any(type_counts[t] for t, _ in wok.halves):
                    options.append((position, None))
            elif man.kind == "man-power" and wok.kind != "combo":
                options.append((position, None))
            elif man.kind == "man-swap" and wok.kind == "double" and swap_on_double:
                for source in sorted({t for t, _ in wok.halves}):
                    for target in sorted(held_types):
                        if target != source:
                            options.append((position, (source, target)))
        options_per_man.append(options)
    result: list[dict[int, list[tuple[int, object]]]] = []
    for choice in itertools.product(*options_per_man):
        by_wok: dict[int, list[tuple[int, object]]] = {}
        useless = False
        for man_index, option in enumerate(choice):
            if option is None:
                continue
            position, detail = option
            others = by_wok.setdefault(position, [])
            kinds = {men[m].kind for m, _ in others} | {men[man_index].kind}
            # The power wok covers the card: any other man there is wasted (the same as
            # leaving him out). A second Man-at-double-wok covers the first: also wasted.
            if others and (
                "man-power" in kinds
                or sum(1 for m, _ in others if men[m].kind == men[man_index].kind)
            ):
                useless = True
                break
            others.append((man_index, detail))
        if not useless:
            result.append(by_wok)
    return result


class WeWillWokYouScorer:
    """Scores holdings against one card set; ``sign`` +1 prefers fewer left-overs."""

    def __init__(self, cards: CardData) -> None:
        self.cards = cards
        self.sign = 1 if cards.rules.leftover_ingredients_tie_break == "fewer" else -1
        self.swap_on_double = cards.rules.man_swap_on_double_woks
        self.scale = cards.scale
        self.num_types = cards.num_types
        # per card, its class in the hand and in front (card_class, looked up once)
        self.hand_class = tuple(
            card_class(t, True, cards.has_symbol(c)) for c, t in enumerate(cards.card_type)
        )
        self.front_class = tuple(
            card_class(t, False, cards.has_symbol(c)) for c, t in enumerate(cards.card_type)
        )
        self.is_man = tuple(w.is_man for w in cards.woks)
        # per red wok card, how it scores with no Man-at-wok on it (a Man-at-wok's entry is
        # a placeholder, never read)
        self.plain = tuple(
            Effective(COVERED) if w.is_man else _effective(w, None, None, None)
            for w in cards.woks
        )

    def score(
        self, woks: list[int], hand: list[int], front: list[int], coins: int = 0
    ) -> ScoreResult:
        """The optimal score of wok cards ``woks`` (indices) with these ingredient cards,
        with the arrangement that reaches it."""
        red, men, assignment, plan = self._best(woks, hand, front)
        return self._arrangement(red, men, assignment, plan, hand, front, coins)

    def total(self, woks: list[int], hand: list[int], front: list[int]) -> tuple[int, int]:
        """``(points, left-over ingredients)`` of the optimal score (what ``score`` reports
        as ``total`` and ``leftover_count``), read from the search's value without building
        the arrangement: value = points * scale + sign * placed, 0 <= placed < scale."""
        plan = self._best(woks, hand, front, value_only=True)[3]
        scale = self.scale
        if self.sign > 0:
            points, placed = divmod(plan.value, scale)
        else:
            points = -(-plan.value // scale)
            placed = points * scale - plan.value
        return points, len(hand) + len(front) - placed

    def _best(
        self, woks: list[int], hand: list[int], front: list[int], value_only: bool = False
    ) -> tuple[list[WokCard], list[WokCard], dict[int, list[tuple[int, object]]], _Plan]:
        """The red woks, the Men-at-wok, the best assignment of the men and the best plan.

        ``value_only``: only the plan's ``value`` is wanted (``total``); the plan's choices
        and the assignment are then left unset."""
        cards = self.cards
        is_man = self.is_man
        num_types = self.num_types
        counts = [0] * (num_types * 4)
        classes = self.hand_class
        for card in hand:
            counts[classes[card]] += 1
        classes = self.front_class
        for card in front:
            counts[classes[card]] += 1
        if not any(map(is_man.__getitem__, woks)):  # one assignment, of nobody: as printed
            printed = tuple(map(self.plain.__getitem__, woks))
            only = _solve(printed, counts, self.sign, self.scale, value_only=value_only)
            return [] if value_only else [cards.woks[i] for i in woks], [], {}, only
        red = [cards.woks[i] for i in woks if not is_man[i]]
        men = [cards.woks[i] for i in woks if is_man[i]]
        type_counts = [sum(counts[t * 4 : t * 4 + 4]) for t in range(num_types)]

        memo: dict[tuple[object, ...], _Plan] = {}
        power_man = next((m for m, w in enumerate(men) if w.kind == "man-power"), -1)
        swap_man = next((m for m, w in enumerate(men) if w.kind == "man-swap"), -1)
        best_value = -(1 << 60)
        best: tuple[dict[int, list[tuple[int, object]]], _Plan] | None = None
        for assignment in _men_assignments(red, men, type_counts, self.swap_on_double):
            effective = []
            for position, wok in enumerate(red):
                power: WokCard | None = None
                man: WokCard | None = None
                swap: tuple[int, int] | None = None
                for man_index, detail in assignment.get(position, []):
                    kind = men[man_index].kind
                    if kind == "man-power":
                        power = men[man_index]
                    elif kind == "man-double":
                        man = men[man_index]
                    else:
                        swap = detail if isinstance(detail, tuple) else None
                effective.append(_effective(wok, power, swap, man))
            placed = {m for on_card in assignment.values() for m, _ in on_card}
            power_free = power_man >= 0 and power_man not in placed
            inner_power = men[power_man].points if power_free else -1
            inner_swap = swap_man >= 0 and swap_man not in placed
            key = (tuple(effective), inner_power, inner_swap)
            plan = memo.get(key)
            if plan is None:
                plan = _solve(
                    tuple(effective),
                    counts,
                    self.sign,
                    self.scale,
                    inner_power,
                    inner_swap,
                    value_only,
                )
                memo[key] = plan
            if plan.value > best_value:
                best_value = plan.value
                best = (assignment, plan)
        assert best is not None
        if value_only:
            return red, men, {}, best[1]
        assignment = {position: list(on_card) for position, on_card in best[0].items()}
        plan = best[1]
        if plan.power_at >= 0:
            assignment.setdefault(plan.power_at, []).append((power_man, None))
        if plan.swap_at >= 0:
            assignment.setdefault(plan.swap_at, []).append((swap_man, plan.swap))
        return red, men, assignment, plan

    # --- turning the winning plan into cards in woks --------------------------------------
    def _arrangement(
        self,
        red: list[WokCard],
        men: list[WokCard],
        assignment: dict[int, list[tuple[int, object]]],
        plan: _Plan,
        hand: list[int],
        front: list[int],
        coins: int,
    ) -> ScoreResult:
        cards = self.cards
        names = cards.type_names
        sign = self.sign
        scale = self.scale
        num_types = self.num_types
        contents: list[list[int]] = [[] for _ in red]
        leftovers: list[int] = []

        def enc(card: int, in_hand: bool) -> int:
            c = card_class(cards.card_type[card], in_hand, cards.has_symbol(card))
            v = plan.linear[c]
            return max(0, v * scale + sign) if v >= 0 else 0

        by_type: list[list[tuple[int, int, bool]]] = [[] for _ in range(num_types)]
        for in_hand, source in ((True, hand), (False, front)):
            for card in source:
                by_type[cards.card_type[card]].append((enc(card, in_hand), card, in_hand))
        for sorted_pile in by_type:
            sorted_pile.sort()
        effective_combos = {
            position: _effective_req(red[position], assignment.get(position, []))
            for position in plan.combo_counts
        }
        for t in range(num_types):
            pile = by_type[t]
            taken = 0
            for position, count in plan.combo_counts.items():
                need = effective_combos[position][t] * count
                contents[position].extend(card for _, card, _ in pile[taken : taken + need])
                taken += need
            threes, fives = plan.sets[t]
            if threes:
                contents[plan.set3].extend(card for _, card, _ in pile[taken : taken + 3 * threes])
                taken += 3 * threes
            if fives:
                contents[plan.set5].extend(card for _, card, _ in pile[taken : taken + 5 * fives])
                taken += 5 * fives
            for value, card, in_hand in pile[taken:]:
                c = card_class(t, in_hand, cards.has_symbol(card))
                if value > 0:
                    contents[plan.linear_src[c]].append(card)
                else:
                    leftovers.append(card)

        results: list[WokScore] = []
        total = 0
        used_men: set[int] = set()
        for position, wok in enumerate(red):
            assigned = assignment.get(position, [])
            used_men.update(m for m, _ in assigned)
            points, detail, effect = self._wok_points(
                wok, men, assigned, plan, position, contents[position], hand
            )
            total += points
            results.append(
                WokScore(
                    wok=wok.id,
                    description=wok.describe(names),
                    men=tuple(men[m].id for m, _ in assigned),
                    effect=effect,
                    cards=tuple(cards.card_ids[c] for c in sorted(contents[position])),
                    points=points,
                    detail=detail,
                )
            )
        return ScoreResult(
            total=total,
            woks=tuple(results),
            leftovers=tuple(cards.card_ids[c] for c in sorted(leftovers)),
            unused_men=tuple(men[m].id for m in range(len(men)) if m not in used_men),
            coins=coins,
        )

    def _wok_points(
        self,
        wok: WokCard,
        men: list[WokCard],
        assigned: list[tuple[int, object]],
        plan: _Plan,
        position: int,
        content: list[int],
        hand: list[int],
    ) -> tuple[int, str, str]:
        """(points, how they were made, what the men did) for one red wok card."""
        names = self.cards.type_names
        effects = []
        power = None
        double_man = None
        swap: tuple[int, int] | None = None
        for man_index, detail in assigned:
            man = men[man_index]
            if man.kind == "man-power":
                power = man
                effects.append(f"{man.id} turns it into a covered wok of {man.points}")
            elif man.kind == "man-double":
                double_man = man
                effects.append(f"{man.id} makes it {man.man_points[0]} / {man.man_points[1]}")
            else:
                assert isinstance(detail, tuple)
                swap = detail
                effects.append(f"{man.id} swaps {names[swap[0]]} for {names[swap[1]]}")
        effect = "; ".join(effects)
        if power is not None:
            return power.points, "covered", effect
        if wok.kind == "covered":
            return wok.points, "covered", effect
        if wok.kind == "combo":
            count = plan.combo_counts.get(position, 0)
            return count * wok.points, f"{count} combo(s) x {wok.points}", effect
        if wok.kind == "set":
            sets = len(content) // wok.size if content else 0
            return sets * wok.points, f"{sets} set(s) x {wok.points}", effect
        if wok.kind in ("leftovers", "no-symbol"):
            return len(content) * wok.points, f"{len(content)} x {wok.points}", effect
        if wok.kind == "hand":
            return len(content) * wok.points, f"{len(content)} x {wok.points}", effect
        # double wok
        eff = _effective(wok, None, swap, double_man)
        halves = eff.halves
        points = 0
        parts = []
        remaining = list(content)
        for type_index, per_card in halves:
            mine = [c for c in remaining if self.cards.card_type[c] == type_index]
            if halves[0][0] == halves[1][0] and type_index == halves[0][0]:
                per_card = max(halves[0][1], halves[1][1])
            remaining = [c for c in remaining if c not in mine]
            points += len(mine) * per_card
            parts.append(f"{len(mine)} {names[type_index]} x {per_card}")
        return points, " + ".join(parts), effect


def _effective_req(wok: WokCard, assigned: list[tuple[int, object]]) -> tuple[int, ...]:
    req = list(wok.combo)
    for _, detail in assigned:
        if isinstance(detail, tuple):
            source, target = detail
            req[target] += req[source]
            req[source] = 0
    return tuple(req)


def _max_count(pairs: tuple[tuple[int, int], ...], n_type: list[int], usage: list[int]) -> int:
    """How many combos of a wok's requirement ``pairs`` the cards not yet used still make."""
    return min((n_type[t] - usage[t]) // n for t, n in pairs)


def _optimistic(
    modes: list[_Mode], swap_free: bool, power_free: bool, power_value: int, n_type: list[int],
    usage: list[int],
) -> int:
    """An upper bound of what one combo wok can still add (the search's pruning bound).
    Module-level rather than nested in the search: nested functions that call each other
    are held by their shared closure, a reference cycle in the compiled build."""
    best = power_value if power_free else 0
    for index, (pairs, e, _) in enumerate(modes):
        if index and not swap_free:
            break
        if e > 0:
            best = max(best, e * _max_count(pairs, n_type, usage))
    return best


class _Woks:
    """The effective woks sorted by what they do with cards: the covered points, the best
    per-card wok of each card class (``linear``: raw points, -1 = none; ``linear_src``: its
    position), the best set woks of 3 and of 5 (points ``p3``/``p5`` at ``set3``/``set5``)
    and the combo woks (position, cards per type, points)."""

    def __init__(self, effective: tuple[Effective, ...], num_classes: int) -> None:
        self.covered = 0
        self.linear = [-1] * num_classes
        self.linear_src = [-1] * num_classes
        self.p3 = self.p5 = -1
        self.set3 = self.set5 = -1
        self.combo: list[tuple[int, tuple[int, ...], int]] = []
        linear, linear_src = self.linear, self.linear_src
        for position, eff in enumerate(effective):
            kind = eff.kind
            if kind == COVERED:
                self.covered += eff.points
            elif kind == COMBO:
                self.combo.append((position, eff.req, eff.points))
            elif kind == SET:
                if eff.size == 3 and eff.points > self.p3:
                    self.p3, self.set3 = eff.points, position
                elif eff.size == 5 and eff.points > self.p5:
                    self.p5, self.set5 = eff.points, position
            elif kind == DOUBLE:
                for type_index, per_card in eff.halves:
                    for c in range(type_index * 4, type_index * 4 + 4):
                        if per_card > linear[c]:
                            linear[c], linear_src[c] = per_card, position
            else:
                points = eff.points
                for c in _accepting(kind, num_classes):
                    if points > linear[c]:
                        linear[c], linear_src[c] = points, position


def _type_rows(
    woks: _Woks, counts: list[int], sign: int, scale: int
) -> tuple[list[list[int]], list[list[tuple[int, int]]], list[int]]:
    """Per type ``t``: ``g[t][u]``, the best value of its cards when ``u`` of them go to combos
    (sets of 3 and 5 and per-card woks for the rest), the sets that reach it, and how many
    cards of it there are. Each row is shared by every call and game (a bounded memo)."""
    linear, p3, p5 = woks.linear, woks.p3, woks.p5
    g_values: list[list[int]] = []
    g_sets: list[list[tuple[int, int]]] = []
    n_type: list[int] = []
    for t in range(len(counts) // 4):
        b = t * 4
        if not (counts[b] or counts[b + 1] or counts[b + 2] or counts[b + 3]):
            row = _NO_CARDS  # what _type_table gives for a type the player holds none of
        else:
            # a pure function of these numbers: shared by every call and game (bounded)
            key = (
                sign, scale, p3, p5,
                linear[b], linear[b + 1], linear[b + 2], linear[b + 3],
                counts[b], counts[b + 1], counts[b + 2], counts[b + 3],
            )  # fmt: skip
            found = _TYPE_TABLES.get(key)
            if found is None:
                found = _type_table(t, linear, counts, sign, scale, p3, p5)
                if len(_TYPE_TABLES) > 100_000:
                    _TYPE_TABLES.clear()
                _TYPE_TABLES[key] = found
            row = found
        g_values.append(row[0])
        g_sets.append(row[1])
        n_type.append(len(row[0]) - 1)
    return g_values, g_sets, n_type


def _combo_modes(
    woks: _Woks, n_type: list[int], sign: int, scale: int, inner_swap: bool
) -> list[tuple[int, list[_Mode]]]:
    """Per combo wok (its position), the ways to fill it: its own combination, then (while
    the Man-at-swap-wok is free) each useful swap of it, to a type the player holds and not
    needing more cards than held (else leaving the man out is as good)."""
    num_types = len(n_type)
    held = [t for t in range(num_types) if n_type[t]] if inner_swap else []
    entries: list[tuple[int, list[_Mode]]] = []
    for position, req, points in woks.combo:
        modes: list[_Mode] = [(_pairs(req), points * scale + sign * sum(req), None)]
        if inner_swap:
            for source in range(num_types):
                if not req[source]:
                    continue
                for target in held:
                    if target == source:
                        continue
                    new = list(req)
                    new[target] += new[source]
                    new[source] = 0
                    if any(n > n_type[t] for t, n in enumerate(new)):
                        continue  # not even one combo: leaving the man out is as good
                    pairs = tuple((t, n) for t, n in enumerate(new) if n)
                    modes.append((pairs, points * scale + sign * sum(new), (source, target)))
        entries.append((position, modes))
    return entries


class _ComboSearch:
    """Branch and bound over the combo woks: for each, how many combos it holds and whether
    the Man-at-power-wok (``power_value``: its encoded points, or -1) or the Man-at-swap-wok
    goes on it, each man at most once. The best value (``best_value``, above ``base``: the
    types' values with no combo) and the choice reaching it (per entry: mode index, or -1 for
    the power wok, and combos; ``best_usage``: cards of each type in combos). A method that
    calls itself, not a closure: a closure naming itself is a reference cycle."""

    def __init__(
        self, entries: list[tuple[int, list[_Mode]]], g_values: list[list[int]],
        n_type: list[int], power_value: int,
    ) -> None:
        self.entries = entries
        self.g_values = g_values
        self.n_type = n_type
        self.power_value = power_value
        self.last = len(entries)
        self.usage = [0] * len(n_type)
        self.choice = [(0, 0)] * len(entries)
        self.best_value = _NOTHING
        self.best_choice: list[tuple[int, int]] = []
        self.best_usage: list[int] = []

    def order(self, swap_free: bool, power_free: bool) -> None:
        """The most promising combo woks first (the search then prunes sooner)."""
        power_value, n_type, usage = self.power_value, self.n_type, self.usage
        self.entries.sort(key=lambda entry: -_optimistic(
            entry[1], swap_free, power_free, power_value, n_type, usage
        ))

    def _options(
        self, modes: list[_Mode], swap_free: bool, power_free: bool
    ) -> list[tuple[int, int, int]]:
        """(estimate, mode index or -1 for the power wok, combos) for one combo wok, best
        estimate first (a stable sort: equal ones keep their order)."""
        options: list[tuple[int, int, int]] = []
        if power_free:
            options.append((self.power_value, -1, 0))
        for mode_index, (pairs, e, _) in enumerate(modes):
            if mode_index and not swap_free:
                break
            top = _max_count(pairs, self.n_type, self.usage)
            lowest = 0 if mode_index == 0 else 1  # no combos with a swap = no swap
            options.extend((e * count, mode_index, count) for count in range(top, lowest - 1, -1))
        options.sort(key=itemgetter(0), reverse=True)
        return options

    def _pruned(self, index: int, acc: int, types_value: int, swap_free: bool,
                power_free: bool) -> bool:
        """Whether no choice of the combo woks from ``index`` on can beat the best so far."""
        if self.best_value == _NOTHING:  # nothing found yet: no bound can prune
            return False
        bound = acc + types_value
        for _, modes in self.entries[index:]:
            bound += _optimistic(modes, swap_free, power_free, self.power_value, self.n_type,
                                 self.usage)
        return bound <= self.best_value

    def _weigh_last(self, index: int, options: list[tuple[int, int, int]],
                    modes: list[_Mode], acc: int, types_value: int) -> None:
        """The last combo wok: each option's value is final. Weighed in the same order and
        with the same strict test the level below would use (the first best one wins),
        without a call per option."""
        usage, g_values, choice = self.usage, self.g_values, self.choice
        for estimate, mode_index, count in options:
            value = acc + estimate + types_value
            pairs = modes[mode_index][0] if mode_index >= 0 else ()
            for t, n in pairs:
                value += g_values[t][usage[t] + n * count] - g_values[t][usage[t]]
            if value > self.best_value:
                self.best_value = value
                choice[index] = (mode_index, count)
                self.best_choice = list(choice)
                self.best_usage = list(usage)
                for t, n in pairs:
                    self.best_usage[t] += n * count
        choice[index] = (0, 0)

    def run(self, index: int, acc: int, types_value: int, swap_free: bool,
            power_free: bool) -> None:
        """Search the combo woks from ``index`` on (``acc``: the combos' encoded value so far,
        ``types_value``: the types' values for the cards in combos so far)."""
        if index == self.last:
            if acc + types_value > self.best_value:
                self.best_value = acc + types_value
                self.best_choice = list(self.choice)
                self.best_usage = list(self.usage)
            return
        if self._pruned(index, acc, types_value, swap_free, power_free):
            return
        modes = self.entries[index][1]
        options = self._options(modes, swap_free, power_free)
        if index + 1 == self.last:
            self._weigh_last(index, options, modes, acc, types_value)
            return
        usage, g_values, choice = self.usage, self.g_values, self.choice
        for estimate, mode_index, count in options:
            choice[index] = (mode_index, count)
            if mode_index < 0:
                self.run(index + 1, acc + estimate, types_value, swap_free, False)
                continue
            pairs = modes[mode_index][0]
            delta = 0
            for t, n in pairs:
                before = usage[t]
                usage[t] = before + n * count
                delta += g_values[t][usage[t]] - g_values[t][before]
            self.run(index + 1, acc + estimate, types_value + delta,
                     swap_free and mode_index == 0, power_free)
            for t, n in pairs:
                usage[t] -= n * count
        choice[index] = (0, 0)


def _solve(
    effective: tuple[Effective, ...],
    counts: list[int],
    sign: int,
    scale: int,
    inner_power: int = -1,
    inner_swap: bool = False,
    value_only: bool = False,
) -> _Plan:
    """The best encoded value for fixed effective woks, and the choices that reach it.

    ``inner_power`` (the Man-at-power-wok's points, or -1) and ``inner_swap`` say whether the
    Man-at-power-wok and the Man-at-swap-wok are still free to go on a combo wok; the combo
    search then tries, for each combo wok, its own combination, each useful swap of it (to a
    type the player holds, not needing more cards than held) and the power wok, each man at
    most once. ``value_only``: the plan carries the value alone (its choices unset).
    """
    woks = _Woks(effective, len(counts))
    g_values, g_sets, n_type = _type_rows(woks, counts, sign, scale)
    entries = _combo_modes(woks, n_type, sign, scale, inner_swap)
    base = sum([values[0] for values in g_values])
    if not entries:  # no combo wok: nothing to search
        best_value, best_usage = base, [0] * len(n_type)
        best_choice: list[tuple[int, int]] = []
    else:
        power_free = inner_power >= 0
        search = _ComboSearch(entries, g_values, n_type,
                              inner_power * scale if power_free else -1)
        if len(entries) > 1:
            search.order(inner_swap, power_free)
        search.run(0, 0, base, inner_swap, power_free)
        best_value, best_choice, best_usage = (
            search.best_value, search.best_choice, search.best_usage)
    plan = _Plan(value=woks.covered * scale + best_value)
    if value_only:  # (the caller reads the value only: the choices are not filled in)
        return plan
    for (position, modes), (mode_index, count) in zip(entries, best_choice, strict=True):
        if mode_index < 0:
            plan.power_at = position
            continue
        if count:
            plan.combo_counts[position] = count
        swap = modes[mode_index][2]
        if swap is not None:
            plan.swap_at, plan.swap = position, swap
    plan.sets = [g_sets[t][best_usage[t]] for t in range(len(n_type))]
    plan.set3, plan.set5 = woks.set3, woks.set5
    plan.linear, plan.linear_src = woks.linear, woks.linear_src
    return plan


_NOTHING = -(1 << 60)
"""Below any value a search can find (the start of every search for the best)."""

_Mode = tuple[tuple[tuple[int, int], ...], int, tuple[int, int] | None]
"""A way to fill a combo wok: (type, cards per combo) pairs, encoded value per combo, and the
Man-at-swap-wok's (from type, to type) or None."""

_PAIRS: dict[tuple[int, ...], tuple[tuple[int, int], ...]] = {}


def _pairs(req: tuple[int, ...]) -> tuple[tuple[int, int], ...]:
    """(type, cards per combo) of each type a combination ``req`` (cards per type) needs
    (one tuple per combination, made once: the combo woks are a few dozen)."""
    found = _PAIRS.get(req)
    if found is None:
        found = tuple((t, n) for t, n in enumerate(req) if n)
        if len(_PAIRS) < 100_000:  # (a bound never reached: combinations of the card set)
            _PAIRS[req] = found
    return found


_ACCEPTING: dict[tuple[int, int], tuple[int, ...]] = {}


def _accepting(kind: int, num_classes: int) -> tuple[int, ...]:
    """The card classes a per-card wok of ``kind`` (LEFTOVERS, HAND or NOSYM) takes: any,
    those in the hand (class bit 2), those without symbols (class bit 1)."""
    found = _ACCEPTING.get((kind, num_classes))
    if found is None:
        found = tuple(
            c
            for c in range(num_classes)
            if not (kind == HAND and not c & 2) and not (kind == NOSYM and not c & 1)
        )
        _ACCEPTING[(kind, num_classes)] = found
    return found


_TYPE_TABLES: dict[tuple[int, ...], tuple[list[int], list[tuple[int, int]]]] = {}
_NO_CARDS: tuple[list[int], list[tuple[int, int]]] = ([0], [(0, 0)])
"""``_type_table`` of a type with no cards: nothing to score, whatever the woks (never
changed: the rows are read only)."""


def _type_table(
    t: int, linear: list[int], counts: list[int], sign: int, scale: int, p3: int, p5: int
) -> tuple[list[int], list[tuple[int, int]]]:
    """For u = 0..n cards of type t used in combos: the best value of the rest (sets of 3,
    sets of 5, per-card woks; the lowest-valued cards are the ones used) and its sets."""
    values: list[int] = []
    for c in range(t * 4, t * 4 + 4):
        if counts[c]:
            v = linear[c]
            e = max(0, v * scale + sign) if v >= 0 else 0
            values.extend([e] * counts[c])
    values.sort()
    n = len(values)
    prefix = [0]
    for e in values:
        prefix.append(prefix[-1] + e)
    total = prefix[-1]
    enc3 = p3 * scale + 3 * sign
    enc5 = p5 * scale + 5 * sign
    best_values: list[int] = []
    best_sets: list[tuple[int, int]] = []
    for u in range(n + 1):
        best = total - prefix[u]
        choice = (0, 0)
        room = n - u
        for fives in range(room // 5 + 1 if p5 >= 0 else 1):
            for threes in range((room - 5 * fives) // 3 + 1 if p3 >= 0 else 1):
                if not threes and not fives:
                    continue
                used = u + 3 * threes + 5 * fives
                value = total - prefix[used] + threes * enc3 + fives * enc5
                if value > best:
                    best, choice = value, (threes, fives)
        best_values.append(best)
        best_sets.append(choice)
    return best_values, best_sets
