// Format detection from a file's content (magic bytes), never from its extension.
//
// FileRef picks a TagLib reader by extension: a FLAC file named .mp3 would be read as
// MPEG, and MPEG::File happily scans random bytes for a frame sync and calls them valid.
// The sniff reads the front of the file once, into a stack buffer, skips any ID3v2 tags,
// and names the format. Formats that look like audio but that TagLib 1.13 cannot read
// (DSD, raw AAC, Matroska, MIDI, ...) are named too, so they are reported, not ignored.
#ifndef CTAGLIB_SNIFF_HPP
#define CTAGLIB_SNIFF_HPP

#include "cachedfile.hpp"

#include <sys/types.h>

namespace ctaglib {

/// What the content says the file is.
enum class Kind {
    none, mpeg, flac, oggVorbis, oggOpus, oggSpeex, oggFLAC, mp4, wav, aiff, wavPack, ape,
    musepack, tta, asf, mod, s3m, it, xm,
    /// Audio TagLib 1.13 cannot read: `Sniffed::unsupported` names it.
    unsupported
};

struct Sniffed {
    Kind kind;
    /// Where the magic bytes (or the first MPEG frame) are: after any ID3v2 tags.
    off_t offset;
    /// For `Kind::unsupported`: the format, for "<name> is not supported by TagLib 1.13".
    const char *unsupported = nullptr;
};

/// Sniffs `file`'s format from its first bytes (one 4 KiB read, more only to skip ID3v2 tags).
Sniffed sniff(CachedFile &file);

} // namespace ctaglib

#endif
