// The results the C boundary hands out (see include/ctaglib.h), and the checks and
// failure reasons every format reader shares.
#ifndef CTAGLIB_RESULTS_HPP
#define CTAGLIB_RESULTS_HPP

#include "ctaglib.h"

#include <string>

#include <taglib/tfile.h>
#include <taglib/tpropertymap.h>

namespace ctaglib {

/// A result with `status` (and `message`, copied, and `errorNumber`); nil when out of memory.
ctaglib_result *makeResult(ctaglib_status status, const char *message = nullptr, int errorNumber = 0);

/// What one concrete TagLib file contributed beyond the generic File interface.
struct Extras {
    const char *format = nullptr;
    int bitsPerSample = 0;
    bool hasCoverArt = false;
    /// What the truncation checks found in a file TagLib read anyway ("last frame cut
    /// short"); empty when the file looks whole.
    std::string damage;
};

/// Whether TagLib read `file` well enough to touch its tags and properties: TagLib 1.13
/// hands out null tags on invalid files and properties() then crashes.
bool usable(TagLib::File &file);

/// A recognised file cut short: `detail` says how ("ends at 48% of its audio data").
ctaglib_result *truncated(const char *format, const std::string &detail);

/// A file TagLib could not use. `cut` is the truncation check's finding, when it has one:
/// the more specific reason.
ctaglib_result *damaged(TagLib::File &file, const char *format, const std::string &cut = std::string());

/// Audio in a format 1.13 cannot read, named (`name`), so the user knows what was left out.
ctaglib_result *unsupported(const char *name);

/// The OK result of a usable `file`: its audio properties, `extras` and the tags in `map`.
ctaglib_result *finish(TagLib::File &file, const Extras &extras, const TagLib::PropertyMap &map);

} // namespace ctaglib

#endif
