"""Studies of the games on the batch runner (:mod:`wokphysics.batch`).

``simulate GAME`` and ``sweep GAME --vary ...`` build a study here: one task per game, each
game's record, its charts (win rates with 95 % intervals, score and length distributions, the
game's own figures) and the text table ``simulate`` prints. The physics sweeps of the flip
(``studies.flips``) use the same runner.
"""
