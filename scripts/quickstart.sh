#!/usr/bin/env bash
# Sets up, builds and runs Kanora: scans FOLDER (default: the sample library in
# samples/library, into a throwaway database) and shows what it found.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
echo "Building kanora (release)..." >&2
kanora=$(scripts/build-release)
kanora=${kanora#"$PWD/"}
if [ $# -eq 0 ]; then
  export KANORA_DATABASE="$PWD/.build/sample-library.sqlite"
  rm -f "$KANORA_DATABASE" "$KANORA_DATABASE-wal" "$KANORA_DATABASE-shm"
  set -- samples/library
fi
"$kanora" scan "$@"
echo
"$kanora" list albums
echo
"$kanora" list
echo
"$kanora" stats
echo
echo "kanora is at $PWD/$kanora; try: $kanora list --help" >&2
