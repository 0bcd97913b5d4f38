// The C boundary over TagLib 1.13. See include/ctaglib.h for the contract.
//
// The format is sniffed from the content (sniff.hpp) and the matching TagLib::*::File is
// constructed here, rather than letting FileRef pick one by extension.

#include "ctaglib.h"
#include "descriptorstream.hpp"
#include "fingerprint.hpp"
#include "sniff.hpp"
#include "truncation.hpp"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <string>
#include <vector>

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
#include <taglib/itfile.h>
#include <taglib/modfile.h>
#include <taglib/mp4file.h>
#include <taglib/mpcfile.h>
#include <taglib/mpegfile.h>
#include <taglib/oggflacfile.h>
#include <taglib/s3mfile.h>
#include <taglib/oggpageheader.h>
#include <taglib/opusfile.h>
#include <taglib/speexfile.h>
#include <taglib/tpropertymap.h>
#include <taglib/trueaudiofile.h>
#include <taglib/vorbisfile.h>
#include <taglib/wavfile.h>
#include <taglib/wavpackfile.h>
#include <taglib/xingheader.h>
#include <taglib/xiphcomment.h>
#include <taglib/xmfile.h>

namespace {

using ctaglib::Kind;
using ctaglib::Sniffed;

// MARK: - Cover art

bool hasPicture(TagLib::ID3v2::Tag *tag) {
    return tag && !tag->frameListMap()["APIC"].isEmpty();
}

bool hasPicture(TagLib::APE::Tag *tag) {
    if (!tag) return false;
    const TagLib::APE::ItemListMap &items = tag->itemListMap();
    for (auto it = items.begin(); it != items.end(); ++it) {
        if (it->first.upper().startsWith("COVER ART") && it->second.type() == TagLib::APE::Item::Binary)
            return true;
    }
    return false;
}

bool hasPicture(TagLib::Ogg::XiphComment *comment) {
    return comment && (!comment->pictureList().isEmpty() || comment->contains("COVERART"));
}

// MARK: - Results

ctaglib_result *makeResult(ctaglib_status status, const char *message = nullptr, int errorNumber = 0) {
    auto *result = static_cast<ctaglib_result *>(std::calloc(1, sizeof(ctaglib_result)));
    if (!result) return nullptr;
    result->status = status;
    result->error_number = errorNumber;
    result->message = message ? strdup(message) : nullptr;
    return result;
}

// Copies the map into one allocation: the entries, then every value pointer, then the
// NUL-terminated UTF-8 text they point into (ctaglib_result_free releases it in one go).
void fillProperties(ctaglib_result *result, const TagLib::PropertyMap &map) {
    if (map.isEmpty()) return;
    std::string text;
    std::vector<size_t> offsets;
    size_t valueCount = 0;
    for (auto it = map.begin(); it != map.end(); ++it) {
        offsets.push_back(text.size());
        text += it->first.to8Bit(true);
        text.push_back('\0');
        for (auto value = it->second.begin(); value != it->second.end(); ++value) {
            offsets.push_back(text.size());
            text += value->to8Bit(true);
            text.push_back('\0');
        }
        valueCount += it->second.size();
    }
    size_t entriesSize = map.size() * sizeof(ctaglib_property);
    size_t pointersSize = valueCount * sizeof(const char *);
    auto *block = static_cast<unsigned char *>(std::malloc(entriesSize + pointersSize + text.size()));
    if (!block) return;
    auto *entries = reinterpret_cast<ctaglib_property *>(block);
    auto **pointers = reinterpret_cast<const char **>(block + entriesSize);
    char *chars = reinterpret_cast<char *>(block + entriesSize + pointersSize);
    std::memcpy(chars, text.data(), text.size());
    size_t entry = 0, offset = 0, pointer = 0;
    for (auto it = map.begin(); it != map.end(); ++it, ++entry) {
        entries[entry].key = chars + offsets[offset++];
        entries[entry].values = pointers + pointer;
        entries[entry].value_count = it->second.size();
        for (size_t value = 0; value < it->second.size(); ++value) pointers[pointer++] = chars + offsets[offset++];
    }
    result->properties = entries;
    result->property_count = map.size();
}

// What one concrete TagLib file contributed beyond the generic File interface.
struct Extras {
    const char *format = nullptr;
    int bitsPerSample = 0;
    bool hasCoverArt = false;
    /// What the truncation checks found in a file TagLib read anyway ("last frame cut
    /// short"); empty when the file looks whole.
    std::string damage;
};

// TagLib 1.13 does not map ID3v2 TCMP (iTunes' compilation flag) into the PropertyMap.
void addCompilation(TagLib::ID3v2::Tag *tag, TagLib::PropertyMap &map) {
    if (!tag || map.contains("COMPILATION")) return;
    const TagLib::ID3v2::FrameList &frames = tag->frameListMap()["TCMP"];
    if (!frames.isEmpty()) map.insert("COMPILATION", TagLib::StringList(frames.front()->toString()));
}

void addCompilation(TagLib::MP4::Tag *tag, TagLib::PropertyMap &map) {
    if (!tag || map.contains("COMPILATION") || !tag->contains("cpil")) return;
    map.insert("COMPILATION", TagLib::StringList(tag->item("cpil").toBool() ? "1" : "0"));
}

// 1.13 drops freeform atoms it has no key for (ReplayGain, MOOD, ...) into unsupportedData.
// Keep their text under the atom's name, uppercased, the way Vorbis comments would spell it.
void addFreeformAtoms(TagLib::MP4::Tag *tag, TagLib::PropertyMap &map) {
    if (!tag) return;
    const TagLib::StringList unsupported = map.unsupportedData();
    for (auto name = unsupported.begin(); name != unsupported.end(); ++name) {
        if (!name->startsWith("----:")) continue;
        int colon = name->rfind(":");
        TagLib::String key = name->substr(colon + 1).upper();
        TagLib::StringList values = tag->item(*name).toStringList();
        if (!key.isEmpty() && !values.isEmpty() && !map.contains(key)) map.insert(key, values);
    }
}

TagLib::String text(const TagLib::ASF::Attribute &attribute) {
    switch (attribute.type()) {
    case TagLib::ASF::Attribute::UnicodeType: return attribute.toString();
    case TagLib::ASF::Attribute::BoolType: return attribute.toBool() ? "1" : "0";
    case TagLib::ASF::Attribute::DWordType: return TagLib::String::number(static_cast<int>(attribute.toUInt()));
    case TagLib::ASF::Attribute::WordType: return TagLib::String::number(attribute.toUShort());
    case TagLib::ASF::Attribute::QWordType: return TagLib::String::number(static_cast<int>(attribute.toULongLong()));
    default: return TagLib::String();
    }
}

// 1.13 has no key for WM/IsCompilation and drops other unknown attributes: keep text ones,
// under COMPILATION or their own uppercased name.
void addUnknownAttributes(TagLib::ASF::Tag *tag, TagLib::PropertyMap &map) {
    if (!tag) return;
    const TagLib::StringList unsupported = map.unsupportedData();
    const TagLib::ASF::AttributeListMap &attributes = tag->attributeListMap();
    for (auto name = unsupported.begin(); name != unsupported.end(); ++name) {
        auto found = attributes.find(*name);
        if (found == attributes.end()) continue;
        TagLib::StringList values;
        for (auto attribute = found->second.begin(); attribute != found->second.end(); ++attribute) {
            TagLib::String value = text(*attribute);
            if (!value.isEmpty()) values.append(value);
        }
        TagLib::String key = *name == "WM/IsCompilation" ? TagLib::String("COMPILATION") : name->upper();
        if (!values.isEmpty() && !map.contains(key)) map.insert(key, values);
    }
}

// TagLib 1.13 hands out null tags on invalid files and properties() then crashes, so
// every reader checks this before touching anything else.
bool usable(TagLib::File &file) {
    TagLib::AudioProperties *audio = file.isValid() ? file.audioProperties() : nullptr;
    // No sample rate means no audio frame was found at all (e.g. an ID3 tag and nothing else).
    return audio && audio->sampleRate() > 0;
}

// A recognised file cut short: `detail` says how ("ends at 48% of its audio data").
ctaglib_result *truncated(const char *format, const std::string &detail) {
    std::string reason = std::string("truncated ") + format + " file (" + detail + ")";
    ctaglib_result *result = makeResult(CTAGLIB_STATUS_CORRUPT, reason.c_str());
    if (result) result->format = strdup(format);
    return result;
}

// A file TagLib could not use. `cut` is the truncation check's finding, when it has one:
// the more specific reason.
ctaglib_result *damaged(TagLib::File &file, const char *format, const std::string &cut = std::string()) {
    if (!cut.empty()) return truncated(format, cut);
    std::string reason = std::string("truncated or damaged ") + format + " file" +
                         (file.isValid() ? " (no audio data)" : "");
    ctaglib_result *result = makeResult(CTAGLIB_STATUS_CORRUPT, reason.c_str());
    if (result) result->format = strdup(format);
    return result;
}

// Audio in a format 1.13 cannot read: named, so the user knows what was left out.
ctaglib_result *unsupported(const char *name) {
    std::string reason = std::string(name) + " is not supported by TagLib 1.13";
    ctaglib_result *result = makeResult(CTAGLIB_STATUS_UNSUPPORTED, reason.c_str());
    if (result) result->format = strdup(name);
    return result;
}

ctaglib_result *finish(TagLib::File &file, const Extras &extras, const TagLib::PropertyMap &map) {
    TagLib::AudioProperties *audio = file.audioProperties();
    ctaglib_result *result = makeResult(CTAGLIB_STATUS_OK);
    if (!result) return nullptr;
    result->format = strdup(extras.format);
    result->duration_ms = audio->lengthInMilliseconds();
    // Negative when TagLib computes a negative stream length on a damaged file.
    result->bitrate_kbps = audio->bitrate() > 0 ? audio->bitrate() : 0;
    result->sample_rate = audio->sampleRate();
    result->channels = audio->channels();
    result->bits_per_sample = extras.bitsPerSample;
    result->has_cover_art = extras.hasCoverArt;
    if (!extras.damage.empty()) result->damage = strdup(extras.damage.c_str());
    fillProperties(result, map);
    return result;
}

ctaglib_result *readMPEG(TagLib::IOStream *stream, const ctaglib::Source &source) {
    TagLib::MPEG::File file(stream, TagLib::ID3v2::FrameFactory::instance(), true, TagLib::AudioProperties::Average);
    if (!usable(file)) return damaged(file, "MP3", ctaglib::mpegTruncation(source, file.firstFrameOffset(), 0, 0));
    Extras extras;
    int layer = file.audioProperties() ? file.audioProperties()->layer() : 3;
    extras.format = layer == 1 ? "MP1" : layer == 2 ? "MP2" : "MP3";
    TagLib::ID3v2::Tag *id3 = file.hasID3v2Tag() ? file.ID3v2Tag() : nullptr;
    extras.hasCoverArt = hasPicture(id3) || (file.hasAPETag() && hasPicture(file.APETag()));
    const TagLib::MPEG::XingHeader *xing = file.audioProperties()->xingHeader();
    std::string cut = ctaglib::mpegTruncation(source, file.firstFrameOffset(), xing ? xing->totalSize() : 0,
                                              xing ? xing->totalFrames() : 0);
    extras.damage = cut;
    TagLib::PropertyMap map = file.properties();
    addCompilation(id3, map);
    return finish(file, extras, map);
}

ctaglib_result *readFLAC(TagLib::IOStream *stream, const ctaglib::Source &source) {
    TagLib::FLAC::File file(stream, TagLib::ID3v2::FrameFactory::instance(), true, TagLib::AudioProperties::Average);
    if (!usable(file)) return damaged(file, "FLAC", ctaglib::flacTruncation(source));
    Extras extras;
    extras.format = "FLAC";
    if (file.audioProperties()) extras.bitsPerSample = file.audioProperties()->bitsPerSample();
    TagLib::ID3v2::Tag *id3 = file.hasID3v2Tag() ? file.ID3v2Tag() : nullptr;
    extras.hasCoverArt = !file.pictureList().isEmpty() || (file.hasXiphComment() && hasPicture(file.xiphComment())) ||
                         hasPicture(id3);
    std::string cut = ctaglib::flacTruncation(source);
    extras.damage = cut;
    TagLib::PropertyMap map = file.properties();
    addCompilation(id3, map);
    return finish(file, extras, map);
}

template <typename OggFile>
ctaglib_result *readOgg(TagLib::IOStream *stream, const ctaglib::Source &source, const char *format) {
    OggFile file(stream, true, TagLib::AudioProperties::Average);
    if (!usable(file)) return damaged(file, format, ctaglib::oggTruncation(source));
    Extras extras;
    extras.format = format;
    extras.hasCoverArt = hasPicture(file.tag());
    extras.damage = ctaglib::oggTruncation(source);
    if (file.audioProperties()->lengthInMilliseconds() > 0) return finish(file, extras, file.properties());
    // TagLib takes the length from the last page's granule: none when that page is cut
    // short, and none in a file of header pages only (no audio: refused).
    long long granule = ctaglib::oggLastGranule(source);
    int rate = std::strcmp(format, "Opus") == 0 ? 48000 : file.audioProperties()->sampleRate();
    if (granule <= 0 || extras.damage.empty()) return damaged(file, format, extras.damage);
    ctaglib_result *result = finish(file, extras, file.properties());
    if (result) result->duration_ms = static_cast<int>(granule * 1000 / rate);
    return result;
}

ctaglib_result *readOggFLAC(TagLib::IOStream *stream, const ctaglib::Source &source) {
    TagLib::Ogg::FLAC::File file(stream, true, TagLib::AudioProperties::Average);
    if (!usable(file)) return damaged(file, "Ogg FLAC", ctaglib::oggTruncation(source));
    Extras extras;
    extras.format = "Ogg FLAC";
    if (file.audioProperties()) extras.bitsPerSample = file.audioProperties()->bitsPerSample();
    extras.hasCoverArt = hasPicture(file.tag());
    std::string cut = ctaglib::oggTruncation(source);
    extras.damage = cut;
    ctaglib_result *result = finish(file, extras, file.properties());
    // Streamed Ogg FLAC (ffmpeg's muxer) leaves STREAMINFO's sample count at 0, so 1.13
    // reports no length; the last page's granule position is the sample count.
    const TagLib::Ogg::PageHeader *last = file.lastPageHeader();
    if (result && result->status == CTAGLIB_STATUS_OK && result->duration_ms == 0 && last &&
        last->absoluteGranularPosition() > 0) {
        long long samples = last->absoluteGranularPosition();
        result->duration_ms = static_cast<int>(samples * 1000 / result->sample_rate);
        if (result->duration_ms > 0)
            result->bitrate_kbps = static_cast<int>(file.length() * 8LL / result->duration_ms);
    }
    return result;
}

ctaglib_result *readMP4(TagLib::IOStream *stream, const ctaglib::Source &source) {
    TagLib::MP4::File file(stream, true, TagLib::AudioProperties::Average);
    if (!usable(file)) return damaged(file, "MP4", ctaglib::mp4Truncation(source));
    Extras extras;
    extras.format = "MP4";
    if (TagLib::MP4::Properties *audio = file.audioProperties()) {
        if (audio->codec() == TagLib::MP4::Properties::AAC) extras.format = "AAC";
        if (audio->codec() == TagLib::MP4::Properties::ALAC) extras.format = "ALAC";
        extras.bitsPerSample = audio->bitsPerSample();
    }
    TagLib::MP4::Tag *tag = file.tag();
    extras.hasCoverArt = tag && tag->contains("covr") && !tag->item("covr").toCoverArtList().isEmpty();
    std::string cut = ctaglib::mp4Truncation(source);
    extras.damage = cut;
    TagLib::PropertyMap map = file.properties();
    addCompilation(tag, map);
    addFreeformAtoms(tag, map);
    return finish(file, extras, map);
}

ctaglib_result *readWAV(TagLib::IOStream *stream, const ctaglib::Source &source) {
    TagLib::RIFF::WAV::File file(stream, true, TagLib::AudioProperties::Average);
    if (!usable(file)) return damaged(file, "WAV", ctaglib::wavTruncation(source));
    Extras extras;
    extras.format = "WAV";
    if (file.audioProperties()) extras.bitsPerSample = file.audioProperties()->bitsPerSample();
    std::string cut = ctaglib::wavTruncation(source);
    extras.damage = cut;
    TagLib::ID3v2::Tag *id3 = file.hasID3v2Tag() ? file.ID3v2Tag() : nullptr;
    extras.hasCoverArt = hasPicture(id3);
    TagLib::PropertyMap map = file.properties();
    addCompilation(id3, map);
    return finish(file, extras, map);
}

ctaglib_result *readAIFF(TagLib::IOStream *stream, const ctaglib::Source &source) {
    TagLib::RIFF::AIFF::File file(stream, true, TagLib::AudioProperties::Average);
    if (!usable(file)) return damaged(file, "AIFF", ctaglib::aiffTruncation(source));
    Extras extras;
    extras.format = "AIFF";
    if (file.audioProperties()) extras.bitsPerSample = file.audioProperties()->bitsPerSample();
    std::string cut = ctaglib::aiffTruncation(source);
    extras.damage = cut;
    TagLib::ID3v2::Tag *id3 = file.hasID3v2Tag() ? file.tag() : nullptr;
    extras.hasCoverArt = hasPicture(id3);
    TagLib::PropertyMap map = file.properties();
    addCompilation(id3, map);
    return finish(file, extras, map);
}

ctaglib_result *readWavPack(TagLib::IOStream *stream) {
    TagLib::WavPack::File file(stream, true, TagLib::AudioProperties::Average);
    if (!usable(file)) return damaged(file, "WavPack");
    Extras extras;
    extras.format = "WavPack";
    if (file.audioProperties()) extras.bitsPerSample = file.audioProperties()->bitsPerSample();
    extras.hasCoverArt = file.hasAPETag() && hasPicture(file.APETag());
    return finish(file, extras, file.properties());
}

ctaglib_result *readAPE(TagLib::IOStream *stream) {
    TagLib::APE::File file(stream, true, TagLib::AudioProperties::Average);
    if (!usable(file)) return damaged(file, "APE");
    Extras extras;
    extras.format = "APE";
    if (file.audioProperties()) extras.bitsPerSample = file.audioProperties()->bitsPerSample();
    extras.hasCoverArt = file.hasAPETag() && hasPicture(file.APETag());
    return finish(file, extras, file.properties());
}

ctaglib_result *readMusepack(TagLib::IOStream *stream) {
    TagLib::MPC::File file(stream, true, TagLib::AudioProperties::Average);
    if (!usable(file)) return damaged(file, "Musepack");
    Extras extras;
    extras.format = "Musepack";
    extras.hasCoverArt = file.hasAPETag() && hasPicture(file.APETag());
    return finish(file, extras, file.properties());
}

ctaglib_result *readTTA(TagLib::IOStream *stream) {
    TagLib::TrueAudio::File file(stream, TagLib::ID3v2::FrameFactory::instance(), true,
                                 TagLib::AudioProperties::Average);
    if (!usable(file)) return damaged(file, "TTA");
    Extras extras;
    extras.format = "TTA";
    if (file.audioProperties()) extras.bitsPerSample = file.audioProperties()->bitsPerSample();
    TagLib::ID3v2::Tag *id3 = file.hasID3v2Tag() ? file.ID3v2Tag() : nullptr;
    extras.hasCoverArt = hasPicture(id3);
    TagLib::PropertyMap map = file.properties();
    addCompilation(id3, map);
    return finish(file, extras, map);
}

ctaglib_result *readASF(TagLib::IOStream *stream) {
    TagLib::ASF::File file(stream, true, TagLib::AudioProperties::Average);
    if (!usable(file)) return damaged(file, "WMA");
    Extras extras;
    extras.format = "WMA";
    if (file.audioProperties()) extras.bitsPerSample = file.audioProperties()->bitsPerSample();
    extras.hasCoverArt = file.tag() && file.tag()->contains("WM/Picture");
    TagLib::PropertyMap map = file.properties();
    addUnknownAttributes(file.tag(), map);
    return finish(file, extras, map);
}

// Module tags pad with blanks: MOD's comment is its 31 sample names joined by newlines,
// mostly empty, and XM's tracker name is space-padded. Trailing blanks go; empty values go.
TagLib::PropertyMap trimmedModuleProperties(const TagLib::PropertyMap &map) {
    TagLib::PropertyMap trimmed;
    for (auto it = map.begin(); it != map.end(); ++it) {
        TagLib::StringList values;
        for (auto value = it->second.begin(); value != it->second.end(); ++value) {
            std::string text = value->to8Bit(true);
            size_t end = text.find_last_not_of(" \n\r\t");
            text.erase(end == std::string::npos ? 0 : end + 1);
            if (!text.empty()) values.append(TagLib::String(text, TagLib::String::UTF8));
        }
        if (!values.isEmpty()) trimmed.insert(it->first, values);
    }
    return trimmed;
}

// A tracker module (MOD, S3M, IT, XM): a title, a channel count and instrument names (as
// the comment); 1.13 computes no duration or sample rate for them.
template <typename ModuleFile>
ctaglib_result *readModule(TagLib::IOStream *stream, const char *format) {
    ModuleFile file(stream, true, TagLib::AudioProperties::Average);
    if (!file.isValid() || !file.audioProperties()) return damaged(file, format);
    Extras extras;
    extras.format = format;
    return finish(file, extras, trimmedModuleProperties(file.properties()));
}

ctaglib_result *readKind(Kind kind, TagLib::IOStream *stream, const ctaglib::Source &source) {
    switch (kind) {
    case Kind::mpeg: return readMPEG(stream, source);
    case Kind::flac: return readFLAC(stream, source);
    case Kind::oggVorbis: return readOgg<TagLib::Ogg::Vorbis::File>(stream, source, "Vorbis");
    case Kind::oggOpus: return readOgg<TagLib::Ogg::Opus::File>(stream, source, "Opus");
    case Kind::oggSpeex: return readOgg<TagLib::Ogg::Speex::File>(stream, source, "Speex");
    case Kind::oggFLAC: return readOggFLAC(stream, source);
    case Kind::mp4: return readMP4(stream, source);
    case Kind::wav: return readWAV(stream, source);
    case Kind::aiff: return readAIFF(stream, source);
    case Kind::wavPack: return readWavPack(stream);
    case Kind::ape: return readAPE(stream);
    case Kind::musepack: return readMusepack(stream);
    case Kind::tta: return readTTA(stream);
    case Kind::asf: return readASF(stream);
    case Kind::mod: return readModule<TagLib::Mod::File>(stream, "MOD");
    case Kind::s3m: return readModule<TagLib::S3M::File>(stream, "S3M");
    case Kind::it: return readModule<TagLib::IT::File>(stream, "IT");
    case Kind::xm: return readModule<TagLib::XM::File>(stream, "XM");
    case Kind::none:
    case Kind::unsupported: break;
    }
    return makeResult(CTAGLIB_STATUS_NOT_AUDIO);
}

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
