// Embedded cover pictures. See include/ctaglib_picture.h for the contract.
//
// Each tag format stores pictures its own way: ID3v2 APIC frames (MP3, WAV, AIFF, TTA and
// FLAC files with an ID3v2 tag), FLAC PICTURE blocks (FLAC, and base64 in Ogg comments),
// APE "Cover Art (Front)" binary items (WavPack, APE, Musepack, MP3), MP4 `covr` atoms and
// ASF WM/Picture attributes. The front cover wins; otherwise the first picture found.

#include "ctaglib_picture.h"
#include "descriptorstream.hpp"
#include "sniff.hpp"

#include <cstdlib>
#include <cstring>
#include <string>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <taglib/aifffile.h>
#include <taglib/apefile.h>
#include <taglib/apetag.h>
#include <taglib/asffile.h>
#include <taglib/attachedpictureframe.h>
#include <taglib/flacfile.h>
#include <taglib/id3v2tag.h>
#include <taglib/mp4file.h>
#include <taglib/mpcfile.h>
#include <taglib/mpegfile.h>
#include <taglib/oggflacfile.h>
#include <taglib/opusfile.h>
#include <taglib/speexfile.h>
#include <taglib/trueaudiofile.h>
#include <taglib/vorbisfile.h>
#include <taglib/wavfile.h>
#include <taglib/wavpackfile.h>
#include <taglib/xiphcomment.h>

namespace {

using ctaglib::Kind;

// The best picture seen so far: a front cover ends the search.
struct Found {
    TagLib::ByteVector data;
    std::string mime;
    bool front = false;

