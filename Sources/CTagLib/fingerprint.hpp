// A hash of a file's audio content that survives moves, renames and retagging.
//
// It hashes (FNV-1a, 64-bit) the last 4 KiB of the *audio payload*. Tags live at the front
// (ID3v2, FLAC metadata blocks, Vorbis comment pages, MP4 `moov`) or in a trailer (ID3v1,
// APEv2), so the payload is bounded per format: after an ID3v2 tag or the FLAC metadata
// blocks and before any trailer; the `mdat` atom of MP4; the `data`/`SSND` chunk of WAV and
// AIFF. For Ogg only the bodies of audio pages (granule position > 0) are hashed, because a
// retag that changes the header packets renumbers (and re-checksums) every later page
// header. Re-encoding changes the hash, which is right: it is then another file.
//
// The end of the payload is the part most likely to differ between two encodes of one
// recording (and between two tracks cut from one template), and reading it costs one pread
// of a page the truncation checks usually brought into the cache already.
#ifndef CTAGLIB_FINGERPRINT_HPP
#define CTAGLIB_FINGERPRINT_HPP

#include <cstdint>

#include "truncation.hpp"

namespace ctaglib {

/// The content hash of the open file `source` in `format` (a canonical format name:
/// "MP3", "FLAC", "AAC", "Vorbis", ...); false when the file cannot be read.
bool contentHash(const Source &source, const char *format, uint64_t &hash);

} // namespace ctaglib

#endif
