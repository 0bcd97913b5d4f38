#!/usr/bin/env python3
"""Makes Tests/Fixtures/retag: pairs of files with the same audio and different tags (the
"retagged" one has a new title and a much longer comment, so its tag area changes size),
for the move/retag tests. Needs python3-mutagen; the tests never do."""
import os, shutil
from mutagen.flac import FLAC
from mutagen.id3 import ID3, TIT2, COMM
from mutagen.mp4 import MP4
from mutagen.oggvorbis import OggVorbis

here = os.path.dirname(os.path.abspath(__file__))
src = os.path.join(here, "..", "Tests", "Fixtures")
out = os.path.join(src, "retag")
os.makedirs(out, exist_ok=True)
long_comment = "retagged " * 2000
for name, kind in [("id3v24.mp3", "mp3"), ("tagged.flac", "flac"), ("vorbis.ogg", "ogg"), ("aac.m4a", "m4a")]:
    ext = name.rsplit(".", 1)[1]
    original = os.path.join(out, f"original.{ext}")
    retagged = os.path.join(out, f"retagged.{ext}")
    shutil.copyfile(os.path.join(src, name), original)
    shutil.copyfile(os.path.join(src, name), retagged)
    if kind == "mp3":
        tags = ID3(retagged); tags.setall("TIT2", [TIT2(encoding=3, text="Retagged Title")])
        tags.add(COMM(encoding=3, lang="eng", desc="", text=long_comment)); tags.save(retagged, v2_version=4)
    elif kind == "flac":
        f = FLAC(retagged); f["TITLE"] = "Retagged Title"; f["COMMENT"] = long_comment; f.save()
    elif kind == "ogg":
        f = OggVorbis(retagged); f["TITLE"] = "Retagged Title"; f["COMMENT"] = long_comment; f.save()
    else:
        f = MP4(retagged); f["\xa9nam"] = "Retagged Title"; f["\xa9cmt"] = long_comment; f.save()
print("wrote", sorted(os.listdir(out)))
