// The C boundary over TagLib 1.13. See include/ctaglib.h for the contract.
//
// The format is sniffed from the content (sniff.hpp) and the matching TagLib::*::File is
// constructed by its reader (formats.hpp), rather than letting FileRef pick one by
// extension.

#include "ctaglib.h"
#include "descriptorstream.hpp"
#include "fingerprint.hpp"
#include "formats.hpp"
#include "results.hpp"
#include "sniff.hpp"
#include "truncation.hpp"

#include <cerrno>
#include <cstdlib>
#include <exception>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

using ctaglib::Kind;
using ctaglib::Sniffed;
using ctaglib::makeResult;
using ctaglib::truncated;
using ctaglib::unsupported;

ctaglib_result *read(const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return makeResult(CTAGLIB_STATUS_CANNOT_OPEN, nullptr, errno);
    struct stat info;
    if (fstat(fd, &info) != 0) {
        int error = errno;
        close(fd);
        return makeResult(CTAGLIB_STATUS_CANNOT_OPEN, nullptr, error);
    }
    if (S_ISDIR(info.st_mode)) {
        close(fd);
        return makeResult(CTAGLIB_STATUS_CANNOT_OPEN, nullptr, EISDIR);
    }
    if (info.st_size == 0) {
        close(fd);
        return makeResult(CTAGLIB_STATUS_EMPTY);
    }
    // Kept open for the truncation checks and the content hash, which read near the end
    // after TagLib is done.
    struct Closer {
        int fd;
        ~Closer() { close(fd); }
    } closer{fd};
    ctaglib::CachedFile file(fd, static_cast<long long>(info.st_size));
    Sniffed sniffed = ctaglib::sniff(file);
    if (sniffed.kind == Kind::none) return makeResult(CTAGLIB_STATUS_NOT_AUDIO);
    if (sniffed.kind == Kind::unsupported) return unsupported(sniffed.unsupported);
    // An ID3v2 tag in front that runs past the end: cut before any audio (sniff calls
    // whatever has an ID3v2 tag and nothing recognisable after it MPEG).
    if (sniffed.offset > info.st_size) return truncated("MP3", "ends inside its ID3v2 tag");

    ctaglib::DescriptorStream stream(file, path);
    ctaglib::Source source{&file, static_cast<long long>(info.st_size), static_cast<long long>(sniffed.offset)};
    ctaglib_result *result = readKind(sniffed.kind, &stream, source);
    if (result && result->status == CTAGLIB_STATUS_OK && result->format) {
        uint64_t hash = 0;
        result->has_content_hash = ctaglib::contentHash(source, result->format, hash);
        result->content_hash = hash;
    }
    return result;
}

} // namespace

extern "C" ctaglib_result *ctaglib_read(const char *path) {
    try {
        return read(path);
    } catch (const std::exception &error) {
        return makeResult(CTAGLIB_STATUS_EXCEPTION, error.what());
    } catch (...) {
        return makeResult(CTAGLIB_STATUS_EXCEPTION, "unknown exception");
    }
}

extern "C" void ctaglib_result_free(ctaglib_result *result) {
    if (!result) return;
    std::free(const_cast<ctaglib_property *>(result->properties));
    std::free(const_cast<char *>(result->format));
    std::free(const_cast<char *>(result->message));
    std::free(const_cast<char *>(result->damage));
    std::free(result);
}
