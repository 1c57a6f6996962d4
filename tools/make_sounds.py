"""Synthesize the game's sound effects and music loop (pure stdlib, deterministic).

Writes 16-bit mono WAV files to ``assets/sounds/``::

    python tools/make_sounds.py [out_dir]

Effects are 22050 Hz; the gentle music loop is 11025 Hz to stay small.
"""

from __future__ import annotations

import math
import random
import struct
import sys
import wave
from collections.abc import Callable
from pathlib import Path

RATE = 22050
MUSIC_RATE = 11025
Samples = list[float]

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_OUT = ROOT / "assets" / "sounds"


# ---------------------------------------------------------------- building blocks


def silence(seconds: float, rate: int = RATE) -> Samples:
    return [0.0] * int(seconds * rate)


def noise(n: int, rng: random.Random) -> Samples:
    return [rng.uniform(-1.0, 1.0) for _ in range(n)]


def lowpass(x: Samples, cutoff: float, rate: int = RATE) -> Samples:
    a = 1.0 - math.exp(-2.0 * math.pi * cutoff / rate)
    y, out = 0.0, []
    for v in x:
        y += a * (v - y)
        out.append(y)
    return out


def highpass(x: Samples, cutoff: float, rate: int = RATE) -> Samples:
    low = lowpass(x, cutoff, rate)
    return [a - b for a, b in zip(x, low, strict=True)]


def envelope(n: int, attack: float, decay: float, rate: int = RATE) -> Samples:
    """Linear attack (seconds) then exponential decay (time constant, seconds)."""
    a = max(1, int(attack * rate))
    return [i / a if i < a else math.exp(-(i - a) / (decay * rate)) for i in range(n)]


def mul(x: Samples, y: Samples) -> Samples:
    return [a * b for a, b in zip(x, y, strict=False)]


def mix_into(dst: Samples, src: Samples, start: int, gain: float = 1.0, wrap: bool = False) -> None:
    n = len(dst)
    for i, v in enumerate(src):
        j = start + i
        if wrap:
            j %= n
        elif j >= n:
            break
        dst[j] += v * gain


def tone(
    freq: float,
    seconds: float,
    harmonics: tuple[float, ...] = (1.0,),
    attack: float = 0.005,
    decay: float = 0.2,
    rate: int = RATE,
    vibrato: float = 0.0,
) -> Samples:
    n = int(seconds * rate)
    env = envelope(n, attack, decay, rate)
    out = []
    for i in range(n):
        t = i / rate
        f = freq * (1 + vibrato * math.sin(2 * math.pi * 5.5 * t))
        v = sum(h * math.sin(2 * math.pi * f * (k + 1) * t) for k, h in enumerate(harmonics))
        out.append(v * env[i])
    # tiny fade-out so the end never clicks
    tail = min(n, int(0.01 * rate))
    for i in range(tail):
        out[n - 1 - i] *= i / tail
    return out


def normalise(x: Samples, peak: float = 0.9) -> Samples:
    m = max((abs(v) for v in x), default=0.0)
    return x if m == 0 else [v * peak / m for v in x]


def fade(x: Samples, seconds_in: float, seconds_out: float, rate: int = RATE) -> Samples:
    n = len(x)
    a, b = int(seconds_in * rate), int(seconds_out * rate)
    out = list(x)
    for i in range(min(a, n)):
        out[i] *= i / a
    for i in range(min(b, n)):
        out[n - 1 - i] *= i / b
    return out


def note(name: str) -> float:
    """Frequency of e.g. ``"A4"``, ``"C#5"``."""
    names = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    semis = names[name[0]]
    rest = name[1:]
    if rest.startswith("#"):
        semis, rest = semis + 1, rest[1:]
    elif rest.startswith("b"):
        semis, rest = semis - 1, rest[1:]
    return 440.0 * 2 ** ((semis + 12 * (int(rest) - 4)) / 12)


# ---------------------------------------------------------------- effects


def play_sfx(rng: random.Random) -> Samples:
    """Card slap: bright noise burst plus a soft low thump."""
    n = int(0.14 * RATE)
    hit = mul(highpass(lowpass(noise(n, rng), 5000), 600), envelope(n, 0.001, 0.018))
    thump = tone(140, 0.14, (1.0, 0.3), attack=0.001, decay=0.03)
    return normalise([a + 0.6 * b for a, b in zip(hit, thump, strict=True)], 0.85)


