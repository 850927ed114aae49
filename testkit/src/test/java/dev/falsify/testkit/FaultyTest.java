package dev.falsify.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.Reader;
import java.io.StringReader;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.Test;

class FaultyTest {
    interface Greeter {
        String greet(String name);

        default String twice(String name) {
            return greet(name) + greet(name);
        }
    }

    record Polite(String prefix) implements Greeter {
        public String greet(String name) {
            return prefix + " " + name;
        }
    }

    @Test
    void wrapDelegatesCountsAndPassesObjectMethodsThrough() {
        FaultPlan plan = FaultPlan.failOnCall(2);
        Polite impl = new Polite("hello");
        Greeter g = Faulty.wrap(Greeter.class, impl, plan);
        assertThat(g.greet("a")).isEqualTo("hello a");
        assertThatThrownBy(() -> g.greet("b")).isInstanceOf(InjectedFault.class);
        assertThat(g.greet("c")).isEqualTo("hello c");
        assertThat(g.toString()).isEqualTo(impl.toString());
        assertThat(g.hashCode()).isEqualTo(impl.hashCode());
        assertThat(g).isEqualTo(Faulty.wrap(Greeter.class, new Polite("hello"), FaultPlan.none()));
        assertThat(g.equals(new Polite("bye"))).isFalse();
        assertThat(plan.calls()).as("equals/hashCode/toString are not counted").isEqualTo(3);
    }

    @Test
    void anExceptionOfTheImplementationIsThrownUnwrapped() {
        Greeter g = Faulty.wrap(Greeter.class, n -> { throw new IllegalArgumentException("no " + n); }, FaultPlan.none());
        assertThatThrownBy(() -> g.greet("x")).isExactlyInstanceOf(IllegalArgumentException.class).hasMessage("no x");
    }

    @Test
    void wrapRefusesAClass() {
        assertThatThrownBy(() -> Faulty.wrap(Polite.class, new Polite("x"), FaultPlan.none()))
                .hasMessageContaining("not an interface");
    }

    @Test
    void inputStreamCountsEachReadOnceAndFailsWithAnIOException() throws IOException {
        FaultPlan plan = FaultPlan.failOnCall(3).withError(() -> new IOException("reset by peer"));
        InputStream in = Faulty.inputStream(new ByteArrayInputStream("abcdef".getBytes(StandardCharsets.UTF_8)), plan);
        assertThat(in.read()).isEqualTo('a');
        byte[] buf = new byte[2];
        assertThat(in.read(buf)).isEqualTo(2);
        assertThatThrownBy(() -> in.read(buf)).isInstanceOf(IOException.class).hasMessage("reset by peer");
        assertThat(in.read(buf, 0, 2)).isEqualTo(2);
        assertThat(new String(buf, StandardCharsets.UTF_8)).isEqualTo("de");   // the failed read consumed nothing
        in.close();
        assertThat(plan.calls()).isEqualTo(5);
        assertThat(plan.events()).extracting(FaultEvent::method).containsExactly("read");
    }

    @Test
    void outputStreamPassesArraysWholeAndCountsFlushAndClose() throws IOException {
        List<Integer> writes = new ArrayList<>();
        ByteArrayOutputStream sink = new ByteArrayOutputStream() {
            @Override
            public synchronized void write(byte[] b, int off, int len) {
                writes.add(len);
                super.write(b, off, len);
            }
        };
        FaultPlan plan = FaultPlan.failOnCall(2).onMethods("write");
        OutputStream out = Faulty.outputStream(sink, plan);
        out.write("hello".getBytes(StandardCharsets.UTF_8));
        assertThatThrownBy(() -> out.write("lost".getBytes(StandardCharsets.UTF_8))).isInstanceOf(InjectedFault.class);
        out.write('!');
        out.flush();
        out.close();
        assertThat(sink.toString(StandardCharsets.UTF_8)).isEqualTo("hello!");
        assertThat(writes).containsExactly(5);
        assertThat(plan.calls()).isEqualTo(3);
    }

    @Test
    void readerAndWriterApplyThePlan() throws IOException {
        FaultPlan rp = FaultPlan.failFirst(1);
        Reader r = Faulty.reader(new StringReader("xyz"), rp);
        assertThatThrownBy(r::read).isInstanceOf(InjectedFault.class);
        char[] cb = new char[3];
        assertThat(r.read(cb)).isEqualTo(3);
        assertThat(new String(cb)).isEqualTo("xyz");
        StringWriter sw = new StringWriter();
        FaultPlan wp = FaultPlan.failEvery(2).onMethods("write");
        Writer w = Faulty.writer(sw, wp);
        w.write("one");
        assertThatThrownBy(() -> w.write("two")).isInstanceOf(InjectedFault.class);
        w.append("three");
        assertThatThrownBy(() -> w.write('!')).isInstanceOf(InjectedFault.class);
        w.write(new char[] {'?'});
        w.flush();
        assertThat(sw.toString()).isEqualTo("onethree?");
        assertThat(wp.calls()).isEqualTo(5);
    }

    @Test
    void callableThrowsACheckedErrorAsIsAndRunnableWrapsIt() throws Exception {
        Callable<Integer> c = Faulty.callable(() -> 7, FaultPlan.failFirst(1).withError(() -> new IOException("io")));
        assertThatThrownBy(c::call).isExactlyInstanceOf(IOException.class);
        assertThat(c.call()).isEqualTo(7);
        int[] ran = {0};
        Runnable r = Faulty.runnable(() -> ran[0]++, FaultPlan.failOnCall(1).withError(() -> new IOException("io")));
        assertThatThrownBy(r::run).isExactlyInstanceOf(InjectedFault.class).hasCauseInstanceOf(IOException.class);
        r.run();
        assertThat(ran[0]).isEqualTo(1);
    }

    @Test
    void manualClockMovesOnlyWhenTold() {
        ManualClock clock = new ManualClock(Instant.parse("2026-01-01T00:00:00Z"));
        assertThat(clock.instant()).isEqualTo(clock.instant());
        clock.advance(Duration.ofMillis(1500));
        assertThat(clock.millis()).isEqualTo(Instant.parse("2026-01-01T00:00:01.500Z").toEpochMilli());
        clock.set(Instant.EPOCH);
        assertThat(clock.withZone(java.time.ZoneId.of("Europe/Paris")).instant()).isEqualTo(Instant.EPOCH);
        assertThatThrownBy(() -> clock.advance(Duration.ofSeconds(-1))).hasMessageContaining("negative");
    }
}
