package dev.falsify.catalog;

/** The kinds of catalog entry, in the order search results of equal score are listed. */
public enum EntryKind {
    TECHNIQUE("technique"),
    SYMPTOM("symptom"),
    PITFALL("pitfall"),
    NEMESIS("nemesis"),
    ORACLE("oracle"),
    PICKER("picker"),
    LABEL("label"),
    PAPER("paper");

    private final String word;

    EntryKind(String word) {
        this.word = word;
    }

    /** The lower-case word used on the command line, in JSON and in the panel's filter. */
    public String word() {
        return word;
    }

    public static EntryKind fromWord(String word) {
        for (EntryKind k : values()) {
            if (k.word.equalsIgnoreCase(word) || (k.word + "s").equalsIgnoreCase(word)) {
                return k;
            }
        }
        throw new IllegalArgumentException("unknown entry kind '" + word + "' (expected one of "
                + String.join(", ", java.util.Arrays.stream(values()).map(EntryKind::word).toList()) + ")");
    }
}
