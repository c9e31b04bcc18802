#!/usr/bin/env bash
# A GraphQL Relay connection served by strawberry on uvicorn (.ci/strawberry/app.py: 300 notes)
# on 127.0.0.1 for PagingHTTP's tests of `.graphQLConnection` (POST, first/after, edges and
# nodes, GraphQL errors with HTTP 200).
#
#   .ci/strawberry.sh start   venv + server on a free port; writes .build/strawberry/env
#                       (PAGING_STRAWBERRY_URL; _PYTHON and _APP for a server of a test's own)
#   .ci/strawberry.sh stop    stops the server that `start` started (by its recorded pid)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
state=$root/.build/strawberry
. "$root/.ci/lib/server.sh"
venv=$root/.venv-strawberry
packages=("strawberry-graphql==0.341.2" "uvicorn==0.55.0" "starlette==1.10.0")

start() {
  stop
  mkdir -p "$state"
  local url
  url=$(start_python_app packages .ci/strawberry/app.py 0)
  cat >"$state/env" <<EOF2
export PAGING_STRAWBERRY_URL=$url
export PAGING_STRAWBERRY_PYTHON=$venv/bin/python
export PAGING_STRAWBERRY_APP=$root/.ci/strawberry/app.py
EOF2
  say "serving a GraphQL connection of 300 notes at $url/graphql (pid $(cat "$state/pid"))"
  cat "$state/env"
}

dispatch "$@"
