"""Synthesise the companion's sound effects into `sounds/` (our own work, numpy only).

    python tools/make_sounds.py [OUT_DIR]      # default: sounds/ beside this folder

Every cue is additive synthesis: sine partials under an attack/decay envelope, no samples, no
randomness, so the same numpy gives byte-identical WAV files (a test checks this). Each file is
16-bit mono 44.1 kHz, faded in and out to avoid clicks and normalised to a -3 dBFS peak.
"""

from __future__ import annotations

import sys
import wave
from collections.abc import Callable, Sequence
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

RATE = 44_100
PEAK_DBFS = -3.0
PEAK = round(10 ** (PEAK_DBFS / 20) * 32767)
FADE = 0.004

Signal = NDArray[np.float64]

# Partial amplitudes of a few timbres (harmonic number -> relative level).
GLOCKENSPIEL = ((1.0, 1.0), (2.76, 0.25), (5.40, 0.08), (8.93, 0.03))
TUBULAR_BELL = ((1.0, 1.0), (2.0, 0.5), (2.76, 0.35), (4.07, 0.2), (5.40, 0.12), (0.5, 0.2))
MARIMBA = ((1.0, 1.0), (4.0, 0.18), (10.0, 0.03))
SOFT = ((1.0, 1.0), (2.0, 0.12), (3.0, 0.04))
BRASS = tuple((float(n), 1.0 / n**1.3) for n in range(1, 11))
REED = tuple((float(n), (1.0 if n % 2 else 0.35) / n**1.6) for n in range(1, 13))


def hz(note: str) -> float:
    """Equal-tempered frequency of a note name such as "A4", "C#6" or "Bb3"."""
    names = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    semitone = names[note[0]]
    rest = note[1:]
    if rest[0] in "#b":
        semitone += 1 if rest[0] == "#" else -1
        rest = rest[1:]
    return 440.0 * 2 ** ((semitone + 12 * (int(rest) - 4)) / 12)


def silence(seconds: float) -> Signal:
    return np.zeros(round(seconds * RATE))


def tone(
    freq: float,
    seconds: float,
    partials: Sequence[tuple[float, float]] = SOFT,
    attack: float = 0.005,
    decay: float | None = None,
    release: float = 0.03,
    vibrato: float = 0.0,
) -> Signal:
    """Partials (ratio, level) of `freq`, attack ramp, exponential `decay` (time constant, s)
    or sustain, and a release ramp at the end. Partials above 18 kHz are left out."""
    t = np.arange(round(seconds * RATE)) / RATE
    phase = 2 * np.pi * freq * t
    if vibrato:
        phase += vibrato * np.sin(2 * np.pi * 5.5 * t) * np.minimum(t / 0.3, 1.0)
    out = np.zeros_like(t)
    for ratio, level in partials:
        if freq * ratio < 18_000:
            # Higher partials die away faster, as on struck metal or wood.
            fade = np.exp(-t * (ratio - 1) * 2.5) if decay is not None and ratio > 1 else 1.0
            out += level * fade * np.sin(phase * ratio)
    env = np.ones_like(t)
    if decay is not None:
        env *= np.exp(-t / decay)
    env *= np.minimum(t / attack, 1.0) if attack > 0 else 1.0
    env *= np.clip((seconds - t) / release, 0.0, 1.0)
    return out * env


def place(parts: Sequence[tuple[float, Signal]], seconds: float | None = None) -> Signal:
    """Mix signals starting at the given times (s) into one track."""
    end = max(round(at * RATE) + len(sig) for at, sig in parts)
    if seconds is not None:
        end = max(end, round(seconds * RATE))
    out = np.zeros(end)
    for at, sig in parts:
        start = round(at * RATE)
        out[start : start + len(sig)] += sig
    return out


def room(sig: Signal, level: float = 0.25) -> Signal:
    """A few fixed early reflections: a little space around dry tones."""
    out = sig.copy()
    for ms, gain in ((23, 0.6), (37, 0.45), (53, 0.35), (79, 0.25), (113, 0.15)):
        d = round(ms * RATE / 1000)
        out[d:] += level * gain * sig[:-d]
    return out


