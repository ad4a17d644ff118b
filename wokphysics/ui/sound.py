"""Short sound effects, synthesised with numpy into ``pygame.mixer`` buffers (no asset files).

Each effect is a few hundred milliseconds of samples computed once, on first use, from sines,
noise and envelopes; the noise comes from a generator with a fixed seed, so an effect sounds
the same every time (it is not game randomness). With no audio device (or ``muted``) every
call is silence, never an error: a desktop game must start on a machine without sound.

Effects: ``sizzle`` (a card flips in the wok), ``chop`` (the chop throw), ``dice`` (dice
rolled), ``bell`` (a timer runs out), ``coins`` (coins change hands), ``card`` (cards taken or
laid), ``refuse`` (a click the rules refuse), ``turn`` (a person's turn begins).
"""

from __future__ import annotations

import contextlib
import os
import sys
from collections.abc import Callable, Iterator
from typing import Literal, get_args

import numpy as np
import numpy.typing as npt
import pygame

Effect = Literal["sizzle", "chop", "dice", "bell", "coins", "card", "refuse", "turn"]
EFFECTS: tuple[Effect, ...] = get_args(Effect)
RATE = 44100
"""Samples per second asked of the mixer (it may choose another; effects follow it)."""
VOLUME = 0.5
"""Peak amplitude of an effect, 0..1 of full scale."""

Wave = npt.NDArray[np.float64]


def _time(rate: int, seconds: float) -> Wave:
    return np.arange(int(rate * seconds), dtype=np.float64) / rate


def _decay(t: Wave, tau_s: float) -> Wave:
    return np.exp(-t / tau_s)


def _sizzle(rate: int, noise: np.random.Generator) -> Wave:
    t = _time(rate, 0.45)
    hiss = np.diff(noise.standard_normal(len(t) + 1))  # a first difference: high-passed
    crackle = (noise.random(len(t)) > 0.997) * noise.standard_normal(len(t)) * 3.0
    envelope = np.minimum(1.0, t / 0.02) * _decay(t, 0.18)
    return (0.35 * hiss + crackle) * envelope


def _chop(rate: int, noise: np.random.Generator) -> Wave:
    t = _time(rate, 0.18)
    pitch = 160.0 * np.exp(-t / 0.05) + 60.0  # a thud that falls in pitch
    thud = np.sin(2 * np.pi * np.cumsum(pitch) / rate) * _decay(t, 0.06)
    click = noise.standard_normal(len(t)) * _decay(t, 0.004)
    return thud + 0.6 * click


def _dice(rate: int, noise: np.random.Generator) -> Wave:
    t = _time(rate, 0.42)
    out = np.zeros_like(t)
    for start, pitch in ((0.0, 2300.0), (0.07, 2900.0), (0.15, 2500.0), (0.21, 3300.0),
                         (0.3, 2700.0)):
        local = t - start
        mask = local >= 0
        tone = np.sin(2 * np.pi * pitch * local) + 0.5 * noise.standard_normal(len(t))
        out[mask] += (tone * _decay(np.abs(local), 0.012))[mask]
    return out


def _bell(rate: int, noise: np.random.Generator) -> Wave:
    del noise
    t = _time(rate, 1.2)
    base = 880.0
    out = np.zeros_like(t)
    for ratio, amp, tau in ((1.0, 1.0, 0.9), (2.76, 0.5, 0.45), (5.4, 0.25, 0.25),
                            (8.93, 0.12, 0.12)):  # a struck bell's inharmonic partials
        out += amp * np.sin(2 * np.pi * base * ratio * t) * _decay(t, tau)
    return out


def _coins(rate: int, noise: np.random.Generator) -> Wave:
    del noise
    t = _time(rate, 0.35)
    out = np.zeros_like(t)
    for start, pitch in ((0.0, 2637.0), (0.07, 3520.0)):
        local = t - start
        ring = (np.sin(2 * np.pi * pitch * local) + 0.4 * np.sin(2 * np.pi * pitch * 2.3 * local))
        out += np.where(local >= 0, ring * _decay(np.abs(local), 0.07), 0.0)
    return out


def _card(rate: int, noise: np.random.Generator) -> Wave:
    t = _time(rate, 0.14)
    swish: Wave = np.convolve(noise.standard_normal(len(t)), np.ones(6) / 6, mode="same")
    shape: Wave = np.sin(np.pi * t / t[-1]) ** 2
    return swish * shape


def _refuse(rate: int, noise: np.random.Generator) -> Wave:
    del noise
    t = _time(rate, 0.22)
    buzz = np.sign(np.sin(2 * np.pi * 150.0 * t)) * 0.5 + np.sin(2 * np.pi * 113.0 * t) * 0.5
    return buzz * np.minimum(1.0, t / 0.01) * _decay(t, 0.08)


