package dev.falsify.app.agent;

import dev.falsify.model.io.AtomicFiles;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Installs the agent skill idempotently and removes it: the skill file is written once into Falsify's
 * data folder; an agent that reads skill folders (Claude Code) gets a symlink to it, an agent that reads
 * an instructions file (Codex's AGENTS.md, Gemini's GEMINI.md, a project's AGENTS.md) gets a marked
 * block pointing to it. Installing again replaces the link or the block, never duplicates it; removing
 * deletes only what carries Falsify's mark, never a file or folder someone else made.
 */
public final class SkillInstaller {
    static final String BEGIN = "<!-- BEGIN falsify agent block: written by `falsify agent install`, deleted by `falsify agent remove` -->";
    static final String END = "<!-- END falsify agent block -->";

    /** Where an agent reads Falsify's skill from. */
    public enum Target {
        CLAUDE("claude", ".claude"), CODEX("codex", ".codex"), GEMINI("gemini", ".gemini"), AGENTS_MD("agents-md", null);

        final String word;
        final String homeFolder;

        Target(String word, String homeFolder) {
            this.word = word;
            this.homeFolder = homeFolder;
        }

        public String word() {
            return word;
        }

        public static Target parse(String s) {
            for (Target t : values()) if (t.word.equalsIgnoreCase(s.trim())) return t;
            throw new IllegalArgumentException("unknown agent '" + s + "'; known: claude, codex, gemini, agents-md "
                    + "(a project's AGENTS.md, read by Copilot CLI, Cursor and others)");
        }
    }

    /** Thrown when installing or removing would touch something that is not Falsify's. */
    public static final class Refused extends Exception {
        public Refused(String message) {
            super(message);
        }
    }

    private final Path home;
    private final Path dataDir;
    private final Path project;

    /**
     * @param home    the user's home folder
     * @param dataDir Falsify's data folder (the skill is kept in {@code agents/falsify} below it)
     * @param project the project whose AGENTS.md the {@code agents-md} target edits
     */
    public SkillInstaller(Path home, Path dataDir, Path project) {
        this.home = home;
        this.dataDir = dataDir;
        this.project = project;
    }

    public Path skillDir() {
        return dataDir.resolve("agents").resolve("falsify");
    }

    /** The agents whose home folder exists: the default of install. */
    public List<Target> detected() {
        List<Target> out = new ArrayList<>();
        for (Target t : Target.values()) if (t.homeFolder != null && Files.isDirectory(home.resolve(t.homeFolder))) out.add(t);
        return out;
    }

    /** Where a target's link or block goes. */
    public Path place(Target t) {
        return switch (t) {
            case CLAUDE -> home.resolve(".claude").resolve("skills").resolve("falsify");
            case CODEX -> home.resolve(".codex").resolve("AGENTS.md");
            case GEMINI -> home.resolve(".gemini").resolve("GEMINI.md");
            case AGENTS_MD -> project.resolve("AGENTS.md");
        };
    }

    /** Writes the skill and links or points each target to it; returns one line per change. */
    public List<String> install(List<Target> targets) throws IOException, Refused {
        for (Target t : targets) check(t);
        List<String> done = new ArrayList<>();
        Path skill = skillDir().resolve("SKILL.md");
        Files.createDirectories(skillDir());
        AtomicFiles.write(skill, resource("SKILL.md"));
        done.add("wrote " + skill);
        for (Target t : targets) {
            Path place = place(t);
            if (t == Target.CLAUDE) {
                Files.createDirectories(place.getParent());
                if (Files.isSymbolicLink(place)) Files.delete(place);
                Files.createSymbolicLink(place, skillDir());
                done.add(t.word + ": linked " + place + " -> " + skillDir());
            } else {
                String block = BEGIN + "\n" + resource("AGENTS-block.md").replace("{{SKILL}}", skill.toString()).strip() + "\n" + END + "\n";
                String before = Files.exists(place) ? Files.readString(place, StandardCharsets.UTF_8) : "";
                String after = withBlock(before, block);
                if (!after.equals(before)) {
                    Files.createDirectories(place.getParent());
                    AtomicFiles.write(place, after);
                }
                done.add(t.word + ": " + (after.equals(before) ? "up to date " : "wrote the block in ") + place);
            }
        }
        return done;
    }

    /** Removes Falsify's link or block from each target, and the skill when no target is given. */
    public List<String> remove(List<Target> targets, boolean removeSkill) throws IOException, Refused {
        for (Target t : targets) check(t);
        List<String> done = new ArrayList<>();
        for (Target t : targets) {
            Path place = place(t);
            if (t == Target.CLAUDE) {
                if (Files.isSymbolicLink(place)) {
                    Files.delete(place);
                    done.add(t.word + ": removed the link " + place);
                }
            } else if (Files.exists(place)) {
                String before = Files.readString(place, StandardCharsets.UTF_8);
                String after = withBlock(before, "");
                if (!after.equals(before)) {
                    if (after.isBlank()) Files.delete(place);
                    else AtomicFiles.write(place, after);
                    done.add(t.word + ": removed the block from " + place + (after.isBlank() ? " (now empty: deleted)" : ""));
                }
            }
        }
        if (removeSkill && Files.exists(skillDir().resolve("SKILL.md"))) {
            Files.delete(skillDir().resolve("SKILL.md"));
            try (var rest = Files.list(skillDir())) {
                if (rest.findAny().isEmpty()) Files.delete(skillDir());
            }
            done.add("removed " + skillDir().resolve("SKILL.md"));
        }
        return done;
    }

    /** Refuses a target whose place holds something that is not Falsify's (a real folder, a foreign link, a broken block). */
    private void check(Target t) throws IOException, Refused {
        Path place = place(t);
        if (t == Target.CLAUDE) {
            if (Files.isSymbolicLink(place)) {
                Path to = Files.readSymbolicLink(place);
                if (!place.getParent().resolve(to).normalize().equals(skillDir().normalize())) {
                    throw new Refused(place + " is a link to " + to + ", not Falsify's skill: left as it is (remove it yourself to install)");
                }
            } else if (Files.exists(place, LinkOption.NOFOLLOW_LINKS)) {
                throw new Refused(place + " exists and is not Falsify's link: left as it is (move it away to install)");
            }
        } else if (Files.exists(place)) {
            String text = Files.readString(place, StandardCharsets.UTF_8);
            int b = count(text, BEGIN);
            int e = count(text, END);
            if (b > 1 || b != e || (b == 1 && text.indexOf(END) < text.indexOf(BEGIN))) {
                throw new Refused(place + ": Falsify's block markers are unbalanced (edited by hand?); fix or remove them first");
            }
        }
    }

    /** {@code text} with Falsify's block replaced by {@code block} (appended when absent; removed when block is empty). */
    static String withBlock(String text, String block) {
        int b = text.indexOf(BEGIN);
        if (b < 0) {
            if (block.isEmpty()) return text;
            String sep = text.isEmpty() ? "" : text.endsWith("\n\n") ? "" : text.endsWith("\n") ? "\n" : "\n\n";
            return text + sep + block;
        }
        int e = text.indexOf(END, b) + END.length();
        if (e < text.length() && text.charAt(e) == '\n') e++;
        String head = text.substring(0, b);
        String tail = text.substring(e);
        if (block.isEmpty()) {
            // the blank line install put before the block goes with it
            if (head.endsWith("\n\n")) head = head.substring(0, head.length() - 1);
            return (head + tail).isBlank() ? "" : head + tail;
        }
        return head + block + tail;
    }

    private static int count(String text, String marker) {
        int n = 0;
        for (int i = text.indexOf(marker); i >= 0; i = text.indexOf(marker, i + 1)) n++;
        return n;
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = SkillInstaller.class.getResourceAsStream("/agents/falsify/" + name)) {
            if (in == null) throw new IOException("the jar lacks agents/falsify/" + name);
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
