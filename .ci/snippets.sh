#!/usr/bin/env bash
# Compiles every Swift snippet of README.md and of the DocC articles as an app compiles them:
# .ci/snippets is a package outside ours that depends on swift-paging by path (from a folder not
# called swift-paging, through `.package(name:path:)`, as README's installation shows), so its
# code sees public symbols only. It builds, then runs its tests (README's test and the article
# "Testing pagination on any platform"). The snippets that need SwiftUI are type-checked by
# .ci/typecheck-apple-glue.sh against the stubs, as modules of their own (no package access
# either). DocumentationSnippetTests checks that every ```swift block is in one of these files.
# Builds our libraries once more, in .ci/snippets/.build (about 3 minutes of CPU).
set -euo pipefail
cd "$(dirname "$0")/snippets"

swift build --build-tests -Xswiftc -warnings-as-errors
swift test --skip-build
echo "snippets: README's and the articles' Swift snippets build from a package outside ours"
