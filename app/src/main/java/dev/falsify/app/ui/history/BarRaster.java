package dev.falsify.app.ui.history;

import java.nio.IntBuffer;
import java.util.Arrays;
import javafx.scene.image.PixelBuffer;
import javafx.scene.image.PixelFormat;
import javafx.scene.image.WritableImage;
import javafx.scene.paint.Color;

/**
 * The history view's shapes (lanes, fault epochs, bars, merged pixel columns) painted into one
 * int[] of pixels and shown as one image. On the software pipeline every canvas rectangle went
 * through the Prism render thread's rasterizer, thousands per frame (about 12 ms of the render
 * thread per step at 100,000 ops); this way a frame is one texture upload and one image drawn, and
 * the pixels are written by plain loops on the FX thread. Text stays on the canvas above it.
 *
 * <p>A rectangle covers the pixels whose centres lie inside it (what an anti-aliased fill of a
 * whole-pixel rectangle gives, without the fractional edges). Colours are opaque ARGB or blended
 * over what is there by their alpha; the pixels are always opaque. FX thread only.
 */
final class BarRaster {
    private int width;
    /** Device pixels per coordinate unit (the window's render scale): shapes are given in the view's coordinates. */
    private double scale = 1;
    private int height;
    private int[] pixels = new int[0];
    private PixelBuffer<IntBuffer> buffer;
    private WritableImage image;
    private int clipX0;
    private int clipY0;
    private int clipX1;
    private int clipY1;
    private final int[][] rows = new int[8][0];

    /**
     * Starts a frame of {@code viewW}×{@code viewH} in view coordinates, {@code renderScale} device pixels to a
     * unit (a new image only when the size changed), all
     * {@code argb} unless {@code paintAll}: then the caller covers every row itself ({@link #copyRows}).
     */
    void begin(double viewW, double viewH, double renderScale, int argb, boolean paintAll) {
        scale = renderScale > 0 ? renderScale : 1;
        int w = Math.max(1, (int) Math.ceil(viewW * scale));
        int h = Math.max(1, (int) Math.ceil(viewH * scale));
        if (w != width || h != height) {
            width = w;
            height = h;
            pixels = new int[w * h];
            buffer = new PixelBuffer<>(w, h, IntBuffer.wrap(pixels), PixelFormat.getIntArgbPreInstance());
            image = new WritableImage(buffer);
            for (int k = 0; k < rows.length; k++) rows[k] = new int[w];
        }
        if (!paintAll) Arrays.fill(pixels, argb);
        unclip();
    }

    /**
     * Reusable rows of the frame's width, for a background built once per frame (lane shading, fault
     * epochs blended in) and copied to the rows it covers: a copy per row instead of filling and
     * blending every pixel of the frame.
     */
    int[] row(int k) {
        return rows[k];
    }

    /** Copies {@code row} to the frame's device row {@code r}. */
    void copyRow(int r, int[] row) {
        System.arraycopy(row, 0, pixels, r * width, width);
    }

    /** Copies {@code row} to the frame's rows [y0, y1) (cut to the frame). */
    void copyRows(double y0, double y1, int[] row) {
        int r0 = Math.max(0, dev(y0));
        int r1 = Math.min(height, dev(y1));
        for (int r = r0; r < r1; r++) System.arraycopy(row, 0, pixels, r * width, width);
    }

    /** Fills the columns [x, x + w) of a {@link #row} with an opaque colour. */
    void fillSpan(int[] row, double x, double w, int argb) {
        int x0 = Math.max(0, dev(x));
        int x1 = Math.min(row.length, dev(x + w));
        if (x0 < x1) Arrays.fill(row, x0, x1, argb);
    }

    /** Blends a translucent colour over the columns [x, x + w) of a {@link #row}. */
    void blendSpan(int[] row, double x, double w, int argb) {
        int x0 = Math.max(0, dev(x));
        int x1 = Math.min(row.length, dev(x + w));
        for (int i = x0; i < x1; i++) row[i] = over(argb, row[i]);
    }

    /** Hands the frame to the image (its texture is uploaded at the next pulse). */
    void publish() {
        if (buffer != null) buffer.updateBuffer(b -> null);
    }

    /** The image shown; replaced when the size changes. */
    WritableImage image() {
        return image;
    }

    int width() {
        return width;
    }

    int height() {
        return height;
    }

