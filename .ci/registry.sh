#!/usr/bin/env bash
# A real docker-registry (Debian `docker-registry`, 2.8) on 127.0.0.1 for PagingHTTP's tests
# of a RELATIVE `Link` header: `/v2/_catalog?n=N` pages 150 repositories (repo001...repo150)
# with `Link: </v2/_catalog?last=...&n=N>; rel="next"`.
#
#   .ci/registry.sh start   installs the package if missing (apt), a config with storage in
#                           .build/registry, the server on a free port, the repositories
#                           (pushed through the blob-upload and manifest API); writes
#                           .build/registry/env (PAGING_REGISTRY_URL; _BIN and _DATA for the
#                           fault tests' own registry over the same storage, killed and
#                           restarted)
#   .ci/registry.sh stop    stops the server that `start` started (by its recorded pid)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
state=$root/.build/registry
. "$root/.ci/lib/server.sh"

start() {
  stop
  mkdir -p "$state"
  if ! command -v docker-registry >/dev/null; then
    say "installing docker-registry (apt)"
    apt-get update -qq >/dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq docker-registry >/dev/null
  fi
  local port
  port=$(free_port)
  rm -rf "$state/data"
  cat >"$state/config.yml" <<EOF2
version: 0.1
log:
  level: error
storage:
  filesystem:
    rootdirectory: $state/data
http:
  addr: 127.0.0.1:$port
EOF2
  docker-registry serve "$state/config.yml" </dev/null >"$state/server.log" 2>&1 &
  echo $! >"$state/pid"
  local url=http://127.0.0.1:$port
  python3 - "$url" <<'PY' || fail "the registry at $url did not come up: $(cat "$state/server.log")"
import hashlib, json, sys, time, urllib.request
url = sys.argv[1]
for _ in range(300):
    try:
        urllib.request.urlopen(url + "/v2/", timeout=1).read()
        break
    except OSError:
        time.sleep(0.1)
else:
    sys.exit(1)
def call(method, path, data=b"", headers={}):
    target = path if path.startswith("http") else url + path
    request = urllib.request.Request(target, method=method, data=data, headers=headers)
    return urllib.request.urlopen(request, timeout=10)
config = b"{}"
digest = "sha256:" + hashlib.sha256(config).hexdigest()
manifest = json.dumps({"schemaVersion": 2, "mediaType": "application/vnd.docker.distribution.manifest.v2+json",
    "config": {"mediaType": "application/vnd.docker.container.image.v1+json", "size": len(config), "digest": digest},
    "layers": []}).encode()
for n in range(1, 151):
    name = f"repo{n:03d}"
    location = call("POST", f"/v2/{name}/blobs/uploads/").headers["Location"]
    call("PUT", location + ("&" if "?" in location else "?") + "digest=" + digest, config,
         {"Content-Type": "application/octet-stream"})
    call("PUT", f"/v2/{name}/manifests/latest", manifest,
         {"Content-Type": "application/vnd.docker.distribution.manifest.v2+json"})
PY
  cat >"$state/env" <<EOF2
export PAGING_REGISTRY_URL=$url
export PAGING_REGISTRY_BIN=$(command -v docker-registry)
export PAGING_REGISTRY_DATA=$state/data
EOF2
  say "serving 150 repositories at $url (pid $(cat "$state/pid"))"
  cat "$state/env"
}

dispatch "$@"
