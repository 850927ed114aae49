#!/usr/bin/env bash
# The former hang inputs, timed with /usr/bin/time -v (issue 12: parsing is linear in the input).
# Generates, in a temp folder: the example plan with one 300 KB line of spaces after a §7.M marker,
# a 10 MB plan (the example plan repeated), a 10 MB plan of distinct copies (every copy's ids,
# service and proxy names and seeds renumbered, so no two run blocks, scenarios, claims or
# hypotheses are alike; ids stay within the four digits the id patterns read), and a session
# folder whose log has 50,000 verdict rows; then runs ./falsify lint on the plans and ./falsify
# report and import on the session. Target (issue 12): each under 2 s wall on 2 cores.
# Usage: scripts/parse-scale-bench.sh [FALSIFY_CMD...]   (default: ./falsify of this repo)
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FALSIFY=("$@"); [ ${#FALSIFY[@]} -eq 0 ] && FALSIFY=("$ROOT/falsify")
PLAN="$ROOT/examples/replicated-kv/docs/testing-plans/replicated-kv.md"
W="$(mktemp -d "${TMPDIR:-/tmp}/falsify-scale.XXXXXX")"
trap 'rm -rf "$W"' EXIT
"${FALSIFY[@]}" --version >/dev/null   # build first, outside the measurements

awk -v n=300000 '{ print } /^#### §7\.M/ && !done { print ""; printf "§7.M "; for (i = 0; i < n; i++) printf " "; print "x"; done = 1 }' "$PLAN" > "$W/line-300k.md"
: > "$W/plan-10mb.md"
while [ "$(stat -c %s "$W/plan-10mb.md")" -lt 10000000 ]; do cat "$PLAN" "$PLAN" "$PLAN" "$PLAN" >> "$W/plan-10mb.md"; done
# copy k: S1 -> S(10k+1) (likewise C, H: the example's ids end at 8, so every copy's are its own and
# stay under S10000; with 100k+1 the copies from the hundredth on had five-digit ids, which are not
# read as scenarios: three fifths of the scenarios were never read as such),
# n1 -> n1xk (likewise c, p), seeds: [k, k+1]
perl -e 'local $/; open my $f, "<", $ARGV[0] or die; my $p = <$f>; my $n = 0;
  for (my $k = 1; $n < 10_000_000; $k++) {
    my $c = $p;
    $c =~ s/\b([CHS])(\d+)(?=\b|\/)/$1 . ($k * 10 + $2)/ge;
    $c =~ s/\b([ncp])(\d+)\b/$1$2x$k/g;
    $c =~ s/^seeds: \[[^\]]*\]/"seeds: [$k, " . ($k + 1) . "]"/gme;
    print $c; $n += length $c;
  }' "$PLAN" > "$W/plan-10mb-distinct.md"
S="$W/test-sessions/kv/2026-11-29T090000Z"; mkdir -p "$S"
{ printf '# Session log: kv @ 2026-11-29T090000Z\n\n- **SUT:** kv\n- **Plan:** docs/testing-plans/kv.md\n\n'
  printf '## Scenario verdicts\n\n| Scenario / arm | Budget tier met | Verdict | Notes |\n|---|---|---|---|\n'
  awk 'BEGIN { for (i = 0; i < 50000; i++) printf "| S1 | smoke | PASS-smoke | seed %d |\n", i }'; } > "$S/session-log.md"

measure() {
  local what="$1"; shift
  /usr/bin/time -v "$@" >"$W/out" 2>"$W/time" || true
  printf '%-34s %s s wall, %s s user, %s KB max RSS, exit %s\n' "$what" \
    "$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$W/time")" \
    "$(sed -n 's/.*User time (seconds): //p' "$W/time")" \
    "$(sed -n 's/.*Maximum resident set size (kbytes): //p' "$W/time")" \
    "$(sed -n 's/.*Exit status: //p' "$W/time")"
}
measure "lint, 300 KB line after §7.M" "${FALSIFY[@]}" lint "$W/line-300k.md"
measure "lint, 10 MB plan" "${FALSIFY[@]}" lint "$W/plan-10mb.md"
measure "lint, 10 MB plan, distinct blocks" "${FALSIFY[@]}" lint "$W/plan-10mb-distinct.md"
measure "report, 50,000 verdict rows" "${FALSIFY[@]}" report "$S" --out "$W/report.md"
measure "import, 50,000 verdict rows" "${FALSIFY[@]}" import "$W/test-sessions" --db "$W/db/falsify.db"
