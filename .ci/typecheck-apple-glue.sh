#!/usr/bin/env bash
# Type-checks the Apple-only code (Sources/PagingSwiftUI and Examples/FeedApp), which Linux
# builds skip, against hand-written stubs of the SwiftUI and UIKit signatures it uses
# (.ci/apple-stubs, copied from Apple's documentation). Catches a change of Paging's API that
# would break the glue; it cannot show that the glue runs. Takes seconds after the CI build.
set -euo pipefail
cd "$(dirname "$0")/.."

out=".build/apple-glue"
rm -rf "$out"
mkdir -p "$out"
swift build --target Paging -Xswiftc -warnings-as-errors
bin="$(swift build --show-bin-path)"
flags=(-swift-version 6 -warnings-as-errors -parse-as-library -I "$out" -I "$bin/Modules" -I "$bin")

for stub in SwiftUI UIKit; do
  swiftc -swift-version 6 -parse-as-library -module-name "$stub" \
    -emit-module -emit-module-path "$out/$stub.swiftmodule" ".ci/apple-stubs/$stub.swift"
done
swiftc "${flags[@]}" -module-name PagingSwiftUI \
  -emit-module -emit-module-path "$out/PagingSwiftUI.swiftmodule" Sources/PagingSwiftUI/*.swift
swiftc "${flags[@]}" -module-name FeedApp -typecheck Examples/FeedApp/Sources/FeedApp/*.swift
echo "apple glue: type-checks against the stubs"
