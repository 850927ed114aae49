package dev.falsify.app;

import static com.tngtech.archunit.core.domain.JavaCall.Predicates.target;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.assignableTo;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.type;
import static com.tngtech.archunit.core.domain.properties.HasName.Predicates.nameMatching;
import static com.tngtech.archunit.core.domain.properties.HasOwner.Predicates.With.owner;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import java.util.Set;
import java.util.Timer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The module rule, on the compiled classes of every module (tests excluded): app → runner →
 * {model, checkers, catalog}, checkers → model, testkit → {checkers, model}, nothing points upward and
 * nothing points to the testkit (a library for the tests of other projects); only the app touches JavaFX;
 * library code (everything but the app) never writes to the console's error stream: it reports
 * through results, exceptions or the handler its caller gives it. Inside the window ({@code app.ui})
 * the packages form no cycle, the parts never reach back into the frame, and threads are started in
 * one place.
 */
@AnalyzeClasses(packages = "dev.falsify", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
    private static final String MODEL = "dev.falsify.model..";
    private static final String CHECKERS = "dev.falsify.checkers..";
    private static final String CATALOG = "dev.falsify.catalog..";
    private static final String RUNNER = "dev.falsify.runner..";
    private static final String APP = "dev.falsify.app..";
    private static final String TESTKIT = "dev.falsify.testkit..";

    @ArchTest
    static final ArchRule theMcpServerCallsTheEngineNotTheCli = noClasses().that().resideInAnyPackage("dev.falsify.app.mcp..",
                    "dev.falsify.app.agent..")
            .should().dependOnClassesThat().resideInAnyPackage("dev.falsify.app.cli..", "dev.falsify.app.ui..", "javafx..")
            .because("each MCP tool calls the model, checkers, runner and catalog code its CLI command calls: one pipeline, "
                    + "not a wrapper around the command line's printing (and the server never loads the window)");

    @ArchTest
    static final ArchRule onlyTheAppUsesJavaFx = noClasses().that().resideOutsideOfPackage(APP)
            .should().dependOnClassesThat().resideInAnyPackage("javafx..", "com.sun.javafx..");

    @ArchTest
    static final ArchRule modelPointsNowhere = noClasses().that().resideInAPackage(MODEL)
            .should().dependOnClassesThat().resideInAnyPackage(CHECKERS, CATALOG, RUNNER, APP);

    @ArchTest
    static final ArchRule checkersPointOnlyToTheModel = noClasses().that().resideInAPackage(CHECKERS)
            .should().dependOnClassesThat().resideInAnyPackage(CATALOG, RUNNER, APP);

    @ArchTest
    static final ArchRule catalogPointsOnlyToTheModel = noClasses().that().resideInAPackage(CATALOG)
            .should().dependOnClassesThat().resideInAnyPackage(CHECKERS, RUNNER, APP);

    @ArchTest
    static final ArchRule runnerDoesNotPointToTheApp = noClasses().that().resideInAPackage(RUNNER)
            .should().dependOnClassesThat().resideInAPackage(APP);

    @ArchTest
    static final ArchRule testkitPointsOnlyToCheckersAndModel = noClasses().that().resideInAPackage(TESTKIT)
            .should().dependOnClassesThat().resideInAnyPackage(CATALOG, RUNNER, APP, "javafx..", "com.sun.javafx..");

    @ArchTest
    static final ArchRule nothingPointsToTheTestkit = noClasses().that().resideOutsideOfPackage(TESTKIT)
            .should().dependOnClassesThat().resideInAPackage(TESTKIT);

    @ArchTest
    static final ArchRule libraryCodeDoesNotPrintToStandardError = noClasses().that().resideOutsideOfPackage(APP)
            .should().accessField(System.class, "err");

    // ---- what ships ----

    /** The developers' tools by name: the benchmarks, the headless screenshots and start-up probes, the CDS training runs. */
    private static final Set<String> DEV_TOOL_NAMES = Set.of("HeadlessFx", "ScreenshotRenderer", "ColdStartProbe", "CliTraining");

    @ArchTest
    static final ArchRule noDevToolsInTheProduct = noClasses().that().resideInAPackage("dev.falsify..")
            .should().haveSimpleNameEndingWith("Benchmark")
            .orShould(com.tngtech.archunit.lang.conditions.ArchConditions.have(DescribedPredicate.describe(
                    "the simple name of a dev tool " + DEV_TOOL_NAMES, c -> DEV_TOOL_NAMES.contains(c.getSimpleName()))))
            .orShould().resideInAPackage("dev.falsify.devtools..")
            .because("benchmarks, screenshots and training runs are for developers: they live in the devtools module, "
                    + "outside the product jar and the installers, and join `falsify` through ExtraCommands when present");

    @ArchTest
    static final ArchRule theProductDoesNotNeedMonocle = noClasses().that().resideInAPackage("dev.falsify..")
            .should().dependOnClassesThat().resideInAnyPackage("com.sun.glass.ui.monocle..", "org.testfx..", "dev.falsify.devtools..")
            .because("Monocle and TestFX are test libraries (test scope in the app; compile scope in devtools only), "
                    + "and the product never imports the devtools it does not ship");

    // ---- no package cycles; the fast path stays light ----

    /** Every package of the product is a slice of its own. */
    private static final SliceAssignment PRODUCT_PACKAGES = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass c) {
            return c.getPackageName().startsWith("dev.falsify.") ? SliceIdentifier.of(c.getPackageName()) : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
            return "the packages of dev.falsify";
        }
    };

    @ArchTest
    static final ArchRule appPackagesFormNoCycle = slices().assignedFrom(new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass c) {
            String p = c.getPackageName();
            return p.equals("dev.falsify.app") || p.startsWith("dev.falsify.app.") ? SliceIdentifier.of(p) : SliceIdentifier.ignore();
        }

        @Override
        public String getDescription() {
            return "the packages of dev.falsify.app";
        }
    }).should().beFreeOfCycles()
            .because("the entry point (app.Main) starts the command line (app.cli), which starts the window (app.ui); "
                    + "none of them reaches back, so the command line is read and tested without the window's classes "
                    + "and app.cli.fastpath without picocli's");

    @ArchTest
    static final ArchRule noPackageCycles = slices().assignedFrom(PRODUCT_PACKAGES).should().beFreeOfCycles()
            .because("packages that need each other can only be understood, tested and moved together; what two "
                    + "packages share goes down into a package both may use");

    @ArchTest
    static final ArchRule theFastPathLoadsNothingHeavy = com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes()
            .that().resideInAPackage("dev.falsify.app.cli.fastpath..")
            .should().onlyDependOnClassesThat().resideInAnyPackage("java..", "dev.falsify.app.cli.fastpath..")
            .because("the fast path reads the command lines people type most before anything else loads: every class it "
                    + "touched (picocli, Jackson, the checkers, JavaFX) would be loaded at every start (docs/performance.md)");

    // ---- the window (app.ui) ----

    private static final String UI = "dev.falsify.app.ui";

    /** Each package of the window is a slice: the frame (app.ui itself) and each part (app.ui.editor, …). */
    private static final SliceAssignment UI_PACKAGES = new SliceAssignment() {
        @Override
        public SliceIdentifier getIdentifierOf(JavaClass c) {
            String p = c.getPackageName();
            if (!(p.equals(UI) || p.startsWith(UI + "."))) {
                return SliceIdentifier.ignore();
            }
            return SliceIdentifier.of(p);
        }

        @Override
        public String getDescription() {
            return "the packages of " + UI;
        }
    };

    @ArchTest
    static final ArchRule windowPackagesFormNoCycle = slices().assignedFrom(UI_PACKAGES).should().beFreeOfCycles()
            .because("the window's parts (editor, views, tabs, theme, background work) are read, tested and changed one "
                    + "at a time only if no two of them need each other; shared small types go to a package both may use");

    @ArchTest
    static final ArchRule windowPartsDoNotReachIntoTheFrame = noClasses()
            .that().resideInAPackage(UI + ".(*)..")
            .should().dependOnClassesThat(DescribedPredicate.<JavaClass>describe("are in the frame package " + UI,
                    c -> c.getPackageName().equals(UI)))
            .because("the frame (Workbench and its menus, router wiring, guard) wires the parts; a part that called the "
                    + "frame back would make the window one class again. What a part needs from the window is a small "
                    + "interface in its own package (RunHost, ReviewHost) or in app.ui.tab / app.ui.theme / app.ui.work");

    @ArchTest
    static final ArchRule windowThreadsStartInOnePlace = noClasses()
            .that().resideInAPackage(UI + "..").and().resideOutsideOfPackage(UI + ".work..")
            .should().callConstructorWhere(target(owner(assignableTo(Thread.class))))
            .orShould().callConstructorWhere(target(owner(assignableTo(ExecutorService.class))))
            .orShould().callConstructorWhere(target(owner(assignableTo(Timer.class))))
            .orShould().callMethodWhere(target(owner(type(Executors.class))))
            .orShould().callMethodWhere(target(owner(type(CompletableFuture.class))).and(target(nameMatching("(supply|run)Async"))))
            .because("work off the FX thread starts in app.ui.work (BackgroundThreads, BackgroundWork): every thread is "
                    + "named for what it serves and a daemon, so a closed window leaves none running, and long work "
                    + "shows progress and Cancel");
}
