#!/usr/bin/env bash
# Builds the DocC documentation of every library product on Linux, through symbol graphs, with
# the toolchain's docc, and fails on any warning (a broken symbol link in an article or in a doc
# comment, an unknown parameter, ...). Output: .build/docs/<Module>.doccarchive.
#
# Paging, PagingWalk, PagingTesting and PagingHTTP reuse the debug build (same flags as CI's
# build), so they take seconds after it. PagingSwiftUI is empty on Linux: its symbol graph comes
# from compiling it against the stubs of Apple's signatures in .ci/apple-stubs, as
# .ci/typecheck-apple-glue.sh does, so its pages document the real glue (its links to SwiftUI's
# types stay unresolved).
set -euo pipefail
cd "$(dirname "$0")/.."

toolchain_bin="$(dirname "$(command -v swift)")"
out=".build/docs"
rm -rf "$out"
mkdir -p "$out"

swift build --target PagingTesting -Xswiftc -warnings-as-errors
swift build --target PagingWalk -Xswiftc -warnings-as-errors
swift build --target PagingHTTP -Xswiftc -warnings-as-errors
swift build --target PagingSQLite -Xswiftc -warnings-as-errors
bin="$(swift build --show-bin-path)"
triple="$(swift -print-target-info | sed -n 's/^ *"triple": "\(.*\)",*$/\1/p' | head -n 1)"

# convert MODULE: the module's catalog and the symbol graphs in $out/graphs/MODULE.
convert() {
  "$toolchain_bin/docc" convert "Sources/$1/$1.docc" \
    --additional-symbol-graph-dir "$out/graphs/$1" \
    --fallback-display-name "$1" --fallback-bundle-identifier "swift-paging.$1" \
    --warnings-as-errors --output-path "$out/$1.doccarchive"
  echo "docs: $out/$1.doccarchive"
}

for module in Paging PagingWalk PagingTesting PagingHTTP PagingSQLite; do
  mkdir -p "$out/graphs/$module"
  # Sources/CSQLite and Sources/CCurl: the system SQLite and libcurl module maps, which
  # PagingSQLite and PagingHTTP import on Linux.
  "$toolchain_bin/swift-symbolgraph-extract" \
    -module-name "$module" -target "$triple" -I "$bin/Modules" -I "$bin" -I Sources/CSQLite -I Sources/CCurl \
    -minimum-access-level public -skip-synthesized-members -emit-extension-block-symbols \
    -output-dir "$out/graphs/$module"
  convert "$module"
done

stubs="$out/apple-stubs"
mkdir -p "$stubs" "$out/graphs/PagingSwiftUI"
for stub in SwiftUI UIKit; do
  swiftc -swift-version 6 -parse-as-library -module-name "$stub" \
    -emit-module -emit-module-path "$stubs/$stub.swiftmodule" ".ci/apple-stubs/$stub.swift"
done
swiftc -swift-version 6 -warnings-as-errors -parse-as-library \
  -I "$stubs" -I "$bin/Modules" -I "$bin" -module-name PagingSwiftUI \
  -emit-module -emit-module-path "$stubs/PagingSwiftUI.swiftmodule" \
  -emit-symbol-graph -emit-symbol-graph-dir "$out/graphs/PagingSwiftUI" \
  -symbol-graph-minimum-access-level public -emit-extension-block-symbols \
  $(find Sources/PagingSwiftUI -name '*.swift' | sort)
convert PagingSwiftUI
