// Multi-byte integers read explicitly from file bytes (no struct overlays), shared by the
// truncation checks and the content hash.
#ifndef CTAGLIB_BYTEORDER_HPP
#define CTAGLIB_BYTEORDER_HPP

#include <cstdint>

namespace ctaglib {

inline uint32_t be32(const unsigned char *p) {
    return uint32_t(p[0]) << 24 | uint32_t(p[1]) << 16 | uint32_t(p[2]) << 8 | uint32_t(p[3]);
}

inline uint64_t be64(const unsigned char *p) { return uint64_t(be32(p)) << 32 | be32(p + 4); }

inline uint32_t le32(const unsigned char *p) {
    return uint32_t(p[3]) << 24 | uint32_t(p[2]) << 16 | uint32_t(p[1]) << 8 | uint32_t(p[0]);
}

} // namespace ctaglib

#endif
