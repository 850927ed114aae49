package dev.falsify.testkit;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Inherited;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Ties a test to a scenario of a Falsify plan: the {@link FalsifyExtension} (registered by this
 * annotation) writes one finding per annotated test into a session folder of the test class, with the
 * verdict Falsify's rules give the evidence the test collected (its fault plans, the checks its
 * assertions ran). On a class, {@code plan} is the default of its methods.
 */
@Documented
@Inherited
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.METHOD, ElementType.TYPE})
@ExtendWith(FalsifyExtension.class)
public @interface FalsifyScenario {
    /**
     * The plan file, relative to the working directory (the module, under Maven) or one of its parent
     * folders; its slug names the session folder, its §7 scenario gives the declared checker and the
     * budgets. Empty: the class's {@code @FalsifyScenario} plan.
     */
    String plan() default "";

    /** The scenario id in the plan ({@code S3}, or an arm {@code S5/api}); empty: the method name. */
    String id() default "";

    /** The seed this test's fault plans use, recorded with the run. */
    long seed() default 0;

    /**
     * On a violation, run the test body once more (same instance, same seed) to tell
     * FAIL-reproducible from FAIL-nondeterministic. The body must build its own fixture for that to
     * mean anything ({@code @BeforeEach} does not run again).
     */
    boolean rerun() default true;

    /**
     * Weak-oracle audit items this test declares not applicable (matched by their words, e.g.
     * {@code "more than one failover"}, {@code "three seeds"}): what a test cannot show (an asymmetric
     * variant, say) stays not evaluated otherwise, and an item left not evaluated keeps a faulted test
     * at PASS-smoke. A declaration wins over what the evidence builder would say.
     */
    String[] notApplicable() default {};
}
