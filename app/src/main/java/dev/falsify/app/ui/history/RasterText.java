package dev.falsify.app.ui.history;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javafx.geometry.Rectangle2D;
import javafx.geometry.VPos;
import javafx.scene.Group;
import javafx.scene.SnapshotParameters;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.Text;
import javafx.scene.transform.Scale;

/**
 * Text of one font painted into a {@link BarRaster}: each character rendered once by JavaFX (a
 * snapshot of Text nodes, so the glyphs are JavaFX's own), kept as a coverage mask with its advance,
 * then blended in at each use. A frame's hundreds of labels thus cost plain pixel loops instead of
 * glyph runs for the render thread, and the history view needs no canvas layer above its image.
 * Characters are laid out at whole pixels by their advances (no kerning; JavaFX's default text has
 * none). FX thread only (snapshots).
 */
final class RasterText {
    /** A character's coverage, {@code w}×{@code h}, placed at (pen x + dx, centre line + dy). */
    private record Glyph(byte[] alpha, int w, int h, int dx, int dy, double advance) {
    }

    /** Made in one snapshot at first use; the rest of the characters one by one as they appear. */
    private static final String COMMON = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`"
            + "abcdefghijklmnopqrstuvwxyz{|}~→…⋯⚡µ—×";

    private static final Map<List<Object>, RasterText> MADE = new HashMap<>();

    private final Font font;
    private final double scale;
    private final Glyph[] bmp = new Glyph[0x10000];
    private final Map<Integer, Glyph> others = new HashMap<>();
    private boolean made;

    /** Glyphs of {@code font} at {@code scale} device pixels to a unit, for a raster of that scale. */
    RasterText(Font font, double scale) {
        this.font = font;
        this.scale = scale;
    }

    /** The shared glyphs of a font at a render scale (made once per JVM: every history view uses the same few). */
    static RasterText of(Font font, double scale) {
        return MADE.computeIfAbsent(List.of(font, scale), k -> new RasterText(font, scale));
    }

    /** How wide {@code s} is drawn, in pixels. */
    double width(String s) {
        double w = 0;
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            w += glyph(cp).advance;
            i += Character.charCount(cp);
        }
        return w;
    }

    /**
     * Paints {@code s} starting at {@code x}, its line's vertical centre at {@code centreY} (canvas text
     * with VPos.CENTER), in {@code argb}; characters past {@code x + maxWidth} are left out.
     */
    void draw(BarRaster r, String s, double x, double centreY, int argb, double maxWidth) {
        double pen = x;
        double limit = x + maxWidth;
        int cy = BarRaster.edge(centreY * scale);
        for (int i = 0; i < s.length(); ) {
            int cp = s.codePointAt(i);
            i += Character.charCount(cp);
            Glyph g = glyph(cp);
            if (pen + g.advance > limit + 0.5) break;
            if (g.w > 0) r.mask(BarRaster.edge(pen * scale) + g.dx, cy + g.dy, g.alpha, g.w, g.h, argb);
            pen += g.advance;
        }
    }

    private Glyph glyph(int cp) {
        if (cp < 32) cp = ' ';
        if (!made) {
            made = true;
            int[] cps = COMMON.codePoints().toArray();
            Glyph[] gs = render(cps);
            for (int k = 0; k < cps.length; k++) put(cps[k], gs[k]);
        }
        Glyph g = cp < bmp.length ? bmp[cp] : others.get(cp);
        if (g == null) {
            g = render(new int[] {cp})[0];
            put(cp, g);
        }
        return g;
    }

    private void put(int cp, Glyph g) {
        if (cp < bmp.length) bmp[cp] = g; else others.put(cp, g);
    }

    /** Each character as a Text node in a cell of its own, all in one snapshot, cut into masks. */
    private Glyph[] render(int[] cps) {
        int cell = (int) Math.ceil(font.getSize() * 3) + 8;
        int pad = cell / 4;
        int mid = cell / 2;
        Group group = new Group();
        double[] advance = new double[cps.length];
        for (int k = 0; k < cps.length; k++) {
            Text t = new Text(new String(Character.toChars(cps[k])));
            t.setFont(font);
            t.setTextOrigin(VPos.CENTER);
            t.setFill(Color.BLACK);
            t.setLayoutX(k * cell + pad);
            t.setLayoutY(mid);
            advance[k] = t.getLayoutBounds().getWidth();
            group.getChildren().add(t);
        }
        SnapshotParameters params = new SnapshotParameters();
        params.setFill(Color.TRANSPARENT);
        params.setTransform(new Scale(scale, scale));
        // a cell in device pixels; text at a render scale is rendered at that scale, as a canvas's would be
        int dc = (int) Math.ceil(cell * scale);
        int dpad = (int) Math.round(pad * scale);
        int dmid = (int) Math.round(mid * scale);
        for (int k = 0; k < cps.length; k++) {
            group.getChildren().get(k).setLayoutX((k * dc + dpad) / scale);
            group.getChildren().get(k).setLayoutY(dmid / scale);
        }
        params.setViewport(new Rectangle2D(0, 0, (double) dc * cps.length, dc));
        WritableImage img = group.snapshot(params, new WritableImage(dc * cps.length, dc));
        PixelReader pr = img.getPixelReader();
        Glyph[] out = new Glyph[cps.length];
        for (int k = 0; k < cps.length; k++) {
            int x0 = dc;
            int y0 = dc;
            int x1 = -1;
            int y1 = -1;
            for (int y = 0; y < dc; y++) {
                for (int x = 0; x < dc; x++) {
                    if (pr.getArgb(k * dc + x, y) >>> 24 != 0) {
                        x0 = Math.min(x0, x);
                        y0 = Math.min(y0, y);
                        x1 = Math.max(x1, x);
                        y1 = Math.max(y1, y);
                    }
                }
            }
            if (x1 < 0) {
                out[k] = new Glyph(new byte[0], 0, 0, 0, 0, advance[k]);
                continue;
            }
            int w = x1 - x0 + 1;
            int h = y1 - y0 + 1;
            byte[] a = new byte[w * h];
            for (int y = 0; y < h; y++) {
                for (int x = 0; x < w; x++) a[y * w + x] = (byte) (pr.getArgb(k * dc + x0 + x, y0 + y) >>> 24);
            }
            out[k] = new Glyph(a, w, h, x0 - dpad, y0 - dmid, advance[k]);
        }
        return out;
    }
}
