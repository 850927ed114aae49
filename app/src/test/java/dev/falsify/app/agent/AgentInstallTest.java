package dev.falsify.app.agent;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/** {@code falsify agent install/remove} against a temporary HOME: idempotent, clean removal, nothing foreign touched. */
@Timeout(120)
class AgentInstallTest {
    @TempDir
    Path home;

    SkillInstaller installer() {
        return new SkillInstaller(home, home.resolve(".local/share/falsify"), home.resolve("project"));
    }

    @Test
    void installsTwiceWithoutDuplicatesAndRemovesToTheStateBefore() throws Exception {
        Files.createDirectories(home.resolve(".codex"));
        Files.createDirectories(home.resolve("project"));
        String mine = "# My instructions\n\nBe careful.\n";
        Files.writeString(home.resolve(".codex/AGENTS.md"), mine, StandardCharsets.UTF_8);
        List<SkillInstaller.Target> all = List.of(SkillInstaller.Target.CLAUDE, SkillInstaller.Target.CODEX,
                SkillInstaller.Target.GEMINI, SkillInstaller.Target.AGENTS_MD);
        installer().install(all);
        Path link = home.resolve(".claude/skills/falsify");
        assertThat(link).isSymbolicLink();
        assertThat(link.resolve("SKILL.md")).exists();
        assertThat(Files.readString(link.resolve("SKILL.md"))).startsWith("---\nname: falsify");
        String codex = Files.readString(home.resolve(".codex/AGENTS.md"));
        assertThat(codex).startsWith(mine).contains(SkillInstaller.BEGIN, "falsify mcp", link.resolve("SKILL.md").toString()
                .replace(".claude/skills/falsify", ".local/share/falsify/agents/falsify"));

        installer().install(all);
        String again = Files.readString(home.resolve(".codex/AGENTS.md"));
        assertThat(again).isEqualTo(codex);
        assertThat(again.split(java.util.regex.Pattern.quote(SkillInstaller.BEGIN), -1)).hasSize(2);
        assertThat(Files.readString(home.resolve("project/AGENTS.md"))).contains(SkillInstaller.END);

        installer().remove(all, true);
        assertThat(link).doesNotExist();
        assertThat(Files.isSymbolicLink(link)).isFalse();
        assertThat(Files.readString(home.resolve(".codex/AGENTS.md"))).isEqualTo(mine);
        assertThat(home.resolve(".gemini/GEMINI.md")).doesNotExist();
        assertThat(home.resolve("project/AGENTS.md")).doesNotExist();
        assertThat(home.resolve(".local/share/falsify/agents/falsify")).doesNotExist();
        // removing again is a no-op
        assertThat(installer().remove(all, true)).isEmpty();
    }

    @Test
    void refusesToReplaceWhatIsNotFalsifys() throws Exception {
        Path skills = Files.createDirectories(home.resolve(".claude/skills/falsify"));
        Files.writeString(skills.resolve("SKILL.md"), "someone else's", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> installer().install(List.of(SkillInstaller.Target.CLAUDE)))
                .isInstanceOf(SkillInstaller.Refused.class).hasMessageContaining("not Falsify's link");
        assertThat(Files.readString(skills.resolve("SKILL.md"))).isEqualTo("someone else's");
        Files.createDirectories(home.resolve(".codex"));
        Files.writeString(home.resolve(".codex/AGENTS.md"), SkillInstaller.BEGIN + "\nhalf a block\n", StandardCharsets.UTF_8);
        assertThatThrownBy(() -> installer().remove(List.of(SkillInstaller.Target.CODEX), false))
                .isInstanceOf(SkillInstaller.Refused.class).hasMessageContaining("unbalanced");
        assertThat(Files.readString(home.resolve(".codex/AGENTS.md"))).contains("half a block");
    }

    @Test
    void theCommandInstallsForTheAgentsFoundInHomeAndRemovesThem() throws Exception {
        Files.createDirectories(home.resolve(".claude"));
        Run install = falsify("agent", "install");
        assertThat(install.code).as(install.out).isZero();
        assertThat(install.out).contains("claude: linked");
        assertThat(home.resolve(".claude/skills/falsify/SKILL.md")).exists();
        assertThat(home.resolve(".codex")).doesNotExist();
        Run remove = falsify("agent", "remove");
        assertThat(remove.code).as(remove.out).isZero();
        assertThat(home.resolve(".claude/skills/falsify")).doesNotExist();
        assertThat(home.resolve(".claude")).isDirectory();
        Run bad = falsify("agent", "install", "--for", "emacs");
        assertThat(bad.code).isEqualTo(2);
        assertThat(bad.out).contains("unknown agent 'emacs'").doesNotContain("\tat ");
    }

    record Run(int code, String out) {
    }

    Run falsify(String... args) throws Exception {
        List<String> cmd = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-Duser.home=" + home, "-cp", System.getProperty("java.class.path"), "dev.falsify.app.Main"));
        cmd.addAll(List.of(args));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).directory(home.toFile());
        pb.environment().put("HOME", home.toString());
        pb.environment().remove("XDG_DATA_HOME");
        Process p = pb.start();
        String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        return new Run(p.exitValue(), out);
    }
}
