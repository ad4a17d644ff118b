"""Rules at hand: a game's rules as a player looks them up mid-game (no pygame).

Each game gives a :class:`RulesReference`: a few short sections (the cards, their powers,
scoring, what ends the game), written from the rulebook and the product decisions, with the
numbers of the config the game is played with. A refusal links to the section of the rule it
enforces: :meth:`RulesReference.section_for` finds it by the words the refusal uses (each
section lists the words of its rule in ``about``), so the window opens its rules there.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class RuleSection:
    """One page of a game's rules.

    Attributes:
        key: a short name (``"viable"``), stable for tests and links.
        title: what the page's tab says.
        lines: the page's text, a line per paragraph (an empty string is a gap).
        about: lower-case words or phrases of refusals this page explains.
        picture: the name of a diagram the window draws under the text (None: none).
    """

    key: str
    title: str
    lines: tuple[str, ...]
    about: tuple[str, ...] = ()
    picture: str | None = None


@dataclass(frozen=True)
class RulesReference:
    """A game's rules at hand: its title and its sections in reading order."""

    title: str
    sections: tuple[RuleSection, ...]

    def section(self, key: str) -> RuleSection:
        """The section named ``key`` (a KeyError if there is none)."""
        for section in self.sections:
            if section.key == key:
                return section
        raise KeyError(key)

    def section_for(self, reason: str) -> RuleSection | None:
        """The section whose rule a refusal's ``reason`` enforces: the one whose ``about``
        words occur most often in it (the longest phrase first on a tie); None when no
        section's words occur."""
        text = reason.lower()
        best: RuleSection | None = None
        best_key = (0, 0)
        for section in self.sections:
            found = [phrase for phrase in section.about if phrase in text]
            if not found:
                continue
            key = (len(found), max(len(phrase) for phrase in found))
            if key > best_key:
                best, best_key = section, key
        return best
