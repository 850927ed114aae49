#!/usr/bin/env bash
# Runs Toxiproxy's own Node client (toxiproxy-node-client from npm, written by nobody here) against
# `falsify proxy serve`: every toxic added, measured on real sockets, removed, its evidence read.
#
#   scripts/toxiproxy-node-client.sh               starts ./falsify proxy serve on a free loopback port
#   FALSIFY_TOXIPROXY_API=http://127.0.0.1:PORT scripts/toxiproxy-node-client.sh   uses a running server
#
# Exit codes: 0 all passed, 1 a check failed, 77 skipped (no node/npm, or the npm registry did not answer).
# ToxiproxyNodeClientTest runs it in `mvn verify` against an in-process server.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
version="${TOXIPROXY_NODE_CLIENT_VERSION:-4.1.0}"

skip() { echo "toxiproxy-node-client: SKIPPED: $*"; exit 77; }
command -v node >/dev/null || skip "node is not installed"
command -v npm >/dev/null || skip "npm is not installed"

work="$(mktemp -d "${TMPDIR:-/tmp}/falsify-toxiproxy-node.XXXXXX")"
server_pid=""
cleanup() {
  if [ -n "$server_pid" ]; then kill "$server_pid" 2>/dev/null || true; wait "$server_pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

cd "$work"
printf '{"name":"falsify-toxiproxy-node","private":true}\n' > package.json
if ! timeout 300 npm install --no-audit --no-fund --loglevel=error "toxiproxy-node-client@$version" > npm.log 2>&1; then
  sed -n '1,5p' npm.log
  skip "npm install toxiproxy-node-client@$version failed (registry unreachable?)"
fi

api="${FALSIFY_TOXIPROXY_API:-}"
if [ -z "$api" ]; then
  "$root/falsify" proxy serve --listen 127.0.0.1:0 --record "$work/record" > serve.log 2>&1 &
  server_pid=$!
  for _ in $(seq 1 300); do
    port="$(sed -n 's#.* on http://127\.0\.0\.1:\([0-9]*\) .*#\1#p' serve.log | head -1)"
    [ -n "$port" ] && break
    kill -0 "$server_pid" 2>/dev/null || { cat serve.log; echo "falsify proxy serve did not start"; exit 1; }
    sleep 0.1
  done
  [ -n "${port:-}" ] || { cat serve.log; echo "falsify proxy serve did not print its address"; exit 1; }
  api="http://127.0.0.1:$port"
fi
echo "toxiproxy-node-client@$version against $api"
node "$here/toxiproxy-node/scenario.mjs" "$api"
