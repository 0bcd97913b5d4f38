#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (the Swift tests, then the browser tests).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
# The import check: every target imports only the targets and products it declares (the layers).
swift build --build-tests --explicit-target-dependency-import-check error
timeout 1800 swift test --skip-build "$@"
scripts/test-browser  # the web app in headless Chromium against a real kanora serve
