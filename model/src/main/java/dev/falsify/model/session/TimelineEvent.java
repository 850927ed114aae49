package dev.falsify.model.session;

/**
 * A row of the scenario timeline: Time (UTC) | Scenario | Event | Notes.
 *
 * @param time     UTC time as written
 * @param scenario scenario or arm id ({@code S5/api}), or empty for session-level events
 * @param event    {@code start}, {@code fault injected}, {@code fault healed}, {@code landing}, {@code oracle}, {@code end}, …
 * @param notes    details
 */
public record TimelineEvent(String time, String scenario, String event, String notes) {
    public TimelineEvent {
        time = time == null ? "" : time;
        scenario = scenario == null ? "" : scenario;
        event = event == null ? "" : event;
        notes = notes == null ? "" : notes;
    }

    /** The arm the scenario cell names ({@code **S01** name} → {@code S01}, {@code S1 / api} → {@code S1/api}), or the cell. */
    public String armId() {
        return SessionLogFormat.armCell(scenario);
    }
}
