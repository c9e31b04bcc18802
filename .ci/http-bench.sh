#!/usr/bin/env bash
# The HTTP walk's speed against Python requests and curl, regenerated with one command:
# builds the release paging-bench, starts the DRF app and Datasette (.ci/drf.sh,
# .ci/datasette.sh, loopback), times the walks with .ci/http-bench.py into
# .build/http-bench/HTTP-WALK.md, and stops both by their pids.
#
#   .ci/http-bench.sh [--runs N]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product paging-bench >/dev/null
.ci/drf.sh start >/dev/null
trap '.ci/drf.sh stop; .ci/datasette.sh stop' EXIT
.ci/datasette.sh start >/dev/null
. .build/drf/env
. .build/datasette/env
u=$PAGING_DRF_URL
d="$PAGING_DATASETTE_URL/release_notes/release_notes.json?_shape=objects&_sort=id&_nocount=1&_nofacet=1"
python3 .ci/http-bench.py "$@" \
  "DRF pages 50 (its cap; 100 asked gives 50),$u/pages/?page_size=100,next,results" \
  "DRF Link header 50,$u/links/?page_size=50,link," \
  "DRF cursors 50,$u/cursors/?page_size=50,next,results" \
  "DRF pages 10,$u/pages/?page_size=10,next,results" \
  "Datasette 100 rows a page,$d&_size=100,next_url,rows" \
  "Datasette 1000 rows a page (its largest),$d&_size=1000,next_url,rows"
