package dev.falsify.app;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The module rule, on the compiled classes of every module (tests excluded): app → runner →
 * {model, checkers, catalog}, checkers → model, testkit → {checkers, model}, nothing points upward and
 * nothing points to the testkit (a library for the tests of other projects); only the app touches JavaFX;
 * library code (everything but the app) never writes to the console's error stream: it reports
 * through results, exceptions or the handler its caller gives it.
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
}
