package dev.falsify.app.ui.viewers;

import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Optional;

/** How links in rendered evidence lead to files: a base of the file's folder, and a link's target file. */
public final class EvidenceLinks {
    private EvidenceLinks() {
    }

    /** The local file a link navigates to ({@code file:} URL, fragment dropped), if it is one. */
    public static Optional<Path> target(String location) {
        if (location == null || !location.startsWith("file:")) {
            return Optional.empty();
        }
        try {
            URI u = URI.create(location);
            String path = URLDecoder.decode(u.getRawPath() == null ? "" : u.getRawPath().replace("+", "%2B"),
                    StandardCharsets.UTF_8);
            return path.isEmpty() || path.endsWith("/") ? Optional.empty() : Optional.of(Path.of(path).normalize());
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }

    /** Puts {@code <base href="file:///dir/">} first in the head, so relative links resolve against the file's folder. */
    public static String withBase(String html, Path dir) {
        if (dir == null) {
            return html;
        }
        String uri = dir.toUri().toString();
        // without the trailing slash the base is the folder's parent, and findings/x.md links would miss
        String base = "<base href=\"" + (uri.endsWith("/") ? uri : uri + "/").replace("\"", "%22") + "\">";
        int head = html.indexOf("<head>");
        return head < 0 ? html : html.substring(0, head + 6) + base + html.substring(head + 6);
    }
}