    /** The pixel at (x, y), opaque ARGB (tests). */
    int pixel(int x, int y) {
        return pixels[y * width + x];
    }

    /** Later shapes are cut to [x0, x1) × [y0, y1). */
    void clip(double x0, double y0, double x1, double y1) {
        clipX0 = Math.max(0, dev(x0));
        clipY0 = Math.max(0, dev(y0));
        clipX1 = Math.min(width, dev(x1));
        clipY1 = Math.min(height, dev(y1));
    }

    void unclip() {
        clipX0 = 0;
        clipY0 = 0;
        clipX1 = width;
        clipY1 = height;
    }

    /** Fills a rectangle with an opaque colour. */
    void fill(double x, double y, double w, double h, int argb) {
        int x0 = Math.max(clipX0, dev(x));
        int x1 = Math.min(clipX1, dev(x + w));
        int y0 = Math.max(clipY0, dev(y));
        int y1 = Math.min(clipY1, dev(y + h));
        if (x0 >= x1) return;
        int[] p = pixels;
        if (x1 - x0 < 16) {
            // most shapes of a 100,000-op frame are a few pixels wide: a plain loop, not a call per row
            for (int row = y0; row < y1; row++) {
                int at = row * width;
                for (int i = at + x0; i < at + x1; i++) p[i] = argb;
            }
            return;
        }
        for (int row = y0; row < y1; row++) {
            int at = row * width;
            Arrays.fill(p, at + x0, at + x1, argb);
        }
    }

    /**
     * A bar: a rectangle with an outline {@code t} pixels thick in {@code line} and the inside in {@code fill},
     * each pixel written once.
     */
    void box(double x, double y, double w, double h, int t, int line, int fill) {
        int bx0 = dev(x);
        int bx1 = dev(x + w);
        int by0 = dev(y);
        int by1 = dev(y + h);
        int x0 = Math.max(clipX0, bx0);
        int x1 = Math.min(clipX1, bx1);
        int y0 = Math.max(clipY0, by0);
        int y1 = Math.min(clipY1, by1);
        if (x0 >= x1) return;
        int tt = Math.max(1, (int) Math.round(t * scale));
        int in0 = Math.max(x0, bx0 + tt);
        int in1 = Math.min(x1, bx1 - tt);
        int[] p = pixels;
        for (int row = y0; row < y1; row++) {
            int at = row * width;
            if (row < by0 + tt || row >= by1 - tt || in0 >= in1) {
                for (int i = at + x0; i < at + x1; i++) p[i] = line;
                continue;
            }
            for (int i = at + x0; i < at + in0; i++) p[i] = line;
            for (int i = at + in0; i < at + in1; i++) p[i] = fill;
            for (int i = at + in1; i < at + x1; i++) p[i] = line;
        }
    }

    /** Blends a translucent colour over a rectangle. */
    void blend(double x, double y, double w, double h, int argb) {
        int x0 = Math.max(clipX0, dev(x));
        int x1 = Math.min(clipX1, dev(x + w));
        int y0 = Math.max(clipY0, dev(y));
        int y1 = Math.min(clipY1, dev(y + h));
        int[] p = pixels;
        // what is under a translucent shape is mostly a few plain colours: blend each once
        int lastDst = 0;
        int lastOut = over(argb, 0);
        for (int row = y0; row < y1; row++) {
            int at = row * width;
            for (int i = at + x0; i < at + x1; i++) {
                int d = p[i];
                if (d != lastDst) {
                    lastDst = d;
                    lastOut = over(argb, d);
                }
                p[i] = lastOut;
            }
        }
    }

    /**
     * Blends {@code argb} over the pixels of the rectangle where a tile of {@code tileW}×{@code tileH}
     * repeated from (ax, ay) is set: {@code on[ty * tileW + tx]}. Hatching and dashed edges.
     */
    void pattern(double x, double y, double w, double h, int argb, boolean[] on, int tileW, int tileH, double ax, double ay) {
        int x0 = Math.max(clipX0, dev(x));
        int x1 = Math.min(clipX1, dev(x + w));
        int y0 = Math.max(clipY0, dev(y));
        int y1 = Math.min(clipY1, dev(y + h));
        int bx = dev(ax);
        int by = dev(ay);
        // at a render scale of 2 or more a tile's pixel is k×k device pixels
        int k = Math.max(1, (int) Math.round(scale));
        boolean opaque = argb >>> 24 == 0xff;
        int[] p = pixels;
        for (int row = y0; row < y1; row++) {
            int ty = Math.floorMod(row - by, tileH * k) / k * tileW;
            int at = row * width;
            int sub = Math.floorMod(x0 - bx, tileW * k);
            int tx = sub / k;
            sub -= tx * k;
            for (int col = x0; col < x1; col++) {
                if (on[ty + tx]) p[at + col] = opaque ? argb : over(argb, p[at + col]);
                if (++sub == k) {
                    sub = 0;
                    if (++tx == tileW) tx = 0;
                }
            }
        }
    }

