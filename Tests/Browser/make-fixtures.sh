#!/usr/bin/env bash
# Makes the browser tests' library (committed: the tests need no ffmpeg): short tagged
# 44.1 kHz tones in formats Chromium plays, one WMA it cannot, a cover, and a spare track
# the scan test drops into the library. Run from anywhere; writes Tests/Browser/library/ and spare/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"; out="$here/library"; spare="$here/spare"
rm -rf "$out" "$spare" && mkdir -p "$out/Ada Quartet/Blue Hours" "$out/Émile Roux/Über Nacht" "$spare"
tone() { # FILE SECONDS FREQ TITLE ARTIST ALBUM YEAR TRACK GENRE CODEC_ARGS...
  local file=$1 seconds=$2 freq=$3 title=$4 artist=$5 album=$6 year=$7 track=$8 genre=$9; shift 9
  ffmpeg -v error -y -f lavfi -i "sine=frequency=$freq:duration=$seconds:sample_rate=44100" \
    -af "volume=0.05,afade=t=in:d=0.5,afade=t=out:st=$((seconds - 1)):d=1" -ac 1 -metadata "title=$title" -metadata "artist=$artist" \
    -metadata "album_artist=$artist" -metadata "album=$album" -metadata "date=$year" -metadata "track=$track" \
    -metadata "genre=$genre" "$@" "$file"
}
a="$out/Ada Quartet/Blue Hours"
tone "$a/01 Morning Light.flac" 8 440 "Morning Light" "Ada Quartet" "Blue Hours" 2019 1 Jazz -c:a flac
tone "$a/02 Harbour.opus" 20 523 "Harbour" "Ada Quartet" "Blue Hours" 2019 2 Jazz -c:a libopus -b:a 24k
tone "$a/03 Slow Rain.mp3" 20 587 "Slow Rain" "Ada Quartet" "Blue Hours" 2019 3 Jazz -c:a libmp3lame -b:a 32k
ffmpeg -v error -y -f lavfi -i "gradients=s=300x300:c0=0x2b4c9a:c1=0xd46a8a:x0=0:y0=0:x1=300:y1=300:d=1" -frames:v 1 -q:v 6 "$a/cover.jpg"
e="$out/Émile Roux/Über Nacht"
tone "$e/01 Dämmerung.opus" 20 392 "Dämmerung" "Émile Roux" "Über Nacht" 2021 1 Electronic -c:a libopus -b:a 24k
tone "$e/02 Nachtzug.mp3" 20 349 "Nachtzug" "Émile Roux" "Über Nacht" 2021 2 Electronic -c:a libmp3lame -b:a 32k
tone "$e/03 Old Radio.wma" 8 330 "Old Radio" "Émile Roux" "Über Nacht" 2021 3 Electronic -c:a wmav2 -b:a 32k
tone "$spare/Late Arrival.opus" 10 494 "Late Arrival" "Ada Quartet" "Blue Hours" 2019 4 Jazz -c:a libopus -b:a 24k
du -sh "$out" "$spare"
