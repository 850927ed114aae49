# Sourced (bash) by the development launcher ./falsify and by the packaged launcher bin/falsify of
# the app-image: the one place that says which JVM options each command gets and how the
# class-data-sharing (CDS) archive is trained, so a packaged start behaves like a development one.
# Defines variables and functions only.

# JVM options for the workbench (no command, `gui`, `screenshots`, `bench ui`), measured with
# `falsify bench ui` on 2 cores:
# - C1 only (-XX:TieredStopAtLevel=1): on a cold JVM the C2 compiler takes a whole core while the
#   window is being built; the window was interactive after 3.5 s with it and 2.0 s without. The
#   C1 code of the background analysis is slower (27 ms against 13 ms for the 5,000-line plan),
#   still well inside the 100 ms a keystroke may take.
# - Parallel GC with a fixed 48 MB young generation: each analysis allocates about 16 MB; G1 kept
#   growing a young generation of hundreds of MB whose first touch (page faults) tripled the CPU
#   time of the first ~40 analyses (keystrokes up to 150 ms); a small fixed young generation is
#   touched once within the first seconds. Parallel rather than Serial: keystroke p90 64 ms
#   against 80-100 ms, and the window up sooner (young pauses use both cores).
FALSIFY_GUI_OPTS=(-XX:TieredStopAtLevel=1 -XX:+UseParallelGC -Xmn48m)

# JVM options for every other command (check, lint, run, --version, …), measured with
# `falsify bench cli` on 2 cores (see docs/performance.md and docs/dev/performance-diary.md):
# - C1 only: a command is over in well under a second, before C2's code would pay for its
#   compile time (which takes a core of the two);
# - Serial GC with a fixed 64 MB young generation: the smallest start-up, no GC threads, and the
#   etcd folder's check peaks at ~100 MB instead of ~140 MB (a check's live set is small; the heap
#   still grows in the old generation for big histories). 64 rather than 32 MB: the kv folder's
#   check allocates ~43 MB, and with 32 MB it paid one 15-38 ms young collection near its end;
#   with 64 MB it pays none (interleaved, 25 runs each, load 8-9 with the measuring process at the
#   highest priority: kv folder 0.362 -> 0.344 s median wall, etcd folder 0.383 -> 0.398 s, within
#   its noise, 0.57 -> 0.53 s CPU; peak memory 77 -> 99 MB for etcd);
# - no perf-data file (-XX:-UsePerfData): one mmap'd file less per start;
# - the class-data-sharing archive mapped where it was dumped (-XX:ArchiveRelocationMode=0, a
#   diagnostic option of JDK 17 to 25): JDK 17.0.15 maps it at a random address by default and then
#   patches every pointer in the 26 MB archive, about 10 ms of CPU per start (--version 0.100 ->
#   0.090 s CPU, kv folder 0.525 -> 0.525 s but 0.875 -> 0.810 s wall, etcd folder 0.795 -> 0.775 s,
#   interleaved, load 8). What it gives up is the random placement of that read-only class metadata,
#   as every JDK before 17.0.x did; a short command reads local files only. Should the address be
#   taken, the JVM relocates as before.
FALSIFY_CLI_OPTS=(-XX:TieredStopAtLevel=1 -XX:+UseSerialGC -Xmn64m -XX:-UsePerfData
  -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0)

# Transparent huge pages for short commands other than `lint`, where the kernel gives them on request
# (/sys/kernel/mm/transparent_hugepage/enabled says [madvise]; with [always] the kernel uses them
# unasked, with [never] the option would only print a warning). A check touches its young generation
# once (the kv folder's ~43 MB, no collection), and with 4 KB pages that is ~9,000 page faults more
# than --version; 2 MB pages cut a kv check's faults from ~12,000 to ~3,600 (/usr/bin/time; this
# machine is a virtual one, where a fault costs more). Interleaved, load 1.3-2.2 (02:55-03:05 UTC 2026-12-02), median
# wall: kv folder 0.249 -> 0.234 s (21 runs) and 0.270 -> 0.256 s (25 runs), etcd folder 0.399 ->
# 0.369 s (15 runs), one small file 0.121 -> 0.124 s and --version 0.073 -> 0.077 s (15 runs, noise);
# peak memory for etcd 99 -> 106 MB. `lint` gained nothing measurable (0.250 -> 0.242 s) and keeps
# its own options.
FALSIFY_THP=()
if { read -r _falsify_thp < /sys/kernel/mm/transparent_hugepage/enabled; } 2>/dev/null \
    && [[ "$_falsify_thp" == *"[madvise]"* ]]; then
  FALSIFY_THP=(-XX:+UseTransparentHugePages)
