# Shared by the .ci/*.sh scripts that run a real server for PagingHTTP's tests (Datasette,
# Kinto, PocketBase, Django REST framework, docker-registry): messages, a free loopback port,
# and stopping the server by the pid its `start` recorded (never by name).
# Source it after setting `state` (the script's folder under .build).

script=$(basename "$0")

say() { echo "$script: $*" >&2; }

fail() {
  say "error: $*"
  exit 1
}

# A free TCP port on 127.0.0.1 (the kernel's choice).
free_port() {
  python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# Stops the server recorded in $state/pid: SIGTERM, then SIGKILL after 10 s.
stop() {
  local pidfile=$state/pid
  [[ -f $pidfile ]] || return 0
  local pid
  pid=$(cat "$pidfile")
  rm -f "$pidfile"
  kill -0 "$pid" 2>/dev/null || return 0
  kill -TERM "$pid" 2>/dev/null || true
  for _ in $(seq 100); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.1
  done
  say "pid $pid ignored SIGTERM for 10 s; sending SIGKILL"
  kill -KILL "$pid" 2>/dev/null || true
}

# Runs `start` or `stop`, as the script's first argument says.
dispatch() {
  case ${1:-} in
    start) start ;;
    stop) stop ;;
    *)
      echo "usage: $0 start|stop" >&2
      exit 2
      ;;
  esac
}

# Installs `packages` (an array name) into the venv $venv once, starts the Python app $1 with
# the arguments that follow on 127.0.0.1, records its pid and waits for its "running on
# http://127.0.0.1:PORT" line; prints the URL.
start_python_app() {
  local -n wanted=$1
  shift
  if ! [[ -f $venv/.installed ]] || [[ $(cat "$venv/.installed") != "${wanted[*]}" ]]; then
    say "creating $venv with ${wanted[*]}"
    python3 -m venv "$venv"
    "$venv/bin/pip" install --quiet --disable-pip-version-check "${wanted[@]}"
    echo "${wanted[*]}" >"$venv/.installed"
  fi
  local log=$state/server.log
  : >"$log"
  "$venv/bin/python" "$@" </dev/null >"$log" 2>&1 &
  local pid=$!
  echo "$pid" >"$state/pid"
  local url=""
  for _ in $(seq 300); do
    url=$(sed -n 's|.*running on \(http://127\.0\.0\.1:[0-9]*\).*|\1|p' "$log" | head -n 1)
    [[ -n $url ]] && break
    kill -0 "$pid" 2>/dev/null || fail "$1 exited during start-up: $(cat "$log")"
    sleep 0.1
  done
  [[ -n $url ]] || fail "no 'running on' line within 30 s: $(cat "$log")"
  echo "$url"
}
