package dev.falsify.model.verdict;

/**
 * One reading of a fault's landing signal.
 *
 * @param time        UTC time of the reading (ISO-8601), or empty
 * @param signal      what was read ({@code proxy n1 bytes dropped}, {@code iptables DROP counter})
 * @param before      value before the fault window
 * @param during      value during the fault window
 * @param expectation the plan's expectation ({@code delta > 0})
 * @param met         whether the expectation held; null when it could not be evaluated
 */
public record LandingReading(String time, String signal, String before, String during, String expectation, Boolean met) {
    public LandingReading {
        time = time == null ? "" : time;
        signal = signal == null ? "" : signal;
        before = before == null ? "" : before;
        during = during == null ? "" : during;
        expectation = expectation == null ? "" : expectation;
    }
}
