"""The serial writer against a fake firmware on a real pty pair: every frame checked, unplugging
and replugging, a stuck port. No timing asserts: waits have generous timeouts and only fail
when something is broken."""

import os
import threading
import time

import pytest

from companion.devices.fake_firmware import FakeFirmware, SocketFirmware
from companion.devices.led_layout import default_layout
from companion.devices.ledconfig import LedConfig
from companion.devices.leds import CONNECTED, RECONNECTING, SimulatedStrip, open_strip
from companion.devices.serial_strip import SerialStrip
from companion.ledshow import render
from tests.led_scenario import scenario

FAST = dict(
    baud=921600,
    fps=200,
    color_order="GRB",
    gamma=2.0,
    brightness_cap=0.5,
    brightness=1.0,
    handshake_timeout=2.0,
    keepalive=0.2,
    write_timeout=0.1,
    reconnect_min=0.02,
    reconnect_max=0.1,
)


def expected_payload(colors, cap=0.5, gamma=2.0):
    out = bytearray()
    for r, g, b in colors:
        for v in (g, r, b):
            out.append(round(255 * cap * (v / 255) ** gamma))
    return bytes(out)


def wait_until(predicate, timeout=10.0):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(0.005)
    return predicate()


@pytest.fixture
def firmware():
    fw = FakeFirmware(greet_every=0.05)
    yield fw
    fw.close()


def dedupe(items):
    out = []
    for item in items:
        if not out or out[-1] != item:
            out.append(item)
    return out


def test_every_frame_of_a_train_phase_arrives_intact(firmware):
    rules, state, phase = scenario()
    layout = default_layout(rules.board)
    strip = SerialStrip(LedConfig(**FAST), layout.count, firmware.port)
    try:
        wanted = []
        for i in range(len(phase.steps)):
            colors = render(rules.board, layout, state, phase.steps[: i + 1], t=0.0)
            payload = expected_payload(colors)
            wanted.append(payload)
            before = len(firmware.frames)
            strip.show(colors)
            assert firmware.wait_for(
                lambda frames, p=payload, n=before: any(r.frame.payload == p for r in frames[n:])
            )
        assert strip.status.state == CONNECTED and strip.stats.greeted
    finally:
        strip.close()
    black = bytes(3 * 19)
    assert firmware.wait_for(lambda f: f[-1].frame.payload == black), "closing blanks the strip"
    frames = [r.frame for r in firmware.frames]
    for frame in frames:
        assert frame.header[:3] == b"Ada"
        assert frame.count == layout.count == 19
        assert frame.checksum_ok()
        assert len(frame.payload) == 3 * 19
    payloads = [f.payload for f in frames]
    while payloads and payloads[0] == black and wanted[0] != black:
        payloads.pop(0)
    assert dedupe(payloads[:-1]) == dedupe(wanted)
    assert firmware.decoder.bad_checksums == firmware.decoder.skipped_bytes == 0


def test_unplug_and_replug_at_a_new_path_recovers(firmware):
    strip = SerialStrip(LedConfig(**FAST), 4, firmware.port)
    try:
        strip.show([(255, 0, 0)] * 4)
        assert firmware.wait_for(lambda f: bool(f))
        firmware.unplug()
        assert wait_until(
            lambda: (
                strip.status.state == RECONNECTING
                and "LED strip reconnecting" in strip.status.text()
            )
        )
        for k in range(50):
            strip.show([(k, 0, 0)] * 4)
        new_path = firmware.replug()
        strip.show([(0, 255, 0)] * 4)
        want = expected_payload([(0, 255, 0)] * 4)
        assert firmware.wait_for(lambda f: any(r.frame.payload == want for r in f))
        assert strip.status.state == CONNECTED and strip.status.port == new_path
        assert strip.stats.connects >= 2 and strip.stats.errors >= 1
    finally:
        strip.close()


def test_replug_behind_a_symlink_like_serial_by_id(firmware, tmp_path):
    link = tmp_path / "usb-Arduino_Nano-if00"
    os.symlink(firmware.path, link)
    strip = SerialStrip(LedConfig(**FAST), 3, str(link))
    try:
        strip.show([(9, 9, 9)] * 3)
        assert firmware.wait_for(lambda f: bool(f))
        firmware.unplug()
        assert wait_until(lambda: strip.status.state == RECONNECTING)
        link.unlink()
        os.symlink(firmware.replug(), link)
        strip.show([(0, 0, 255)] * 3)
        want = expected_payload([(0, 0, 255)] * 3)
        assert firmware.wait_for(lambda f: any(r.frame.payload == want for r in f))
    finally:
        strip.close()


