// Format detection: see sniff.hpp.

#include "sniff.hpp"

#include "byteorder.hpp"

#include <cstring>

namespace ctaglib {
namespace {

// Bytes read from the front of a file, in a fixed buffer (no allocation per file).
struct Buffer {
    static constexpr size_t capacity = 4096;
    unsigned char bytes[capacity];
    size_t count = 0;

    size_t size() const { return count; }
    const unsigned char *data() const { return bytes; }
    unsigned char operator[](size_t index) const { return bytes[index]; }

    // Fills the buffer from `offset` (fewer bytes near the end of the file).
    void read(CachedFile &file, off_t offset) {
        count = static_cast<size_t>(file.read(offset, bytes, capacity));
    }
};

bool startsWith(const Buffer &buffer, size_t offset, const char *magic, size_t length) {
    return buffer.size() >= offset + length && std::memcmp(buffer.data() + offset, magic, length) == 0;
}

bool isDigit(unsigned char c) { return c >= '0' && c <= '9'; }

// An MPEG audio frame header: sync, and no reserved version, layer, bitrate or sample rate.
bool isMPEGFrameHeader(const Buffer &b, size_t at) {
    if (b.size() < at + 4) return false;
    if (b[at] != 0xFF || (b[at + 1] & 0xE0) != 0xE0) return false;
    int version = (b[at + 1] >> 3) & 0x03;
    int layer = (b[at + 1] >> 1) & 0x03;
    int bitrate = (b[at + 2] >> 4) & 0x0F;
    int sampleRate = (b[at + 2] >> 2) & 0x03;
    return version != 1 && layer != 0 && bitrate != 0x0F && sampleRate != 0x03;
}

// An ADTS (raw AAC) frame header: a 12-bit sync, layer 00 (which MPEG audio reserves), a
// valid sampling-frequency index, and a frame length that covers the header.
bool isADTSHeader(const Buffer &b, size_t at) {
    if (b.size() < at + 7) return false;
    if (b[at] != 0xFF || (b[at + 1] & 0xF6) != 0xF0) return false;
    int frequency = (b[at + 2] >> 2) & 0x0F;
    int length = ((b[at + 3] & 0x03) << 11) | (b[at + 4] << 3) | (b[at + 5] >> 5);
    return frequency < 13 && length >= 7;
}

// The 4-byte signature of a ProTracker-style module at offset 1080, as TagLib's Mod::File
// accepts it ("M.K.", "FLT4", "6CHN", "16CH", ...).
bool isMODSignature(const Buffer &b, size_t at) {
    if (b.size() < at + 1084) return false;
    const unsigned char *s = b.data() + at + 1080;
    auto is = [s](const char *tag) { return std::memcmp(s, tag, 4) == 0; };
    if (is("M.K.") || is("M!K!") || is("M&K!") || is("N.T.") || is("CD81") || is("OKTA")) return true;
    if ((std::memcmp(s, "FLT", 3) == 0 || std::memcmp(s, "TDZ", 3) == 0) && isDigit(s[3])) return true;
    if (isDigit(s[0]) && std::memcmp(s + 1, "CHN", 3) == 0) return true;
    return isDigit(s[0]) && isDigit(s[1]) && s[2] == 'C' && (s[3] == 'H' || s[3] == 'N');
}

// A "stripped" XM module, as some tools save them: the "Extended Module: " magic, the 0x1A
// after the title and the tracker name are zeroed, and TagLib 1.13's XM reader accepts
// that. Zeros say little, so the header after them must make sense too: its size covers
// the song fields, and the song length, channel, pattern and instrument counts are in
// FastTracker 2's ranges.
bool isStrippedXM(const Buffer &b) {
    if (b.size() < 80) return false;
    for (size_t i = 0; i < 17; ++i) {
        if (b[i] != 0) return false;
    }
    if (b[37] != 0x00 && b[37] != 0x1A) return false;
    const unsigned char *header = b.data() + 60;
    auto u16 = [header](size_t offset) { return unsigned(header[offset]) | unsigned(header[offset + 1]) << 8; };
    uint32_t headerSize = le32(header);
    unsigned length = u16(4), channels = u16(8), patterns = u16(10), instruments = u16(12);
    return headerSize >= 20 && headerSize <= 276 && length >= 1 && length <= 256 && channels >= 1 && channels <= 64 &&
           patterns <= 256 && instruments <= 128;
}

Kind sniffOgg(const Buffer &b, size_t at) {
    // First page: 27-byte header, then the segment table, then the first packet.
    if (b.size() < at + 27) return Kind::none;
    size_t packet = at + 27 + b[at + 26];
    if (startsWith(b, packet, "\x01vorbis", 7)) return Kind::oggVorbis;
    if (startsWith(b, packet, "OpusHead", 8)) return Kind::oggOpus;
    if (startsWith(b, packet, "Speex   ", 8)) return Kind::oggSpeex;
    if (startsWith(b, packet, "\x7f" "FLAC", 5)) return Kind::oggFLAC;
    return Kind::none;
}

Kind sniffReadable(const Buffer &b, size_t at) {
    static const unsigned char asfGUID[] = {0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11};
    if (startsWith(b, at, "fLaC", 4)) return Kind::flac;
    if (startsWith(b, at, "OggS", 4)) return sniffOgg(b, at);
    if (startsWith(b, at + 4, "ftyp", 4)) return Kind::mp4;
    if (startsWith(b, at, "RIFF", 4) && startsWith(b, at + 8, "WAVE", 4)) return Kind::wav;
    if (startsWith(b, at, "FORM", 4) && (startsWith(b, at + 8, "AIFF", 4) || startsWith(b, at + 8, "AIFC", 4)))
        return Kind::aiff;
    if (startsWith(b, at, "wvpk", 4)) return Kind::wavPack;
    if (startsWith(b, at, "MAC ", 4)) return Kind::ape;
    if (startsWith(b, at, "MPCK", 4) || startsWith(b, at, "MP+", 3)) return Kind::musepack;
    if (startsWith(b, at, "TTA1", 4)) return Kind::tta;
    if (startsWith(b, at, reinterpret_cast<const char *>(asfGUID), sizeof asfGUID)) return Kind::asf;
    if (startsWith(b, at, "IMPM", 4)) return Kind::it;
    if (startsWith(b, at, "Extended Module: ", 17)) return Kind::xm;
    if (isMPEGFrameHeader(b, at)) return Kind::mpeg;
    if (startsWith(b, at + 44, "SCRM", 4)) return Kind::s3m;
    return Kind::none;
}

// Audio formats TagLib 1.13 has no reader for, by their magic bytes; nullptr when none.
const char *sniffUnsupported(const Buffer &b, size_t at) {
    struct Magic {
        size_t offset;
        const char *bytes;
        size_t length;
        const char *name;
    };
    static const Magic magics[] = {
        {0, "DSD ", 4, "DSD audio (.dsf)"},
        {0, "ADIF", 4, "raw AAC audio (ADIF)"},
        {0, "\x1A\x45\xDF\xA3", 4, "Matroska/WebM audio"},
        {0, "caff", 4, "Core Audio Format (CAF) audio"},
        {0, ".snd", 4, "Sun AU audio"},
        {0, "MThd", 4, "MIDI"},
        {0, "\x7F\xFE\x80\x01", 4, "DTS audio"},
        {0, "#!AMR", 5, "AMR audio"},
        {0, "tBaK", 4, "TAK audio"},
        {0, "ajkg", 4, "Shorten audio"},
        {0, "OFR ", 4, "OptimFROG audio"},
        {0, ".ra\xFD", 4, "RealAudio"},
        {0, ".RMF", 4, "RealMedia audio"},
        {0, "RF64", 4, "RF64 (large WAV) audio"},
        {0, "riff\x2E\x91\xCF\x11", 8, "Wave64 audio"},
        {8, "RMID", 4, "MIDI (RIFF)"},
        {8, "8SVX", 4, "IFF 8SVX audio"},
    };
    for (const Magic &magic : magics) {
        if (startsWith(b, at + magic.offset, magic.bytes, magic.length)) return magic.name;
    }
    if (startsWith(b, at, "FRM8", 4) && startsWith(b, at + 12, "DSD ", 4)) return "DSD audio (.dff)";
    if (isADTSHeader(b, at)) return "raw AAC audio (ADTS)";
    if (startsWith(b, at, "\x0B\x77", 2)) return "AC-3 audio";
    return nullptr;
}

} // namespace

Sniffed sniff(CachedFile &file) {
    Buffer buffer;
    buffer.read(file, 0);
    off_t offset = 0;
    bool sawID3 = false;
    // Skips any ID3v2 tags (FLAC, APE, TTA, AAC and MP3 files may start with one).
    for (int tags = 0; tags < 4 && startsWith(buffer, 0, "ID3", 3) && buffer.size() >= 10; ++tags) {
        sawID3 = true;
        off_t size = (off_t(buffer[6] & 0x7F) << 21) | (off_t(buffer[7] & 0x7F) << 14) |
                     (off_t(buffer[8] & 0x7F) << 7) | off_t(buffer[9] & 0x7F);
        offset += 10 + size + ((buffer[5] & 0x10) ? 10 : 0);
        buffer.read(file, offset);
    }
    Kind kind = sniffReadable(buffer, 0);
    if (kind != Kind::none) return {kind, offset};
    // Some encoders and taggers leave zero padding before the first frame.
    size_t at = 0;
    while (at < buffer.size() && buffer[at] == 0) ++at;
    if (isMPEGFrameHeader(buffer, at)) return {Kind::mpeg, offset + static_cast<off_t>(at)};
    if (const char *name = sniffUnsupported(buffer, at)) return {Kind::unsupported, offset, name};
    // A module's signature sits after its title and sample table: checked last.
    if (!sawID3 && isMODSignature(buffer, 0)) return {Kind::mod, 0};
    // So does a stripped XM's header: only zeros where its magic was.
    if (!sawID3 && isStrippedXM(buffer)) return {Kind::xm, 0};
    // An ID3v2 tag is MPEG's tag format: let MPEG::File judge whatever follows it.
    return {sawID3 ? Kind::mpeg : Kind::none, offset};
}

} // namespace ctaglib
