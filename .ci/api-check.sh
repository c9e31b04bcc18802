#!/usr/bin/env bash
# Guards the public API against the last release, as swift-nio's CI does: every library product
# is compared with the commit that .ci/api-baseline names by `swift package
# diagnose-api-breaking-changes`; PagingSwiftUI, empty on Linux, by its symbol graph built
# against the stubs (.ci/docs.sh writes it), whose public declarations at the release are listed
# in .ci/api/PagingSwiftUI.symbols: one missing now is a break. A public declaration made
# `package`, which the digester does not report, is found by comparing the release's dump with
# the checked-out commit's (commit a change before checking it). Every public type must be named
# in CHANGELOG.md.
#
# A breaking change fails unless the same commit (1) adds an entry under "### Changed" or
# "### Removed" in CHANGELOG.md's [Unreleased] section and (2) names the new baseline in
# .ci/api-baseline: an `accept` line per break, its message exactly as this script prints it.
# At a release, `commit` and `version` name the released commit and the `accept` lines go;
# `.ci/api-check.sh --update-swiftui` rewrites .ci/api/PagingSwiftUI.symbols from the graph.
#
#   .ci/api-check.sh [--update-swiftui]    (after .ci/docs.sh; baseline build in .build/api-check)
set -euo pipefail
cd "$(dirname "$0")/.."

file=.ci/api-baseline
out=.build/api-check
mkdir -p "$out"
graphs=.build/docs/graphs/PagingSwiftUI
[ -d "$graphs" ] || { echo "api-check: run .ci/docs.sh first (it writes $graphs)" >&2; exit 1; }

if [ "${1:-}" = --update-swiftui ]; then
  python3 .ci/api-symbols.py "$graphs" >.ci/api/PagingSwiftUI.symbols
  echo "api-check: wrote .ci/api/PagingSwiftUI.symbols"
  exit 0
fi

version=$(awk '$1 == "version" { print $2 }' "$file")
commit=$(awk '$1 == "commit" { print $2 }' "$file")
sed -n 's/^accept //p' "$file" >"$out/allowlist"
echo "api-check: against $version ($commit), $(wc -l <"$out/allowlist") accepted breaks"

products=(Paging PagingWalk PagingTesting PagingHTTP PagingSQLite)
set +e
swift package diagnose-api-breaking-changes "$commit" --products "${products[@]}" \
  --breakage-allowlist-path "$out/allowlist" --baseline-dir "$out/baseline" 2>&1 | tee "$out/report"
status=${PIPESTATUS[0]}
# The digester says nothing when a public declaration becomes `package` (its dumps hold both,
# `package` ones marked isInternal): the commit checked out is dumped too, and compared below.
head=$(git rev-parse HEAD)
swift package diagnose-api-breaking-changes "$head" --products "${products[@]}" \
  --baseline-dir "$out/baseline" >"$out/head-report" 2>&1
[ -d "$out/baseline/$head" ] || { cat "$out/head-report"; echo "api-check: no dump of $head" >&2; exit 1; }
set -e
python3 .ci/api-symbols.py "$graphs" >"$out/PagingSwiftUI.symbols"
python3 - "$file" "$out/report" "$status" .ci/api/PagingSwiftUI.symbols "$out/PagingSwiftUI.symbols" \
  "$out/allowlist" "$out/baseline/$commit" "$out/baseline/$head" <<'PY'
import glob, json, re, subprocess, sys
baseline_file, report, status, swiftui_then, swiftui_now, allowlist, dumps, head_dumps = \
    sys.argv[1:]
accepted = [l for l in open(allowlist).read().splitlines() if l.strip()]

def declarations(folder):
    """Every declaration of the dumps in `folder`, by module, path and kind: whether it is
    internal (`package`)."""
    found = {}
    def walk(node, path):
        if node.get("kind") in ("TypeNominal", "TypeNameAlias", "TypeFunc", "Import",
                                "Conformance"):
            return
        name = node.get("printedName", "")
        here = path + [name] if node.get("kind") != "Root" and name else path
        if node.get("kind") != "Root" and here:
            found[(node.get("moduleName"), ".".join(here), node.get("declKind"))] = \
                bool(node.get("isInternal"))
        for child in node.get("children", []):
            walk(child, here)
    for dump in glob.glob(f"{folder}/*.json"):
        walk(json.load(open(dump))["ABIRoot"], [])
    return found

