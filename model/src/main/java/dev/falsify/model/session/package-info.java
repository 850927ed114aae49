/**
 * Session folders (sessions-and-verdicts.md): the one place that knows their layout and formats. The
 * pipeline, both ways:
 * <ol>
 *   <li>written: {@link dev.falsify.model.session.SessionWriter} writes {@code session-log.md} (header, timeline,
 *       verdict table, artifacts) as a run proceeds, each file whole and atomically, so a reader or a crash only
 *       ever sees complete files; {@link dev.falsify.model.session.ReportFile} writes {@code findings/report.md}
 *       inside the folder and never over an author's own report;</li>
 *   <li>read: {@link dev.falsify.model.session.SessionLayout} finds the parts as they are actually spelled (by
 *       Falsify, an agent or a person), and {@link dev.falsify.model.session.SessionReader} opens any folder,
 *       complete or not, never refusing: what is absent is listed as missing, what is unreadable as a problem;</li>
 *   <li>what a session's files say is data: no value in them changes how they are read.</li>
 * </ol>
 */
package dev.falsify.model.session;
