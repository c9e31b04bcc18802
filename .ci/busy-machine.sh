#!/usr/bin/env bash
# The README's test command on a busy machine: COPIES (default 3) fresh clones of this
# checkout's HEAD, each with its own seven servers and CI=true, run `swift test
# -Xswiftc -warnings-as-errors` at once, build included, ROUNDS times in a row (default 2).
# Prints each run's exit status, time and last line, and the load average every 30 s.
# Not part of .ci/run (it takes about 16 minutes a round on 2 cores); run it after changing a
# suite's time limit or anything that waits.
#
#   .ci/busy-machine.sh [COPIES] [ROUNDS]     clones in .build/busy-machine/r<round>-c<copy>
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
copies=${1:-3}
rounds=${2:-2}
servers="datasette kinto pocketbase drf registry strawberry smorest"
out=$root/.build/busy-machine
mkdir -p "$out"

# One clone: servers up, the test command, servers down (each by its recorded pid).
one() {
  local dir=$out/r$1-c$2
  rm -rf "$dir"
  git clone -q "$root" "$dir" || return 1
  (
    cd "$dir" || exit 1
    for s in $servers; do
      .ci/$s.sh start >/dev/null 2>>servers.log || echo "$s did not start" >>servers.log
      . .build/$s/env
    done
    export CI=true
    local start=$SECONDS
    swift test -Xswiftc -warnings-as-errors >test.log 2>&1
    local status=$?
    for s in $servers; do .ci/$s.sh stop >/dev/null 2>&1; done
    echo "round $1, copy $2: exit $status after $((SECONDS - start)) s;" \
      "$(grep -h 'Test run with' test.log | tail -n 1)" >result
  )
}

failed=0
for round in $(seq "$rounds"); do
  (while true; do
    echo "$(date +%T) load average $(cut -d' ' -f1-3 /proc/loadavg)"
    sleep 30
  done) >"$out/load-r$round.txt" &
  sampler=$!
  pids=()
  for copy in $(seq "$copies"); do
    one "$round" "$copy" &
    pids+=($!)
  done
  wait "${pids[@]}"
  kill "$sampler"
  cat "$out"/r"$round"-c*/result
  sort -k4 -n "$out/load-r$round.txt" | tail -n 1 | sed 's/^/highest 1-minute /'
  for copy in $(seq "$copies"); do
    grep -q "exit 0 " "$out/r$round-c$copy/result" || failed=1
  done
done
exit $failed