    /** Fills the triangle pointing right with its tip at (tipX, midY), {@code len} long and {@code 2 * half} high at its base. */
    void arrow(double tipX, double midY, double len, double half, int argb) {
        int c0 = Math.max(clipX0, dev(tipX - len));
        int c1 = Math.min(clipX1, dev(tipX));
        int[] p = pixels;
        for (int col = c0; col < c1; col++) {
            double hh = half * (tipX - (col + 0.5) / scale) / len;
            int r0 = Math.max(clipY0, dev(midY - hh));
            int r1 = Math.min(clipY1, dev(midY + hh));
            for (int row = r0; row < r1; row++) p[row * width + col] = argb;
        }
    }

    /**
     * Blends {@code argb} through a coverage mask ({@code w}×{@code h} bytes, 0 none to 255 full) whose
     * top left pixel goes to (x, y): a glyph.
     */
    void mask(int x, int y, byte[] alpha, int w, int h, int argb) {
        int a0 = argb >>> 24;
        int rgb = argb & 0xffffff;
        int[] p = pixels;
        int cx0 = Math.max(clipX0, x);
        int cx1 = Math.min(clipX1, x + w);
        int cy0 = Math.max(clipY0, y);
        int cy1 = Math.min(clipY1, y + h);
        for (int row = cy0; row < cy1; row++) {
            int at = row * width;
            int m = (row - y) * w - x;
            for (int col = cx0; col < cx1; col++) {
                int c = alpha[m + col] & 0xff;
                if (c == 0) continue;
                int a = a0 == 255 ? c : div255(c * a0 + 127);
                p[at + col] = a == 255 ? 0xff000000 | rgb : over(a << 24 | rgb, p[at + col]);
            }
        }
    }

    /** A rectangle's outline {@code lineWidth} thick, centred on its edges (a canvas strokeRect). */
    void outline(double x, double y, double w, double h, double lineWidth, int argb) {
        double t = lineWidth / 2;
        fill(x - t, y - t, w + lineWidth, lineWidth, argb);
        fill(x - t, y + h - t, w + lineWidth, lineWidth, argb);
        fill(x - t, y + t, lineWidth, h - lineWidth, argb);
        fill(x + w - t, y + t, lineWidth, h - lineWidth, argb);
    }

    /** The device pixel whose centre is the first at or after view coordinate {@code v}. */
    int dev(double v) {
        return edge(v * scale);
    }

    double scale() {
        return scale;
    }

    /** The first pixel whose centre is at or after {@code v}: round half up, without Math.floor (a StrictMath call in C1 code). */
    static int edge(double v) {
        double s = v + 0.5;
        int i = (int) s;
        return s < i ? i - 1 : i;
    }

    /** {@code src} blended over the opaque {@code dst} by src's alpha; the result is opaque. */
    static int over(int src, int dst) {
        int a = src >>> 24;
        int na = 255 - a;
        int r = div255(((src >> 16) & 0xff) * a + ((dst >> 16) & 0xff) * na + 127);
        int g = div255(((src >> 8) & 0xff) * a + ((dst >> 8) & 0xff) * na + 127);
        int b = div255((src & 0xff) * a + (dst & 0xff) * na + 127);
        return 0xff000000 | r << 16 | g << 8 | b;
    }

    /** v / 255 for 0 <= v <= 65280 by a multiply and a shift: C1 code divides with the slow divide instruction. */
    static int div255(int v) {
        return (v * 32897) >>> 23;
    }

    /** A colour as non-premultiplied ARGB. */
    static int argb(Color c) {
        return (int) Math.round(c.getOpacity() * 255) << 24 | (int) Math.round(c.getRed() * 255) << 16
                | (int) Math.round(c.getGreen() * 255) << 8 | (int) Math.round(c.getBlue() * 255);
    }
}
