#!/bin/sh
# Builds the example with plain javac (no Maven needed); skips the build when nothing changed.
set -e
cd "$(dirname "$0")"
stamp=build/classes/.built
if [ -f "$stamp" ] && [ -z "$(find src -name '*.java' -newer "$stamp" | head -n 1)" ]; then
  echo "replicated-kv: up to date"
  exit 0
fi
mkdir -p build/classes
javac -encoding UTF-8 -d build/classes src/kv/*.java
touch "$stamp"
echo "replicated-kv: built into build/classes"