def finish(sig: Signal, seconds: float | None = None, tail: float = FADE) -> NDArray[np.int16]:
    """Trim or pad to `seconds`, fade in briefly and out over `tail` seconds (for a ringing
    sound cut short), scale the peak to PEAK and quantise."""
    if seconds is not None:
        n = round(seconds * RATE)
        sig = np.concatenate([sig, np.zeros(max(0, n - len(sig)))])[:n]
    sig = sig.copy()
    ramp = round(FADE * RATE)
    sig[:ramp] *= np.linspace(0.0, 1.0, ramp)
    ramp = round(tail * RATE)
    sig[-ramp:] *= np.linspace(1.0, 0.0, ramp) ** 2
    sig *= PEAK / np.max(np.abs(sig))
    return np.round(sig).astype(np.int16)


def departure() -> NDArray[np.int16]:
    """A short station departure melody in E major pentatonic on a glockenspiel-marimba voice."""
    tune = [
        ("E5", 0.00, 0.16),
        ("G#5", 0.13, 0.16),
        ("B5", 0.26, 0.16),
        ("C#6", 0.39, 0.16),
        ("B5", 0.52, 0.16),
        ("E6", 0.65, 0.26),
        ("C#6", 0.91, 0.13),
        ("E6", 1.04, 0.46),
    ]
    parts = []
    for note, at, length in tune:
        f = hz(note)
        bright = tone(f, length + 0.25, GLOCKENSPIEL, attack=0.003, decay=0.35)
        body = tone(f / 2, length + 0.25, MARIMBA, attack=0.004, decay=0.25)
        parts.append((at, 0.7 * bright + 0.45 * body))
    bass = [("E4", 0.0), ("A3", 0.52), ("B3", 0.78), ("E4", 1.04)]
    parts += [(at, 0.35 * tone(hz(n), 0.45, SOFT, attack=0.01, decay=0.25)) for n, at in bass]
    return finish(room(place(parts)), 1.5, tail=0.3)


def bell() -> NDArray[np.int16]:
    """A station chime: two bell strokes, high then low."""
    ding = tone(hz("A5"), 1.3, TUBULAR_BELL, attack=0.002, decay=0.45)
    dong = tone(hz("F#5"), 1.6, TUBULAR_BELL, attack=0.002, decay=0.55)
    return finish(room(place([(0.0, ding), (0.45, 0.9 * dong)])), 1.6, tail=0.4)


def coin() -> NDArray[np.int16]:
    """The payout coin: a short bright step up with a ringing tail."""
    ratio = ((1.0, 1.0), (3.0, 0.18), (5.0, 0.06), (2.76, 0.12))
    first = tone(hz("B5"), 0.09, ratio, attack=0.002, release=0.01)
    second = tone(hz("E6"), 0.45, ratio, attack=0.002, decay=0.13)
    return finish(place([(0.0, first), (0.07, second)]), 0.5)


def prompt() -> NDArray[np.int16]:
    """A soft two-tone "your attention please"."""
    up = tone(hz("E5"), 0.28, SOFT, attack=0.02, decay=0.35, release=0.08)
    down = tone(hz("A5"), 0.40, SOFT, attack=0.02, decay=0.35, release=0.15)
    return finish(room(place([(0.0, up), (0.2, down)]), 0.15), 0.62)


def error() -> NDArray[np.int16]:
    """A low double buzz, rounded off so it is unmistakable without being harsh."""
    pulse = tone(hz("A2"), 0.16, REED, attack=0.01, release=0.04)
    pulse += 0.6 * tone(hz("A2") * 1.006, 0.16, REED, attack=0.01, release=0.04)
    return finish(place([(0.0, pulse), (0.2, pulse)]), 0.4)


