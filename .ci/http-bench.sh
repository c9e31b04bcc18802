#!/usr/bin/env bash
# The HTTP walk's speed against Python requests and curl, regenerated with one command:
# builds the release paging-bench, starts the DRF app (.ci/drf.sh, loopback), times the walks
# with .ci/http-bench.py into .build/http-bench/HTTP-WALK.md, and stops the app by its pid.
#
#   .ci/http-bench.sh [--runs N]
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product paging-bench >/dev/null
.ci/drf.sh start >/dev/null
trap '.ci/drf.sh stop' EXIT
. .build/drf/env
u=$PAGING_DRF_URL
python3 .ci/http-bench.py "$@" \
  "DRF pages 50 (its cap; 100 asked gives 50),$u/pages/?page_size=100,next,results" \
  "DRF Link header 50,$u/links/?page_size=50,link," \
  "DRF cursors 50,$u/cursors/?page_size=50,next,results" \
  "DRF pages 10,$u/pages/?page_size=10,next,results"
