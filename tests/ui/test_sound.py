"""Sound effects: synthesised, short, audible, and silence (not an error) without a device."""

from __future__ import annotations

import os
import subprocess
import sys

import numpy as np
import pygame
import pytest

from wokphysics.ui.sound import EFFECTS, RATE, VOLUME, Effect, Sound, synthesise


@pytest.mark.parametrize("effect", EFFECTS)
def test_each_effect_is_short_loud_enough_and_ends_quietly(effect: Effect) -> None:
    wave = synthesise(effect)
    seconds = len(wave) / RATE
    assert 0.1 <= seconds <= 1.5
    assert np.max(np.abs(wave)) == pytest.approx(VOLUME, rel=1e-6)
    assert abs(wave[-1]) < 0.01 * VOLUME  # faded out: no click at the end
    # The same every time (fixed noise), so a player hears one sound per event.
    assert np.array_equal(wave, synthesise(effect))


def test_effects_differ_from_each_other() -> None:
    starts = {effect: synthesise(effect)[:2000].round(3).tobytes() for effect in EFFECTS}
    assert len(set(starts.values())) == len(EFFECTS)


def test_effects_play_into_the_mixer_and_mute_stops_them() -> None:
    sound = Sound()
    assert sound.available, sound.problem  # SDL's dummy audio driver (tests/conftest.py)
    buffer = sound.sound("bell")
    assert buffer is not None and buffer.get_length() == pytest.approx(1.2, abs=0.01)
    sound.play("coins")
    assert sound.toggle_mute() is True
    sound.play("dice")  # muted: nothing, no error
    assert sound.toggle_mute() is False


def test_no_audio_device_is_silence_not_an_error() -> None:
    env = dict(os.environ, SDL_AUDIODRIVER="no-such-audio-driver", SDL_VIDEODRIVER="dummy")
    code = (
        "from wokphysics.ui.sound import Sound, EFFECTS\n"
        "s = Sound()\n"
        "assert not s.available and s.problem, s.problem\n"
        "[s.play(e) for e in EFFECTS]\n"
        "print('silent:', s.problem)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("silent: no sound")


def test_m_key_mutes_the_window() -> None:
    from wokphysics.ui.app import App, WindowOptions

    class Blank:
        def update(self, real_s: float, speed: float = 1.0) -> None: ...
        def draw(self, surface: pygame.Surface) -> None:
            surface.fill((0, 0, 0))
        def mouse_down(self, button: int, pos: tuple[int, int], t_s: float) -> None: ...
        def mouse_move(self, pos: tuple[int, int], t_s: float) -> None: ...
        def mouse_up(self, button: int, pos: tuple[int, int], t_s: float) -> None: ...
        def key(self, key: int) -> None: ...
        def pointer_away(self) -> None: ...

    app = App(WindowOptions(size=(1024, 640)), lambda _app: Blank())
    assert not app.sound.muted
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, {"key": pygame.K_m, "mod": 0}))
    app.frame(1 / 60)
    assert app.sound.muted
    pygame.display.quit()


def test_closing_the_window_stops_the_mixer(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The mixer's audio thread calls into Python whenever an effect ends; it must not outlive
    # the window in a process that goes on (it crashed one that started tracemalloc later).
    from cli_helpers import wokphysics

    outcome = wokphysics(capsys, monkeypatch, "play", "we-will-wok-you", "--max-frames", "3",
                         "--no-save")
    assert outcome.status == 0, outcome.err
    assert pygame.mixer.get_init() is None


def test_the_audio_libraries_probes_are_not_printed(capfd: pytest.CaptureFixture[str]) -> None:
    from wokphysics.ui.sound import c_stderr_silenced

    with c_stderr_silenced():
        os.write(2, b"ALSA lib confmisc.c:855:(parse_card) cannot find card '0'\n")
    os.write(2, b"after\n")
    assert capfd.readouterr().err == "after\n"


def test_a_machine_without_a_sound_card_starts_quietly() -> None:
    # ALSA (the Linux default) with no card printed eight lines of C errors on every start of
    # a window; a real sound card opens without any. Either way the game's terminal is clean.
    env = dict(os.environ, SDL_AUDIODRIVER="alsa", SDL_VIDEODRIVER="dummy")
    code = "from wokphysics.ui.sound import Sound\ns = Sound()\nprint('ok', s.available)\n"
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                          timeout=60, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("ok")
    assert done.stderr == ""
