#!/usr/bin/env bash
# The HTTP walk's speed against Python requests and curl on every server CI runs, regenerated
# with one command: builds the release paging-bench, starts the seven servers (loopback), times
# the walks with .ci/http-bench.py into HTTP-WALK.md (committed beside BENCHMARKS.md), and
# stops each server by its pid. Each server at 100 rows a page and at its largest page size up
# to 1,000; then, with 50 ms added to every request by .ci/fault-proxy.py, the servers whose
# pages count the rows after them (parallel pages) and two cursor chains: small pages, and
# large ones whose decode the walk overlaps with the request for the next page.
#
#   .ci/http-bench.sh [--runs N]
set -euo pipefail
cd "$(dirname "$0")/.."
servers=(drf datasette kinto pocketbase registry smorest strawberry)
swift build -c release --product paging-bench >/dev/null
stop() { for s in "${servers[@]}"; do ".ci/$s.sh" stop || true; done; }
trap stop EXIT
for s in "${servers[@]}"; do
  ".ci/$s.sh" start >/dev/null
  . ".build/$s/env"
done
u=$PAGING_DRF_URL
d="$PAGING_DATASETTE_URL/release_notes/release_notes.json?_shape=objects&_sort=id&_nocount=1&_nofacet=1"
k="$PAGING_KINTO_URL/v1/buckets/paging/collections/notes/records?_sort=n"
kinto_auth="Basic $(printf '%s:%s' "$PAGING_KINTO_USER" "$PAGING_KINTO_PASSWORD" | base64)"
p="$PAGING_POCKETBASE_URL/api/collections/notes/records?sort=n"
mkdir -p .build/http-bench
python3 .ci/http-bench.py "$@" --out .build/http-bench/plain.md \
  "DRF pages 50 (its cap; 100 asked gives 50),$u/pages/?page_size=100,next,results" \
  "DRF Link header 50,$u/links/?page_size=50,link," \
  "DRF cursors 50,$u/cursors/?page_size=50,next,results" \
  "DRF pages 10,$u/pages/?page_size=10,next,results" \
  "Datasette 100 rows a page,$d&_size=100,next_url,rows" \
  "Datasette 1000 rows a page (its largest),$d&_size=1000,next_url,rows" \
  "Kinto Next-Page 100,$k&_limit=100,header=Next-Page,data,$kinto_auth,text" \
  "Kinto Next-Page 1000 (all 300 rows),$k&_limit=1000,header=Next-Page,data,$kinto_auth,text" \
  "PocketBase totalPages 100,$p,pages=perPage:100:totalPages,items,,text" \
  "PocketBase totalPages 1000 (its cap),$p,pages=perPage:1000:totalPages,items,,text" \
  "registry Link 100,$PAGING_REGISTRY_URL/v2/_catalog?n=100,link,repositories,,name" \
  "registry Link 1000 (all 150),$PAGING_REGISTRY_URL/v2/_catalog?n=1000,link,repositories,,name" \
  "flask-smorest X-Pagination 50 (its cap),$PAGING_SMOREST_URL/notes/,xpagination=50," \
  "strawberry GraphQL 100 (its cap),$PAGING_STRAWBERRY_URL/graphql,graphql=notes:100,,,text" \
  "DRF counted pages 50 (its cap; 2000 rows),$u/2k/pages/?page_size=50,counted=page_size:50:count,results"
python3 .ci/http-bench.py "$@" --delay-ms 50 --out .build/http-bench/delay.md \
  "DRF counted pages 50 (its cap; 2000 rows),$u/2k/pages/?page_size=50,counted=page_size:50:count,results" \
  "PocketBase totalItems 50 (2000 rows),$PAGING_POCKETBASE_URL/api/collections/notes2k/records?sort=n,counted=perPage:50:totalItems,items,,text" \
  "flask-smorest X-Pagination 50 (its cap; 2000 rows),$PAGING_SMOREST_URL/2k/notes/,xpagination=50," \
  "DRF cursors 50 (a cursor chain),$u/cursors/?page_size=50,next,results" \
  "Datasette 1000 rows a page (a cursor chain),$d&_size=1000,next_url,rows"
{ cat .build/http-bench/plain.md; echo; cat .build/http-bench/delay.md; } > HTTP-WALK.md
echo "http-bench: wrote HTTP-WALK.md"
