#!/usr/bin/env python3
"""Counts each library module's public surface from `swift package dump-symbol-graph`.

    swift package dump-symbol-graph && python3 Scripts/public_symbols.py [MODULE ...]

A symbol counts when its access level is public or open and it is not synthesized (its precise
identifier carries no ::SYNTHESIZED::, as DocC leaves those out too). A module's extensions of
other modules (the Module@Other.symbols.json files) count as its own: importing it adds them.
"""
import collections, glob, json, os, sys

directory = glob.glob(".build/*/symbolgraph")
if not directory:
    sys.exit("no .build/*/symbolgraph: run `swift package dump-symbol-graph` first")
counts, kinds = collections.Counter(), collections.defaultdict(collections.Counter)
for path in glob.glob(os.path.join(directory[0], "*.symbols.json")):
    module = os.path.basename(path).split(".")[0].split("@")[0]
    for symbol in json.load(open(path))["symbols"]:
        if symbol["accessLevel"] not in ("public", "open"):
            continue
        if "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
            continue
        counts[module] += 1
        kinds[module][symbol["kind"]["displayName"]] += 1
wanted = sys.argv[1:] or [
    "Paging", "PagingWalk", "PagingTesting", "PagingHTTP", "PagingSQLite", "PagingSwiftUI",
]
for module in wanted:
    detail = ", ".join(f"{n} {k}" for k, n in kinds[module].most_common())
    print(f"{module}: {counts[module]} ({detail})")