def beep() -> NDArray[np.int16]:
    """The timer tick beep."""
    return finish(tone(hz("A5"), 0.1, SOFT, attack=0.004, release=0.03), 0.1)


def beep_last() -> NDArray[np.int16]:
    """The beep of the final seconds: a fifth higher and a touch longer."""
    return finish(tone(hz("E6"), 0.14, SOFT, attack=0.004, release=0.04), 0.14)


def buzzer() -> NDArray[np.int16]:
    """Time is up: a steady two-voice buzz with a slight beat, faded at both ends."""
    low = tone(hz("D3"), 0.8, REED, attack=0.015, release=0.12)
    high = tone(hz("A3"), 0.8, REED, attack=0.015, release=0.12)
    beat = tone(hz("D3") * 1.04, 0.8, REED, attack=0.015, release=0.12)
    return finish(low + 0.6 * high + 0.5 * beat, 0.8)


def start() -> NDArray[np.int16]:
    """Round start: a quick rising brass call ending on a held "go"."""
    calls = [("G4", 0.00, 0.11), ("C5", 0.11, 0.11), ("E5", 0.22, 0.11), ("G5", 0.33, 0.5)]
    parts = [
        (at, tone(hz(n), length, BRASS, attack=0.02, decay=0.6, release=0.06))
        for n, at, length in calls
    ]
    parts.append((0.33, 0.5 * tone(hz("C5"), 0.5, BRASS, attack=0.03, decay=0.6, release=0.08)))
    return finish(room(place(parts)), 0.9)


def stop() -> NDArray[np.int16]:
    """Someone called stop: two firm falling notes."""
    first = tone(hz("C6"), 0.18, MARIMBA + SOFT, attack=0.003, decay=0.2, release=0.02)
    second = tone(hz("G5"), 0.4, MARIMBA + SOFT, attack=0.003, decay=0.2, release=0.08)
    low = 0.5 * tone(hz("G4"), 0.4, SOFT, attack=0.005, decay=0.25, release=0.08)
    return finish(room(place([(0.0, first), (0.14, second), (0.14, low)])), 0.6)


def fanfare() -> NDArray[np.int16]:
    """End of game: a brass fanfare landing on a long major chord with a gentle vibrato."""
    line = [
        ("C5", 0.00, 0.12),
        ("C5", 0.14, 0.12),
        ("C5", 0.28, 0.12),
        ("G5", 0.42, 0.38),
        ("E5", 0.82, 0.16),
        ("G5", 1.00, 0.16),
    ]
    parts = [
        (at, tone(hz(n), length, BRASS, attack=0.015, decay=0.8, release=0.04))
        for n, at, length in line
    ]
    for n, level in (("C6", 1.0), ("G5", 0.6), ("E5", 0.6), ("C5", 0.7), ("C4", 0.5)):
        held = tone(hz(n), 1.3, BRASS, attack=0.04, decay=1.2, release=0.5, vibrato=0.004)
        parts.append((1.18, level * held))
    return finish(room(place(parts)), 2.5)


SOUNDS: dict[str, Callable[[], NDArray[np.int16]]] = {
    "departure": departure,
    "bell": bell,
    "coin": coin,
    "prompt": prompt,
    "error": error,
    "beep": beep,
    "beep_last": beep_last,
    "buzzer": buzzer,
    "start": start,
    "stop": stop,
    "fanfare": fanfare,
}


def write_wav(path: Path, samples: NDArray[np.int16]) -> None:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(samples.astype("<i2").tobytes())


def make_all(out_dir: Path) -> list[Path]:
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, make in SOUNDS.items():
        path = out_dir / f"{name}.wav"
        write_wav(path, make())
        written.append(path)
    return written


def main(argv: list[str]) -> int:
    out_dir = Path(argv[0]) if argv else Path(__file__).resolve().parent.parent / "sounds"
    for path in make_all(out_dir):
        with wave.open(str(path)) as w:
            seconds = w.getnframes() / w.getframerate()
        print(f"{path}  {seconds:.2f} s  {path.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
