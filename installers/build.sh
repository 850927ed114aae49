#!/usr/bin/env bash
# Packages Falsify with the JDK's jlink and jpackage: an app-image with its own trimmed Java
# runtime, and on Linux a .deb (desktop entry, icon, "Open With" for plans and session folders,
# `falsify` on the PATH). See installers/README.md.
#
#   installers/build.sh              app-image + .deb (Linux) into installers/target/
#   installers/build.sh --app-image  the app-image only
#   installers/build.sh --ci         app-image, its smoke test, the .deb's contents (uncompressed);
#                                    skips (exit 0, with the reason) when the JDK has no jmods or
#                                    no jpackage, so CI on such a machine is not broken
#   installers/build.sh --type msi|dmg   on Windows (Git Bash) / macOS: jpackage's installer there
#
# Needs a JDK 17 with jmods (JAVA_HOME, else the javac on the PATH), the fat jar
# app/target/falsify.jar and the developers' jar devtools/target/falsify-devtools.jar (both built
# with Maven when missing or older than the sources). The devtools jar is not packaged: its training
# runs make the class lists from which the image's CDS archives are dumped.
set -euo pipefail
START=$(date +%s)
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/.." && pwd)"
OUT="$HERE/target"
MODE=all TYPE="" CI=false
while [ $# -gt 0 ]; do
  case "$1" in
    --app-image) MODE=app-image ;;
    --ci) MODE=app-image CI=true ;;
    --type) TYPE="$2"; MODE=native; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    *) echo "build.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done

say() { echo "installers: [$(( $(date +%s) - ${START:-$(date +%s)} )) s] $*" >&2; }
skip_or_fail() {
  if $CI; then say "SKIPPED: $*"; exit 0; fi
  say "$*"; exit 2
}

# --- the JDK --------------------------------------------------------------------------------
JDK="${JAVA_HOME:-}"
[ -n "$JDK" ] || JDK="$(dirname "$(dirname "$(readlink -f "$(command -v javac || echo /nonexistent/bin/javac)")")")"
for tool in jlink jpackage jdeps; do
  [ -x "$JDK/bin/$tool" ] || skip_or_fail "no $tool in $JDK (set JAVA_HOME to a full JDK 17)"
done
[ -d "$JDK/jmods" ] || skip_or_fail "the JDK $JDK has no jmods folder, which jlink needs" \
  "(Debian 12: apt-get install openjdk-17-jdk-headless; Ubuntu: openjdk-17-jmods; or set JAVA_HOME to a JDK that has one)"
JDK_MAJOR="$("$JDK/bin/java" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java.specification.version = //p')"
[ "$JDK_MAJOR" = 17 ] || say "warning: JDK $JDK_MAJOR, not 17 (Falsify is built and measured on 17)"

# --- the fat jar ----------------------------------------------------------------------------
JAR="$ROOT/app/target/falsify.jar"
DEVTOOLS_JAR="$ROOT/devtools/target/falsify-devtools.jar"
if [ ! -f "$JAR" ] || [ ! -f "$DEVTOOLS_JAR" ] \
    || [ -n "$(find "$ROOT/pom.xml" "$ROOT"/*/pom.xml "$ROOT"/*/src/main -newer "$JAR" -type f -print -quit 2>/dev/null)" ]; then
  say "building app/target/falsify.jar and devtools/target/falsify-devtools.jar"
  (cd "$ROOT" && mvn -q -B -DskipTests -Dmaven.test.skip=true package -pl app,devtools -am)
fi
# jpackage wants a plain version number; the pom's 0.1.0-SNAPSHOT is packaged as 0.1.0
VERSION="$(sed -n '0,/<version>/s:.*<version>\([0-9.]*\).*</version>.*:\1:p' "$ROOT/pom.xml")"

OS="$(uname -s)"
case "$OS" in Linux) PLATFORM=linux ;; Darwin) PLATFORM=mac ;; MINGW*|MSYS*|CYGWIN*) PLATFORM=windows ;; *) PLATFORM=other ;; esac
rm -rf "$OUT"
mkdir -p "$OUT/input" "$OUT/icon"

# --- the application folder (lib/app) ---------------------------------------------------------
cp "$JAR" "$OUT/input/falsify.jar"
if [ "$PLATFORM" = linux ]; then
  # JavaFX's natives (129 MB, mostly WebKit) move out of the jar to beside it, where JavaFX
  # loads them directly: nothing is unpacked into each user's cache on the first start, and
  # the image holds them once. sqlite-jdbc keeps only this platform's native library.
  command -v zip >/dev/null || skip_or_fail "zip is needed to trim the jar (apt-get install zip)"
  (cd "$OUT/input" && unzip -q falsify.jar 'lib*.so')
  ARCH="$(uname -m)"; [ "$ARCH" = amd64 ] && ARCH=x86_64
  mapfile -t FOREIGN < <(unzip -Z1 "$OUT/input/falsify.jar" 'org/sqlite/native/*' | grep -v '/$' | grep -v "^org/sqlite/native/Linux/$ARCH/")
  zip -q -d "$OUT/input/falsify.jar" 'lib*.so' "${FOREIGN[@]}"
