"""Short runnable examples of wokphysics' public API, one per part.

From the repository's top folder, run one as a module or as a script::

    python -m examples.table_flick          # the physics table
    python examples/wok_on_fire_game.py     # Wok on Fire's engine, with a record verified
    python -m examples.we_will_wok_you      # each turn engine: a game of bots, exact scoring
    python -m examples.wok_star
    python -m examples.wok_and_roll
    python -m examples.batch_study          # the batch runner

``tests/test_examples.py`` runs every one of them both ways.
"""
