#!/usr/bin/env bash
# Type-checks the Apple-only code (Sources/PagingSwiftUI, Examples/FeedApp and the docs' SwiftUI
# snippets in .ci/snippets/SwiftUI), which Linux builds skip, against hand-written stubs of the
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
flags=(-swift-version 6 -warnings-as-errors -parse-as-library -I "$out" -I "$bin/Modules" -I "$bin" -I Sources/CCurl)

for stub in SwiftUI UIKit; do
  swiftc -swift-version 6 -parse-as-library -module-name "$stub" \
    -emit-module -emit-module-path "$out/$stub.swiftmodule" ".ci/apple-stubs/$stub.swift"
done
swiftc "${flags[@]}" -module-name PagingSwiftUI \
  -emit-module -emit-module-path "$out/PagingSwiftUI.swiftmodule" Sources/PagingSwiftUI/*.swift
swiftc "${flags[@]}" -module-name FeedApp -typecheck Examples/FeedApp/Sources/FeedApp/*.swift
# The SwiftUI snippets of README.md and of the DocC articles, verbatim, with the declarations
# they assume: each folder of .ci/snippets/SwiftUI one module, with public access to ours only
# (DocumentationSnippetTests checks that every ```swift block sits in a file of .ci/snippets).
for folder in .ci/snippets/SwiftUI/*/; do
  swiftc "${flags[@]}" -module-name "$(basename "$folder")Snippets" -typecheck "$folder"*.swift
done
echo "apple glue: type-checks against the stubs (PagingSwiftUI, FeedApp, the docs' SwiftUI snippets)"
# README's installation manifest, verbatim (.ci/snippets/Installation): SwiftPM parses it,
# and every product it names is a library product of this package.
(cd .ci/snippets/Installation && swift package dump-package) >"$out/installation.json"
swift package dump-package >"$out/root.json"
python3 - "$out/installation.json" "$out/root.json" <<'PY'
import json, sys
readme, root = (json.load(open(path)) for path in sys.argv[1:])
ours = {p["name"] for p in root["products"] if "library" in p["type"]}
named = {d["product"][0] for t in readme["targets"] for d in t["dependencies"] if "product" in d}
missing = named - ours
if missing or not named:
    sys.exit(f"README's installation names products this package lacks: {sorted(missing)}")
print(f"README installation manifest: parsed, names {len(named)} of our products")
PY