def _turn(rate: int, noise: np.random.Generator) -> Wave:
    del noise
    t = _time(rate, 0.3)
    pitch = np.where(t < 0.12, 660.0, 990.0)
    return np.sin(2 * np.pi * np.cumsum(pitch) / rate) * _decay(t % 0.12, 0.09)


_SYNTHS: dict[Effect, Callable[[int, np.random.Generator], Wave]] = {
    "sizzle": _sizzle,
    "chop": _chop,
    "dice": _dice,
    "bell": _bell,
    "coins": _coins,
    "card": _card,
    "refuse": _refuse,
    "turn": _turn,
}


def synthesise(effect: Effect, rate: int = RATE) -> Wave:
    """The effect's samples at ``rate`` per second, peak ``VOLUME`` (mono, -1..1 floats)."""
    wave = _SYNTHS[effect](rate, np.random.default_rng(sum(map(ord, effect))))
    peak = float(np.max(np.abs(wave))) or 1.0
    fade = np.minimum(1.0, (len(wave) - np.arange(len(wave))) / (0.005 * rate))  # no click
    return np.asarray(wave / peak * VOLUME * fade, dtype=np.float64)


def _to_buffer(wave: Wave, size: int, channels: int) -> bytes:
    """Samples in the mixer's format (``size`` as pygame reports it), interleaved."""
    frames = np.repeat(wave[:, None], channels, axis=1)
    if size == 32:
        return frames.astype(np.float32).tobytes()
    scale = float(2 ** (abs(size) - 1) - 1)
    ints = np.round(frames * scale)
    if size > 0:  # unsigned samples sit around the middle of their range
        ints += scale + 1
    dtypes: dict[int, type[np.integer]] = {-8: np.int8, -16: np.int16, 8: np.uint8,
                                           16: np.uint16}
    return ints.astype(dtypes[size]).tobytes()


@contextlib.contextmanager
def c_stderr_silenced() -> Iterator[None]:
    """Meanwhile, file descriptor 2 goes to the null device. The C audio libraries write
    their failed probes there (ALSA's eight 'cannot find card 0' lines on a machine without
    a sound card), under Python, where no exception carries them: a player starting a game
    there must read nothing but the game's own words. Python's ``sys.stderr`` is flushed
    first so nothing of the program's own is lost."""
    try:
        sys.stderr.flush()
        saved = os.dup(2)
    except (OSError, ValueError):  # no descriptor 2 at all: nothing to silence
        saved = -1
    if saved >= 0:
        with open(os.devnull, "wb") as null:
            os.dup2(null.fileno(), 2)
    try:
        yield
    finally:
        if saved >= 0:
            os.dup2(saved, 2)
            os.close(saved)


class Sound:
    """The effects of one window. ``play`` is silent when muted or with no audio device."""

    def __init__(self, muted: bool = False) -> None:
        self.muted = muted
        self._sounds: dict[Effect, pygame.mixer.Sound] = {}
        self._format: tuple[int, int, int] | None = None
        self.problem: str | None = None
        """Why there is no sound (no audio device, ...), or None when the mixer works."""
        try:
            if pygame.mixer.get_init() is None:
                with c_stderr_silenced():
                    pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
            found = pygame.mixer.get_init()
            if found is None:
                raise pygame.error("the mixer did not start")
            self._format = (int(found[0]), int(found[1]), int(found[2]))
        except (pygame.error, OSError) as error:
            self.problem = f"no sound: {error}"

    @property
    def available(self) -> bool:
        """True when an audio device plays the effects."""
        return self._format is not None

    def toggle_mute(self) -> bool:
        """Mute or unmute; returns the new ``muted``."""
        self.muted = not self.muted
        if self.muted and self.available:
            pygame.mixer.stop()
        return self.muted

    def sound(self, effect: Effect) -> pygame.mixer.Sound | None:
        """The effect's mixer buffer (made on first use), or None without a device."""
        if self._format is None:
            return None
        found = self._sounds.get(effect)
        if found is None:
            rate, size, channels = self._format
            try:
                found = pygame.mixer.Sound(buffer=_to_buffer(synthesise(effect, rate), size,
                                                             channels))
            except (pygame.error, KeyError) as error:
                self.problem = f"no sound: {error}"
                self._format = None
                return None
            self._sounds[effect] = found
        return found

    def play(self, effect: Effect) -> None:
        """Play ``effect`` now (over any other), unless muted or without a device."""
        if self.muted:
            return
        found = self.sound(effect)
        if found is not None:
            found.play()
