// See tagfixes.hpp.

#include "tagfixes.hpp"

#include <string>

#include <taglib/asfattribute.h>
#include <taglib/id3v2frame.h>

namespace ctaglib {

namespace {

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

} // namespace

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

// MARK: - Tags 1.13 leaves out

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

} // namespace ctaglib
