#!/usr/bin/env bash
# Installs the system packages Kanora builds against (Debian/Ubuntu), only if missing.
set -euo pipefail
# libgd-dev: cover art is decoded, resized and re-encoded with libgd (kanora serve's getCoverArt).
# libjemalloc-dev: kanora allocates with jemalloc, ~15% less CPU in a cold scan than glibc's malloc.
# libre2-dev: the query language's regular expressions run on RE2 (linear time, no backtracking).
# zlib1g-dev: the web app's files are sent gzipped.
# ffmpeg: kanora serve transcodes with it (stream's format, maxBitRate, timeOffset); its tests run the real one.
# chromium, chromium-driver: the web app's browser tests (scripts/test-browser) drive headless Chromium.
packages=(libsqlite3-dev libre2-dev libtag1-dev libgd-dev libjemalloc-dev zlib1g-dev pkg-config ffmpeg chromium chromium-driver)
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
echo "Installing ${missing[*]}..." >&2
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
