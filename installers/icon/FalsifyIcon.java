import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.RoundRectangle2D;
import java.awt.image.BufferedImage;
import java.io.File;
import javax.imageio.ImageIO;

/**
 * Draws Falsify's icon (the shapes of falsify.svg) as PNGs at packaging time, so no binary art is
 * kept in the repository. Run with the JDK's source launcher:
 * {@code java -Djava.awt.headless=true FalsifyIcon.java DIR SIZE...}, which writes
 * {@code DIR/falsify-SIZE.png} for each size.
 */
public final class FalsifyIcon {
    public static void main(String[] args) throws Exception {
        for (int i = 1; i < args.length; i++) {
            int size = Integer.parseInt(args[i]);
            ImageIO.write(draw(size), "png", new File(args[0], "falsify-" + size + ".png"));
        }
    }

    private static BufferedImage draw(int size) {
        BufferedImage img = new BufferedImage(size, size, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = img.createGraphics();
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        g.scale(size / 256.0, size / 256.0); // the SVG's 256-unit view box
        g.setColor(new Color(0x1e3a5f));
        g.fill(new RoundRectangle2D.Double(8, 8, 240, 240, 96, 96));
        Path2D check = new Path2D.Double();
        check.moveTo(60, 134);
        check.lineTo(106, 180);
        check.lineTo(196, 82);
        g.setColor(Color.WHITE);
        g.setStroke(new BasicStroke(26, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.draw(check);
        g.setColor(new Color(0xe5484d));
        g.setStroke(new BasicStroke(22, BasicStroke.CAP_ROUND, BasicStroke.JOIN_ROUND));
        g.draw(new Line2D.Double(70, 70, 186, 186));
        g.dispose();
        return img;
    }
}
