#!/usr/bin/env bash
# Builds the DocC documentation of the Paging module on Linux, through symbol graphs, with the
# toolchain's docc, and fails on any warning (a broken symbol link in an article or in a doc
# comment, an unknown parameter, ...). Output: .build/docs/Paging.doccarchive.
# Reuses the debug build of Paging (same flags as CI's build), so it takes seconds after it.
set -euo pipefail
cd "$(dirname "$0")/.."

toolchain_bin="$(dirname "$(command -v swift)")"
out=".build/docs"
graphs="$out/symbol-graphs"
rm -rf "$out"
mkdir -p "$graphs"

swift build --target Paging -Xswiftc -warnings-as-errors
bin="$(swift build --show-bin-path)"
triple="$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)"

"$toolchain_bin/swift-symbolgraph-extract" \
  -module-name Paging -target "$triple" -I "$bin/Modules" -I "$bin" \
  -minimum-access-level public -skip-synthesized-members -output-dir "$graphs"

"$toolchain_bin/docc" convert Sources/Paging/Paging.docc \
  --additional-symbol-graph-dir "$graphs" \
  --fallback-display-name Paging --fallback-bundle-identifier swift-paging.Paging \
  --warnings-as-errors --output-path "$out/Paging.doccarchive"
echo "docs: $out/Paging.doccarchive"
