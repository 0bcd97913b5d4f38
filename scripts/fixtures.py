"""Builds Kanora's tag-reading fixtures and the README sample library.

Run through scripts/make-fixtures.sh. ffmpeg encodes about one second of quiet audio with no
metadata of its own; mutagen then writes exactly the tags we want, so the expected values in
Tests/Fixtures/expected.json are the ones written here. Tracker modules and the DSD file,
which ffmpeg cannot write, are written byte by byte by scripts/modules.py. Output is
deterministic (bit-exact encoders, seeded random bytes), so regenerating gives the same files.
"""

import base64
import json
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile

import modules

from mutagen import apev2, asf, flac, id3, mp4
from mutagen.aiff import AIFF
from mutagen.oggflac import OggFLAC
from mutagen.oggopus import OggOpus
from mutagen.oggspeex import OggSpeex
from mutagen.oggvorbis import OggVorbis
from mutagen.trueaudio import TrueAudio
from mutagen.wave import WAVE
from mutagen.wavpack import WavPack

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), ".."))
WORK = tempfile.mkdtemp(prefix="kanora-fixtures-")

MB = {
    "recording": "b1a9c0e9-d987-4042-ae91-78d6a3267d69",
    "track": "8d5e9c7a-4f1b-4c3e-9a2d-1b2c3d4e5f60",
    "album": "b8b1e4c3-8a3a-4d2e-9f7c-0e6d5c4b3a21",
    "releaseGroup": "2c6f8f57-3b1a-4c6b-8a6e-5d4c3b2a1f0e",
    "artist": "87c5dedd-371d-4a53-9f7f-80522fb7f3cb",
    "albumArtist": "87c5dedd-371d-4a53-9f7f-80522fb7f3cb",
}
RG = {"trackGain": "-6.50 dB", "trackPeak": "0.988525", "albumGain": "-7.25 dB", "albumPeak": "1.000000"}


# MARK: - Audio

def encode(out, args, rate=8000, channels=1, seconds=1.0, silent=False, frequency=440):
    source = "anullsrc=r=%d:cl=mono" % rate if silent else \
        "sine=frequency=%d:sample_rate=%d,volume=0.1" % (frequency, rate)
    subprocess.run(
        ["ffmpeg", "-y", "-hide_banner", "-loglevel", "error", "-f", "lavfi", "-t", str(seconds), "-i", source,
         "-ac", str(channels), "-map_metadata", "-1", "-fflags", "+bitexact", "-flags:a", "+bitexact"]
        + args + [out],
        check=True)


MP3 = ["-c:a", "libmp3lame", "-b:a", "32k", "-id3v2_version", "0", "-write_id3v1", "0"]
MP2 = ["-c:a", "mp2", "-b:a", "32k", "-f", "mp2"]
FLAC = ["-c:a", "flac", "-sample_fmt", "s16"]
OGG_FLAC = ["-c:a", "flac", "-sample_fmt", "s16", "-f", "ogg"]
VORBIS = ["-c:a", "libvorbis", "-q:a", "0"]
OPUS = ["-c:a", "libopus", "-b:a", "8k"]
SPEEX = ["-c:a", "libspeex", "-f", "ogg"]
AAC = ["-c:a", "aac", "-b:a", "24k"]
ALAC = ["-c:a", "alac", "-sample_fmt", "s16p"]
WAV = ["-c:a", "pcm_s16le"]
AIFF_ = ["-c:a", "pcm_s16be", "-f", "aiff"]
WAVPACK = ["-c:a", "wavpack", "-sample_fmt", "s16p"]
TTA = ["-c:a", "tta", "-sample_fmt", "s16", "-f", "tta"]
WMA = ["-c:a", "wmav2", "-b:a", "24k"]


def make_cover(path, color="0x3366cc"):
    subprocess.run(["ffmpeg", "-y", "-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i",
                    "color=c=%s:s=8x8" % color, "-frames:v", "1", "-fflags", "+bitexact", path], check=True)
    with open(path, "rb") as handle:
        return handle.read()


# MARK: - Tags: one neutral description, written per container

def id3_frames(tags, version):
    """Turns {"title": ..., ...} into ID3v2 frames the way Picard writes them."""
    enc = 3 if version == 4 else 1
    frames = []
    simple = {"title": id3.TIT2, "artist": id3.TPE1, "albumartist": id3.TPE2, "album": id3.TALB,
              "track": id3.TRCK, "disc": id3.TPOS, "date": id3.TDRC, "originaldate": id3.TDOR,
              "genre": id3.TCON, "composer": id3.TCOM, "bpm": id3.TBPM, "compilation": id3.TCMP,
              "titlesort": id3.TSOT, "artistsort": id3.TSOP, "albumartistsort": id3.TSO2,
              "albumsort": id3.TSOA}
    txxx = {"artists": "ARTISTS", "mb_track": "MusicBrainz Release Track Id", "mb_album": "MusicBrainz Album Id",
            "mb_releasegroup": "MusicBrainz Release Group Id", "mb_artist": "MusicBrainz Artist Id",
            "mb_albumartist": "MusicBrainz Album Artist Id", "rg_track_gain": "REPLAYGAIN_TRACK_GAIN",
            "rg_track_peak": "REPLAYGAIN_TRACK_PEAK", "rg_album_gain": "REPLAYGAIN_ALBUM_GAIN",
            "rg_album_peak": "REPLAYGAIN_ALBUM_PEAK", "mood": "MOOD"}
    for key, value in tags.items():
        values = value if isinstance(value, list) else [value]
        if key in simple:
            frames.append(simple[key](encoding=enc, text=values))
        elif key in txxx:
            frames.append(id3.TXXX(encoding=enc, desc=txxx[key], text=values))
        elif key == "comment":
            frames.append(id3.COMM(encoding=enc, lang="eng", desc="", text=values))
        elif key == "mb_recording":
            frames.append(id3.UFID(owner="http://musicbrainz.org", data=values[0].encode()))
        elif key == "cover":
            frames.append(id3.APIC(encoding=enc, mime="image/jpeg", type=3, desc="Cover", data=value))
        else:
            raise KeyError(key)
    return frames


