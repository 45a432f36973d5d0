import pytest
from hypothesis import given
from hypothesis import strategies as st

from companion.devices.adalight import (
    Decoder,
    decode_all,
    encode_frame,
    encode_payload,
    frame_size,
    header,
    wire_fps,
)

rgb = st.tuples(st.integers(0, 255), st.integers(0, 255), st.integers(0, 255))


def test_header_matches_the_documented_example():
    assert header(300).hex(" ") == "41 64 61 01 2b 7f"
    assert frame_size(300) == 906
    assert header(1) == b"Ada\x00\x00\x55"
    assert header(256) == b"Ada\x00\xff\xaa"


def test_counts_outside_the_format_are_refused():
    with pytest.raises(ValueError):
        header(0)
    with pytest.raises(ValueError):
        header(65537)
    with pytest.raises(ValueError):
        encode_payload(b"\x00\x01")


def test_wire_limit_formula():
    assert wire_fps(115200, 150) == pytest.approx(25.26, abs=0.01)
    assert int(wire_fps(500000, 150)) == 109
    assert int(wire_fps(921600, 150)) == 202
    assert int(wire_fps(921600, 300)) == 101


@given(
    frames=st.lists(st.lists(rgb, min_size=1, max_size=40), min_size=1, max_size=6),
    junk=st.binary(max_size=20).filter(lambda b: b"A" not in b),
    cuts=st.lists(st.integers(1, 50), max_size=30),
)
def test_stream_decodes_whatever_the_chunking(frames, junk, cuts):
    stream = junk + b"".join(encode_frame(f) for f in frames)
    decoder = Decoder()
    out = []
    at = 0
    for cut in cuts:
        out += decoder.feed(stream[at : at + cut])
        at += cut
    out += decoder.feed(stream[at:])
    assert [f.colors for f in out] == frames
    assert all(f.checksum_ok() and f.header[:3] == b"Ada" for f in out)
    assert decoder.skipped_bytes == len(junk)


def test_bad_checksum_is_not_a_header_and_the_decoder_resyncs():
    good = encode_frame([(1, 2, 3)])
    bad = b"Ada\x00\x00\x00" + b"\x09" * 3
    frames = decode_all(bad + good)
    assert [f.colors for f in frames] == [[(1, 2, 3)]]


def test_firmware_greeting_is_not_a_frame():
    decoder = Decoder()
    assert decoder.feed(b"Ada\nAda\n") == []
    frames = decoder.feed(encode_frame([(4, 5, 6)]))
    assert [f.colors for f in frames] == [[(4, 5, 6)]]
