"""Synthesise the app's sound effects into WAV files beside this script (pure Python, deterministic).

    python assets/sounds/make.py          # rewrites every *.wav here

Every effect is built from a few primitives — sine/triangle tones with pitch glides, filtered noise
bursts and an attack/decay envelope — so the whole sound set is ours and reproducible byte for byte
(the noise comes from a fixed-seed generator). 22,050 Hz, mono, 16-bit: small files, quick to load.
"""
from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
HERE = Path(__file__).resolve().parent


def silence(seconds: float) -> list[float]:
    return [0.0] * int(RATE * seconds)


def tone(f0: float, f1: float, seconds: float, wave_kind: str = "sine", attack: float = 0.005,
         decay: float = 6.0, volume: float = 0.6) -> list[float]:
    """A tone gliding from f0 to f1 Hz, with a short attack and an exponential decay."""
    n = int(RATE * seconds)
    out, phase = [], 0.0
    for i in range(n):
        t = i / RATE
        f = f0 + (f1 - f0) * (i / max(1, n - 1))
        phase += 2 * math.pi * f / RATE
        if wave_kind == "sine":
            s = math.sin(phase)
        elif wave_kind == "triangle":
            s = 2 / math.pi * math.asin(math.sin(phase))
        else:  # soft square: a few odd harmonics
            s = math.sin(phase) + math.sin(3 * phase) / 3 + math.sin(5 * phase) / 5
            s *= 0.8
        env = min(1.0, t / attack) if attack > 0 else 1.0
        env *= math.exp(-decay * t)
        out.append(volume * env * s)
    return out


def noise(seconds: float, seed: int, cutoff: float = 0.3, decay: float = 18.0, volume: float = 0.5,
          attack: float = 0.002) -> list[float]:
    """A noise burst through a one-pole low-pass (cutoff 0..1: darker to brighter)."""
    rng = random.Random(seed)
    n = int(RATE * seconds)
    out, y = [], 0.0
    for i in range(n):
        t = i / RATE
        y += cutoff * (rng.uniform(-1, 1) - y)
        env = min(1.0, t / attack) * math.exp(-decay * t)
        out.append(volume * env * y * 2.2)
    return out


def mix(*parts: tuple[float, list[float]]) -> list[float]:
    """Overlay parts, each starting at its offset in seconds."""
    length = max(int(off * RATE) + len(p) for off, p in parts)
    out = [0.0] * length
    for off, p in parts:
        start = int(off * RATE)
        for i, s in enumerate(p):
            out[start + i] += s
    return out


def then(*parts: list[float]) -> list[float]:
    out: list[float] = []
    for p in parts:
        out.extend(p)
    return out


def pickup():
    return mix((0, tone(520, 760, 0.07, "sine", decay=30, volume=0.45)), (0, noise(0.03, 1, 0.5, 60, 0.15)))


def drop():
    return mix((0, tone(300, 180, 0.09, "triangle", decay=35, volume=0.6)), (0, noise(0.05, 2, 0.25, 50, 0.35)))


def refused():
    return then(tone(330, 300, 0.09, "square", decay=12, volume=0.3), silence(0.03),
                tone(250, 220, 0.14, "square", decay=10, volume=0.3))


def draw():
    return mix((0, noise(0.12, 3, 0.55, 22, 0.45)), (0.02, tone(900, 1300, 0.05, "sine", decay=40, volume=0.12)))


def flip():
    return mix((0, noise(0.06, 4, 0.7, 45, 0.5)), (0.03, noise(0.05, 5, 0.4, 50, 0.3)))


def shuffle():
    return mix(*[(0.035 * k, noise(0.05, 10 + k, 0.6, 40, 0.35)) for k in range(9)])


def dice():
    hits = [0.0, 0.07, 0.12, 0.2, 0.25, 0.33, 0.41]
    return mix(*[(t, mix((0, noise(0.04, 20 + i, 0.8, 70, 0.5)),
                        (0, tone(1400 - 90 * i, 1100 - 90 * i, 0.03, "triangle", decay=90, volume=0.2))))
                 for i, t in enumerate(hits)])


def damage():
    return mix((0, tone(160, 60, 0.25, "square", decay=12, volume=0.45)), (0, noise(0.2, 30, 0.35, 14, 0.5)))


def alarm():
    return then(*[then(tone(880, 660, 0.16, "triangle", decay=4, volume=0.4), silence(0.04)) for _ in range(3)])


def turn():
    return then(tone(660, 660, 0.09, "sine", decay=14, volume=0.35), tone(990, 990, 0.16, "sine", decay=9, volume=0.35))


def win():
    notes = [523.25, 659.25, 783.99, 1046.5]
    return then(*[tone(f, f, 0.13 if i < 3 else 0.5, "triangle", decay=5 if i < 3 else 3, volume=0.45)
                  for i, f in enumerate(notes)])


def loss():
    notes = [392.0, 349.23, 311.13, 261.63]
    return then(*[tone(f, f * 0.99, 0.2 if i < 3 else 0.6, "sine", decay=4 if i < 3 else 2.5, volume=0.45)
                  for i, f in enumerate(notes)])


SOUNDS = {"pickup": pickup, "drop": drop, "refused": refused, "draw": draw, "flip": flip,
          "shuffle": shuffle, "dice": dice, "damage": damage, "alarm": alarm, "turn": turn,
          "win": win, "loss": loss}


def write(name: str, samples: list[float], folder: Path = HERE) -> Path:
    peak = max(1e-9, max(abs(s) for s in samples))
    gain = min(1.0, 0.89 / peak)            # normalise loud effects, never boost quiet ones
    fade = int(RATE * 0.004)                # no click at the end
    frames = bytearray()
    n = len(samples)
    for i, s in enumerate(samples):
        if i >= n - fade:
            s *= (n - i) / fade
        frames += struct.pack("<h", int(max(-1.0, min(1.0, s * gain)) * 32767))
    path = folder / f"{name}.wav"
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(bytes(frames))
    return path


def main() -> None:
    for name, make in SOUNDS.items():
        print(write(name, make()))


if __name__ == "__main__":
    main()
