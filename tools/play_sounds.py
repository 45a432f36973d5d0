"""Sound check: play every cue (or the ones named) in turn through the real audio output.

    python tools/play_sounds.py                     # all cues, volume 80 %
    python tools/play_sounds.py coin bell --volume 50 --device "USB Audio"

Prints each cue's name as it plays. Exits 1 when there is no audio device (the reason is
printed), 2 for an unknown cue. On a Pi under a plain console, SDL_AUDIODRIVER=alsa may help.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
import wave
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from companion.devices.sound import CUES, SOUNDS_DIR, Sound, SoundConfig


def seconds(path: Path) -> float:
    with wave.open(str(path)) as w:
        return float(w.getnframes() / w.getframerate())


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("cues", nargs="*", metavar="CUE", help=f"any of: {', '.join(CUES)}")
    parser.add_argument("--volume", type=int, default=80, help="0-100 (default 80)")
    parser.add_argument("--device", default="", help="audio device name (default: SDL's)")
    parser.add_argument("--gap", type=float, default=0.5, help="seconds between cues")
    parser.add_argument("--sounds", type=Path, default=SOUNDS_DIR, help="folder of WAV files")
    args = parser.parse_args(argv)
    unknown = [c for c in args.cues if c not in CUES]
    if unknown:
        parser.error(f"unknown cue {unknown[0]!r}; known: {', '.join(CUES)}")
    if not 0 <= args.volume <= 100:
        parser.error("--volume must be from 0 to 100")
    sound = Sound(SoundConfig(volume=args.volume, device=args.device), sounds_dir=args.sounds)
    print(sound.status)
    if sound.warning:
        print(f"warning: {sound.warning}")
    if not sound.ok:
        return 1
    try:
        for cue in args.cues or CUES:
            length = seconds(args.sounds / f"{cue}.wav")
            print(f"{cue:<10} {length:.2f} s", flush=True)
            sound.play(cue)
            time.sleep(length + args.gap)
    except KeyboardInterrupt:
        sound.stop_all()
    finally:
        sound.close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
