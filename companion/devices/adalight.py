"""The Adalight wire format, pure: encode frames, decode a byte stream, the wire's frame-rate limit.

A frame is `b"Ada"`, hi, lo, hi ^ lo ^ 0x55, then R, G, B for each LED, where hi/lo is the LED
count minus one (so 1 to 65536 LEDs fit). The firmware greets with `Ada\\n` at boot and about once
a second while idle. Understood by Adalight(-FastLED) sketches, WLED, Hyperion and Prismatik.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.colors import RGB

MAGIC = b"Ada"
GREETING = b"Ada\n"
HEADER_SIZE = 6
MAX_LEDS = 65536
BITS_PER_BYTE = 10
"""8N1 framing: a start bit, 8 data bits, a stop bit."""


def header(count: int) -> bytes:
    """The 6-byte header announcing `count` LEDs."""
    if not 1 <= count <= MAX_LEDS:
        raise ValueError(f"an Adalight frame holds 1 to {MAX_LEDS} LEDs, got {count}")
    hi, lo = (count - 1) >> 8, (count - 1) & 0xFF
    return MAGIC + bytes((hi, lo, hi ^ lo ^ 0x55))


def encode_payload(payload: bytes | bytearray) -> bytes:
    """A frame around already-ordered channel bytes (3 per LED, in the strip's colour order)."""
    if len(payload) % 3 or not payload:
        raise ValueError(f"payload must be 3 bytes per LED, got {len(payload)} bytes")
    return header(len(payload) // 3) + bytes(payload)


def encode_frame(colors: Sequence[RGB]) -> bytes:
    """A frame for these colours, sent as they are (no gamma, order or brightness applied)."""
    payload = bytearray(3 * len(colors))
    for i, (r, g, b) in enumerate(colors):
        payload[3 * i : 3 * i + 3] = bytes((r, g, b))
    return encode_payload(payload)


def frame_size(count: int) -> int:
    return HEADER_SIZE + 3 * count


def wire_fps(baud: int, count: int) -> float:
    """The most frames a second a UART at `baud` (8N1) can carry for `count` LEDs."""
    return baud / (BITS_PER_BYTE * frame_size(count))


@dataclass(frozen=True)
class Frame:
    count: int
    header: bytes
    payload: bytes
    """3 bytes per LED, as received (in the strip's channel order)."""

    @property
    def colors(self) -> list[RGB]:
        p = self.payload
        return [(p[i], p[i + 1], p[i + 2]) for i in range(0, len(p), 3)]

    def checksum_ok(self) -> bool:
        hi, lo, chk = self.header[3], self.header[4], self.header[5]
        return chk == hi ^ lo ^ 0x55


class Decoder:
    """Streaming decoder, the way the firmware reads: hunt for `Ada`, check the header's checksum
    (a bad one means this was not a header: hunt again one byte later), then take 3N bytes.

    `feed` returns the frames completed by these bytes; the counters tell what was thrown away.
    """

    def __init__(self, max_leds: int = MAX_LEDS) -> None:
        self.max_leds = max_leds
        self._buf = bytearray()
        self._need: int | None = None
        self._header = b""
        self.frames = 0
        self.skipped_bytes = 0
        self.bad_checksums = 0
        self.oversized = 0

    def feed(self, data: bytes | bytearray) -> list[Frame]:
        self._buf += data
        out: list[Frame] = []
        while True:
            if self._need is None and not self._find_header():
                return out
            assert self._need is not None
            if len(self._buf) < self._need:
                return out
            payload = bytes(self._buf[: self._need])
            del self._buf[: self._need]
            out.append(Frame(self._need // 3, self._header, payload))
            self.frames += 1
            self._need = None

    def _find_header(self) -> bool:
        while True:
            at = self._buf.find(MAGIC)
            if at < 0:
                keep = 2 if self._buf.endswith(b"Ad") else 1 if self._buf.endswith(b"A") else 0
                self.skipped_bytes += len(self._buf) - keep
                del self._buf[: len(self._buf) - keep]
                return False
            if len(self._buf) < at + HEADER_SIZE:
                self.skipped_bytes += at
                del self._buf[:at]
                return False
            hi, lo, chk = self._buf[at + 3], self._buf[at + 4], self._buf[at + 5]
            count = (hi << 8 | lo) + 1
            if chk != hi ^ lo ^ 0x55:
                self.bad_checksums += 1
            elif count > self.max_leds:
                self.oversized += 1
            else:
                self.skipped_bytes += at
                self._header = bytes(self._buf[at : at + HEADER_SIZE])
                del self._buf[: at + HEADER_SIZE]
                self._need = 3 * count
                return True
            self.skipped_bytes += at + 1
            del self._buf[: at + 1]


def decode_all(data: bytes) -> list[Frame]:
    return Decoder().feed(data)
