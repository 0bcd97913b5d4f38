// See results.hpp.

#include "results.hpp"

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include <taglib/audioproperties.h>

namespace ctaglib {

// MARK: - Results

ctaglib_result *makeResult(ctaglib_status status, const char *message, int errorNumber) {
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
ctaglib_result *damaged(TagLib::File &file, const char *format, const std::string &cut) {
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

} // namespace ctaglib
