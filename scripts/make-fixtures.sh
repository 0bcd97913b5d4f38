#!/usr/bin/env bash
# Regenerates the committed test fixtures (Tests/Fixtures) or the README sample library
# (samples/library). Tests never run this: they use the committed files.
#
#   scripts/make-fixtures.sh             # Tests/Fixtures + Tests/Fixtures/expected.json
#   scripts/make-fixtures.sh samples     # samples/library
#   scripts/make-fixtures.sh upgrade     # Tests/Fixtures/upgrade: one recording in two formats
#
# Needs ffmpeg (with libmp3lame, libvorbis, libopus, libspeex) and Debian's python3 with
# mutagen: apt-get install ffmpeg python3-mutagen
set -euo pipefail
cd "$(dirname "$0")/.."
command -v ffmpeg >/dev/null || { echo "make-fixtures: ffmpeg is not installed (apt-get install ffmpeg)" >&2; exit 1; }
PYTHON=/usr/bin/python3
"$PYTHON" -c 'import mutagen' 2>/dev/null || { echo "make-fixtures: mutagen is missing (apt-get install python3-mutagen)" >&2; exit 1; }
exec "$PYTHON" scripts/fixtures.py "${1:-fixtures}"
