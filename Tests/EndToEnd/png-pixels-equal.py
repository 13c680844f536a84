#!/usr/bin/env python3
"""Whether two PNG files (8-bit RGB or RGBA, not interlaced) hold the same colours, pixel for
pixel (alpha left out: a window's screenshot and an offscreen picture differ only there).
Prints the first pixel that differs. Exit 0 when equal, 1 when not, 2 on a file it cannot read.

Usage: png-pixels-equal.py A.png B.png   (standard library only: no imaging package needed)"""
import struct
import sys
import zlib


def rows(path):
    """The PNG's width, height and rows of RGB bytes."""
    data = open(path, "rb").read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG file")
    position, compressed, header = 8, b"", None
    while position + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        position += 12 + length
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            compressed += body
    if header is None or header[2] != 8 or header[3] not in (2, 6) or header[6] != 0:
        raise ValueError(f"{path}: not an 8-bit RGB or RGBA PNG without interlacing")
    width, height, channels = header[0], header[1], 3 if header[3] == 2 else 4
    raw, stride = zlib.decompress(compressed), width * channels
    result, previous, offset = [], bytearray(stride), 0
    for _ in range(height):
        if offset + 1 + stride > len(raw):
            raise ValueError(f"{path}: the image data ends early")
        kind, line = raw[offset], bytearray(raw[offset + 1:offset + 1 + stride])
        if kind > 4:
            raise ValueError(f"{path}: unknown row filter {kind}")
        offset += 1 + stride
        for x in range(stride):
            left = line[x - channels] if x >= channels else 0
            up, corner = previous[x], previous[x - channels] if x >= channels else 0
            if kind == 1:
                line[x] = (line[x] + left) & 255
            elif kind == 2:
                line[x] = (line[x] + up) & 255
            elif kind == 3:
                line[x] = (line[x] + (left + up) // 2) & 255
            elif kind == 4:
                guess = left + up - corner
                near = min((abs(guess - left), 0, left), (abs(guess - up), 1, up), (abs(guess - corner), 2, corner))[2]
                line[x] = (line[x] + near) & 255
        previous = line
        result.append(bytes(line) if channels == 3 else bytes(b for i, b in enumerate(line) if i % 4 != 3))
    return width, height, result


def main():
    if len(sys.argv) != 3:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    try:
        first, second = rows(sys.argv[1]), rows(sys.argv[2])
    except (OSError, ValueError, zlib.error) as error:
        print(f"png-pixels-equal: {error}", file=sys.stderr)
        return 2
    if first[:2] != second[:2]:
        print(f"sizes differ: {first[0]}x{first[1]} and {second[0]}x{second[1]}")
        return 1
    for y, (a, b) in enumerate(zip(first[2], second[2])):
        if a != b:
            x = next(i for i in range(len(a)) if a[i] != b[i]) // 3
            print(f"pixel ({x}, {y}) differs: {tuple(a[3 * x:3 * x + 3])} and {tuple(b[3 * x:3 * x + 3])}")
            return 1
    print(f"equal: {first[0]}x{first[1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
