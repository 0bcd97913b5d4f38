#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (the Swift tests, then the browser tests).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
swift build --build-tests
timeout 1800 swift test --skip-build "$@"
scripts/test-browser  # the web app in headless Chromium against a real kanora serve
