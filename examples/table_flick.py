"""The physics table: deal a Wok on Fire table, flick the card nearest the centre, see what
happened.

Run: ``python -m examples.table_flick`` (or ``python examples/table_flick.py``).
"""

from __future__ import annotations

from wokphysics import Gesture, load_config
from wokphysics.games.wok_on_fire.deal import dealt_table


def main() -> None:
    cfg = load_config()  # config/physics.toml and config/wok_on_fire.toml
    table = dealt_table(cfg, seed=7)  # 26 cards face down in the wok, 24 in the supply
    card = min(table.wok_cards(), key=lambda c: c.x * c.x + c.y * c.y)
    # The blade starts 100 mm below the card's centre (towards seat 0) and moves up under it
    # at 1.7 m/s: 120 mm in 70.6 ms, then releases (the flick) with its leading edge 20 mm
    # past the card's centre: a deep catch, which turns the card over backwards.
    start_y = card.y - 100.0
    gesture = Gesture([(0.0, card.x, start_y), (0.0706, card.x, start_y + 120.0)])
    report = table.stir(gesture)
    print(f"aimed at card {card.id} ({card.ingredient}) at ({card.x:.0f}, {card.y:.0f}) mm")
    print(f"flipped: {list(report.flipped)}; launched: {list(report.launched)}")
    for card_id in report.launched:
        print(
            f"  card {card_id}: {report.half_turns[card_id]} half turns, rose "
            f"{report.peak_height[card_id]:.0f} mm, came to rest "
            f"{report.travel[card_id]:.0f} mm away"
        )
    print(f"simulated {report.simulated_s:.2f} s in {report.steps} steps")
    print(f"state hash {table.state_hash()[:16]}... (the same seed and gesture: the same hash)")


if __name__ == "__main__":
    main()
