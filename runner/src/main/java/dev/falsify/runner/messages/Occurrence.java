package dev.falsify.runner.messages;

import dev.falsify.model.plan.run.RunVocabulary.MessageEventKind;

/** What a condition is evaluated on: something that happened to a message, a service's log line, or a moment (the clock ticked, the monitor changed state). */
sealed interface Occurrence permits Occurrence.OfMessage, Occurrence.LogLine, Occurrence.Moment {
    record OfMessage(MessageEventKind kind, Message message) implements Occurrence {
    }

    record LogLine(String service, String text) implements Occurrence {
    }

    record Moment() implements Occurrence {
    }
}
