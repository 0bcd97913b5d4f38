// Cheap checks for files cut short, run after TagLib has read a file it recognised.
//
// TagLib reads tags and headers at the front of a file, so a file truncated to half its
// size usually reads fine. Each check here reads a few bytes near the end of the file (a
// handful of reads, at most a few hundred KiB for FLAC and Ogg, usually a few KiB)
// and compares what is there with what the headers declare. None reads the whole file.
//
// Each returns an empty string when the file looks complete or the check cannot tell, and
// otherwise what is wrong, for "truncated MP3 file (<detail>)".
#ifndef CTAGLIB_TRUNCATION_HPP
#define CTAGLIB_TRUNCATION_HPP

#include "cachedfile.hpp"

#include <string>

namespace ctaglib {

/// An open file: how to read it, its size, and where the container starts (after any
/// ID3v2 tags in front of it).
struct Source {
    CachedFile *file;
    long long size;
    long long start;
};

/// MPEG audio. With a Xing/Info or VBRI header (`declaredBytes` > 0: its byte count, which
/// counts from the first frame and includes it), the bytes from `firstFrame` to the end of
/// the audio (before any APEv2 or ID3v1 tag) must be close to it. Without one, the last
/// frame before those tags must be complete: frames are followed back from the end.
std::string mpegTruncation(const Source &source, long long firstFrame, long long declaredBytes,
                           long long declaredFrames);

/// FLAC: the last frame header near the end (sync, CRC-8, chained to the frame before
/// it) must start the block that reaches STREAMINFO's total sample count.
std::string flacTruncation(const Source &source);

/// Ogg (Vorbis, Opus, Speex, FLAC): the last page must fit in the file and carry the
/// end-of-stream flag.
std::string oggTruncation(const Source &source);

/// Ogg: the granule position of the last complete audio page in the last 140 KB, or 0
/// when there is none (header pages only). A file cut inside its last page has no usable
/// length in TagLib, which reads the granule of the very last page.
long long oggLastGranule(const Source &source);

/// MP4: no top-level atom may run past the end of the file.
std::string mp4Truncation(const Source &source);

/// WAV (RIFF, little-endian) and AIFF (FORM, big-endian): the sound data chunk must fit.
std::string wavTruncation(const Source &source);
std::string aiffTruncation(const Source &source);

} // namespace ctaglib

#endif
