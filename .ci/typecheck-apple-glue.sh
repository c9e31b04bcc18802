#!/usr/bin/env bash
# Type-checks the Apple-only code (Sources/PagingSwiftUI, Examples/FeedApp and README's SwiftUI
# snippets in .ci/readme-snippets), which Linux builds skip, against hand-written stubs of the
# SwiftUI and UIKit signatures it uses (.ci/apple-stubs, copied from Apple's documentation). Catches a change of Paging's API that
# would break the glue; it cannot show that the glue runs. Takes seconds after the CI build.
set -euo pipefail
cd "$(dirname "$0")/.."

out=".build/apple-glue"
rm -rf "$out"
mkdir -p "$out"
swift build --target Paging -Xswiftc -warnings-as-errors
swift build --target PagingHTTP -Xswiftc -warnings-as-errors
bin="$(swift build --show-bin-path)"
flags=(-swift-version 6 -warnings-as-errors -parse-as-library -I "$out" -I "$bin/Modules" -I "$bin")

for stub in SwiftUI UIKit; do
  swiftc -swift-version 6 -parse-as-library -module-name "$stub" \
    -emit-module -emit-module-path "$out/$stub.swiftmodule" ".ci/apple-stubs/$stub.swift"
done
swiftc "${flags[@]}" -module-name PagingSwiftUI \
  -emit-module -emit-module-path "$out/PagingSwiftUI.swiftmodule" Sources/PagingSwiftUI/*.swift
swiftc "${flags[@]}" -module-name FeedApp -typecheck Examples/FeedApp/Sources/FeedApp/*.swift
# README's SwiftUI snippets, verbatim, each with the declarations they assume (ReadmeSnippetTests
# checks that every ```swift block of the README sits in one of these files or in a test).
for snippet in .ci/readme-snippets/*.swift; do
  case "$snippet" in
  */Support.swift) continue ;;
  */HTTPSources.swift)  # top-level code, as a reader pastes it into a main.swift
    swiftc -swift-version 6 -warnings-as-errors -I "$bin/Modules" -I "$bin" -module-name main -typecheck "$snippet"
    continue ;;
  esac
  swiftc "${flags[@]}" -module-name ReadmeSnippet -typecheck .ci/readme-snippets/Support.swift "$snippet"
done
echo "apple glue: type-checks against the stubs (PagingSwiftUI, FeedApp, README's SwiftUI snippets)"
