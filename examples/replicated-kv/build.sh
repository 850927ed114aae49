#!/bin/sh
# Builds the example with plain javac (no Maven needed); skips the build when nothing changed.
# Two runs at once (two `falsify demo`, parallel seeds) share build/classes: a lock directory makes
# the second wait for the first instead of reading half-written class files.
set -e
cd "$(dirname "$0")"
mkdir -p build
lock=build/.build.lock
waited=0
until mkdir "$lock" 2>/dev/null; do
  owner=$(cat "$lock/pid" 2>/dev/null || true)
  if [ -n "$owner" ] && ! kill -0 "$owner" 2>/dev/null; then
    rm -rf "$lock"   # its builder is gone (killed): the lock is stale
    continue
  fi
  waited=$((waited + 1))
  if [ "$waited" -gt 1200 ]; then
    echo "replicated-kv: $lock still held after 2 minutes; remove it if no build is running" >&2
    exit 1
  fi
  sleep 0.1
done
echo $$ > "$lock/pid"
trap 'rm -rf "$lock"' EXIT
trap 'exit 1' INT TERM
stamp=build/classes/.built
if [ -f "$stamp" ] && [ -z "$(find src -name '*.java' -newer "$stamp" | head -n 1)" ]; then
  echo "replicated-kv: up to date"
  exit 0
fi
mkdir -p build/classes
# -proc:none and an explicit class path: javac otherwise looks for annotation processors on its class path,
# which defaults to this folder, and would run one that someone placed beside the sources
javac -proc:none -encoding UTF-8 -cp build/classes -sourcepath src -d build/classes src/kv/*.java
touch "$stamp"
echo "replicated-kv: built into build/classes"
