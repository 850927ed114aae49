package dev.falsify.app.ui.catalog;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** A plan editor stand-in: a text buffer with a caret, recording every edit the catalog makes. */
final class FakeEditor implements CatalogInsertTarget {
    final StringBuilder doc;
    int caret;
    List<String> selectedClaims = List.of();
    final List<String> edits = new ArrayList<>();

    FakeEditor(String text) {
        this.doc = new StringBuilder(text);
    }

    static FakeEditor withResource(String name) {
        try (InputStream in = FakeEditor.class.getResourceAsStream(name)) {
            return new FakeEditor(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void caretAt(String marker) {
        int at = doc.indexOf(marker);
        if (at < 0) {
            throw new AssertionError("marker not in document: " + marker);
        }
        caret = at;
    }

    @Override
    public String planText() {
        return doc.toString();
    }

    @Override
    public int caretOffset() {
        return caret;
    }

    @Override
    public void insertAtCaret(String text) {
        doc.insert(caret, text);
        caret += text.length();
        edits.add("insert@" + (caret - text.length()));
    }

    @Override
    public void replaceRange(int start, int end, String text) {
        doc.replace(start, end, text);
        caret = start + text.length();
        edits.add("replace@" + start + "-" + end);
    }

    @Override
    public List<String> selectedClaimIds() {
        return selectedClaims;
    }
}
