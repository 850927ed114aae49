#!/usr/bin/env bash
# A second, independent MCP client: the MCP Inspector's command-line mode (npm @modelcontextprotocol/inspector,
# written by nobody here) launches `falsify mcp`, lists its tools and calls every one of them: lint, suggest,
# check, an untrusted run_plan (must run nothing), a run of a plan a person trusted with `falsify run --trust`,
# report, explain, the index.
#
#   scripts/mcp-inspector.sh                       runs ./falsify
#   FALSIFY_CMD="java -cp CP dev.falsify.app.Main" scripts/mcp-inspector.sh   another way to start Falsify
#
# Exit codes: 0 all passed, 1 a check failed, 77 skipped (no node/npm/npx, or the npm registry did not answer).
# McpInspectorTest runs it in `mvn verify`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$here")"
version="${MCP_INSPECTOR_VERSION:-0.17.2}"
read -r -a falsify <<< "${FALSIFY_CMD:-$root/falsify}"

skip() { echo "mcp-inspector: SKIPPED: $*"; exit 77; }
fail() { echo "mcp-inspector: FAILED: $*"; exit 1; }
command -v node >/dev/null || skip "node is not installed"
command -v npm >/dev/null || skip "npm is not installed"

work="$(mktemp -d "${TMPDIR:-/tmp}/falsify-mcp-inspector.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cd "$work"
printf '{"name":"falsify-mcp-inspector","private":true}\n' > package.json
if ! timeout 300 npm install --no-audit --no-fund --loglevel=error "@modelcontextprotocol/inspector@$version" > npm.log 2>&1; then
  sed -n '1,5p' npm.log
  skip "npm install @modelcontextprotocol/inspector@$version failed (registry unreachable?)"
fi
inspector="$work/node_modules/.bin/mcp-inspector"
[ -x "$inspector" ] || skip "the inspector package has no mcp-inspector command"

# the workspace: a plan whose workload copies a recorded history, and that history
ws="$work/ws"
mkdir -p "$ws"
op1='{"op_id":"1","process_id":"p1","invoke_ts":1,"complete_ts":2,"op_type":"write","key":null,"input":1,"output":null,"error":null,"timeout_marker":false,"node_seen":null,"fault_epoch":null}'
op2='{"op_id":"2","process_id":"p2","invoke_ts":3,"complete_ts":4,"op_type":"read","key":null,"input":null,"output":1,"error":null,"timeout_marker":false,"node_seen":null,"fault_epoch":null}'
printf '%s\n%s\n' "$op1" "$op2" > "$ws/ops.jsonl"
plan() {
  cat <<EOF
# Test Plan: $1

## 1b. Claims under test

| ID | Claim | Category | Source | Inferred? |
|---|---|---|---|---|
| C1 | a register | liveness | doc | documented |

## 7. Scenarios

### Scenario S1: register_reads_its_write

- **Falsifies if it FAILs:** C1

\`\`\`run
cwd: .
seeds: [1]
workload:
  cmd: "touch $2 && cp ops.jsonl {artifacts}/h.jsonl"
history: { path: "{artifacts}/h.jsonl", format: jsonl, model: register }
checkers: [linearizability]
\`\`\`
EOF
}
plan inspector-trusted ran-trusted > "$ws/trusted.md"
plan inspector-untrusted ran-untrusted > "$ws/untrusted.md"
export FALSIFY_TRUST_FILE="$work/trust.json" FALSIFY_HOME="$work/home"
db="$work/falsify.db"

# the person's step: trusting (and running) a plan through the CLI
(cd "$ws" && "${falsify[@]}" run trusted.md --trust --db "$db" > "$work/person-run.log" 2>&1) \
  || { cat "$work/person-run.log"; fail "falsify run trusted.md --trust failed"; }
rm -f "$ws/ran-trusted"

server=("${falsify[@]}" mcp --workspace "$ws" --db "$db")
call() { # METHOD [inspector args…]: prints the inspector's JSON answer
  local method="$1"; shift
  timeout 180 "$inspector" --cli "${server[@]}" --method "$method" "$@" 2> "$work/inspector.err" \
    || { cat "$work/inspector.err" >&2; return 1; }
}
expect() { # NAME TEXT FRAGMENT…
  local name="$1" text="$2"; shift 2
  for f in "$@"; do
    grep -qF -- "$f" <<< "$text" || { echo "$text" | head -40; fail "$name: answer lacks '$f'"; }
  done
  echo "mcp-inspector: ok $name"
}

tools="$(call tools/list)" || fail "tools/list failed"
expect tools/list "$tools" lint_plan suggest check_history run_plan report_session explain_verdict list_sessions scenario_history

expect lint_plan "$(call tools/call --tool-name lint_plan --tool-arg path=trusted.md)" '"diagnostics"' '"errors"'
expect suggest "$(call tools/call --tool-name suggest --tool-arg path=trusted.md --tool-arg scenario=S1)" '"picker"' '"sevenM"'
expect check_history "$(call tools/call --tool-name check_history --tool-arg path=ops.jsonl)" '"valid": true'
expect check_history/outside "$(call tools/call --tool-name check_history --tool-arg path=../trust.json)" '"isError": true' 'workspace'

untrusted="$(call tools/call --tool-name run_plan --tool-arg plan=untrusted.md)"
expect run_plan/untrusted "$untrusted" '"isError": true' 'nothing was run' 'falsify run untrusted.md --trust'
[ ! -e "$ws/ran-untrusted" ] || fail "run_plan ran an untrusted plan"

ran="$(call tools/call --tool-name run_plan --tool-arg plan=trusted.md)"
expect run_plan/trusted "$ran" '"headline": "DONE"' 'PASS-smoke'
[ -e "$ws/ran-trusted" ] || fail "run_plan did not run the trusted plan"
session="$(sed -n 's/.*"session": "\(test-sessions[^"]*\)".*/\1/p' <<< "$ran" | head -1)"
[ -n "$session" ] || fail "run_plan named no session folder"

expect report_session "$(call tools/call --tool-name report_session --tool-arg "session=$session")" '"headline": "DONE"' 'report.md'
expect explain_verdict "$(call tools/call --tool-name explain_verdict --tool-arg "session=$session" --tool-arg scenario=S1)" \
  '"verdict": "PASS-smoke"' '"decided"'
expect list_sessions "$(call tools/call --tool-name list_sessions)" 'inspector-trusted'
expect scenario_history "$(call tools/call --tool-name scenario_history --tool-arg scenario=S1)" 'PASS-smoke'
echo "mcp-inspector: all passed (inspector $version)"
