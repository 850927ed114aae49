package dev.falsify.runner.probe;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CapabilityProbeTest {
    @TempDir
    Path bin;

    private void fakeTool(String name, String versionOutput) throws Exception {
        Path p = bin.resolve(name);
        Files.writeString(p, "#!/bin/sh\necho '" + versionOutput + "'\n");
        Files.setPosixFilePermissions(p, PosixFilePermissions.fromString("rwxr-xr-x"));
    }

    private CapabilityProbe probe() {
        return new CapabilityProbe(List.of(bin.toString()), bin);
    }

    @Test
    void findsCommandsAndChecksVersionFloors() throws Exception {
        fakeTool("toolx", "toolx version 2.10.1 (build 7)");
        Capability ok = probe().probe(new Requirement("`toolx` (the X tool)", ">= 2.9", List.of("S1"), "apt install toolx"));
        assertThat(ok.present()).isTrue();
        assertThat(ok.version()).isEqualTo("2.10.1");
        assertThat(ok.source()).isEqualTo(bin.resolve("toolx").toString());
        Capability low = probe().probe(new Requirement("`toolx`", "3.0", List.of("S1"), ""));
        assertThat(low.present()).isFalse();
        assertThat(low.detail()).contains("2.10.1 is below the floor 3.0");
    }

    @Test
    void aPathFromThePlanRunsOnlyWhenItsShownLineWasTrusted() throws Exception {
        Path marker = bin.resolve("ran");
        Path tool = bin.resolve("tool.sh");
        Files.writeString(tool, "#!/bin/sh\ntouch '" + marker + "'\necho tool 1.2\n");
        Files.setPosixFilePermissions(tool, PosixFilePermissions.fromString("rwxr-xr-x"));
        Requirement r = new Requirement("`./tool.sh`", "1.0", List.of("S1"), "");
        Capability refused = probe().probe(r);
        assertThat(refused.present()).isFalse();
        assertThat(refused.detail()).contains("path from the plan", "not run");
        assertThat(marker).as("never executed").doesNotExist();

        String shown = CapabilityProbe.shown(r, bin).orElseThrow();
        assertThat(shown).isEqualTo(tool + " --version | -version | version");
        Capability ok = new CapabilityProbe(List.of(), bin, java.util.Set.of(shown)).probe(r);
        assertThat(ok.present()).isTrue();
        assertThat(ok.version()).isEqualTo("1.2");
        assertThat(marker).exists();
        // presence of a path without a floor is looked up, not run, and needs no trust
        assertThat(CapabilityProbe.shown(new Requirement("`./tool.sh`", "—", List.of(), ""), bin)).isEmpty();
    }

    @Test
    void missingCommandNamesTheInstallHint() {
        Capability c = probe().probe(new Requirement("`toxiproxy-cli` (Toxiproxy)", "2.5", List.of("S4"), "brew install toxiproxy"));
        assertThat(c.present()).isFalse();
        assertThat(c.source()).isEqualTo("not on PATH");
        assertThat(c.detail()).contains("toxiproxy-cli", "brew install toxiproxy");
    }

    @Test
    void noFloorMeansPresenceIsEnough() throws Exception {
        fakeTool("plain", "no version here");
        assertThat(probe().probe(new Requirement("plain tool", "—", List.of(), "")).present()).isTrue();
    }

    @Test
    void derivesCommandNames() {
        assertThat(CapabilityProbe.commandOf("`tc qdisc` from iproute2")).isEqualTo("tc");
        assertThat(CapabilityProbe.commandOf("JDK 17+")).isEqualTo("java");
        assertThat(CapabilityProbe.commandOf("Docker engine")).isEqualTo("docker");
        assertThat(CapabilityProbe.floorOf("—")).isNull();
        assertThat(CapabilityProbe.floorOf(">= 17")).isEqualTo("17");
        assertThat(CapabilityProbe.compareVersions("1.10", "1.9")).isPositive();
        assertThat(CapabilityProbe.compareVersions("17", "17.0.0")).isZero();
    }
}
