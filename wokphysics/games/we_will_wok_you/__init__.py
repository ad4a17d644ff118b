"""We Will Wok You: the card game of coins, rows of ingredients and wok cards.

Wired in by :mod:`.plugin` (bots ``greedy`` and ``random``); the state is
:class:`.state.WeWillWokYouState`. This package's ``__init__`` imports nothing, so listing the
games stays quick.
"""