def draw_sfx(rng: random.Random) -> Samples:
    """Card slide: band-limited noise swelling then fading."""
    n = int(0.26 * RATE)
    raw = highpass(lowpass(noise(n, rng), 3500), 900)
    env = [math.sin(math.pi * i / n) ** 1.5 * (0.7 + 0.3 * math.sin(i / n * 9)) for i in range(n)]
    return normalise(mul(raw, env), 0.6)


def shuffle_sfx(rng: random.Random) -> Samples:
    """Riffle: a run of tiny card clicks that speeds up, then a soft bridge."""
    out = silence(0.95)
    t = 0.02
    while t < 0.72:
        click = int(0.012 * RATE)
        burst = mul(highpass(noise(click, rng), 1500), envelope(click, 0.0005, 0.003))
        mix_into(out, burst, int(t * RATE), rng.uniform(0.4, 1.0))
        t += rng.uniform(0.010, 0.022) * (1.0 - 0.4 * t)
    bridge = int(0.2 * RATE)
    swoosh = mul(lowpass(noise(bridge, rng), 2000), envelope(bridge, 0.03, 0.05))
    mix_into(out, swoosh, int(0.74 * RATE), 0.7)
    return normalise(fade(out, 0.0, 0.03), 0.7)


def uno_sfx(rng: random.Random) -> Samples:
    """A short, bright two-note call (G5 -> C6)."""
    bright = (1.0, 0.5, 0.3, 0.15, 0.08)
    out = silence(0.5)
    mix_into(out, tone(note("G5"), 0.16, bright, 0.004, 0.09, vibrato=0.003), 0)
    mix_into(out, tone(note("C6"), 0.34, bright, 0.004, 0.14, vibrato=0.004), int(0.13 * RATE))
    return normalise(out, 0.8)


def win_sfx(rng: random.Random) -> Samples:
    """Little fanfare: rising arpeggio then a held major chord."""
    brass = (1.0, 0.6, 0.35, 0.2, 0.1)
    out = silence(1.4)
    for i, name in enumerate(("C5", "E5", "G5")):
        mix_into(
            out, tone(note(name), 0.2, brass, 0.006, 0.12, vibrato=0.003), int(i * 0.12 * RATE)
        )
    for name in ("C5", "E5", "G5", "C6"):
        mix_into(out, tone(note(name), 1.0, brass, 0.01, 0.35, vibrato=0.005), int(0.38 * RATE))
    return normalise(out, 0.8)


def fanfare_sfx(rng: random.Random) -> Samples:
    """A match won by a person at the table: two rising phrases, then a long bright chord."""
    brass = (1.0, 0.6, 0.35, 0.2, 0.1)
    out = silence(1.9)
    phrase = (("G4", 0.0), ("C5", 0.11), ("E5", 0.22), ("G5", 0.33),
              ("E5", 0.55), ("G5", 0.66), ("C6", 0.77))
    for name, at in phrase:
        mix_into(out, tone(note(name), 0.22, brass, 0.006, 0.12, vibrato=0.003), int(at * RATE))
    for name in ("C5", "E5", "G5", "C6", "E6"):
        mix_into(out, tone(note(name), 0.9, brass, 0.01, 0.45, vibrato=0.006), int(0.95 * RATE),
                 gain=0.8)
    return normalise(fade(out, 0.0, 0.25), 0.8)


def round_over_sfx(rng: random.Random) -> Samples:
    """A round someone else won: a calm, soft falling third, no fanfare."""
    soft = (1.0, 0.25, 0.08)
    out = silence(0.8)
    mix_into(out, tone(note("E5"), 0.5, soft, 0.02, 0.25), 0)
    mix_into(out, tone(note("C5"), 0.55, soft, 0.02, 0.35), int(0.22 * RATE))
    return normalise(out, 0.45)


def click_sfx(rng: random.Random) -> Samples:
    """UI click: very short woody tick."""
    return normalise(tone(1800, 0.03, (1.0, 0.3), attack=0.0005, decay=0.006), 0.6)