# The digester's dumps hold `package` declarations too, marked `isInternal`: they are the
# libraries' machinery, not their public API, so a change to one (or to a member of one) is
# no break. Their names, as the digester's messages write them: `Type.member(_:)`.
released = declarations(dumps)
internal = {path for (_, path, _), hidden in released.items() if hidden}
def is_internal(message):
    match = re.match(r"API breakage: \S+ (\S+)", message)
    parts = match.group(1).split(".") if match else []
    return any(".".join(parts[:n]) in internal for n in range(1, len(parts) + 1))
now = set(open(swiftui_now).read().splitlines())
breaks = []
for line in open(swiftui_then).read().splitlines():
    if line and line not in now:
        message = f"API breakage: PagingSwiftUI: {line} has been removed or changed"
        if message not in accepted:
            breaks.append(message)
current = declarations(head_dumps)
for (module, path, kind), was_internal in sorted(released.items()):
    message = f"API breakage: {kind.lower()} {path} is now package, no longer public"
    if not was_internal and current.get((module, path, kind)) is True and message not in accepted:
        breaks.append(message)
text = open(report).read()
breaks += [m for m in (l[l.index("API breakage:"):].strip() for l in text.splitlines()
                       if "API breakage:" in l and "💔" in l) if not is_internal(m)]
if status != "0" and not any("API breakage" in l for l in text.splitlines()):
    sys.exit("api-check: diagnose-api-breaking-changes failed without a report (see above)")
if breaks:
    print("\napi-check: breaking changes against the baseline:")
    for b in breaks:
        print(f"  {b}")
    sys.exit(
        "api-check: to make them, in the same commit: add an entry under \"### Changed\" or\n"
        "\"### Removed\" in CHANGELOG.md's [Unreleased] section, and add to .ci/api-baseline one\n"
        "line `accept <message>` per break above.")
if accepted:
    # Every accepted break came with a CHANGELOG entry under Changed or Removed, in its commit.
    changelog = open("CHANGELOG.md").read()
    unreleased = changelog.split("## [Unreleased]", 1)[1].split("\n## [", 1)[0]
    if not re.search(r"^### (Changed|Removed)\n+- ", unreleased, re.M):
        sys.exit("api-check: .ci/api-baseline accepts breaks, but CHANGELOG.md's [Unreleased] "
                 "has no entry under \"### Changed\" or \"### Removed\"")
    for message in accepted:
        commits = subprocess.run(
            ["git", "log", "--format=%H", "-S", f"accept {message}", "--", baseline_file],
            capture_output=True, text=True, check=True).stdout.split()
        if not commits:
            continue  # not committed yet: the working tree's change is checked above
        added = subprocess.run(
            ["git", "show", "--format=", commits[-1], "--", "CHANGELOG.md"],
            capture_output=True, text=True, check=True).stdout
        if not re.search(r"^\+- ", added, re.M):
            sys.exit(f"api-check: the commit that accepted '{message}' ({commits[-1][:12]}) "
                     "added no CHANGELOG.md entry")
print(f"api-check: no unaccepted breaking change; {len(accepted)} accepted")
PY
# Every public type of every library is named in CHANGELOG.md (in backticks, by its full path):
# the release's section lists the surface, and a later type is added under [Unreleased].
python3 - <<'PY'
import glob, json
changelog = open("CHANGELOG.md").read()
missing = set()
for path in glob.glob(".build/docs/graphs/*/*.symbols.json"):
    for symbol in json.load(open(path))["symbols"]:
        kind = symbol["kind"]["identifier"]
        if kind in ("swift.struct", "swift.class", "swift.enum", "swift.protocol",
                    "swift.typealias", "swift.actor") and symbol.get("accessLevel") in ("public", "open"):
            name = ".".join(symbol["pathComponents"])
            if f"`{name}`" not in changelog:
                missing.add(name)
if missing:
    raise SystemExit("api-check: public types CHANGELOG.md does not name: " + ", ".join(sorted(missing)))
print("api-check: CHANGELOG.md names every public type")
PY
