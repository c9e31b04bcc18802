#!/usr/bin/env bash
# A flask-smorest API (.ci/smorest/app.py: 300 notes, 2,000 more on /2k/notes/, page sizes
# capped at 50) on 127.0.0.1
# for PagingHTTP's tests of page numbers read from headers: flask-smorest's X-Pagination (JSON)
# on /notes/; X-Total-Count, X-Total-Pages and X-Next-Page (a plain Flask route) on /counted/.
#
#   .ci/smorest.sh start   venv + server on a free port; writes .build/smorest/env
#                       (PAGING_SMOREST_URL; _PYTHON and _APP for a server of a test's own)
#   .ci/smorest.sh stop    stops the server that `start` started (by its recorded pid)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
state=$root/.build/smorest
. "$root/.ci/lib/server.sh"
venv=$root/.venv-smorest
packages=("flask-smorest==0.47.0" "flask==3.1.3" "marshmallow==4.4.0")

start() {
  stop
  mkdir -p "$state"
  local url
  url=$(start_python_app packages .ci/smorest/app.py 0)
  cat >"$state/env" <<EOF2
export PAGING_SMOREST_URL=$url
export PAGING_SMOREST_PYTHON=$venv/bin/python
export PAGING_SMOREST_APP=$root/.ci/smorest/app.py
EOF2
  say "serving 300 notes at $url/notes/ and $url/counted/, 2,000 at $url/2k/notes/ (pid $(cat "$state/pid"))"
  cat "$state/env"
}

dispatch "$@"