fi
unset _falsify_thp

# `lint` differs in its collector only: a plan of megabytes (issue 12: any plan up to 10 MB lints in
# under 2 s) allocates ~470 MB while three threads read it, and Serial's young generation (then 32 MB)
# collected it 19-32 times on one core; Parallel GC with 128 MB collects it a few times on both
# cores. Interleaved, 7 runs each, load 1.2-2.6 (17:20 UTC 2026-12-01), median wall: 10 MB plan of
# distinct blocks 2.17 -> 1.86 s, the repeated 10 MB plan 2.29 -> 1.98 s, the example plan 0.33 ->
# 0.33 s. The young generation is only committed, so a small plan touches no more memory than before.
FALSIFY_LINT_OPTS=(-XX:TieredStopAtLevel=1 -XX:+UseParallelGC -Xmn128m -XX:-UsePerfData
  -XX:+UnlockDiagnosticVMOptions -XX:ArchiveRelocationMode=0)

# The class both launchers start, named on the command line (-cp JAR CLASS) rather than taken from
# the jar's manifest (-jar JAR): with -jar the JVM opens the jar (13,000 entries) to read the
# manifest before anything else, and loads three classes the archive does not hold; with -cp and
# the class-data-sharing archive, a short command never opens the jar at all (interleaved, 21 runs
# each, load 0.9 (02:50 UTC 2026-12-02): --version 0.083 -> 0.065 s median wall, the kv folder's
# check 0.258 -> 0.242 s).
FALSIFY_MAIN=dev.falsify.app.Main

# falsify_jvm_options ARGS...: sets FALSIFY_JVM_OPTS to the JVM options of the command in ARGS,
# and FALSIFY_WORKBENCH to 1 when that command starts the window (it then uses the workbench's
# CDS archive, else the command line's).
falsify_jvm_options() {
  FALSIFY_JVM_OPTS=("${FALSIFY_CLI_OPTS[@]}" ${FALSIFY_THP[@]+"${FALSIFY_THP[@]}"})
  FALSIFY_WORKBENCH=0
  case "${1-}" in
    ""|gui|screenshots) FALSIFY_WORKBENCH=1 ;;
    lint) FALSIFY_JVM_OPTS=("${FALSIFY_LINT_OPTS[@]}") ;;
    # benchmarks run long enough for C2 to pay: the JVM's defaults; but those of the window (ui, timeline,
    # history) run with the workbench's options, since they measure what a user's window does
    # a long-running server moving bytes: C2 pays for itself within seconds (throughput per connection)
    proxy) FALSIFY_JVM_OPTS=() ;;
    bench) if [ "${2-}" = ui ] || [ "${2-}" = timeline ] || [ "${2-}" = history ]; then FALSIFY_WORKBENCH=1; else FALSIFY_JVM_OPTS=(); fi ;;
  esac
  if [ "$FALSIFY_WORKBENCH" = 1 ]; then FALSIFY_JVM_OPTS=("${FALSIFY_GUI_OPTS[@]}"); fi
  return 0
}

# The two class-data-sharing (CDS) archives, the workbench's and the command line's, are static
# archives (-Xshare:dump) of a class list. The lists are made at build time by training runs that
# live in the devtools module (dev.falsify.devtools.cds: a headless start of the workbench on a
# plan, through Monocle, and CliTraining's check of every history format, lint, report, import,
# --version and --help in one JVM); the product jar holds neither them nor Monocle. What ships is
# the two lists (lib/cds-*.classlist in the app-image); the archive itself is dumped from a list
# with the product jar alone, where it is used (an archive is valid only for the class path it was
# dumped with), by the development launcher once per build and by lib/falsify-train at install.
# Static rather than dynamic (-XX:ArchiveClassesAtExit) archives for both: a dynamic one must be
# dumped by the very JVM that ran the training, so the training code would have to ship; and JDK 17
# leaves classes of Java 5 bytecode out of a dynamic archive ("Pre JDK 6 class not supported"), and
# picocli's 190 classes are Java 5 bytecode, as are our classes implementing its interfaces.

