#!/usr/bin/env bash
# A real Kinto (PyPI, memory backend, Basic auth) on 127.0.0.1 for PagingHTTP's tests of the
# `Next-Page` header and of fault class 27 (a 401 with `WWW-Authenticate: Basic`).
#
#   .ci/kinto.sh start   venv + config + server on a free port + an account and 300 records in
#                        bucket `paging`, collection `notes` (field `n` = 1...300); writes the
#                        exports to .build/kinto/env (PAGING_KINTO_URL, _USER, _PASSWORD;
#                        _BIN and _INI for the fault tests' own Kinto, killed and restarted)
#   .ci/kinto.sh stop    stops the server that `start` started (by its recorded pid)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
state=$root/.build/kinto
. "$root/.ci/lib/server.sh"
venv=$root/.venv-kinto
version=26.5.0

start() {
  stop
  mkdir -p "$state"
  if ! [[ -x $venv/bin/kinto ]] || ! "$venv/bin/pip" show kinto 2>/dev/null | grep -q "^Version: $version$"; then
    say "creating $venv with kinto==$version"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "kinto==$version"
  fi
  rm -f "$state/kinto.ini"
  "$venv/bin/kinto" init --ini "$state/kinto.ini" --backend memory --cache-backend memory \
    >"$state/init.log" 2>&1 || fail "kinto init failed: $(cat "$state/init.log")"
  # `admin` may create buckets; a verified password is cached (bcrypt costs 0.5 s a request).
  sed -i 's/^\[app:main\]$/[app:main]\nkinto.account_cache_ttl_seconds = 3600/' "$state/kinto.ini"
  local port
  port=$(free_port)
  local log=$state/server.log
  : >"$log"
  "$venv/bin/kinto" start --ini "$state/kinto.ini" --port "$port" </dev/null >"$log" 2>&1 &
  echo $! >"$state/pid"
  local url=http://127.0.0.1:$port
  "$venv/bin/python" - "$url" <<'PY' || fail "kinto at $url did not come up: $(cat "$log")"
import base64, json, sys, time, urllib.request
url = sys.argv[1]
for _ in range(300):
    try:
        urllib.request.urlopen(url + "/v1/", timeout=1).read()
        break
    except OSError:
        time.sleep(0.1)
else:
    sys.exit(1)
def call(method, path, body, auth=True):
    request = urllib.request.Request(url + path, method=method, data=json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    if auth:
        request.add_header("Authorization", "Basic " + base64.b64encode(b"admin:paging-secret").decode())
    return json.load(urllib.request.urlopen(request, timeout=10))
call("PUT", "/v1/accounts/admin", {"data": {"password": "paging-secret"}}, auth=False)
call("PUT", "/v1/buckets/paging", {})
call("PUT", "/v1/buckets/paging/collections/notes", {})
for start in range(1, 301, 25):
    call("POST", "/v1/batch", {"defaults": {"method": "POST", "path": "/buckets/paging/collections/notes/records"},
                               "requests": [{"body": {"data": {"n": n, "title": f"note {n}"}}} for n in range(start, min(301, start + 25))]})
PY
  cat >"$state/env" <<EOF2
export PAGING_KINTO_URL=$url
export PAGING_KINTO_USER=admin
export PAGING_KINTO_PASSWORD=paging-secret
export PAGING_KINTO_BIN=$venv/bin/kinto
export PAGING_KINTO_INI=$state/kinto.ini
EOF2
  say "serving 300 records at $url (pid $(cat "$state/pid"))"
  cat "$state/env"
}

dispatch "$@"
