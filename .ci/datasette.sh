#!/usr/bin/env bash
# A real Datasette 0.65.5 on 127.0.0.1 for PagingHTTP's integration tests.
#
#   .ci/datasette.sh start   venv + SQLite database + server on a free port; writes the exports
#                            to .build/datasette/env (PAGING_DATASETTE_URL, _DATABASE, _BIN,
#                            _DB) and prints them on stdout
#   .ci/datasette.sh stop    stops the server that `start` started (by its recorded pid)
#
# In .ci/run:
#   trap '.ci/datasette.sh stop' EXIT
#   .ci/datasette.sh start >/dev/null
#   . .build/datasette/env
#
# The database is built with Python's sqlite3 from Sources/DemoSupport/Resources/
# release-notes.json (CPython's release notes). Outside CI, when that file is missing, a
# generated data set of the same schema stands in; with CI=true a missing file is an error.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
state=$root/.build/datasette
. "$root/.ci/lib/server.sh"
venv=$root/.venv-datasette
dataset=$root/Sources/DemoSupport/Resources/release-notes.json
database=$state/release_notes.db

ensure_venv() {
  if [[ -x $venv/bin/datasette ]] && [[ $("$venv/bin/datasette" --version) == *" 0.65.5" ]]; then
    return
  fi
  say "creating $venv with datasette==0.65.5"
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check 'datasette==0.65.5'
}

# Writes a deterministic stand-in for release-notes.json (same schema, 10,000 rows over 100
# release dates, from 1 to over 100 rows per date so that page boundaries fall inside a date,
# ids not in date order) to $1.
generate_fallback() {
  "$venv/bin/python" - "$1" <<'PY'
import datetime, json, random, sys
rng = random.Random(20150208)
sections = ["Library", "Core and Builtins", "Documentation", "Tests", "Build", "IDLE", "C API"]
start = datetime.date(2015, 2, 8)
releases = [(start + datetime.timedelta(days=23 * n), f"3.{5 + n // 20}.{n % 20}") for n in range(100)]
ids = list(range(1, 10001))
rng.shuffle(ids)
rows = []
for n, row_id in enumerate(ids):
    released, version = releases[min(99, int(100 * (n / 10000) ** 1.5))]
    issue = None if n % 7 == 0 else f"gh-{90000 + rng.randrange(20000)}"
    rows.append({
        "id": row_id, "released_at": released.isoformat(), "version": version,
        "section": sections[rng.randrange(len(sections))], "issue": issue,
        "title": f"Generated entry {row_id}", "body": f"Generated entry {row_id}, release {version}.",
    })
with open(sys.argv[1], "w") as out:
    json.dump(rows, out)
PY
}

# Builds the SQLite database $2 from the JSON data set $1, checking its schema.
# No index on released_at, on purpose: Datasette 0.65.5 orders the FIRST page of a sorted table
# by the sort column alone (the primary-key tie-break is added only once `_next` is present),
# and with an index SQLite returns the ties of `_sort_desc=released_at` in descending id order,
# so the walk then repeats and skips rows at the first page boundary. Without the index the
# sorter returns ties in id order, which is what the later pages' keyset assumes.
build_database() {
  "$venv/bin/python" - "$1" "$2" <<'PY'
import json, sqlite3, sys, os
source, target = sys.argv[1], sys.argv[2]
with open(source) as f:
    rows = json.load(f)
if not isinstance(rows, list) or not rows:
    sys.exit(f"{source}: expected a non-empty JSON array")
fields = {"id": int, "released_at": str, "version": str, "section": str, "title": str, "body": str}
seen = set()
for n, row in enumerate(rows):
    for name, kind in fields.items():
        if not isinstance(row.get(name), kind) or isinstance(row.get(name), bool):
            sys.exit(f"{source}: row {n}: {name!r} must be {kind.__name__}")
    if row.get("issue") is not None and not isinstance(row["issue"], str):
        sys.exit(f"{source}: row {n}: 'issue' must be a string or null")
    if row["id"] in seen:
        sys.exit(f"{source}: row {n}: duplicate id {row['id']}")
    seen.add(row["id"])
partial = target + ".partial"
if os.path.exists(partial):
    os.remove(partial)
db = sqlite3.connect(partial)
db.execute("""create table release_notes (
  id integer primary key, released_at text not null, version text not null,
  section text not null, issue text, title text not null, body text not null)""")
db.executemany(
    "insert into release_notes values (:id, :released_at, :version, :section, :issue, :title, :body)",
    [{**{"issue": None}, **row} for row in rows])
db.commit()
db.close()
os.replace(partial, target)
print(f"{len(rows)} rows from {source}", file=sys.stderr)
PY
}

start() {
  stop
  mkdir -p "$state"
  ensure_venv
  local source=$dataset
  if [[ ! -f $dataset ]]; then
    if [[ ${CI:-} == true ]]; then
      fail "$dataset is missing; CI needs the real data set"
    fi
    say "$dataset is missing; using a generated stand-in (outside CI only)"
    source=$state/generated-release-notes.json
    generate_fallback "$source"
  fi
  build_database "$source" "$database"

  local log=$state/server.log
  : >"$log"
  "$venv/bin/datasette" serve "$database" -h 127.0.0.1 -p 0 \
    --setting default_cache_ttl 0 </dev/null >"$log" 2>&1 &
  local pid=$!
  echo "$pid" >"$state/pid"

  local url=""
  for _ in $(seq 300); do
    url=$(sed -n 's|.*Uvicorn running on \(http://127\.0\.0\.1:[0-9]*\).*|\1|p' "$log" | head -n 1)
    [[ -n $url ]] && break
    kill -0 "$pid" 2>/dev/null || fail "datasette exited during start-up: $(cat "$log")"
    sleep 0.1
  done
  [[ -n $url ]] || fail "no 'Uvicorn running on' line within 30 s: $(cat "$log")"

  "$venv/bin/python" - "$url/-/versions.json" <<'PY' || fail "$url/-/versions.json did not answer"
import sys, time, urllib.request
for _ in range(300):
    try:
        with urllib.request.urlopen(sys.argv[1], timeout=1) as response:
            if response.status == 200:
                sys.exit(0)
    except OSError:
        pass
    time.sleep(0.1)
sys.exit(1)
PY

  cat >"$state/env" <<EOF
export PAGING_DATASETTE_URL=$url
export PAGING_DATASETTE_DATABASE=release_notes
export PAGING_DATASETTE_BIN=$venv/bin/datasette
export PAGING_DATASETTE_DB=$database
EOF
  say "serving $database at $url (pid $pid)"
  cat "$state/env"
}

dispatch "$@"
