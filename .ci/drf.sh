#!/usr/bin/env bash
# A real Django REST framework app (.ci/drf/app.py: 300 notes, and 100,000 under big/, page
# sizes capped at 50) on
# 127.0.0.1 for PagingHTTP's tests of the next URL in the body, the GitHub-style Link header
# (drf-link-header-pagination), page numbers and offsets against a capped page size.
#
#   .ci/drf.sh start   venv + server on a free port; writes .build/drf/env (PAGING_DRF_URL;
#                      _PYTHON and _APP for the fault tests' own app, killed and restarted)
#   .ci/drf.sh stop    stops the server that `start` started (by its recorded pid)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
state=$root/.build/drf
. "$root/.ci/lib/server.sh"
venv=$root/.venv-drf
packages=("django==5.2.19" "djangorestframework==3.18.3" "drf-link-header-pagination==0.2.0")

start() {
  stop
  mkdir -p "$state"
  if ! [[ -f $venv/.installed ]] || [[ $(cat "$venv/.installed") != "${packages[*]}" ]]; then
    say "creating $venv with ${packages[*]}"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "${packages[@]}"
    echo "${packages[*]}" >"$venv/.installed"
  fi
  rm -f "$state/notes.db"
  local log=$state/server.log
  : >"$log"
  "$venv/bin/python" .ci/drf/app.py "$state/notes.db" 0 --big </dev/null >"$log" 2>&1 &
  local pid=$!
  echo "$pid" >"$state/pid"
  local url=""
  for _ in $(seq 300); do
    url=$(sed -n 's|.*running on \(http://127\.0\.0\.1:[0-9]*\) .*|\1|p' "$log" | head -n 1)
    [[ -n $url ]] && break
    kill -0 "$pid" 2>/dev/null || fail "the DRF app exited during start-up: $(cat "$log")"
    sleep 0.1
  done
  [[ -n $url ]] || fail "no 'running on' line within 30 s: $(cat "$log")"
  cat >"$state/env" <<EOF2
export PAGING_DRF_URL=$url
export PAGING_DRF_PYTHON=$venv/bin/python
export PAGING_DRF_APP=$root/.ci/drf/app.py
EOF2
  say "serving 300 notes, and 100,000 under big/, at $url (pid $pid)"
  cat "$state/env"
}

dispatch "$@"