# falsify_classlists JAVA JAR DEVTOOLS_JAR FX_CACHE PLAN DIR: writes DIR/cds-workbench.classlist and
# DIR/cds-cli.classlist, the classes each training run loads (less the devtools' own and Monocle's,
# which the product jar does not hold), each run with its own command's JVM options. Best effort:
# a list that could not be made is removed, and then that archive is not made.
falsify_classlists() {
  local java="$1" jar="$2" devjar="$3" fx_cache="$4" plan="$5" dir="$6"
  rm -f "$dir/cds-workbench.classlist" "$dir/cds-cli.classlist"
  [ -f "$devjar" ] || return 0
  "$java" "${FALSIFY_GUI_OPTS[@]}" -XX:DumpLoadedClassList="$dir/cds-workbench.classlist.all" -Djavafx.cachedir="$fx_cache" \
    -cp "$jar:$devjar" dev.falsify.devtools.ui.ColdStartProbe "$plan" >/dev/null 2>&1 \
    && _falsify_product_classes "$dir/cds-workbench.classlist"
  "$java" "${FALSIFY_CLI_OPTS[@]}" -XX:DumpLoadedClassList="$dir/cds-cli.classlist.all" \
    -cp "$jar:$devjar" dev.falsify.devtools.cds.CliTraining "$plan" >/dev/null 2>&1 \
    && _falsify_product_classes "$dir/cds-cli.classlist"
  rm -f "$dir/cds-workbench.classlist.all" "$dir/cds-cli.classlist.all"
  return 0
}

# _falsify_product_classes LIST: LIST from LIST.all without the classes only the training had
_falsify_product_classes() {
  grep -v -e '^dev/falsify/devtools/' -e '^com/sun/glass/ui/monocle/' "$1.all" > "$1" || rm -f "$1"
}

# falsify_dump_cds JAVA JAR JSA CLASSLIST OPTION...: dumps JSA, the static archive of CLASSLIST's
# classes for the class path JAR, with the JVM options (OPTION...) of the starts that will map it.
# Best effort: without the archive everything still works, only slower to start.
falsify_dump_cds() {
  local java="$1" jar="$2" jsa="$3" list="$4"
  shift 4
  rm -f "$jsa"
  [ -f "$list" ] || return 0
  "$java" "$@" -Xshare:dump -XX:SharedClassListFile="$list" -XX:SharedArchiveFile="$jsa" -cp "$jar" >/dev/null 2>&1 \
    || rm -f "$jsa"
  return 0
}

# falsify_train_cds JAVA JAR JSA CLASSLIST_DIR: the workbench's archive JSA and the command line's
# beside it (JSA less .jsa, plus -cli.jsa), from the class lists in CLASSLIST_DIR.
falsify_train_cds() {
  local java="$1" jar="$2" jsa="$3" dir="$4"
  falsify_dump_cds "$java" "$jar" "$jsa" "$dir/cds-workbench.classlist" "${FALSIFY_GUI_OPTS[@]}"
  falsify_dump_cds "$java" "$jar" "${jsa%.jsa}-cli.jsa" "$dir/cds-cli.classlist" "${FALSIFY_CLI_OPTS[@]}"
  return 0
}

# falsify_cds_options JSA: sets FALSIFY_CDS to the options that use JSA when it exists; a stale
# or mismatched archive is skipped silently by the JVM (-Xshare:auto) rather than failing.
falsify_cds_options() {
  FALSIFY_CDS=()
  if [ -f "$1" ]; then
    FALSIFY_CDS=(-XX:SharedArchiveFile="$1" -Xshare:auto -Xlog:cds=off -Xlog:cds+dynamic=off)
  fi
  return 0
}
