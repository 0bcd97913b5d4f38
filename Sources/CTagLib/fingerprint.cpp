// See fingerprint.hpp. Every field is read explicitly and bounds-checked: the bytes come
// from arbitrary files.

#include "fingerprint.hpp"

#include "byteorder.hpp"

#include <algorithm>
#include <cstring>

namespace ctaglib {
namespace {

constexpr long long window = 4096;

// Reads up to `count` bytes at `offset` into `buffer`; how many it got (0 when nothing
// could be read).
long long readAt(const Source &source, long long offset, unsigned char *buffer, long long count) {
    return source.file->read(offset, buffer, count);
}

struct Region {
    long long start;
    long long end;
};

// Where the audio starts after a leading ID3v2 tag (0 without one).
long long id3v2End(const Source &source) {
    unsigned char header[10];
    if (readAt(source, 0, header, 10) != 10 || std::memcmp(header, "ID3", 3) != 0) return 0;
    long long size = 0;
    for (int index = 6; index < 10; ++index) size = size << 7 | (header[index] & 0x7F);
    return std::min(source.size, 10 + size + ((header[5] & 0x10) ? 10 : 0));
}

// The end of the audio before an ID3v1 tag and/or an APEv2 tag at the end.
long long endBeforeTrailers(const Source &source) {
    long long end = source.size;
    unsigned char tag[32];
    if (end >= 128 && readAt(source, end - 128, tag, 3) == 3 && std::memcmp(tag, "TAG", 3) == 0) end -= 128;
    if (end >= 32 && readAt(source, end - 32, tag, 32) == 32 && std::memcmp(tag, "APETAGEX", 8) == 0) {
        long long tagSize = le32(tag + 12);
        bool hasHeader = (tag[23] & 0x80) != 0;
        end = std::max(0LL, end - tagSize - (hasHeader ? 32 : 0));
    }
    return end;
}

// Where FLAC frames start: after "fLaC" (and any ID3v2 before it) and the metadata blocks.
bool flacAudioStart(const Source &source, long long &start) {
    long long offset = id3v2End(source);
    unsigned char header[4];
    if (readAt(source, offset, header, 4) != 4 || std::memcmp(header, "fLaC", 4) != 0) return false;
    offset += 4;
    while (readAt(source, offset, header, 4) == 4) {
        long long length = static_cast<long long>(header[1]) << 16 | static_cast<long long>(header[2]) << 8 | header[3];
        offset += 4 + length;
        if (header[0] & 0x80) {
            start = std::min(offset, source.size);
            return true;
        }
    }
    return false;
}

// The data range of the first top-level MP4 atom of this type.
bool atom(const Source &source, const char *type, Region &region) {
    long long offset = 0;
    unsigned char header[16];
    while (offset + 8 <= source.size) {
        long long got = readAt(source, offset, header, 16);
        if (got < 8) return false;
        long long length = be32(header);
        if (length == 1 && got >= 16) {
            length = static_cast<long long>(be64(header + 8));
        } else if (length == 0) {
            length = source.size - offset;
        }
        if (length < 8) return false;
        if (std::memcmp(header + 4, type, 4) == 0) {
            bool large = header[0] == 0 && header[1] == 0 && header[2] == 0 && header[3] == 1;
            region = {offset + (large ? 16 : 8), std::min(source.size, offset + length)};
            return true;
        }
        offset += length;
    }
    return false;
}

// The data range of the first RIFF/IFF chunk of this type after the 12-byte file header.
bool chunk(const Source &source, const char *type, bool littleEndian, Region &region) {
    long long offset = 12;
    unsigned char header[8];
    while (offset + 8 <= source.size && readAt(source, offset, header, 8) == 8) {
        long long length = littleEndian ? le32(header + 4) : be32(header + 4);
        if (std::memcmp(header, type, 4) == 0) {
            region = {offset + 8, std::min(source.size, offset + 8 + length)};
            return true;
        }
        offset += 8 + length + (length & 1);
    }
    return false;
}

// Keeps the bodies of the audio pages (granule position > 0) that start inside the first
// `count` (at most `window`) bytes of `bytes`, in place; returns the new count (unchanged
// when there are none).
long long oggBodies(unsigned char *bytes, long long count) {
    unsigned char result[window];
    long long resultCount = 0;
    long long index = 0;
    while (index + 27 <= count) {
        if (std::memcmp(bytes + index, "OggS", 4) != 0) {
            ++index;
            continue;
        }
        long long segments = bytes[index + 26];
        long long tableEnd = index + 27 + segments;
        if (tableEnd > count) break;
        long long bodyLength = 0;
        for (long long segment = index + 27; segment < tableEnd; ++segment) bodyLength += bytes[segment];
        long long bodyEnd = std::min(count, tableEnd + bodyLength);
        bool granuleIsZero = std::all_of(bytes + index + 6, bytes + index + 14, [](unsigned char b) { return b == 0; });
        if (!granuleIsZero) {
            std::memcpy(result + resultCount, bytes + tableEnd, static_cast<size_t>(bodyEnd - tableEnd));
            resultCount += bodyEnd - tableEnd;
        }
        index = bodyEnd;
    }
    if (resultCount > 0) {
        std::memcpy(bytes, result, static_cast<size_t>(resultCount));
        count = resultCount;
    }
    return count;
}

// FNV-1a over 64-bit little-endian words, then the tail bytes.
uint64_t fnv1a64(const unsigned char *bytes, long long count) {
    uint64_t hash = 0xcbf29ce484222325ULL;
    const uint64_t prime = 0x00000100000001B3ULL;
    long long words = count / 8;
    for (long long index = 0; index < words; ++index) {
        uint64_t word;
        std::memcpy(&word, bytes + index * 8, 8);
        hash ^= word;
        hash *= prime;
    }
    for (long long index = words * 8; index < count; ++index) {
        hash ^= bytes[index];
        hash *= prime;
    }
    return hash;
}

bool is(const char *format, const char *name) { return std::strcmp(format, name) == 0; }

} // namespace

bool contentHash(const Source &source, const char *format, uint64_t &hash) {
    Region region{0, source.size};
    if (is(format, "AAC") || is(format, "ALAC") || is(format, "MP4")) {
        if (!atom(source, "mdat", region)) region = {0, source.size};
    } else if (is(format, "WAV")) {
        if (!chunk(source, "data", true, region)) region = {0, source.size};
    } else if (is(format, "AIFF")) {
        if (!chunk(source, "SSND", false, region)) region = {0, source.size};
    } else if (is(format, "FLAC")) {
        long long start = 0;
        region = {flacAudioStart(source, start) ? start : 0, endBeforeTrailers(source)};
    } else {
        region = {id3v2End(source), endBeforeTrailers(source)};
    }
    long long start = std::max(region.start, region.end - window);
    long long count = region.end - start;
    unsigned char bytes[window];
    if (count > 0) {
        count = readAt(source, start, bytes, count);
        if (count <= 0) return false;
    } else {
        count = 0;
    }
    if (is(format, "Vorbis") || is(format, "Opus") || is(format, "Speex") || is(format, "Ogg FLAC"))
        count = oggBodies(bytes, count);
    hash = fnv1a64(bytes, count);
    return true;
}

} // namespace ctaglib