def tag_id3(path, tags, version=4, kind=None):
    if kind is None:
        audio = id3.ID3()
        for frame in id3_frames(tags, version):
            audio.add(frame)
        audio.save(path, v2_version=version, v1=0, v23_sep="/")
        return
    audio = kind(path)
    audio.add_tags()
    for frame in id3_frames(tags, version):
        audio.tags.add(frame)
    audio.save(v2_version=version)


VORBIS_KEYS = {"title": "TITLE", "artist": "ARTIST", "artists": "ARTISTS", "albumartist": "ALBUMARTIST",
               "album": "ALBUM", "track": "TRACKNUMBER", "tracktotal": "TRACKTOTAL",
               "totaltracks": "TOTALTRACKS", "disc": "DISCNUMBER", "disctotal": "DISCTOTAL",
               "totaldiscs": "TOTALDISCS", "date": "DATE", "originaldate": "ORIGINALDATE", "genre": "GENRE",
               "composer": "COMPOSER", "comment": "COMMENT", "bpm": "BPM", "compilation": "COMPILATION",
               "titlesort": "TITLESORT", "artistsort": "ARTISTSORT", "albumartistsort": "ALBUMARTISTSORT",
               "albumsort": "ALBUMSORT", "mb_recording": "MUSICBRAINZ_TRACKID",
               "mb_track": "MUSICBRAINZ_RELEASETRACKID", "mb_album": "MUSICBRAINZ_ALBUMID",
               "mb_releasegroup": "MUSICBRAINZ_RELEASEGROUPID", "mb_artist": "MUSICBRAINZ_ARTISTID",
               "mb_albumartist": "MUSICBRAINZ_ALBUMARTISTID", "rg_track_gain": "REPLAYGAIN_TRACK_GAIN",
               "rg_track_peak": "REPLAYGAIN_TRACK_PEAK", "rg_album_gain": "REPLAYGAIN_ALBUM_GAIN",
               "rg_album_peak": "REPLAYGAIN_ALBUM_PEAK", "mood": "MOOD"}


def flac_picture(data):
    picture = flac.Picture()
    picture.type = 3
    picture.mime = "image/jpeg"
    picture.desc = "Cover"
    picture.width = picture.height = 8
    picture.depth = 24
    picture.data = data
    return picture


def tag_vorbis(path, kind, tags):
    audio = kind(path)
    if audio.tags is None:
        audio.add_tags()
    for key, value in tags.items():
        if key == "cover":
            if kind is flac.FLAC:
                audio.add_picture(flac_picture(value))
            else:
                encoded = base64.b64encode(flac_picture(value).write()).decode("ascii")
                audio["METADATA_BLOCK_PICTURE"] = [encoded]
            continue
        audio[VORBIS_KEYS[key]] = value if isinstance(value, list) else [value]
    audio.save()


def tag_mp4(path, tags):
    audio = mp4.MP4(path)
    simple = {"title": "\xa9nam", "artist": "\xa9ART", "albumartist": "aART", "album": "\xa9alb",
              "date": "\xa9day", "genre": "\xa9gen", "composer": "\xa9wrt", "comment": "\xa9cmt",
              "titlesort": "sonm", "artistsort": "soar", "albumartistsort": "soaa", "albumsort": "soal"}
    freeform = {"artists": "ARTISTS", "mb_recording": "MusicBrainz Track Id",
                "mb_track": "MusicBrainz Release Track Id", "mb_album": "MusicBrainz Album Id",
                "mb_releasegroup": "MusicBrainz Release Group Id", "mb_artist": "MusicBrainz Artist Id",
                "mb_albumartist": "MusicBrainz Album Artist Id", "rg_track_gain": "replaygain_track_gain",
                "rg_track_peak": "replaygain_track_peak", "rg_album_gain": "replaygain_album_gain",
                "rg_album_peak": "replaygain_album_peak", "originaldate": "ORIGINALDATE", "mood": "MOOD"}
    for key, value in tags.items():
        values = value if isinstance(value, list) else [value]
        if key in simple:
            audio[simple[key]] = values
        elif key in freeform:
            audio["----:com.apple.iTunes:" + freeform[key]] = [v.encode("utf-8") for v in values]
        elif key in ("track", "disc"):
            number, _, total = value.partition("/")
            audio["trkn" if key == "track" else "disk"] = [(int(number), int(total or 0))]
        elif key == "compilation":
            audio["cpil"] = value == "1"
        elif key == "bpm":
            audio["tmpo"] = [int(value)]
        elif key == "cover":
            audio["covr"] = [mp4.MP4Cover(value, imageformat=mp4.MP4Cover.FORMAT_JPEG)]
        else:
            raise KeyError(key)
    audio.save()


