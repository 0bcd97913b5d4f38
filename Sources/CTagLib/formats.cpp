// See formats.hpp.

#include "formats.hpp"
#include "results.hpp"
#include "tagfixes.hpp"

#include <cstring>
#include <string>

#include <taglib/aifffile.h>
#include <taglib/apefile.h>
#include <taglib/asffile.h>
#include <taglib/flacfile.h>
#include <taglib/itfile.h>
#include <taglib/modfile.h>
#include <taglib/mp4file.h>
#include <taglib/mpcfile.h>
#include <taglib/mpegfile.h>
#include <taglib/oggflacfile.h>
#include <taglib/oggpageheader.h>
#include <taglib/opusfile.h>
#include <taglib/s3mfile.h>
#include <taglib/speexfile.h>
#include <taglib/trueaudiofile.h>
#include <taglib/vorbisfile.h>
#include <taglib/wavfile.h>
#include <taglib/wavpackfile.h>
#include <taglib/xingheader.h>
#include <taglib/xmfile.h>

namespace ctaglib {

namespace {

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

} // namespace

ctaglib_result *readKind(Kind kind, TagLib::IOStream *stream, const Source &source) {
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

} // namespace ctaglib