def test_keepalive_frames_go_out_while_nothing_changes(firmware):
    strip = SerialStrip(LedConfig(**{**FAST, "keepalive": 0.05}), 2, firmware.port)
    try:
        strip.show([(1, 2, 3)] * 2)
        assert firmware.wait_for(lambda f: len(f) >= 5)
        assert strip.stats.keepalives >= 3
        want = expected_payload([(1, 2, 3)] * 2)
        assert all(r.frame.payload == want for r in firmware.frames[-3:])
    finally:
        strip.close()


class StuckPort:
    """A port whose write never returns until released: the worst a USB stack can do."""

    def __init__(self):
        self.entered = threading.Event()
        self.release = threading.Event()

    @property
    def in_waiting(self):
        return 0

    def read(self, size=1):
        return b"Ada\n"

    def write(self, data):
        self.entered.set()
        self.release.wait(30)
        return len(data)

    def close(self):
        pass


def test_show_never_waits_for_a_stuck_port():
    port = StuckPort()
    strip = SerialStrip(LedConfig(**FAST), 300, "stuck", opener=lambda *a: port)
    try:
        strip.show([(1, 1, 1)] * 300)
        assert port.entered.wait(10)

        def screen_loop():
            for k in range(2000):
                strip.show([(k % 256, 0, 0)] * 300)
                _ = strip.status.text()

        loop = threading.Thread(target=screen_loop)
        loop.start()
        loop.join(20)
        assert not loop.is_alive(), "show() blocked behind the writer"
        assert strip.stats.dropped >= 1999
    finally:
        port.release.set()
        strip.close()


def test_a_pty_nobody_reads_times_out_and_recovers(firmware):
    firmware.stall()
    strip = SerialStrip(LedConfig(**{**FAST, "handshake_timeout": 0.05}), 300, firmware.port)
    try:
        done = threading.Event()

        def screen_loop():
            k = 0
            while not done.is_set():
                strip.show([(k % 256, 0, 0)] * 300)
                k += 1
                time.sleep(0.001)

        loop = threading.Thread(target=screen_loop)
        loop.start()
        assert wait_until(lambda: strip.status.state == RECONNECTING)
        assert strip.status.reason == "the controller is not reading"
        done.set()
        loop.join(20)
        assert not loop.is_alive()
        firmware.resume()
        strip.show([(0, 0, 77)] * 300)
        want = expected_payload([(0, 0, 77)] * 300)
        assert firmware.wait_for(lambda f: any(r.frame.payload == want for r in f), 20)
    finally:
        strip.close()


def test_socket_url_reaches_a_tcp_controller():
    got = []
    fw = SocketFirmware(greet_every=0.05, on_frame=got.append)
    strip = open_strip(LedConfig(**FAST), 5, port=fw.url)
    try:
        strip.show([(255, 255, 255)] * 5)
        want = expected_payload([(255, 255, 255)] * 5)
        assert wait_until(lambda: any(r.frame.payload == want for r in got))
    finally:
        strip.close()
        fw.close()


def test_simulated_strip_keeps_the_last_frame_and_remembers_brightness(tmp_path):
    strip = open_strip(LedConfig(color_order="RGB", gamma=1.0, brightness_cap=1.0), 3, tmp_path)
    assert isinstance(strip, SimulatedStrip)
    strip.brightness = 0
    assert open_strip(LedConfig(), 3, tmp_path).brightness > 0
    strip.brightness = 0.5
    strip.show([(200, 100, 0)])
    assert strip.colors == [(200, 100, 0), (0, 0, 0), (0, 0, 0)]
    assert strip.last_frame[6:9] == bytes([100, 50, 0])
    strip.unplug()
    assert not strip.status.ok
    strip.replug()
    assert strip.status.ok
    assert open_strip(LedConfig(), 3, tmp_path).brightness == 0.5


def test_a_bad_colour_is_sent_as_black_without_dropping_the_port(firmware):
    strip = SerialStrip(LedConfig(**FAST), 2, firmware.port)
    try:
        strip.show([(300, 0, 0), (1.5, 0, 0)])
        assert firmware.wait_for(lambda f: any(r.frame.payload == bytes(6) for r in f))
        strip.show([(255, 0, 0)] * 2)
        want = expected_payload([(255, 0, 0)] * 2)
        assert firmware.wait_for(lambda f: any(r.frame.payload == want for r in f))
        assert strip.stats.bad_frames == 1 and strip.stats.errors == 0
    finally:
        strip.close()
