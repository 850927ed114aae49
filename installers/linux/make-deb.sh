#!/usr/bin/env bash
# make-deb.sh IMAGE ICON_DIR ICON_SVG VERSION OUT_DIR: wraps the app-image in a .deb with
# dpkg-deb. Not `jpackage --type deb`, because that one registers the desktop entry and icon
# with xdg-utils from its maintainer scripts (files dpkg does not know, plus a dependency on
# xdg-utils) and cannot put `falsify` on the PATH; here every installed file belongs to the
# package, so `apt remove falsify` takes all of it away, and the desktop and icon caches are
# refreshed by the dpkg triggers of desktop-file-utils and hicolor-icon-theme.
set -euo pipefail
IMG="$1" ICONS="$2" SVG="$3" VERSION="$4" OUT="$5"
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ARCH="$(dpkg --print-architecture)"
PKG="$OUT/deb"
rm -rf "$PKG"
mkdir -p "$PKG/DEBIAN" "$PKG/opt" "$PKG/usr/bin" "$PKG/usr/share/applications" \
  "$PKG/usr/share/icons/hicolor/scalable/apps" "$PKG/usr/share/icons/hicolor/48x48/apps" \
  "$PKG/usr/share/icons/hicolor/256x256/apps" "$PKG/usr/share/doc/falsify"
cp -a "$IMG" "$PKG/opt/falsify"
# the build's CDS archive is valid only at the build's path: postinst trains one for /opt/falsify
rm -f "$PKG/opt/falsify/lib/falsify.jsa" "$PKG/opt/falsify/lib/falsify-cli.jsa" "$PKG/opt/falsify/lib/falsify.jsa.for"
ln -s ../../opt/falsify/bin/falsify "$PKG/usr/bin/falsify"
install -m 644 "$HERE/falsify.desktop" "$PKG/usr/share/applications/falsify.desktop"
install -m 644 "$SVG" "$PKG/usr/share/icons/hicolor/scalable/apps/falsify.svg"
install -m 644 "$ICONS/falsify-48.png" "$PKG/usr/share/icons/hicolor/48x48/apps/falsify.png"
install -m 644 "$ICONS/falsify-256.png" "$PKG/usr/share/icons/hicolor/256x256/apps/falsify.png"
printf 'Falsify %s, packaged with its own Java runtime (OpenJDK, GPLv2 with the Classpath\nException: /opt/falsify/lib/runtime/legal) and JavaFX (GPLv2 with the Classpath Exception).\n' \
  "$VERSION" > "$PKG/usr/share/doc/falsify/copyright"

# Depends: the packages of the shared libraries that the runtime's and JavaFX's native libraries
# link against here (as jpackage computes them: a runtime jlinked from Debian's OpenJDK uses the
# system's libjpeg, libpng, lcms2, giflib), plus GTK 3 for the window, which the build machine
# need not have (t64 name for Ubuntu 24.04 and later). JavaFX's libavplugin-* are left out: it
# picks the one matching the installed libavcodec, if any, for media playback.
DEPENDS="$(find "$PKG/opt/falsify" -name '*.so' ! -name 'libavplugin*' -exec ldd {} + 2>/dev/null \
  | awk '$2 == "=>" && $3 ~ /^\// {print $3}' | sort -u | while read -r lib; do
      dpkg -S "$lib" 2>/dev/null || dpkg -S "$(readlink -f "$lib")" 2>/dev/null || true
    done | cut -d: -f1 | sort -u | paste -sd, - | sed 's/,/, /g')"
DEPENDS="${DEPENDS:+$DEPENDS, }libgtk-3-0 | libgtk-3-0t64"
cat > "$PKG/DEBIAN/control" <<CONTROL
Package: falsify
Version: $VERSION
Architecture: $ARCH
Maintainer: Falsify authors <falsify@localhost>
Section: devel
Priority: optional
Installed-Size: $(du -sk --exclude=DEBIAN "$PKG" | cut -f1)
Depends: $DEPENDS
Suggests: default-jdk-headless
Homepage: https://falsify.dev
Description: claim-driven testing of distributed and stateful systems
 A JavaFX workbench and the falsify command line: Markdown test plans (claims,
 failure hypotheses, scenarios), runs behind a loopback fault proxy, history
 checkers (linearizability, Elle-style anomalies) and evidence-based verdicts.
 Ships its own trimmed Java runtime in /opt/falsify. "falsify demo" builds its
 Java example with javac, hence the suggested JDK.
CONTROL
cat > "$PKG/DEBIAN/postinst" <<'POSTINST'
#!/bin/sh
# the class-data-sharing archive of the workbench's start classes, for this path (best effort)
set -e
if [ "$1" = configure ]; then
  /opt/falsify/lib/falsify-train || echo "falsify: no CDS archive (the window starts slower)" >&2
fi
exit 0
POSTINST
cat > "$PKG/DEBIAN/prerm" <<'PRERM'
#!/bin/sh
set -e
rm -f /opt/falsify/lib/falsify.jsa /opt/falsify/lib/falsify-cli.jsa /opt/falsify/lib/falsify.jsa.for
exit 0
PRERM
chmod 755 "$PKG/DEBIAN/postinst" "$PKG/DEBIAN/prerm"
# FALSIFY_DEB_COMPRESSION=none: CI checks the package without minutes of xz
dpkg-deb --root-owner-group -Z"${FALSIFY_DEB_COMPRESSION:-xz}" --build "$PKG" "$OUT/falsify_${VERSION}_${ARCH}.deb" >/dev/null
rm -rf "$PKG"