def error_sfx(rng: random.Random) -> Samples:
    """Soft low buzz for an illegal move: two slightly detuned, filtered tones."""
    n = int(0.28 * RATE)
    buzz = [0.0] * n
    for f in (155.0, 163.0):
        for i in range(n):
            buzz[i] += 1.0 if math.sin(2 * math.pi * f * i / RATE) > 0 else -1.0
    soft = lowpass(lowpass(buzz, 900), 900)
    env = [min(1.0, i / (0.015 * RATE)) * min(1.0, (n - i) / (0.08 * RATE)) for i in range(n)]
    return normalise(mul(soft, env), 0.5)


# ---------------------------------------------------------------- music


def music_loop(rng: random.Random) -> Samples:
    """A gentle, seamless 19 s loop: soft pads, a plucked arpeggio and a bass."""
    rate, bpm = MUSIC_RATE, 100
    beat = 60 / bpm
    chords = [  # Cmaj7 - Am7 - Fmaj7 - G6, one bar (4 beats) each, twice
        ("C3", ("E4", "G4", "B4", "C5")),
        ("A2", ("E4", "G4", "A4", "C5")),
        ("F2", ("E4", "F4", "A4", "C5")),
        ("G2", ("D4", "E4", "G4", "B4")),
    ] * 2
    bar = 4 * beat
    total = int(len(chords) * bar * rate)
    out = [0.0] * total
    pluck_h = (1.0, 0.35, 0.12)
    pattern = (0, 1, 2, 3, 2, 1, 2, 3)
    for b, (bass, notes) in enumerate(chords):
        start = b * bar
        for name in notes:  # pad
            pad = tone(note(name), bar * 1.3, (1.0, 0.15), attack=0.6, decay=1.4, rate=rate)
            mix_into(out, pad, int(start * rate), 0.06, wrap=True)
        for k in range(2):  # bass on beats 1 and 3
            bs = tone(note(bass), beat * 1.8, (1.0, 0.4, 0.1), attack=0.01, decay=0.5, rate=rate)
            mix_into(out, bs, int((start + k * 2 * beat) * rate), 0.22, wrap=True)
        for i, idx in enumerate(pattern):  # eighth-note arpeggio, a touch of swing
            t = start + i * beat / 2 + (0.02 if i % 2 else 0.0)
            f = note(notes[idx]) * (2 if b % 4 == 3 and i >= 6 else 1)
            pl = tone(f, 0.6, pluck_h, attack=0.003, decay=0.16, rate=rate)
            mix_into(out, pl, int(t * rate), 0.11 * rng.uniform(0.8, 1.0), wrap=True)
    return normalise(out, 0.55)


# ---------------------------------------------------------------- output


def write_wav(path: Path, samples: Samples, rate: int = RATE) -> None:
    frames = b"".join(
        struct.pack("<h", max(-32767, min(32767, int(round(v * 32767))))) for v in samples
    )
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(rate)
        w.writeframes(frames)


EFFECTS: dict[str, Callable[[random.Random], Samples]] = {
    "play": play_sfx,
    "draw": draw_sfx,
    "shuffle": shuffle_sfx,
    "uno": uno_sfx,
    "win": win_sfx,
    "click": click_sfx,
    "error": error_sfx,
    # added later: after the others, so that their seeds (1000 + place) stay the same
    "fanfare": fanfare_sfx,
    "round_over": round_over_sfx,
}


HALF_RATE = ("fanfare", "round_over")  # 11025 Hz: their highest partials are under 5.5 kHz


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    out_dir = Path(args[0]) if args else DEFAULT_OUT
    out_dir.mkdir(parents=True, exist_ok=True)
    total = 0
    for i, (name, make) in enumerate(EFFECTS.items()):
        path = out_dir / f"{name}.wav"
        samples = make(random.Random(1000 + i))
        if name in HALF_RATE:  # lowpassed, then every other sample: half the bytes
            write_wav(path, lowpass(lowpass(samples, 4500), 4500)[::2], RATE // 2)
        else:
            write_wav(path, samples)
        total += path.stat().st_size
        print(f"{path.name:12} {path.stat().st_size:7d} bytes")
    path = out_dir / "music.wav"
    write_wav(path, music_loop(random.Random(7)), MUSIC_RATE)
    total += path.stat().st_size
    print(f"{path.name:12} {path.stat().st_size:7d} bytes")
    print(f"total        {total:7d} bytes")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
