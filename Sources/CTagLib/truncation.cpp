// See truncation.hpp. All multi-byte fields are read explicitly (no struct overlays), and
// every read is bounds-checked: the bytes here come from files that are damaged by
// definition.

#include "truncation.hpp"

#include "byteorder.hpp"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

namespace ctaglib {
namespace {

using Bytes = std::vector<unsigned char>;

Bytes readAt(const Source &source, long long offset, long long length) {
    if (offset < 0 || length <= 0 || offset >= source.size) return Bytes();
    length = std::min(length, source.size - offset);
    Bytes buffer(static_cast<size_t>(length));
    buffer.resize(static_cast<size_t>(std::max(0LL, source.file->read(offset, buffer.data(), length))));
    return buffer;
}

// "ends at 48% of its audio data", rounded down so a cut file never says 100%.
std::string endsAt(long long present, long long declared) {
    long long percent = declared > 0 ? std::max(0LL, present) * 100 / declared : 0;
    return "ends at " + std::to_string(std::min(percent, 99LL)) + "% of its audio data";
}

// MARK: - MPEG

// Frame length in bytes from a 4-byte header, or 0 when it is not a usable header (bad
// sync, reserved fields, free-format bitrate).
int mpegFrameLength(const unsigned char *h) {
    static const short kbps[2][3][16] = {
        {   // MPEG 2 and 2.5: layers I, II, III
            {0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256, 0},
            {0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160, 0},
            {0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160, 0},
        },
        {   // MPEG 1
            {0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448, 0},
            {0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384, 0},
            {0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 0},
        },
    };
    static const int rates[4][3] = {{11025, 12000, 8000}, {0, 0, 0}, {22050, 24000, 16000}, {44100, 48000, 32000}};
    if (h[0] != 0xFF || (h[1] & 0xE0) != 0xE0) return 0;
    int version = (h[1] >> 3) & 3, layerBits = (h[1] >> 1) & 3;
    int bitrateIndex = (h[2] >> 4) & 15, rateIndex = (h[2] >> 2) & 3, padding = (h[2] >> 1) & 1;
    if (version == 1 || layerBits == 0 || rateIndex == 3) return 0;
    bool mpeg1 = version == 3;
    int layer = 4 - layerBits;
    int bitrate = kbps[mpeg1][layer - 1][bitrateIndex] * 1000;
    int rate = rates[version][rateIndex];
    if (bitrate == 0 || rate == 0) return 0;
    if (layer == 1) return (12 * bitrate / rate + padding) * 4;
    if (layer == 3 && !mpeg1) return 72 * bitrate / rate + padding;
    return 144 * bitrate / rate + padding;
}

// Same stream as the first frame: version, layer, sample rate, mono or not.
bool sameMPEGStream(const unsigned char *h, const unsigned char *first) {
    return (h[1] & 0xFE) == (first[1] & 0xFE) && (h[2] & 0x0C) == (first[2] & 0x0C) &&
           ((h[3] >> 6) == 3) == ((first[3] >> 6) == 3);
}

// Where the audio ends: before an ID3v1 tag and an APEv2 tag (in either order of
// appearance TagLib accepts: APE before ID3v1).
long long mpegAudioEnd(const Source &source) {
    long long end = source.size;
    Bytes tail = readAt(source, std::max(0LL, end - 160), std::min(160LL, end));
    if (tail.size() >= 128 && std::memcmp(tail.data() + tail.size() - 128, "TAG", 3) == 0) end -= 128;
    Bytes footer = readAt(source, end - 32, 32);
    if (end >= 32 && footer.size() == 32 && std::memcmp(footer.data(), "APETAGEX", 8) == 0) {
        long long size = le32(footer.data() + 12);          // items and footer
        bool hasHeader = (le32(footer.data() + 20) & 0x80000000u) != 0;
        long long tagStart = end - size - (hasHeader ? 32 : 0);
        if (size >= 32 && tagStart >= 0) end = tagStart;
    }
    return end;
}

} // namespace

std::string mpegTruncation(const Source &source, long long firstFrame, long long declaredBytes,
                           long long declaredFrames) {
    if (firstFrame < 0 || firstFrame >= source.size) return "";
    long long audioEnd = mpegAudioEnd(source);
    if (audioEnd <= firstFrame) return "";
    long long present = audioEnd - firstFrame;

    if (declaredBytes > 0) {
        // Clearly short: more than 1% or two average frames missing, whichever is larger.
        long long frame = declaredFrames > 0 ? declaredBytes / declaredFrames : 0;
        long long slack = std::max(declaredBytes / 100, 2 * frame);
        if (present + slack < declaredBytes) return endsAt(present, declaredBytes);
        return "";
    }

    // No declared length: follow frames to the end of the audio. The window starts at the
    // first frame when the audio is small; otherwise a chain of three consecutive frames
    // found in it locks onto the frame grid (a stray sync in audio data never chains).
    Bytes first = readAt(source, firstFrame, 4);
    if (first.size() < 4 || mpegFrameLength(first.data()) == 0) return "";  // free format: cannot tell
    long long windowStart = std::max(firstFrame, audioEnd - 16384);
    Bytes window = readAt(source, windowStart, audioEnd - windowStart);
    const size_t size = window.size();
    if (static_cast<long long>(size) != audioEnd - windowStart) return "";
    const bool fromFirstFrame = windowStart == firstFrame;
    for (size_t at = 0; at + 4 <= size; ++at) {
        if (fromFirstFrame && at > 0) break;
        if (!sameMPEGStream(window.data() + at, first.data()) || mpegFrameLength(window.data() + at) == 0) continue;
        size_t next = at;
        int frames = 0;
        while (next + 4 <= size && sameMPEGStream(window.data() + next, first.data())) {
            int length = mpegFrameLength(window.data() + next);
            if (length == 0) break;
            next += static_cast<size_t>(length);
            ++frames;
        }
        if (frames < 3 && !fromFirstFrame) continue;
        if (next == size) return "";
        if (next > size) return "last frame cut short";
        // 1-3 bytes left that start a frame sync: the next frame's header was cut.
        if (size - next < 4 && window[next] == 0xFF) return "last frame cut short";
        return "";  // something else after the last frame (junk, an unknown tag): readable
    }
    return "";
}

// MARK: - FLAC

namespace {

unsigned char crc8(const unsigned char *data, size_t length) {
    unsigned char crc = 0;
    for (size_t i = 0; i < length; ++i) {
        crc ^= data[i];
        for (int bit = 0; bit < 8; ++bit) crc = static_cast<unsigned char>((crc & 0x80) ? (crc << 1) ^ 0x07 : crc << 1);
    }
    return crc;
}

struct StreamInfo {
    long long audioStart = -1;  // first frame
    unsigned maxBlock = 0;
    unsigned maxFrame = 0;
    unsigned sampleRate = 0;
    unsigned channels = 0;
    unsigned bitsPerSample = 0;
    long long totalSamples = 0;
    bool metadataCut = false;
};

StreamInfo readStreamInfo(const Source &source) {
    StreamInfo info;
    long long at = source.start + 4;  // after "fLaC"
    for (int blocks = 0; blocks < 1024; ++blocks) {
        Bytes header = readAt(source, at, 4 + 34);
        if (header.size() < 4) {
            info.metadataCut = true;
            return info;
        }
        bool last = header[0] & 0x80;
        int type = header[0] & 0x7F;
        long long length = static_cast<long long>(header[1]) << 16 | static_cast<long long>(header[2]) << 8 | header[3];
        if (type == 0 && header.size() >= 4 + 34) {
            const unsigned char *s = header.data() + 4;
            info.maxBlock = unsigned(s[2]) << 8 | s[3];
            info.maxFrame = unsigned(s[7]) << 16 | unsigned(s[8]) << 8 | s[9];
            info.sampleRate = unsigned(s[10]) << 12 | unsigned(s[11]) << 4 | s[12] >> 4;
            info.channels = ((s[12] >> 1) & 7) + 1;
            info.bitsPerSample = ((unsigned(s[12] & 1) << 4) | s[13] >> 4) + 1;
            info.totalSamples = static_cast<long long>(s[13] & 0x0F) << 32 | be32(s + 14);
        }
        at += 4 + length;
        if (at > source.size) {
            info.metadataCut = true;
            return info;
        }
        if (last) {
            info.audioStart = at;
            return info;
        }
    }
    return info;
}

struct FrameHeader {
    size_t position;
    long long sample;
    long long blockSize;
};

// Parses a frame header at `at`, checking its CRC-8 and that it agrees with STREAMINFO.
bool parseFrameHeader(const Bytes &b, size_t at, const StreamInfo &info, FrameHeader &frame) {
    static const unsigned rates[12] = {0, 88200, 176400, 192000, 8000, 16000, 22050, 24000, 32000, 44100, 48000, 96000};
    static const unsigned depths[8] = {0, 8, 12, 0, 16, 20, 24, 32};
    if (at + 6 > b.size() || b[at] != 0xFF || (b[at + 1] & 0xFE) != 0xF8) return false;
    bool variable = b[at + 1] & 1;
    unsigned blockCode = b[at + 2] >> 4, rateCode = b[at + 2] & 0x0F;
    unsigned channelCode = b[at + 3] >> 4, depthCode = (b[at + 3] >> 1) & 7;
    if (blockCode == 0 || rateCode == 15 || channelCode > 10 || depthCode == 3 || (b[at + 3] & 1)) return false;
    if (rateCode >= 1 && rateCode <= 11 && rates[rateCode] != info.sampleRate) return false;
    if ((channelCode < 8 ? channelCode + 1 : 2) != info.channels) return false;
    if (depthCode != 0 && depths[depthCode] != info.bitsPerSample) return false;
    // The frame or sample number, UTF-8 style (up to 7 bytes).
    size_t p = at + 4;
    unsigned char lead = b[p++];
    int extra;
    unsigned long long number;
    if (lead < 0x80) { extra = 0; number = lead; }
    else if ((lead & 0xE0) == 0xC0) { extra = 1; number = lead & 0x1F; }
    else if ((lead & 0xF0) == 0xE0) { extra = 2; number = lead & 0x0F; }
    else if ((lead & 0xF8) == 0xF0) { extra = 3; number = lead & 0x07; }
    else if ((lead & 0xFC) == 0xF8) { extra = 4; number = lead & 0x03; }
    else if ((lead & 0xFE) == 0xFC) { extra = 5; number = lead & 0x01; }
    else if (lead == 0xFE) { extra = 6; number = 0; }
    else return false;
    if (!variable && extra > 5) return false;
    for (int i = 0; i < extra; ++i) {
        if (p >= b.size() || (b[p] & 0xC0) != 0x80) return false;
        number = number << 6 | (b[p++] & 0x3F);
    }
    long long blockSize;
    if (blockCode == 1) blockSize = 192;
    else if (blockCode <= 5) blockSize = 576LL << (blockCode - 2);
    else if (blockCode == 6) {
        if (p + 1 > b.size()) return false;
        blockSize = b[p++] + 1;
    } else if (blockCode == 7) {
        if (p + 2 > b.size()) return false;
        blockSize = (static_cast<long long>(b[p]) << 8 | b[p + 1]) + 1;
        p += 2;
    } else blockSize = 256LL << (blockCode - 8);
    if (rateCode == 12) p += 1;
    else if (rateCode == 13 || rateCode == 14) p += 2;
    if (p + 1 > b.size() || crc8(b.data() + at, p - at) != b[p]) return false;
    if (info.maxBlock && blockSize > info.maxBlock) return false;
    frame.position = at;
    frame.blockSize = blockSize;
    frame.sample = variable ? static_cast<long long>(number) : static_cast<long long>(number) * info.maxBlock;
    return true;
}

} // namespace

std::string flacTruncation(const Source &source) {
    StreamInfo info = readStreamInfo(source);
    if (info.metadataCut) return "ends inside its metadata";
    if (info.audioStart < 0 || info.totalSamples <= 0 || info.maxBlock == 0 || info.sampleRate == 0) return "";
    long long audioBytes = source.size - info.audioStart;
    if (audioBytes <= 0) return "no audio frames";
    // Enough for the last few frames; STREAMINFO's largest frame size when it has one.
    long long want = info.maxFrame ? std::clamp(3LL * info.maxFrame + 64, 4096LL, 1LL << 20) : 256LL * 1024;
    long long windowStart = source.size - std::min(audioBytes, want);
    Bytes window = readAt(source, windowStart, source.size - windowStart);
    std::vector<FrameHeader> headers;
    for (size_t at = 0; at + 6 <= window.size(); ++at) {
        FrameHeader frame;
        if (window[at] == 0xFF && parseFrameHeader(window, at, info, frame)) headers.push_back(frame);
    }
    // From the end back: the first header that chains to one before it (its sample number
    // is where that one's block ends), or is the stream's first frame, is the last frame.
    for (size_t i = headers.size(); i-- > 0;) {
        const FrameHeader &frame = headers[i];
        if (frame.sample >= info.totalSamples) continue;
        if (frame.sample + frame.blockSize >= info.totalSamples) return "";  // the final block is there
        bool chained = windowStart == info.audioStart && frame.position == 0 && frame.sample == 0;
        for (size_t j = 0; j < i && !chained; ++j)
            chained = headers[j].sample + headers[j].blockSize == frame.sample;
        if (chained) return endsAt(frame.sample, info.totalSamples);
    }
    return "";
}

// MARK: - Ogg

std::string oggTruncation(const Source &source) {
    for (long long want : {8192LL, 140000LL}) {
        long long windowStart = std::max(source.start, source.size - want);
        Bytes w = readAt(source, windowStart, source.size - windowStart);
        const long long size = static_cast<long long>(w.size());
        long long cut = -1;  // a page start whose page runs past the end
        // From the end back, every "OggS" that looks like a page header.
        for (long long at = size - 4; at >= 0; --at) {
            if (std::memcmp(w.data() + at, "OggS", 4) != 0) continue;
            if (at + 6 <= size && (w[at + 4] != 0 || (w[at + 5] & ~0x07))) continue;  // version 0, flags 1-4
            long long end;
            if (at + 27 > size) {
                end = size + 1;
            } else {
                int segments = w[at + 26];
                end = at + 27 + segments;
                if (end <= size) {
                    for (int s = 0; s < segments; ++s) end += w[at + 27 + s];
                } else {
                    end = size + 1;
                }
            }
            if (end == size) return (w[at + 5] & 0x04) ? "" : "last page does not end the stream";
            if (end > size) {
                if (cut < 0) cut = at;
            } else if (cut >= 0 && end == cut) {
                return "last page cut short";  // a real page leads to the cut one
            } else if (cut < 0 && size - end < 4 && w[end] == 'O' &&
                       std::memcmp(w.data() + end, "OggS", static_cast<size_t>(size - end)) == 0) {
                return "last page cut short";  // only the start of the next page's header
            }
        }
        if (windowStart == source.start) break;
    }
    return "";
}

long long oggLastGranule(const Source &source) {
    long long windowStart = std::max(source.start, source.size - 140000LL);
    Bytes w = readAt(source, windowStart, source.size - windowStart);
    const long long size = static_cast<long long>(w.size());
    for (long long at = size - 27; at >= 0; --at) {
        if (std::memcmp(w.data() + at, "OggS", 4) != 0 || w[at + 4] != 0) continue;
        long long end = at + 27 + w[at + 26];
        if (end > size) continue;
        for (long long s = at + 27; s < at + 27 + w[at + 26]; ++s) end += w[s];
        if (end > size) continue;  // the cut page
        long long granule = 0;
        for (int i = 7; i >= 0; --i) granule = (granule << 8) | w[at + 6 + i];
        if (granule > 0) return granule;  // -1 (no packet ends on the page) is negative
    }
    return 0;
}

// MARK: - MP4

std::string mp4Truncation(const Source &source) {
    long long at = source.start;
    for (int atoms = 0; atoms < 4096 && at + 8 <= source.size; ++atoms) {
        Bytes h = readAt(source, at, 16);
        if (h.size() < 8) return "";
        long long size = be32(h.data());
        long long header = 8;
        if (size == 1) {
            if (h.size() < 16) return "'" + std::string(h.begin() + 4, h.begin() + 8) + "' atom cut short";
            size = static_cast<long long>(be64(h.data() + 8) & 0x7FFFFFFFFFFFFFFFULL);
            header = 16;
        } else if (size == 0) {
            return "";  // runs to the end of the file
        }
        if (size < header) return "";  // not an atom: TagLib read what it needed, leave it
        if (at + size > source.size) {
            std::string type(h.begin() + 4, h.begin() + 8);
            if (type == "mdat") return endsAt(source.size - at - header, size - header);
            return "'" + type + "' atom runs past the end of the file";
        }
        at += size;
    }
    return "";
}

// MARK: - WAV and AIFF

namespace {

std::string chunkTruncation(const Source &source, bool bigEndian, const char *dataID) {
    long long at = source.start + 12;
    for (int chunks = 0; chunks < 256 && at + 8 <= source.size; ++chunks) {
        Bytes h = readAt(source, at, 8);
        if (h.size() < 8) return "";
        long long size = bigEndian ? be32(h.data() + 4) : le32(h.data() + 4);
        if (std::memcmp(h.data(), dataID, 4) == 0) {
            // 0 and 0xFFFFFFFF are what streaming writers leave when they cannot seek back.
            if (size == 0 || size == 0xFFFFFFFFLL) return "";
            long long present = source.size - at - 8;
            long long slack = std::max(size / 100, 64LL);
            return present + slack < size ? endsAt(present, size) : "";
        }
        at += 8 + size + (size & 1);
    }
    return "";
}

} // namespace

std::string wavTruncation(const Source &source) { return chunkTruncation(source, false, "data"); }

std::string aiffTruncation(const Source &source) { return chunkTruncation(source, true, "SSND"); }

} // namespace ctaglib