def tag_ape(path, kind, tags):
    audio = kind(path)
    audio.add_tags()
    keys = {"title": "Title", "artist": "Artist", "albumartist": "Album Artist", "album": "Album",
            "track": "Track", "disc": "Disc", "date": "Year", "genre": "Genre", "composer": "Composer",
            "comment": "Comment", "compilation": "Compilation", "mb_album": "MUSICBRAINZ_ALBUMID",
            "rg_track_gain": "REPLAYGAIN_TRACK_GAIN", "rg_track_peak": "REPLAYGAIN_TRACK_PEAK"}
    for key, value in tags.items():
        if key == "cover":
            audio.tags["Cover Art (Front)"] = apev2.APEValue(b"cover.jpg\x00" + value, apev2.BINARY)
            continue
        audio.tags[keys[key]] = value if isinstance(value, list) else [value]
    audio.save()


def asf_picture(data):
    mime = "image/jpeg\x00".encode("utf-16-le")
    desc = "Cover\x00".encode("utf-16-le")
    return struct.pack("<BI", 3, len(data)) + mime + desc + data


def tag_asf(path, tags):
    audio = asf.ASF(path)
    keys = {"title": "Title", "artist": "Author", "albumartist": "WM/AlbumArtist", "album": "WM/AlbumTitle",
            "track": "WM/TrackNumber", "disc": "WM/PartOfSet", "date": "WM/Year", "genre": "WM/Genre",
            "composer": "WM/Composer", "compilation": "WM/IsCompilation", "mb_album": "MusicBrainz/Album Id",
            "mb_artist": "MusicBrainz/Artist Id", "rg_track_gain": "replaygain_track_gain"}
    for key, value in tags.items():
        if key == "cover":
            audio["WM/Picture"] = [asf.ASFByteArrayAttribute(asf_picture(value))]
            continue
        audio[keys[key]] = value if isinstance(value, list) else [value]
    audio.save()


def append_id3v1(path, title, artist, album, year, comment, track, genre):
    def field(text, size):
        return text.encode("latin-1")[:size].ljust(size, b"\x00")
    block = b"TAG" + field(title, 30) + field(artist, 30) + field(album, 30) + field(year, 4) \
        + field(comment, 28) + b"\x00" + bytes([track, genre])
    with open(path, "ab") as handle:
        handle.write(block)


# MARK: - Fixtures

