"""Where a dish's long word may be broken when its column is narrower than the word (issue
27): at a syllable or compound boundary, with a hyphen, as a printed menu would ("Pine-" /
"apple"), never mid-syllable ("Pineappl" / "e"). No pygame here: the break points are
words; :func:`hyphenate` is given the measure to fit."""

from __future__ import annotations

from collections.abc import Callable

SYLLABLES: tuple[str, ...] = (
    "Braised", "Broc-co-li", "Chick-en", "Jelly-fish", "Noo-dles",
    "Pine-apple", "Poached", "Scal-lops", "Sea-son-al", "Sin-ga-pore", "Spe-cial",
    "Trea-sures'", "Trot-ter", "Veg-e-ta-bles", "Ver-mi-cel-li", "Yang-zhou",
)
"""The long words (7 letters and more) of both menus' dishes and the House Special tiles,
their hyphenation points marked with "-" (a word of one syllable has none). A word already
hyphenated ("Twice-Cooked", "Deep-fried") breaks after its hyphen."""

BREAKS: dict[str, tuple[int, ...]] = {}
"""Each word of :data:`SYLLABLES` (without its marks): the lengths of its prefixes after
which it may break."""
for _marked in SYLLABLES:
    _cuts: list[int] = []
    for _part in _marked.split("-")[:-1]:
        _cuts.append((_cuts[-1] if _cuts else 0) + len(_part))
    BREAKS[_marked.replace("-", "")] = tuple(_cuts)


def break_points(word: str) -> tuple[int, ...]:
    """The lengths of ``word``'s prefixes after which a line may end: after each of its own
    hyphens (the hyphen kept on the first line) and at :data:`BREAKS`' points (a hyphen
    added there)."""
    own = tuple(k + 1 for k, c in enumerate(word[:-1]) if c == "-")
    return own or BREAKS.get(word, ())


def hyphenate(words: str, width: int, measure: Callable[[str], int]) -> str:
    """``words`` with each word wider than ``width`` (as ``measure`` says, px) broken at its
    last break point whose first part (with its hyphen) fits, again on what is left: the
    parts joined by a space, so that a wrap at ``width`` puts them on lines of their own. A
    word with no break point that fits is left whole (the caller decides what to do)."""
    out: list[str] = []
    for word in words.split():
        while measure(word) > width:
            fits = [k for k in break_points(word)
                    if measure(word[:k] if word[k - 1] == "-" else word[:k] + "-") <= width]
            if not fits:
                break
            k = fits[-1]
            out.append(word[:k] if word[k - 1] == "-" else word[:k] + "-")
            word = word[k:]
        out.append(word)
    return " ".join(out)

