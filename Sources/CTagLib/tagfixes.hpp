// What TagLib 1.13 leaves out of a file's PropertyMap, put back, and where each tag format
// keeps its cover art.
#ifndef CTAGLIB_TAGFIXES_HPP
#define CTAGLIB_TAGFIXES_HPP

#include <taglib/apetag.h>
#include <taglib/asftag.h>
#include <taglib/id3v2tag.h>
#include <taglib/mp4tag.h>
#include <taglib/tpropertymap.h>
#include <taglib/xiphcomment.h>

namespace ctaglib {

/// Whether the tag holds a picture (APIC frame; binary COVER ART item; picture block or
/// COVERART field); false for a null tag.
bool hasPicture(TagLib::ID3v2::Tag *tag);
bool hasPicture(TagLib::APE::Tag *tag);
bool hasPicture(TagLib::Ogg::XiphComment *comment);

/// Adds COMPILATION from ID3v2 TCMP or MP4 cpil, which 1.13 does not map, unless present.
void addCompilation(TagLib::ID3v2::Tag *tag, TagLib::PropertyMap &map);
void addCompilation(TagLib::MP4::Tag *tag, TagLib::PropertyMap &map);

/// Adds the MP4 freeform atoms 1.13 has no key for (ReplayGain, MOOD, ...).
void addFreeformAtoms(TagLib::MP4::Tag *tag, TagLib::PropertyMap &map);

/// Adds the ASF attributes 1.13 has no key for (WM/IsCompilation as COMPILATION).
void addUnknownAttributes(TagLib::ASF::Tag *tag, TagLib::PropertyMap &map);

/// A tracker module's map without the blank padding of its values, and without values
/// left empty.
TagLib::PropertyMap trimmedModuleProperties(const TagLib::PropertyMap &map);

} // namespace ctaglib

#endif