def fixtures():
    out = os.path.join(ROOT, "Tests", "Fixtures")
    # Only the files written here are replaced: the subfolders (covers/, lyrics/, m3u/,
    # retag/, upgrade/) are made elsewhere and kept.
    os.makedirs(out, exist_ok=True)
    for name in os.listdir(out):
        if os.path.isfile(os.path.join(out, name)):
            os.remove(os.path.join(out, name))
    cover = make_cover(os.path.join(WORK, "cover.jpg"))
    path = lambda name: os.path.join(out, name)
    expected = {}

    def expect(name, **fields):
        fields.setdefault("compilation", False)
        fields.setdefault("hasCoverArt", False)
        fields.setdefault("durationMs", 1000)
        fields.setdefault("otherTags", {})
        expected[name] = fields

    mb_tags = {"mb_recording": MB["recording"], "mb_track": MB["track"], "mb_album": MB["album"],
               "mb_releasegroup": MB["releaseGroup"], "mb_artist": MB["artist"],
               "mb_albumartist": MB["albumArtist"]}
    mb_expected = {"recordingID": MB["recording"], "trackID": MB["track"], "albumID": MB["album"],
                   "releaseGroupID": MB["releaseGroup"], "artistID": MB["artist"],
                   "albumArtistID": MB["albumArtist"]}
    rg_tags = {"rg_track_gain": RG["trackGain"], "rg_track_peak": RG["trackPeak"],
               "rg_album_gain": RG["albumGain"], "rg_album_peak": RG["albumPeak"]}
    rg_expected = {"trackGain": -6.5, "trackPeak": 0.988525, "albumGain": -7.25, "albumPeak": 1.0}

    # MP3, ID3v2.3: single values (v2.3 has no multi-value separator TagLib splits on), a cover.
    encode(path("id3v23.mp3"), MP3, rate=22050)
    tag_id3(path("id3v23.mp3"), dict({
        "title": "Jóga", "artist": "Björk", "albumartist": "Björk", "album": "Homogenic",
        "track": "3/12", "disc": "1/2", "date": "1997", "genre": "Electronic",
        "composer": "Björk Guðmundsdóttir", "comment": "fixture comment", "bpm": "120",
        "cover": cover}, **mb_tags, **rg_tags), version=3)
    expect("id3v23.mp3", format="MP3", title="Jóga", artists=["Björk"], albumArtists=["Björk"],
           album="Homogenic", trackNumber=3, trackTotal=12, discNumber=1, discTotal=2, year=1997,
           date="1997", genres=["Electronic"], composer="Björk Guðmundsdóttir", comment="fixture comment",
           bpm=120, sampleRate=22050, channels=1, hasCoverArt=True, musicBrainz=mb_expected,
           replayGain=rg_expected)

    # MP3, ID3v2.4: multi-valued artists and genres, a compilation (TCMP), sort names.
    encode(path("id3v24.mp3"), MP3, rate=44100, channels=2)
    tag_id3(path("id3v24.mp3"), {
        "title": "東京", "artist": ["Mötley Crüe", "東京事変"], "albumartist": "Various Artists",
        "album": "Unicode Sampler", "track": "5/9", "disc": "2/3", "date": "2004-03-15",
        "originaldate": "1999-01-02", "genre": ["Rock", "J-Pop"], "compilation": "1",
        "titlesort": "Tokyo", "artistsort": "Motley Crue", "albumartistsort": "Various",
        "albumsort": "Unicode Sampler, The", "mood": "Calm"}, version=4)
    expect("id3v24.mp3", format="MP3", title="東京", artists=["Mötley Crüe", "東京事変"],
           albumArtists=["Various Artists"], album="Unicode Sampler", trackNumber=5, trackTotal=9,
           discNumber=2, discTotal=3, year=2004, date="2004-03-15", originalYear=1999,
           originalDate="1999-01-02", genres=["Rock", "J-Pop"], compilation=True, titleSort="Tokyo",
           artistSort="Motley Crue", albumArtistSort="Various", albumSort="Unicode Sampler, The",
           sampleRate=44100, channels=2, otherTags={"MOOD": ["Calm"]})

    # MP3 with only an ID3v1 tag.
    encode(path("id3v1.mp3"), MP3, rate=22050)
    append_id3v1(path("id3v1.mp3"), "Old Song", "Old Artist", "Old Album", "1985", "v1 comment", 7, 17)
    expect("id3v1.mp3", format="MP3", title="Old Song", artists=["Old Artist"], album="Old Album",
           trackNumber=7, year=1985, date="1985", genres=["Rock"], comment="v1 comment",
           sampleRate=22050, channels=1)

    # MP3 without a title tag: the track layer falls back to the file name.
    encode(path("no-title.mp3"), MP3, rate=22050)
    tag_id3(path("no-title.mp3"), {"artist": "Nameless", "album": "Untitled Album", "track": "1"})
    expect("no-title.mp3", format="MP3", artists=["Nameless"], album="Untitled Album", trackNumber=1,
           sampleRate=22050, channels=1)

    # MPEG layer 2.
    encode(path("layer2.mp2"), MP2, rate=22050)
    tag_id3(path("layer2.mp2"), {"title": "Layer Two", "artist": "Broadcaster"})
    expect("layer2.mp2", format="MP2", title="Layer Two", artists=["Broadcaster"], sampleRate=22050,
           channels=1)

    # FLAC: ARTISTS beside a display ARTIST, separate totals, picture block, everything Picard writes.
    encode(path("tagged.flac"), FLAC)
    flac_tags = dict({
        "title": "Hyperballad", "artist": "Björk feat. Guest", "artists": ["Björk", "Guest"],
        "albumartist": "Björk", "album": "Post", "track": "3", "tracktotal": "11", "disc": "1",
        "disctotal": "1", "date": "1995-06-13", "originaldate": "1995", "genre": ["Electronic", "Art Pop"],
        "composer": "Björk", "comment": "flac comment", "bpm": "98.5", "titlesort": "Hyperballad",
        "artistsort": "Bjork", "cover": cover, "mood": ["Calm", "Dreamy"]}, **mb_tags, **rg_tags)
    tag_vorbis(path("tagged.flac"), flac.FLAC, flac_tags)
    expect("tagged.flac", format="FLAC", title="Hyperballad", artists=["Björk", "Guest"],
           albumArtists=["Björk"], album="Post", trackNumber=3, trackTotal=11, discNumber=1, discTotal=1,
           year=1995, date="1995-06-13", originalYear=1995, originalDate="1995",
           genres=["Electronic", "Art Pop"], composer="Björk", comment="flac comment", bpm=98.5,
           titleSort="Hyperballad", artistSort="Bjork", sampleRate=8000, channels=1, bitDepth=16,
           hasCoverArt=True, musicBrainz=mb_expected, replayGain=rg_expected,
           otherTags={"MOOD": ["Calm", "Dreamy"], "ARTIST": ["Björk feat. Guest"]})

    # The same kind of FLAC file under an .mp3 name: content decides the format.
    encode(path("wrong-extension.mp3"), FLAC + ["-f", "flac"])
    tag_vorbis(path("wrong-extension.mp3"), flac.FLAC, {"title": "Actually FLAC", "artist": "Sniffer"})
    expect("wrong-extension.mp3", format="FLAC", title="Actually FLAC", artists=["Sniffer"], sampleRate=8000,
           channels=1, bitDepth=16)

    # Ogg Vorbis: "n/total" numbers inside TRACKNUMBER/DISCNUMBER, a METADATA_BLOCK_PICTURE.
    encode(path("vorbis.ogg"), VORBIS, rate=22050)
    tag_vorbis(path("vorbis.ogg"), OggVorbis, {
        "title": "Kickstart My Heart", "artist": "Mötley Crüe", "albumartist": "Mötley Crüe",
        "album": "Dr. Feelgood", "track": "5/12", "disc": "1/1", "date": "1989",
        "genre": ["Hard Rock", "Heavy Metal"], "cover": cover})
    expect("vorbis.ogg", format="Vorbis", otherTags={"ENCODER": ["Lavc libvorbis"]}, title="Kickstart My Heart", artists=["Mötley Crüe"],
           albumArtists=["Mötley Crüe"], album="Dr. Feelgood", trackNumber=5, trackTotal=12, discNumber=1,
           discTotal=1, year=1989, date="1989", genres=["Hard Rock", "Heavy Metal"], sampleRate=22050,
           channels=1, hasCoverArt=True)

    # Opus: TOTALTRACKS / TOTALDISCS spellings, a compilation flag spelled "1".
    encode(path("opus.opus"), OPUS, rate=48000)
    tag_vorbis(path("opus.opus"), OggOpus, {
        "title": "群青日和", "artist": "東京事変", "albumartist": "東京事変", "album": "教育",
        "track": "2", "totaltracks": "10", "disc": "1", "totaldiscs": "2", "date": "2004-11-25",
        "genre": "J-Pop", "compilation": "1"})
    expect("opus.opus", format="Opus", otherTags={"ENCODER": ["Lavc libopus"]}, title="群青日和", artists=["東京事変"], albumArtists=["東京事変"],
           album="教育", trackNumber=2, trackTotal=10, discNumber=1, discTotal=2, year=2004,
           date="2004-11-25", genres=["J-Pop"], compilation=True, sampleRate=48000, channels=1)

    # Speex and Ogg FLAC: format names only.
    encode(path("speex.spx"), SPEEX, rate=8000)
    tag_vorbis(path("speex.spx"), OggSpeex, {"title": "Speech", "artist": "Speaker"})
    expect("speex.spx", format="Speex", otherTags={"ENCODER": ["Lavc libspeex"]}, title="Speech", artists=["Speaker"], sampleRate=8000, channels=1)
    encode(path("oggflac.oga"), OGG_FLAC)
    tag_vorbis(path("oggflac.oga"), OggFLAC, {"title": "Ogg Wrapped", "artist": "Packer"})
    expect("oggflac.oga", format="Ogg FLAC", otherTags={"ENCODER": ["Lavc flac"]}, title="Ogg Wrapped", artists=["Packer"], sampleRate=8000,
           channels=1, bitDepth=16)

    # MP4/AAC: iTunes atoms, freeform MusicBrainz and ReplayGain atoms, cpil, covr.
    # Stereo: ffmpeg writes channelcount 2 in every ISO mp4a sample entry and TagLib 1.13
    # reads that field, so a mono AAC file would report 2 channels.
    encode(path("aac.m4a"), AAC, rate=22050, channels=2)
    tag_mp4(path("aac.m4a"), dict({
        "title": "Get Lucky", "artist": ["Daft Punk", "Pharrell Williams"], "albumartist": "Daft Punk",
        "album": "Random Access Memories", "track": "8/13", "disc": "1/1", "date": "2013-05-17",
        "genre": "Disco", "composer": "Thomas Bangalter", "compilation": "1", "bpm": "116",
        "cover": cover, "comment": "mp4 comment"}, **mb_tags, **rg_tags))
    expect("aac.m4a", format="AAC", title="Get Lucky", artists=["Daft Punk", "Pharrell Williams"],
           albumArtists=["Daft Punk"], album="Random Access Memories", trackNumber=8, trackTotal=13,
           discNumber=1, discTotal=1, year=2013, date="2013-05-17", genres=["Disco"],
           composer="Thomas Bangalter", comment="mp4 comment", compilation=True, bpm=116, sampleRate=22050,
           channels=2, hasCoverArt=True, musicBrainz=mb_expected, replayGain=rg_expected)

    # MP4/ALAC.
    encode(path("alac.m4a"), ALAC)
    tag_mp4(path("alac.m4a"), {"title": "Lossless", "artist": "Apple Core", "album": "Orchard", "track": "1/2"})
    expect("alac.m4a", format="ALAC", title="Lossless", artists=["Apple Core"], album="Orchard",
           trackNumber=1, trackTotal=2, sampleRate=8000, channels=1, bitDepth=16)

    # WAV and AIFF with ID3v2 chunks.
    encode(path("tagged.wav"), WAV)
    tag_id3(path("tagged.wav"), {"title": "Wave Form", "artist": "Riff Raff", "album": "Chunks",
                                 "track": "2/5", "date": "2020", "genre": "Ambient"}, kind=WAVE)
    expect("tagged.wav", format="WAV", title="Wave Form", artists=["Riff Raff"], album="Chunks",
           trackNumber=2, trackTotal=5, year=2020, date="2020", genres=["Ambient"], sampleRate=8000,
           channels=1, bitDepth=16)
    encode(path("tagged.aiff"), AIFF_)
    tag_id3(path("tagged.aiff"), {"title": "Big Endian", "artist": "Form Chunk", "album": "Interchange",
                                  "track": "1", "date": "1988"}, kind=AIFF)
    expect("tagged.aiff", format="AIFF", title="Big Endian", artists=["Form Chunk"], album="Interchange",
           trackNumber=1, year=1988, date="1988", sampleRate=8000, channels=1, bitDepth=16)

    # WavPack with APEv2: multi-valued Artist (NUL separated), binary cover item.
    encode(path("wavpack.wv"), WAVPACK)
    tag_ape(path("wavpack.wv"), WavPack, {
        "title": "Packed Wave", "artist": ["Ape One", "Ape Two"], "albumartist": "Ape One",
        "album": "Monkey Business", "track": "4/6", "disc": "1/1", "date": "2003",
        "genre": ["Jazz", "Fusion"], "compilation": "1", "cover": cover, "mb_album": MB["album"],
        "rg_track_gain": "+1.20 dB", "rg_track_peak": "0.5"})
    expect("wavpack.wv", format="WavPack", title="Packed Wave", artists=["Ape One", "Ape Two"],
           albumArtists=["Ape One"], album="Monkey Business", trackNumber=4, trackTotal=6, discNumber=1,
           discTotal=1, year=2003, date="2003", genres=["Jazz", "Fusion"], compilation=True,
           sampleRate=8000, channels=1, bitDepth=16, hasCoverArt=True, musicBrainz={"albumID": MB["album"]},
           replayGain={"trackGain": 1.2, "trackPeak": 0.5})

    # True Audio with an ID3v2 tag in front of TTA1.
    encode(path("tta.tta"), TTA)
    tag_id3(path("tta.tta"), {"title": "True Audio", "artist": "Lossless Lab", "album": "Tests",
                              "track": "9/10", "genre": "Noise"}, kind=TrueAudio)
    expect("tta.tta", format="TTA", title="True Audio", artists=["Lossless Lab"], album="Tests",
           trackNumber=9, trackTotal=10, genres=["Noise"], sampleRate=8000, channels=1, bitDepth=16)

    # WMA/ASF: multi-valued WM/Genre, WM/PartOfSet, WM/Picture.
    encode(path("wma.wma"), WMA, rate=22050)
    tag_asf(path("wma.wma"), {
        "title": "Windows Tune", "artist": "Media Player", "albumartist": "Media Player",
        "album": "Redmond", "track": "6", "disc": "1/2", "date": "2010", "genre": ["Jazz", "Fusion"],
        "composer": "Bill", "compilation": "1", "cover": cover, "mb_album": MB["album"],
        "rg_track_gain": "-3.00 dB"})
    # mutagen stores the second WM/Genre in the Metadata Library object, which TagLib 1.13
    # reads before the Extended Content Description: the values come back in reverse.
    expect("wma.wma", format="WMA", title="Windows Tune", artists=["Media Player"],
           albumArtists=["Media Player"], album="Redmond", trackNumber=6, discNumber=1, discTotal=2,
           year=2010, date="2010", genres=["Fusion", "Jazz"], composer="Bill", compilation=True,
           sampleRate=22050, channels=1, hasCoverArt=True, musicBrainz={"albumID": MB["album"]},
           replayGain={"trackGain": -3.0})

    # Broken files.
    open(path("empty.mp3"), "wb").close()
    with open(path("tagged.flac"), "rb") as handle:
        header = handle.read(42)  # "fLaC" + the STREAMINFO block, and nothing after it
    with open(path("truncated.flac"), "wb") as handle:
        handle.write(header)
    noise = random.Random(1234)
    data = bytearray(noise.getrandbits(8) for _ in range(4096))
    data[0] = 0x5A  # not an MPEG sync byte, not "ID3"
    with open(path("random.mp3"), "wb") as handle:
        handle.write(bytes(data))
    with open(path("text.flac"), "w") as handle:
        handle.write("This is a text file with a .flac extension.\nIt is not audio.\n")
    # Cut-off copies: TagLib 1.13 crashes in properties() on some of these unless the reader
    # checks isValid() first, so they stay as regression fixtures.
    def truncate(source, target, length):
        with open(path(source), "rb") as handle:
            data = handle.read(length)
        with open(path(target), "wb") as handle:
            handle.write(data)
    truncate("vorbis.ogg", "truncated.ogg", 100)
    truncate("aac.m4a", "truncated.m4a", 3000)
    truncate("opus.opus", "headers-only.opus", 200)
    with open(path("id3v24.mp3"), "rb") as handle:
        data = handle.read()
    tag_size = 10 + ((data[6] & 0x7F) << 21 | (data[7] & 0x7F) << 14 | (data[8] & 0x7F) << 7 | (data[9] & 0x7F))
    truncate("id3v24.mp3", "id3-only.mp3", tag_size)
    # Cut to half their size: tags and headers at the front intact, so TagLib reads them fine;
    # the reader's truncation checks (near the end of the file) must flag them. Three sources
    # are not fixtures themselves: an MP3 without a Xing/Info header, an M4A with its moov
    # atom first (+faststart, as most taggers leave it), whose mdat the cut shortens, and a
    # four-second FLAC file (tagged.flac's cover and padding take more than its first half).
    encode(os.path.join(WORK, "noxing.mp3"), MP3 + ["-write_xing", "0"], rate=22050)
    tag_id3(os.path.join(WORK, "noxing.mp3"), {"title": "No Xing", "artist": "Half"})
    encode(os.path.join(WORK, "faststart.m4a"), AAC + ["-movflags", "+faststart"], rate=22050, channels=2)
    tag_mp4(os.path.join(WORK, "faststart.m4a"), {"title": "Fast Start", "artist": "Half"})
    encode(os.path.join(WORK, "long.flac"), FLAC, seconds=4.0)
    tag_vorbis(os.path.join(WORK, "long.flac"), flac.FLAC, {"title": "Four Seconds", "artist": "Half"})
    def halve(source, target):
        with open(source, "rb") as handle:
            data = handle.read()
        with open(path(target), "wb") as handle:
            handle.write(data[:len(data) // 2])
    halve(path("id3v24.mp3"), "half-xing.mp3")
    halve(os.path.join(WORK, "noxing.mp3"), "half-noxing.mp3")
    halve(os.path.join(WORK, "long.flac"), "half.flac")
    halve(path("vorbis.ogg"), "half.ogg")
    halve(path("opus.opus"), "half.opus")
    # half.ogg and half.opus are cut inside their header pages (no audio left: refused);
    # a twenty-second Vorbis file keeps complete audio pages in its first half.
    encode(os.path.join(WORK, "long.ogg"), VORBIS, rate=22050, seconds=20.0)
    tag_vorbis(os.path.join(WORK, "long.ogg"), OggVorbis, {"title": "Twenty Seconds", "artist": "Half"})
    halve(os.path.join(WORK, "long.ogg"), "half-long.ogg")
    halve(os.path.join(WORK, "faststart.m4a"), "half.m4a")
    # TagLib reads these despite the cut: indexed, with what the checks found as `damage`.
    # Durations are what TagLib (or, for Ogg, the last complete page) reports for the cut file.
    def damaged(name, like, damage, durationMs, **fields):
        expect(name, **{**expected.get(like, {}), **fields, "damage": damage, "durationMs": durationMs})
    damaged("half-xing.mp3", "id3v24.mp3", "ends at 34% of its audio data", 1000)
    damaged("half-noxing.mp3", None, "last frame cut short", 500, format="MP3", title="No Xing",
            artists=["Half"], sampleRate=22050, channels=1)
    damaged("half.flac", None, "ends at 12% of its audio data", 4000, format="FLAC", title="Four Seconds",
            artists=["Half"], sampleRate=8000, channels=1, bitDepth=16)
    damaged("half-long.ogg", None, "last page cut short", 8150, format="Vorbis", title="Twenty Seconds",
            artists=["Half"], sampleRate=22050, channels=1, otherTags={"ENCODER": ["Lavc libvorbis"]})
    damaged("half.m4a", None, "ends at 15% of its audio data", 1000, format="AAC", title="Fast Start",
            artists=["Half"], sampleRate=22050, channels=2)
    # Tracker modules (TagLib reads title, channels, sample names as the comment; no
    # duration), and audio TagLib 1.13 cannot read, which a scan must report, not skip.
    for ext, make, sample, tracker in (("mod", modules.mod, "Square", "ProTracker"),
                                       ("s3m", modules.s3m, "Sine", "ScreamTracker III"),
                                       ("it", modules.it, "Saw", "Impulse Tracker"),
                                       ("xm", modules.xm, "Triangle", "FastTracker v2.00")):
        with open(path("module.%s" % ext), "wb") as handle:
            handle.write(make("Kanora %s" % ext.upper(), sample))
        expect("module.%s" % ext, format=ext.upper(), durationMs=0, title="Kanora %s" % ext.upper(),
               comment=sample, channels=4, otherTags={"TRACKERNAME": [tracker]})
    # A stripped XM (magic, tracker name and every text zeroed) is still a module TagLib reads.
    with open(path("stripped.xm"), "wb") as handle:
        handle.write(modules.xm("", "", stripped=True))
    expect("stripped.xm", format="XM", durationMs=0, channels=4, otherTags={})
    with open(path("dsd.dsf"), "wb") as handle:
        handle.write(modules.dsf())
    encode(path("adts.aac"), ["-c:a", "aac", "-b:a", "24k", "-f", "adts"], rate=22050)
    errors = {"empty.mp3": "empty", "truncated.flac": "corrupt", "random.mp3": "notAudio", "text.flac": "notAudio",
              "truncated.ogg": "corrupt", "truncated.m4a": "corrupt", "headers-only.opus": "corrupt",
              "id3-only.mp3": "corrupt", "half.ogg": "corrupt", "half.opus": "corrupt",
              "dsd.dsf": "unsupported", "adts.aac": "unsupported"}

    document = {
        "durationToleranceMs": 150,
        "files": expected,
        "errors": errors,
    }
    with open(path("expected.json"), "w", encoding="utf-8") as handle:
        json.dump(document, handle, ensure_ascii=False, indent=2, sort_keys=True)
        handle.write("\n")


# MARK: - Sample library

SAMPLE_ALBUMS = [
    # (folder, album artist, album, date, genre, compilation, [(subfolder, file, ext, title, artists, track, disc)])
    ("Björk/Homogenic (1997)", "Björk", "Homogenic", "1997-09-22", "Electronic", False, [
        ("", "01 Hunter", "flac", "Hunter", ["Björk"], "1/3", None),
        ("", "02 Jóga", "flac", "Jóga", ["Björk"], "2/3", None),
        ("", "03 Unravel", "mp3", "Unravel", ["Björk"], "3/3", None),
    ]),
    ("Mötley Crüe/Decade of Decadence", "Mötley Crüe", "Decade of Decadence", "1991-10-15", "Hard Rock", False, [
        ("CD1", "01 Live Wire", "ogg", "Live Wire", ["Mötley Crüe"], "1/2", "1/2"),
        ("CD1", "02 Piece of Your Action", "ogg", "Piece of Your Action", ["Mötley Crüe"], "2/2", "1/2"),
        ("CD2", "01 Home Sweet Home", "m4a", "Home Sweet Home", ["Mötley Crüe"], "1/2", "2/2"),
        ("CD2", "02 Kickstart My Heart", "ogg", "Kickstart My Heart", ["Mötley Crüe"], "2/2", "2/2"),
    ]),
    ("Tokyo Jihen/Kyoiku (2004)", "東京事変", "教育", "2004-11-25", "J-Pop", False, [
        ("", "01 Ringo no Uta", "m4a", "林檎の唄", ["東京事変"], "1/2", None),
        ("", "02 Gunjou Biyori", "mp3", "群青日和", ["東京事変"], "2/2", None),
    ]),
    ("Various Artists/Kanora Sampler", "Various Artists", "Kanora Sampler", "2024", "Various", True, [
        ("", "01 Björk - Army of Me", "mp3", "Army of Me", ["Björk"], "1/3", None),
        ("", "02 Mötley Crüe - Dr. Feelgood", "flac", "Dr. Feelgood", ["Mötley Crüe"], "2/3", None),
        ("", "03 東京事変 - 修羅場", "ogg", "修羅場", ["東京事変"], "3/3", None),
    ]),
]

SAMPLE_CODECS = {
    "mp3": ["-c:a", "libmp3lame", "-b:a", "8k", "-id3v2_version", "0", "-write_id3v1", "0"],
    "flac": FLAC,
    "ogg": ["-c:a", "libvorbis", "-q:a", "-1"],
    "m4a": ["-c:a", "aac", "-b:a", "12k"],
}


def samples():
    out = os.path.join(ROOT, "samples", "library")
    shutil.rmtree(out, ignore_errors=True)
    # Each sample is its own tone: as real music, no two tracks carry the same audio, so
    # `kanora doctor` finds no duplicates in the sample library (silence made every track
    # of a format "the same audio").
    frequencies = iter(range(220, 2000, 110))
    for folder, album_artist, album, date, genre, compilation, tracks in SAMPLE_ALBUMS:
        album_dir = os.path.join(out, folder)
        os.makedirs(album_dir)
        for subfolder, stem, ext, title, artists, track, disc in tracks:
            target_dir = os.path.join(album_dir, subfolder)
            os.makedirs(target_dir, exist_ok=True)
            target = os.path.join(target_dir, stem + "." + ext)
            channels = 2 if ext == "m4a" else 1  # mp4a sample entries always say 2 channels
            encode(target, SAMPLE_CODECS[ext], rate=8000 if ext != "ogg" else 11025, channels=channels,
                   frequency=next(frequencies))
            tags = {"title": title, "artist": artists, "albumartist": album_artist, "album": album,
                    "track": track, "date": date, "genre": genre}
            if disc:
                tags["disc"] = disc
            if compilation:
                tags["compilation"] = "1"
            if ext == "mp3":
                tag_id3(target, tags)
            elif ext == "flac":
                tag_vorbis(target, flac.FLAC, tags)
            elif ext == "ogg":
                tag_vorbis(target, OggVorbis, tags)
            else:
                tag_mp4(target, tags)
    make_cover(os.path.join(out, "Björk/Homogenic (1997)/cover.jpg"))
    with open(os.path.join(out, "Various Artists/Kanora Sampler/notes.txt"), "w") as handle:
        handle.write("Not audio: a scan should skip this file.\n")


def upgrades():
    """Tests/Fixtures/upgrade: files of one recording in two formats, for the upgrade tests.

    song.mp3 and song.flac agree on album artist, album, disc, track number and title once
    folded (the FLAC's title is "CAFE SONG", its disc tag absent), lengths 1 s and 1.5 s;
    far.flac is the same recording tagged alike but 5 s long (4 s off); mb.mp3 and mb.flac
    share a MusicBrainz release track id but not their titles or albums.
    """
    out = os.path.join(ROOT, "Tests", "Fixtures", "upgrade")
    os.makedirs(out, exist_ok=True)
    common = {"artist": "Ärtist", "albumartist": "Ärtist", "album": "Upgrade Album"}
    path = os.path.join(out, "song.mp3")
    encode(path, MP3, seconds=1.0)
    tag_id3(path, dict(common, title="Café Song", track="1/2", disc="1/1"))
    path = os.path.join(out, "song.flac")
    encode(path, FLAC, seconds=1.5, frequency=660)
    tag_vorbis(path, flac.FLAC, dict(common, title="CAFE SONG", track="1", tracktotal="2"))
    path = os.path.join(out, "far.flac")
    encode(path, FLAC, seconds=5.0, frequency=550)
    tag_vorbis(path, flac.FLAC, dict(common, title="Café Song", track="1", tracktotal="2", disc="1"))
    path = os.path.join(out, "mb.mp3")
    encode(path, MP3, seconds=1.0, frequency=330)
    tag_id3(path, {"title": "Original Title", "artist": "Ärtist", "album": "First Pressing", "track": "3",
                   "mb_track": "5b4a3e7c-0d4c-4e1c-9a66-3f1f2b7d9e01"})
    path = os.path.join(out, "mb.flac")
    encode(path, FLAC, seconds=1.0, frequency=440)
    tag_vorbis(path, flac.FLAC, {"title": "Remastered Title (2024)", "artist": "Ärtist", "album": "Remaster",
                                 "track": "3", "mb_track": "5b4a3e7c-0d4c-4e1c-9a66-3f1f2b7d9e01"})
    print("wrote", sorted(os.listdir(out)))


if __name__ == "__main__":
    mode = sys.argv[1] if len(sys.argv) > 1 else "fixtures"
    try:
        if mode == "fixtures":
            fixtures()
        elif mode == "samples":
            samples()
        elif mode == "upgrade":
            upgrades()
        else:
            sys.exit("make-fixtures: unknown mode %r (fixtures, samples or upgrade)" % mode)
    finally:
        shutil.rmtree(WORK, ignore_errors=True)
