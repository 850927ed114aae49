package dev.falsify.app.ui.viewers;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An evidence file's text as a viewer shows it: UTF-8, else ISO-8859-1 with a note saying so; a file
 * with NUL bytes in its first 8 KiB is binary and shown only by its size.
 *
 * @param text   the decoded text (empty for a binary file)
 * @param note   what the reader should know about the decoding, or empty
 * @param binary whether the file looked binary
 */
public record EvidenceText(String text, String note, boolean binary) {

    public static EvidenceText read(Path file) throws IOException {
        byte[] bytes = Files.readAllBytes(file);
        for (int i = 0; i < Math.min(bytes.length, 8192); i++) {
            if (bytes[i] == 0) {
                return new EvidenceText("", "binary file (" + bytes.length + " bytes, a NUL at byte offset " + i + "): not shown", true);
            }
        }
        try {
            return new EvidenceText(StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(bytes)).toString(), "", false);
        } catch (CharacterCodingException e) {
            return new EvidenceText(new String(bytes, StandardCharsets.ISO_8859_1),
                    "not valid UTF-8: shown as ISO-8859-1", false);
        }
    }
}
