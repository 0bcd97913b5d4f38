// One reader per format: constructs the matching TagLib::*::File on the stream and turns
// it into a result (see include/ctaglib.h), with the format's cover art, truncation check
// and the tags 1.13 leaves out.
#ifndef CTAGLIB_FORMATS_HPP
#define CTAGLIB_FORMATS_HPP

#include "ctaglib.h"
#include "sniff.hpp"
#include "truncation.hpp"

#include <taglib/tiostream.h>

namespace ctaglib {

/// Reads the file of sniffed `kind` from `stream` (over `source`); NOT_AUDIO for a kind
/// no reader takes.
ctaglib_result *readKind(Kind kind, TagLib::IOStream *stream, const Source &source);

} // namespace ctaglib

#endif
