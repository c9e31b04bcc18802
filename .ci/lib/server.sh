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
