"""Tiny tracker modules (MOD, S3M, IT, XM) and a DSD (.dsf) file, written byte by byte from
the formats' specifications, for the fixtures: ffmpeg cannot write any of them.

Each module has one empty pattern, four channels, a title and one named sample (or
instrument), which TagLib 1.13 reports as the comment; a stripped XM has empty texts. Used by scripts/fixtures.py.
"""

import struct


def padded(text, size, fill=b"\0"):
    data = text.encode("ascii")[:size]
    return data + fill * (size - len(data))


def mod(title, sample):
    """ProTracker M.K.: 20-byte title, 31 sample headers, order table, "M.K." at 1080."""
    out = bytearray(padded(title, 20))
    out += padded(sample, 22) + struct.pack(">HBBHH", 0, 0, 64, 0, 1)
    for _ in range(30):
        out += b"\0" * 22 + struct.pack(">HBBHH", 0, 0, 0, 0, 1)
    out += bytes([1, 127]) + bytes(128)  # song length 1, order table: pattern 0
    out += b"M.K."
    assert len(out) == 1084
    out += bytes(64 * 4 * 4)  # pattern 0: 64 rows x 4 channels x 4 bytes
    return bytes(out)


def s3m(title, sample):
    """Scream Tracker 3: 96-byte header ("SCRM" at 44), orders, parapointers, one sample
    header ("SCRS") and one packed empty pattern, laid out on 16-byte paragraphs."""
    header = bytearray(padded(title, 28)) + bytes([0x1A, 0x10, 0, 0])
    header += struct.pack("<HHHHHH", 2, 1, 1, 0, 0x1320, 2) + b"SCRM"
    header += bytes([64, 6, 125, 0xB0, 16, 0]) + bytes(8) + struct.pack("<H", 0)
    header += bytes([0, 8, 1, 9]) + b"\xff" * 28  # four channels (L, R, L, R)
    assert len(header) == 96
    sample_at, pattern_at = 112, 192
    out = header + bytes([0, 255]) + struct.pack("<HH", sample_at >> 4, pattern_at >> 4)
    out += bytes(sample_at - len(out))
    out += bytes([1]) + padded("SAMPLE.RAW", 12) + bytes(3) + struct.pack("<III", 0, 0, 0)
    out += bytes([64, 0, 0, 0]) + struct.pack("<I", 8363) + bytes(12) + padded(sample, 28) + b"SCRS"
    assert len(out) == pattern_at
    out += struct.pack("<H", 66) + bytes(64)  # 64 empty rows, each ended by a 0 byte
    return bytes(out)


def it(title, sample):
    """Impulse Tracker: 192-byte header ("IMPM"), orders, offsets, one "IMPS" sample
    header and one empty pattern."""
    header = bytearray(b"IMPM" + padded(title, 26) + bytes([4, 16]))
    header += struct.pack("<HHHHHHHH", 2, 0, 1, 1, 0x0214, 0x0200, 0x0009, 0)
    header += bytes([128, 48, 6, 125, 128, 0]) + struct.pack("<HII", 0, 0, 0)
    header += bytes([32] * 4 + [0xA0] * 60)  # panning: four channels on, the rest off
    header += bytes([64] * 64)  # channel volumes
    assert len(header) == 192
    sample_at = 192 + 2 + 4 + 4
    pattern_at = sample_at + 80
    out = header + bytes([0, 255]) + struct.pack("<II", sample_at, pattern_at)
    out += b"IMPS" + padded("SAMPLE.RAW", 12) + bytes([0, 64, 0, 64]) + padded(sample, 26)
    out += bytes([1, 32]) + struct.pack("<IIIIIII", 0, 0, 0, 8363, 0, 0, 0) + bytes(4)
    assert len(out) == pattern_at
    out += struct.pack("<HH", 64, 64) + bytes(4) + bytes(64)  # 64 empty rows
    return bytes(out)


def xm(title, instrument, stripped=False):
    """FastTracker 2 XM 1.04: header ("Extended Module: "), one packed empty pattern, one
    instrument without samples. `stripped` zeroes the magic, the 0x1A after the title, the
    tracker name and the version, as tools that strip modules do (TagLib reads them)."""
    magic, escape = (bytes(17), b"\0") if stripped else (b"Extended Module: ", b"\x1a")
    out = bytearray(magic + padded(title, 20) + escape)
    if stripped:
        out += bytes(20) + struct.pack("<H", 0)
    else:
        out += padded("FastTracker v2.00", 20, b" ") + struct.pack("<H", 0x0104)
    out += struct.pack("<IHHHHHHHH", 276, 1, 0, 4, 1, 1, 1, 6, 125) + bytes(256)
    assert len(out) == 60 + 276
    out += struct.pack("<IBHH", 9, 0, 64, 64 * 4) + b"\x80" * (64 * 4)  # every note empty
    out += struct.pack("<I", 29) + padded(instrument, 22) + struct.pack("<BH", 0, 0)
    return bytes(out)


def dsf(seconds_blocks=1):
    """DSD Stream File: "DSD ", "fmt " and "data" chunks, 2 channels at DSD64, silence."""
    block = 4096
    data = b"\x69" * (block * 2 * seconds_blocks)  # 0x69: DSD silence pattern
    fmt = b"fmt " + struct.pack("<QIIIIIIQI", 52, 1, 0, 2, 2, 2822400, 1, block * 8 * seconds_blocks, block)
    fmt += bytes(4)
    total = 28 + len(fmt) + 12 + len(data)
    return b"DSD " + struct.pack("<QQQ", 28, total, 0) + fmt + b"data" + struct.pack("<Q", 12 + len(data)) + data
