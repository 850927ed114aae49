package dev.falsify.testkit;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Optional;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.InvocationInterceptor;
import org.junit.jupiter.api.extension.ReflectiveInvocationContext;
import org.junit.platform.commons.support.AnnotationSupport;

/**
 * Runs {@link FalsifyScenario} tests as scenario arms of a Falsify session: collects what each test did
 * (fault plans made, checks run), decides its verdict with Falsify's verdict rules, and writes the
 * session folder of the test class under {@code target/falsify-sessions/<plan-slug>/<UTC>/} (the
 * runner's layout, written by the same {@code SessionWriter}) with {@code findings/report.md} at the
 * end of the class. The test's own outcome is never changed: a verdict is evidence, not a test result.
 *
 * <p>Register with {@code @FalsifyScenario} (or {@code @ExtendWith(FalsifyExtension.class)} plus
 * {@code @FalsifyScenario} on methods), or with {@code @RegisterExtension} to choose the sessions folder and
 * clock. The folder is also set by the system property {@code falsify.sessions.dir}.
 */
public final class FalsifyExtension implements InvocationInterceptor, BeforeAllCallback {
    /** System property naming the sessions root (default {@code target/falsify-sessions}). */
    public static final String SESSIONS_DIR = "falsify.sessions.dir";
    private static final ExtensionContext.Namespace NS = ExtensionContext.Namespace.create(FalsifyExtension.class);

    private final Path root;
    private final Clock clock;
    /** Made by {@link #writingTo}: its folder and clock win over an instance {@code @FalsifyScenario} registered. */
    private final boolean explicit;

    /** Sessions under {@code falsify.sessions.dir}, or {@code target/falsify-sessions}; the system clock. */
    public FalsifyExtension() {
        this(Path.of(System.getProperty(SESSIONS_DIR, "target/falsify-sessions")), Clock.systemUTC(), false);
    }

    private FalsifyExtension(Path root, Clock clock, boolean explicit) {
        this.root = root;
        this.clock = clock;
        this.explicit = explicit;
    }

    /** Sessions under {@code root}. */
    public static FalsifyExtension writingTo(Path root) {
        return new FalsifyExtension(root, Clock.systemUTC(), true);
    }

    /** Folder names, timeline rows and the end marker from {@code clock} (a fixed one makes a golden report). */
    public FalsifyExtension withClock(Clock clock) {
        return new FalsifyExtension(root, clock, explicit);
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        if (explicit) context.getStore(NS).put("config", this);
    }

    @Override
    public void interceptTestMethod(Invocation<Void> invocation, ReflectiveInvocationContext<Method> call,
                                    ExtensionContext context) throws Throwable {
        Optional<FalsifyScenario> ann = scenario(context);
        ExtensionContext.Store methodStore = context.getStore(NS);
        // @FalsifyScenario registers this class too: with @RegisterExtension as well, the first instance does the work
        if (ann.isEmpty() || methodStore.get("handled") != null) {
            invocation.proceed();
            return;
        }
        methodStore.put("handled", Boolean.TRUE);
        FalsifyScenario s = ann.get();
        String plan = s.plan().isBlank() ? classPlan(context) : s.plan();
        String armId = s.id().isBlank() ? call.getExecutable().getName() : s.id();
        ExtensionContext classContext = context.getParent().orElse(context);
        FalsifyExtension config = classContext.getStore(NS).getOrDefault("config", FalsifyExtension.class, this);
        ScenarioSession session = classContext.getStore(NS).getOrComputeIfAbsent("session:" + plan,
                k -> ScenarioSession.open(config.root, plan, context.getRequiredTestClass(), config.clock),
                ScenarioSession.class);
        session.requireScenario(armId);

        TestArm.Run first = run(invocation::proceed);
        TestArm.Run again = null;
        if (s.rerun() && first.violated()) {
            again = run(() -> {
                try {
                    call.getExecutable().setAccessible(true);
                    call.getExecutable().invoke(call.getTarget().orElse(null), call.getArguments().toArray());
                } catch (InvocationTargetException e) {
                    throw e.getCause();
                }
            });
        }
        session.armFinished(armId, s, context.getDisplayName(),
                context.getRequiredTestClass().getName() + "#" + call.getExecutable().getName(), first, again);
        if (first.thrown() != null) throw first.thrown();
    }

    /** A body that may throw anything, as the test method does. */
    private interface Body {
        void run() throws Throwable;
    }

    private static TestArm.Run run(Body body) {
        TestEvidence e = TestEvidence.open();
        Throwable thrown = null;
        try {
            body.run();
        } catch (Throwable t) {
            thrown = t;
        } finally {
            TestEvidence.close();
        }
        return new TestArm.Run(e.plans(), e.checks(), thrown);
    }

    private static Optional<FalsifyScenario> scenario(ExtensionContext context) {
        Optional<FalsifyScenario> onMethod = context.getTestMethod().flatMap(m -> AnnotationSupport.findAnnotation(m, FalsifyScenario.class));
        if (onMethod.isPresent()) return onMethod;
        return context.getTestClass().flatMap(c -> AnnotationSupport.findAnnotation(c, FalsifyScenario.class));
    }

    private static String classPlan(ExtensionContext context) {
        return context.getTestClass().flatMap(c -> AnnotationSupport.findAnnotation(c, FalsifyScenario.class))
                .map(FalsifyScenario::plan).orElse("");
    }
}
