package dev.falsify.testkit.access;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.falsify.testkit.FaultPlan;
import dev.falsify.testkit.Faulty;
import dev.falsify.testkit.InjectedFault;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * {@link Faulty#wrap} on the ports a test usually declares: an interface nested in the test class
 * and a top-level one without {@code public}, both package-private in a package that is not the
 * testkit's (so the proxy's reflective call needs access it is not given by default).
 */
class FaultyWrapAccessTest {
    /** Declared inside the test, package-private. */
    interface Store {
        String get(String key) throws IOException;

        void put(String key, String value) throws IOException;

        default String getOr(String key, String fallback) throws IOException {
            String v = get(key);
            return v == null ? fallback : v;
        }
    }

    /** Private to the test, implemented by a private class: the most hidden port a test can have. */
    private interface Clock {
        long now();
    }

    private static final class Fixed implements Clock {
        @Override
        public long now() {
            return 42;
        }
    }

    private static final class MapStore implements Store {
        private final java.util.Map<String, String> map = new java.util.HashMap<>();

        @Override
        public String get(String key) throws IOException {
            if (key.isEmpty()) throw new IOException("empty key");
            return map.get(key);
        }

        @Override
        public void put(String key, String value) {
            map.put(key, value);
        }
    }

    @Test
    void aNestedPackagePrivateInterfaceIsWrappedAndCallsReachTheImplementation() throws IOException {
        FaultPlan plan = FaultPlan.failOnCall(2).withError(() -> new IOException("injected reset"));
        Store s = Faulty.wrap(Store.class, new MapStore(), plan);
        s.put("k", "v");                                                  // call 1: passes through
        assertThatThrownBy(() -> s.get("k")).isInstanceOf(IOException.class).hasMessage("injected reset"); // call 2: faulted
        assertThat(s.get("k")).isEqualTo("v");                            // call 3: passes through
        assertThat(s.getOr("nope", "fallback")).isEqualTo("fallback");   // a default method: one call (its get runs inside)
        assertThatThrownBy(() -> s.get("")).isExactlyInstanceOf(IOException.class).hasMessage("empty key"); // the delegate's own
        assertThat(plan.calls()).isEqualTo(5);
    }

    @Test
    void aPrivateInterfaceImplementedByAPrivateClassIsWrapped() {
        Clock c = Faulty.wrap(Clock.class, new Fixed(), FaultPlan.failOnCall(2));
        assertThat(c.now()).isEqualTo(42);
        assertThatThrownBy(c::now).isInstanceOf(InjectedFault.class);
        assertThat(c.now()).isEqualTo(42);
        Clock lambda = Faulty.wrap(Clock.class, () -> 7, FaultPlan.none());
        assertThat(lambda.now()).isEqualTo(7);
    }

    @Test
    void aTopLevelInterfaceWithoutPublicIsWrapped() {
        Greeting g = Faulty.wrap(Greeting.class, name -> {
            if (name == null) throw new IllegalStateException("no name");
            return "hello " + name;
        }, FaultPlan.failOnCall(1));
        assertThatThrownBy(() -> g.greet("a")).isInstanceOf(InjectedFault.class);
        assertThat(g.greet("b")).isEqualTo("hello b");
        assertThatThrownBy(() -> g.greet(null)).isExactlyInstanceOf(IllegalStateException.class).hasMessage("no name");
    }
}

/** Top-level, without {@code public}. */
interface Greeting {
    String greet(String name);
}
