// An open file read through one small cache, shared by everything that reads it: the
// format sniffing, TagLib (through DescriptorStream), the truncation checks and the
// content hash.
//
// TagLib reads in small pieces: an MP4 file is walked 8 bytes per atom header, an MP3 file
// is probed frame header by frame header, and each tag format looks at the end of the file
// for trailers. Each piece used to be a pread; here a miss reads a whole window around it
// (the first 64 KiB, or 16 KiB elsewhere), so a small file costs one system call and a
// large one a few: its front, its end and the places the checks sample.
#ifndef CTAGLIB_CACHEDFILE_HPP
#define CTAGLIB_CACHEDFILE_HPP

#include <algorithm>
#include <cstring>
#include <memory>

#include <unistd.h>

namespace ctaglib {

class CachedFile {
public:
    /// Reads `fd`, whose size is `size`. Does not take ownership of `fd`. One CachedFile at
    /// a time per thread: they share the thread's buffer.
    CachedFile(int fd, long long size) : fd_(fd), size_(size), buffer_(threadBuffer()) {}

    CachedFile(const CachedFile &) = delete;
    CachedFile &operator=(const CachedFile &) = delete;

    long long size() const { return size_; }

    /// Copies up to `count` bytes at `offset` into `into`; returns how many, fewer only at
    /// the end of the file or when the file cannot be read.
    long long read(long long offset, void *into, long long count) {
        if (offset < 0 || count <= 0 || offset >= size_) return 0;
        count = std::min(count, size_ - offset);
        if (offset < start_ || offset + count > start_ + cached_) {
            // Large reads (a tag with cover art) bypass the cache rather than evict it.
            if (count > capacity / 2) return direct(offset, static_cast<unsigned char *>(into), count);
            fill(offset, count);
            // The window starts at or before `offset`; a short read (an I/O error, a file
            // that shrank) leaves less than asked.
            count = std::min(count, start_ + cached_ - offset);
            if (count <= 0) return 0;
        }
        std::memcpy(into, buffer_ + (offset - start_), static_cast<size_t>(count));
        return count;
    }

private:
    static constexpr long long capacity = 64 * 1024;
    static constexpr long long page = 4096;

    // Caches the window around [offset, offset + count): from the page `offset` is on,
    // 64 KiB at the front of the file and 16 KiB elsewhere, and never less than asked.
    void fill(long long offset, long long count) {
        long long start = offset - offset % page;
        long long length = std::max(start == 0 ? capacity : capacity / 4, offset + count - start);
        length = std::min({length, capacity, size_ - start});
        start_ = start;
        cached_ = std::max(0LL, direct(start, buffer_, length));
    }

    // The calling thread's cache memory, allocated once: a 64 KiB allocation and release per
    // file would make glibc consolidate its free lists every time.
    static unsigned char *threadBuffer() {
        thread_local std::unique_ptr<unsigned char[]> buffer(new unsigned char[capacity]);
        return buffer.get();
    }

    long long direct(long long offset, unsigned char *into, long long count) {
        long long done = 0;
        while (done < count) {
            ssize_t got = pread(fd_, into + done, static_cast<size_t>(count - done), static_cast<off_t>(offset + done));
            if (got <= 0) break;
            done += got;
        }
        return done;
    }

    int fd_;
    long long size_;
    unsigned char *buffer_;
    long long start_ = 0;
    long long cached_ = 0;
};

} // namespace ctaglib

#endif
