package dev.falsify.app.ui.preview;

import java.io.IOException;
import java.io.InputStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.Locale;

/**
 * Images a rendered document may show: files beside it, read by the workbench itself and put into the
 * page as {@code data:} URLs, so the page still loads nothing (its Content Security Policy allows
 * {@code data:} images and nothing else) and a picture that is not a real image of an allowed kind
 * inside the document's folder is refused with a reason instead of becoming a grey box.
 *
 * <p>One instance per rendered page: it bounds how much the page may carry.
 */
public final class LocalImages {
    /** Larger pictures are refused, not loaded: a page must stay cheap to render. */
    static final long MAX_IMAGE_BYTES = 4L << 20;
    static final long MAX_PAGE_BYTES = 24L << 20;

    /** What became of one image: a data URL, or the reason it is not shown. */
    public sealed interface Result permits Inline, Refused {
    }

    public record Inline(String dataUrl) implements Result {
    }

    public record Refused(String reason) implements Result {
    }

    private final Path folder;
    private long used;

    /** @param folder the document's folder; images must be inside it */
    public LocalImages(Path folder) {
        this.folder = folder.toAbsolutePath().normalize();
    }

    /** {@code url} is the cleaned relative URL {@link LinkPolicy} accepted. */
    public Result resolve(String url) {
        String path = url;
        for (char stop : new char[] {'?', '#'}) {
            int at = path.indexOf(stop);
            if (at >= 0) {
                path = path.substring(0, at);
            }
        }
        try {
            path = URLDecoder.decode(path.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return new Refused("malformed path");
        }
        String type = type(path);
        if (type == null) {
            return new Refused("only .png, .jpg, .gif and .svg pictures are shown");
        }
        Path file;
        try {
            file = folder.resolve(path).normalize();
        } catch (java.nio.file.InvalidPathException e) {
            return new Refused("not a file name");
        }
        if (!file.startsWith(folder)) {
            return new Refused("outside the document's folder");
        }
        try {
            if (!Files.isRegularFile(file)) {
                return new Refused("no such file");
            }
            // a link in the folder must not lead out of it
            if (!file.toRealPath().startsWith(folder.toRealPath())) {
                return new Refused("outside the document's folder");
            }
            long size = Files.size(file);
            if (size > MAX_IMAGE_BYTES) {
                return new Refused("larger than " + (MAX_IMAGE_BYTES >> 20) + " MB");
            }
            if (used + size > MAX_PAGE_BYTES) {
                return new Refused("the page already shows " + (MAX_PAGE_BYTES >> 20) + " MB of pictures");
            }
            byte[] bytes;
            try (InputStream in = Files.newInputStream(file)) {
                bytes = in.readNBytes((int) MAX_IMAGE_BYTES + 1);
            }
            if (bytes.length > MAX_IMAGE_BYTES) {
                return new Refused("larger than " + (MAX_IMAGE_BYTES >> 20) + " MB");
            }
            if (!looksLike(type, bytes)) {
                return new Refused("the file is not a " + type.substring(type.indexOf('/') + 1) + " picture");
            }
            used += bytes.length;
            return new Inline("data:" + type + ";base64," + Base64.getEncoder().encodeToString(bytes));
        } catch (IOException e) {
            return new Refused("could not be read");
        }
    }

    private static String type(String path) {
        String p = path.toLowerCase(Locale.ROOT);
        if (p.endsWith(".png")) {
            return "image/png";
        }
        if (p.endsWith(".jpg") || p.endsWith(".jpeg")) {
            return "image/jpeg";
        }
        if (p.endsWith(".gif")) {
            return "image/gif";
        }
        if (p.endsWith(".svg")) {
            return "image/svg+xml";
        }
        return null;
    }

    /** The content must be what the name says: a renamed file is not shown as a picture. */
    private static boolean looksLike(String type, byte[] b) {
        return switch (type) {
            case "image/png" -> starts(b, 0x89, 'P', 'N', 'G');
            case "image/jpeg" -> starts(b, 0xFF, 0xD8, 0xFF);
            case "image/gif" -> starts(b, 'G', 'I', 'F', '8');
            default -> new String(b, 0, Math.min(b.length, 4096), StandardCharsets.UTF_8).contains("<svg");
        };
    }

    private static boolean starts(byte[] b, int... magic) {
        if (b.length < magic.length) {
            return false;
        }
        for (int i = 0; i < magic.length; i++) {
            if ((b[i] & 0xFF) != magic[i]) {
                return false;
            }
        }
        return true;
    }
}
