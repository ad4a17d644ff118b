"""Settings of the physics table (``config/physics.toml``): geometry and physics only.

:class:`TableConfig` is all that :mod:`wokphysics.table` is given. It knows nothing of a game's
rules, deck or bots; the game that owns a table passes it the card labels and the counts it
needs (see :class:`wokphysics.table.world.Table`). Units: mm, s, rad, g.
"""

from __future__ import annotations

from pydantic import Field, model_validator

from wokphysics.config.loader import Settings


class WokSettings(Settings):
    """``[wok]``: the wok's rectangle on the table, centred on the origin."""

    width_mm: float = Field(gt=100, le=5000)
    depth_mm: float = Field(gt=100, le=5000)


class TableSettings(Settings):
    """``[table]``: the table surface around the wok (beyond it a card falls to the floor)."""

    width_mm: float = Field(gt=100, le=10000)
    depth_mm: float = Field(gt=100, le=10000)
    hand_margin_mm: float = Field(ge=0, le=1000)


class CardSettings(Settings):
    """``[card]``: size, mass and the printed centre circle and corner dots of a card."""

    width_mm: float = Field(gt=5, le=500)
    length_mm: float = Field(gt=5, le=500)
    mass_g: float = Field(ge=0.1, le=1000)
    """One card's mass, g: a poker card weighs about 1.8 g, and 0.1 g is a card of that size
    in the thinnest tissue paper. (The floor matters: at 1e-300 g pymunk's impulses overflow
    and every card's position became NaN mid-game.)"""
    circle_diameter_fraction: float = Field(gt=0, le=1)
    dot_diameter_mm: float = Field(gt=0, le=100)
    dot_inset_mm: float = Field(ge=0, le=100)

    @model_validator(mode="after")
    def _dots_fit(self) -> CardSettings:
        if 2 * (self.dot_inset_mm + self.dot_diameter_mm) > min(self.width_mm, self.length_mm):
            raise ValueError("corner dots (inset + diameter) do not fit on the card")
        return self


MAX_SETTLE_STEPS = 20_000
"""Most physics steps one stir or chop may wait for the cards to rest
(``physics.max_settle_s / physics.dt_s``): every action's step count is bounded by validated
limits, so no config makes a stir run for hours (the defaults: 960 steps)."""


class PhysicsSettings(Settings):
    """``[physics]``: the fixed step, the solver and the laws of motion."""

    dt_s: float = Field(ge=1e-4, le=1e-2)
    solver_iterations: int = Field(ge=1, le=100)
    flight_substeps: int = Field(ge=1, le=64)
    gravity_mm_s2: float = Field(ge=1000, le=100000)
    friction: float = Field(ge=0, le=5)
    card_friction: float = Field(ge=0, le=5)
    restitution: float = Field(ge=0, le=1)
    air_drag_per_s: float = Field(ge=0, le=100)
    terminal_speed_mm_s: float = Field(ge=100, le=1e5)
    spin_drag_per_rad: float = Field(ge=0, le=100)
    rest_speed_mm_s: float = Field(ge=0.01, le=100)
    rest_spin_rad_s: float = Field(ge=1e-4, le=10)
    max_settle_s: float = Field(gt=0, le=120)
    max_flight_s: float = Field(gt=0, le=60)

    @model_validator(mode="after")
    def _settling_is_bounded(self) -> PhysicsSettings:
        steps = self.max_settle_s / self.dt_s
        if steps > MAX_SETTLE_STEPS:
            raise ValueError(
                f"max_settle_s / dt_s is {steps:,.0f} steps; at most {MAX_SETTLE_STEPS:,} "
                "(lower max_settle_s or raise dt_s)"
            )
        return self


class SpatulaSettings(Settings):
    """``[spatula]``: the blade, how it slides under cards and how its flick lifts them."""

    blade_width_mm: float = Field(gt=1, le=500)
    blade_length_mm: float = Field(gt=1, le=500)
    blade_thickness_mm: float = Field(gt=0, le=50)
    blade_friction: float = Field(ge=0, le=5)
    release_window_s: float = Field(gt=0, le=1)
    turn_travel_mm: float = Field(ge=0, le=500)
    lift_ratio: float = Field(ge=0, le=20)
    wrist_lever_mm: float = Field(gt=1, le=5000)
    hand_speed_limit_mm_s: float = Field(ge=100, le=1e5)
    flick_noise: float = Field(ge=0, le=1)
    wrist_noise: float = Field(ge=0, le=1)
    snap_jitter_s: float = Field(ge=0, le=0.1)
    noise_speed_mm_s: float = Field(ge=100, le=1e5)
    noise_growth: float = Field(ge=0, le=4)
    tremor_yaw_rad_per_mm: float = Field(ge=0, le=1)
    min_lift_mm: float = Field(ge=0, le=500)
    max_speed_mm_s: float = Field(ge=500, le=1e5)


class ChopSettings(Settings):
    """``[chop]``: how cards thrown from a hand leave it."""

    throw_gain: float = Field(ge=0, le=10)
    release_height_mm: float = Field(ge=0, le=1000)
    lift_speed_mm_s: float = Field(ge=0, le=10000)
    spin_sd_rad_s: float = Field(ge=0, le=200)
    yaw_sd_rad_s: float = Field(ge=0, le=200)
    spread_mm: float = Field(ge=0, le=200)
    speed_sd: float = Field(ge=0, le=1)
    direction_sd_rad: float = Field(ge=0, le=3.2)
    lift_sd: float = Field(ge=0, le=1)


class VisibilitySettings(Settings):
    """``[visibility]``: when a printed region counts as seen from above."""

    circle_min_area_mm2: float = Field(gt=0, le=100)
    dot_min_fraction: float = Field(gt=0, le=1)
    circle_segments: int = Field(ge=8, le=1024)


class TableConfig(Settings):
    """Every number of the physics table, one attribute per ``physics.toml`` section. Frozen."""

    wok: WokSettings
    table: TableSettings
    card: CardSettings
    physics: PhysicsSettings
    spatula: SpatulaSettings
    chop: ChopSettings
    visibility: VisibilitySettings


