"""The launcher window: choose a game, its players, seats, rules options and seed.

- :mod:`.choices`: what may be chosen (no pygame), and the Setup a game starts from;
- :mod:`.pictures`: a picture of each game; :mod:`.scene`: the launcher scene, whose roles
  are :mod:`.presenter`, :mod:`.inputs` and :mod:`.drawing` (sharing :mod:`.spots`);
- :mod:`.run`: ``wokphysics`` alone opens it, and the games then play in its window.
"""