fi
# else (Windows, macOS): the natives stay in the jar and JavaFX unpacks them into the user's
# cache (~/.openjfx/cache) on the first start, as the development build does.

# --- the trimmed runtime ----------------------------------------------------------------------
# The JDK modules the jar's classes reference (Falsify's, and the libraries' in the fat jar,
# JavaFX included), less two only reached from code Falsify never runs:
# - jdk.jfr: JavaFX's optional JFR pulse logger (-Djavafx.pulseLogger), a `requires static`;
# - java.security.jgss: JGit's Kerberos/SPNEGO authentication for HTTP remotes; Falsify only
#   reads local repositories (new-plan --repo).
# Modules found through services, not references, and deliberately left out: jdk.crypto.ec
# (TLS; Falsify talks to 127.0.0.1 only), jdk.localedata (the UI is English), jdk.charsets
# (plans and histories are UTF-8), jdk.zipfs.
say "jdeps: finding the JDK modules Falsify uses"
MODULES="$("$JDK/bin/jdeps" --multi-release 17 --print-module-deps --ignore-missing-deps "$OUT/input/falsify.jar" \
  | tr ',' '\n' | grep -vx -e jdk.jfr -e java.security.jgss | paste -sd, -)"
say "jlink: $MODULES"
"$JDK/bin/jlink" --add-modules "$MODULES" --output "$OUT/runtime" \
  --strip-debug --no-header-files --no-man-pages --compress=2 \
  --generate-cds-archive >/dev/null
# the base CDS archive for heaps of 32 GB and more (compressed oops off): never used here
rm -f "$OUT/runtime/lib/server/classes_nocoops.jsa"

# --- icon ----------------------------------------------------------------------------------
"$JDK/bin/java" -Djava.awt.headless=true "$HERE/icon/FalsifyIcon.java" "$OUT/icon" 48 256

# --- jpackage ------------------------------------------------------------------------------
# shellcheck source=launcher/falsify-jvm.sh
. "$HERE/launcher/falsify-jvm.sh"
# jpackage's native launcher (bin/Falsify; the app on Windows and macOS) takes one fixed set of
# JVM options: the workbench's (on Linux also the CDS archive trained beside lib/app, below).
JPKG_OPTS=()
for o in "${FALSIFY_GUI_OPTS[@]}"; do JPKG_OPTS+=(--java-options "$o"); done
COMMON=(--name Falsify --app-version "$VERSION" --vendor "Falsify"
  --description "Claim-driven testing of distributed and stateful systems"
  --copyright "Falsify authors" "${JPKG_OPTS[@]}")