    bool done() const { return front; }
    void offer(const TagLib::ByteVector &bytes, const TagLib::String &type, bool isFront) {
        if (bytes.isEmpty() || front || (!data.isEmpty() && !isFront)) return;
        data = bytes;
        mime = type.to8Bit(true);
        front = isFront;
    }
};

void collect(TagLib::ID3v2::Tag *tag, Found &found) {
    if (!tag) return;
    const TagLib::ID3v2::FrameList &frames = tag->frameListMap()["APIC"];
    for (auto it = frames.begin(); it != frames.end() && !found.done(); ++it) {
        auto *frame = dynamic_cast<TagLib::ID3v2::AttachedPictureFrame *>(*it);
        if (frame)
            found.offer(frame->picture(), frame->mimeType(),
                        frame->type() == TagLib::ID3v2::AttachedPictureFrame::FrontCover);
    }
}

// An APE binary cover item is "<file name>\0<image bytes>".
void collect(TagLib::APE::Tag *tag, Found &found) {
    if (!tag) return;
    const TagLib::APE::ItemListMap &items = tag->itemListMap();
    for (auto it = items.begin(); it != items.end() && !found.done(); ++it) {
        TagLib::String key = it->first.upper();
        if (!key.startsWith("COVER ART") || it->second.type() != TagLib::APE::Item::Binary) continue;
        TagLib::ByteVector value = it->second.binaryData();
        int nul = value.find('\0');
        if (nul < 0) continue;
        found.offer(value.mid(static_cast<unsigned int>(nul) + 1), TagLib::String(), key == "COVER ART (FRONT)");
    }
}

void collect(const TagLib::List<TagLib::FLAC::Picture *> &pictures, Found &found) {
    for (auto it = pictures.begin(); it != pictures.end() && !found.done(); ++it)
        found.offer((*it)->data(), (*it)->mimeType(), (*it)->type() == TagLib::FLAC::Picture::FrontCover);
}

void collect(TagLib::Ogg::XiphComment *comment, Found &found) {
    if (comment) collect(comment->pictureList(), found);
}

void collect(TagLib::MP4::Tag *tag, Found &found) {
    if (!tag || !tag->contains("covr")) return;
    const TagLib::MP4::CoverArtList covers = tag->item("covr").toCoverArtList();
    for (auto it = covers.begin(); it != covers.end() && found.data.isEmpty(); ++it) {
        const char *mime = it->format() == TagLib::MP4::CoverArt::PNG    ? "image/png"
                           : it->format() == TagLib::MP4::CoverArt::GIF  ? "image/gif"
                           : it->format() == TagLib::MP4::CoverArt::BMP  ? "image/bmp"
                           : it->format() == TagLib::MP4::CoverArt::JPEG ? "image/jpeg"
                                                                         : "";
        found.offer(it->data(), mime, false);
    }
}

void collect(TagLib::ASF::Tag *tag, Found &found) {
    if (!tag) return;
    const TagLib::ASF::AttributeListMap &attributes = tag->attributeListMap();
    auto pictures = attributes.find("WM/Picture");
    if (pictures == attributes.end()) return;
    for (auto it = pictures->second.begin(); it != pictures->second.end() && !found.done(); ++it) {
        TagLib::ASF::Picture picture = it->toPicture();
        if (picture.isValid())
            found.offer(picture.picture(), picture.mimeType(), picture.type() == TagLib::ASF::Picture::FrontCover);
    }
}

template <typename OggFile> void collectOgg(TagLib::IOStream *stream, Found &found) {
    OggFile file(stream, false);
    if (file.isValid()) collect(file.tag(), found);
}

void collect(Kind kind, TagLib::IOStream *stream, Found &found) {
    switch (kind) {
    case Kind::mpeg: {
        TagLib::MPEG::File file(stream, TagLib::ID3v2::FrameFactory::instance(), false);
        if (file.hasID3v2Tag()) collect(file.ID3v2Tag(), found);
        if (file.hasAPETag()) collect(file.APETag(), found);
        break;
    }
    case Kind::flac: {
        TagLib::FLAC::File file(stream, TagLib::ID3v2::FrameFactory::instance(), false);
        collect(file.pictureList(), found);
        if (file.hasXiphComment()) collect(file.xiphComment(), found);
        if (file.hasID3v2Tag()) collect(file.ID3v2Tag(), found);
        break;
    }
    case Kind::oggVorbis: collectOgg<TagLib::Ogg::Vorbis::File>(stream, found); break;
    case Kind::oggOpus: collectOgg<TagLib::Ogg::Opus::File>(stream, found); break;
    case Kind::oggSpeex: collectOgg<TagLib::Ogg::Speex::File>(stream, found); break;
    case Kind::oggFLAC: collectOgg<TagLib::Ogg::FLAC::File>(stream, found); break;
    case Kind::mp4: {
        TagLib::MP4::File file(stream, false);
        if (file.isValid()) collect(file.tag(), found);
        break;
    }
    case Kind::wav: {
        TagLib::RIFF::WAV::File file(stream, false);
        if (file.hasID3v2Tag()) collect(file.ID3v2Tag(), found);
        break;
    }
    case Kind::aiff: {
        TagLib::RIFF::AIFF::File file(stream, false);
        if (file.hasID3v2Tag()) collect(file.tag(), found);
        break;
    }
    case Kind::wavPack: {
        TagLib::WavPack::File file(stream, false);
        if (file.hasAPETag()) collect(file.APETag(), found);
        break;
    }
    case Kind::ape: {
        TagLib::APE::File file(stream, false);
        if (file.hasAPETag()) collect(file.APETag(), found);
        break;
    }
    case Kind::musepack: {
        TagLib::MPC::File file(stream, false);
        if (file.hasAPETag()) collect(file.APETag(), found);
        break;
    }
    case Kind::tta: {
        TagLib::TrueAudio::File file(stream, TagLib::ID3v2::FrameFactory::instance(), false);
        if (file.hasID3v2Tag()) collect(file.ID3v2Tag(), found);
        break;
    }
    case Kind::asf: {
        TagLib::ASF::File file(stream, false);
        if (file.isValid()) collect(file.tag(), found);
        break;
    }
    default: break; // Tracker modules have no pictures; other kinds are not read.
    }
}

ctaglib_picture *readPicture(const char *path) {
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return nullptr;
    struct Closer {
        int fd;
        ~Closer() { close(fd); }
    } closer{fd};
    struct stat info;
    if (fstat(fd, &info) != 0 || !S_ISREG(info.st_mode) || info.st_size == 0) return nullptr;
    ctaglib::CachedFile file(fd, static_cast<long long>(info.st_size));
    ctaglib::Sniffed sniffed = ctaglib::sniff(file);
    if (sniffed.kind == Kind::none || sniffed.kind == Kind::unsupported || sniffed.offset > info.st_size)
        return nullptr;
    ctaglib::DescriptorStream stream(file, path);
    Found found;
    collect(sniffed.kind, &stream, found);
    if (found.data.isEmpty()) return nullptr;

    auto *picture = static_cast<ctaglib_picture *>(std::calloc(1, sizeof(ctaglib_picture)));
    auto *bytes = static_cast<unsigned char *>(std::malloc(found.data.size()));
    char *mime = strdup(found.mime.c_str());
    if (!picture || !bytes || !mime) {
        std::free(picture);
        std::free(bytes);
        std::free(mime);
        return nullptr;
    }
    std::memcpy(bytes, found.data.data(), found.data.size());
    picture->data = bytes;
    picture->size = found.data.size();
    picture->mime_type = mime;
    return picture;
}

} // namespace

extern "C" ctaglib_picture *ctaglib_read_picture(const char *path) {
    try {
        return readPicture(path);
    } catch (...) {
        return nullptr;
    }
}

extern "C" void ctaglib_picture_free(ctaglib_picture *picture) {
    if (!picture) return;
    std::free(const_cast<unsigned char *>(picture->data));
    std::free(const_cast<char *>(picture->mime_type));
    std::free(picture);
}
