#!/usr/bin/env python3
"""The public declarations of a module's symbol graphs, one line each, sorted: its kind, its
path and its declaration (.ci/api-check.sh compares PagingSwiftUI's with the release's).

  .ci/api-symbols.py GRAPH_FOLDER
"""
import glob
import json
import os
import sys

lines = set()
for path in glob.glob(os.path.join(sys.argv[1], "*.symbols.json")):
    graph = json.load(open(path))
    for symbol in graph["symbols"]:
        if symbol.get("accessLevel") not in ("public", "open"):
            continue
        declaration = "".join(f["spelling"] for f in symbol.get("declarationFragments", []))
        name = ".".join(symbol["pathComponents"])
        lines.add(f"{symbol['kind']['identifier']} {name}: {' '.join(declaration.split())}")
print("\n".join(sorted(lines)))