if [ "$MODE" = native ]; then
  # Windows and macOS (not built here: jpackage makes installers for its own OS only). Beside
  # the workbench launcher, a console launcher `falsify-cli` for the command line with the JVM
  # options ./falsify gives the short commands (the native launchers cannot pick them per
  # command, so the command line gets those of `falsify check`).
  falsify_jvm_options check
  printf 'win-console=true\n' > "$OUT/cli.properties"
  if [ ${#FALSIFY_JVM_OPTS[@]} -gt 0 ]; then printf 'java-options=%s\n' "${FALSIFY_JVM_OPTS[*]}" >> "$OUT/cli.properties"; fi
  ICON=()
  case "$TYPE" in
    msi) # an .ico from the PNG when ImageMagick is there; else jpackage's default icon
         if command -v magick >/dev/null; then magick "$OUT/icon/falsify-256.png" "$OUT/icon/falsify.ico"; ICON=(--icon "$OUT/icon/falsify.ico"); fi
         "$JDK/bin/jpackage" --type msi "${COMMON[@]}" --input "$OUT/input" --main-jar falsify.jar \
           --main-class dev.falsify.app.Main --runtime-image "$OUT/runtime" ${ICON[@]+"${ICON[@]}"} \
           --add-launcher falsify-cli="$OUT/cli.properties" \
           --win-menu --win-shortcut --win-dir-chooser --win-upgrade-uuid 5b0f3c1e-6a4e-4f61-9a55-2f7d0c0a1f5e \
           --file-associations "$HERE/jpackage/plan.properties" --dest "$OUT" ;;
    dmg) if command -v iconutil >/dev/null; then
           mkdir -p "$OUT/icon/falsify.iconset"
           "$JDK/bin/java" -Djava.awt.headless=true "$HERE/icon/FalsifyIcon.java" "$OUT/icon" 16 32 128 512
           for s in 16 32 128 256 512; do cp "$OUT/icon/falsify-$s.png" "$OUT/icon/falsify.iconset/icon_${s}x${s}.png"; done
           iconutil -c icns -o "$OUT/icon/falsify.icns" "$OUT/icon/falsify.iconset"; ICON=(--icon "$OUT/icon/falsify.icns")
         fi
         "$JDK/bin/jpackage" --type dmg "${COMMON[@]}" --input "$OUT/input" --main-jar falsify.jar \
           --main-class dev.falsify.app.Main --runtime-image "$OUT/runtime" ${ICON[@]+"${ICON[@]}"} \
           --add-launcher falsify-cli="$OUT/cli.properties" \
           --mac-package-identifier dev.falsify.Falsify --file-associations "$HERE/jpackage/plan.properties" \
           --dest "$OUT" ;;
    *) echo "build.sh: --type msi or --type dmg" >&2; exit 2 ;;
  esac
  ls -la "$OUT"/*."$TYPE"
  exit 0
fi

[ "$PLATFORM" = linux ] || skip_or_fail "the app-image + .deb build is for Linux; use --type msi|dmg elsewhere"
say "jpackage: app-image"
CDS_OPTS=()
for o in '-XX:SharedArchiveFile=$APPDIR/../falsify.jsa' -Xshare:auto -Xlog:cds=off -Xlog:cds+dynamic=off; do
  CDS_OPTS+=(--java-options "$o")
done
"$JDK/bin/jpackage" --type app-image "${COMMON[@]}" "${CDS_OPTS[@]}" --input "$OUT/input" --main-jar falsify.jar \
  --main-class dev.falsify.app.Main --runtime-image "$OUT/runtime" --icon "$OUT/icon/falsify-256.png" \
  --dest "$OUT/app-image"
IMG="$OUT/app-image/Falsify"
# the command line: bin/falsify picks JVM options per command from the same file as ./falsify
install -m 755 "$HERE/launcher/falsify" "$IMG/bin/falsify"
install -m 755 "$HERE/launcher/falsify-train" "$IMG/lib/falsify-train"
install -m 644 "$HERE/launcher/falsify-jvm.sh" "$IMG/lib/falsify-jvm.sh"
# the class lists of the two CDS archives, made by the devtools' training runs with this build's JDK
# (class names only: valid for any path); the archives are dumped from them where they are used
FX_CACHE="$(mktemp -d)"
falsify_classlists "$JDK/bin/java" "$JAR" "$DEVTOOLS_JAR" "$FX_CACHE" "$ROOT/examples/replicated-kv/docs/testing-plans/replicated-kv.md" "$IMG/lib"
rm -rf "$FX_CACHE"
[ -f "$IMG/lib/cds-workbench.classlist" ] && [ -f "$IMG/lib/cds-cli.classlist" ] || say "warning: no CDS class lists"
say "dumping the CDS archives with the image's runtime"
"$IMG/lib/falsify-train" || say "warning: no CDS archive (the window will start slower)"

if $CI; then
  say "smoke test of the app-image"
  "$IMG/bin/falsify" --version
  "$IMG/bin/falsify" lint "$ROOT/examples/replicated-kv/docs/testing-plans/replicated-kv.md"
  [ -f "$IMG/lib/falsify.jsa" ] && [ -f "$IMG/lib/falsify-cli.jsa" ] || { say "FAILED: the CDS archives were not trained"; exit 1; }
  # the developers' tools stay out of the product
  if unzip -Z1 "$IMG/lib/app/falsify.jar" | grep -e '^dev/falsify/devtools/' -e 'Benchmark\.class$' -e '^com/sun/glass/ui/monocle/' >/dev/null; then
    say "FAILED: the product jar holds developers' tools or Monocle"; exit 1
  fi
  if "$IMG/bin/falsify" --help | grep -E '^ +(bench|screenshots) ' >/dev/null; then
    say "FAILED: the packaged falsify lists a developers' command"; exit 1
  fi
fi

# --- .deb ----------------------------------------------------------------------------------
DEB=""
if [ "$MODE" = all ] || { $CI && command -v dpkg-deb >/dev/null; }; then
  command -v dpkg-deb >/dev/null || skip_or_fail "dpkg-deb is needed for the .deb (apt-get install dpkg)"
  say "dpkg-deb: .deb"
  # CI checks what the package holds, uncompressed: xz takes minutes on a busy machine
  $CI && export FALSIFY_DEB_COMPRESSION=none
  "$HERE/linux/make-deb.sh" "$IMG" "$OUT/icon" "$HERE/icon/falsify.svg" "$VERSION" "$OUT"
  DEB="$(ls "$OUT"/falsify_*.deb)"
  if $CI; then
    LISTING="$(dpkg-deb -c "$DEB")"
    for f in ./usr/bin/falsify ./usr/share/applications/falsify.desktop ./opt/falsify/bin/falsify \
        ./opt/falsify/lib/runtime/bin/java ./usr/share/icons/hicolor/scalable/apps/falsify.svg; do
      grep -q " $f\( ->.*\)\?$" <<<"$LISTING" || { say "FAILED: the .deb has no $f"; exit 1; }
    done
    if grep -qE 'falsify(-cli)?\.jsa' <<<"$LISTING"; then say "FAILED: the .deb holds the build's CDS archive"; exit 1; fi
  fi
elif $CI; then
  say "SKIPPED: the .deb (no dpkg-deb on this machine)"
fi

say "done in $(( $(date +%s) - START )) s"
say "app-image: $IMG ($(du -sh "$IMG" | cut -f1); runtime $(du -sh "$IMG/lib/runtime" | cut -f1))"
[ -z "$DEB" ] || say ".deb: $DEB ($(du -h "$DEB" | cut -f1))"
