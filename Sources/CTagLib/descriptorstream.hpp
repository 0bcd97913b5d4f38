// A read-only TagLib stream over a file the caller keeps open.
//
// TagLib's FileStream goes through stdio and asks for the file's length (an fseek to the
// end and back, two lseek calls) on every readBlock. Here reads go through the caller's
// CachedFile (mostly no system call at all), the length comes from the caller's fstat, and
// a seek is arithmetic. The file is never written, so closing it never raises inotify's
// IN_CLOSE_WRITE for a watcher.
#ifndef CTAGLIB_DESCRIPTORSTREAM_HPP
#define CTAGLIB_DESCRIPTORSTREAM_HPP

#include "cachedfile.hpp"

#include <algorithm>

#include <taglib/tbytevector.h>
#include <taglib/tiostream.h>

namespace ctaglib {

class DescriptorStream : public TagLib::IOStream {
public:
    /// Reads `file`; `name` is only for TagLib's messages.
    DescriptorStream(CachedFile &file, const char *name) : file_(file), length_(static_cast<long>(file.size())), name_(name) {}

    TagLib::FileName name() const override { return name_; }

    TagLib::ByteVector readBlock(unsigned long length) override {
        if (length == 0 || position_ < 0 || position_ >= length_) return TagLib::ByteVector();
        unsigned long count = std::min<unsigned long>(length, static_cast<unsigned long>(length_ - position_));
        TagLib::ByteVector block(static_cast<unsigned int>(count), '\0');
        auto done = static_cast<unsigned long>(file_.read(position_, block.data(), static_cast<long long>(count)));
        if (done < count) block.resize(static_cast<unsigned int>(done));
        position_ += static_cast<long>(done);
        return block;
    }

    // Read-only: TagLib never writes through a stream opened to read tags.
    void writeBlock(const TagLib::ByteVector &) override {}
    void insert(const TagLib::ByteVector &, unsigned long, unsigned long) override {}
    void removeBlock(unsigned long, unsigned long) override {}
    void truncate(long) override {}
    bool readOnly() const override { return true; }
    bool isOpen() const override { return true; }

    void seek(long offset, Position from = Beginning) override {
        switch (from) {
        case Beginning: position_ = offset; break;
        case Current: position_ += offset; break;
        case End: position_ = length_ + offset; break;
        }
        position_ = std::max(0L, position_);
    }

    void clear() override {}
    long tell() const override { return position_; }
    long length() override { return length_; }

private:
    CachedFile &file_;
    long length_;
    long position_ = 0;
    const char *name_;
};

} // namespace ctaglib

#endif
