package dev.falsify.model.plan.run;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;

/**
 * A run-block fault written as a Toxiproxy toxic —
 * {@code toxic: { proxy: db, type: latency, stream: downstream, toxicity: 0.5, attributes: { latency: 200 } }} —
 * read through the one table ({@link RunVocabulary.ToxicType}) into the proxy fault it is, so the runner
 * injects it on the run's proxy and its landing evidence lands in the session like any proxy fault's.
 * Defaults are Toxiproxy's: stream downstream, toxicity 1, absent attributes 0; unlike Toxiproxy, an
 * attribute the type does not have is an error (a plan's typo should not pass silently).
 */
final class ToxicFaultReader {
    static final Set<String> FIELDS = Set.of("proxy", "type", "stream", "toxicity", "attributes");

    private ToxicFaultReader() {
    }

    static RunSpec.ProxyAction read(RunSpecParser p, Node n, String path, Set<String> proxyNames) {
        MappingNode m = p.mapping(n, path);
        if (m == null) return null;
        Map<String, Node> f = p.fields(m, path, FIELDS);
        String proxy = p.required(f, "proxy", path, m);
        if (proxy != null && !proxyNames.contains(proxy)) {
            p.error(f.get("proxy"), path + ".proxy", "toxic names unknown proxy '" + proxy + "'"
                    + RunSpecParser.declared(proxyNames, "proxies"));
        }
        String typeText = p.required(f, "type", path, m);
        RunVocabulary.ToxicType type = typeText == null ? null : RunVocabulary.ToxicType.of(typeText.strip()).orElse(null);
        if (typeText != null && type == null) {
            p.error(f.get("type"), path + ".type", "unknown toxic type '" + typeText + "' (expected one of "
                    + String.join(", ", RunVocabulary.ToxicType.ids()) + ")");
        }
        String stream = p.str(f.get("stream"), path + ".stream");
        stream = stream == null ? "downstream" : stream.strip().toLowerCase(Locale.ROOT);
        if (!RunVocabulary.TOXIC_STREAMS.contains(stream)) {
            p.error(f.get("stream"), path + ".stream", "stream '" + stream + "' must be upstream or downstream");
        }
        String toxicityText = p.str(f.get("toxicity"), path + ".toxicity");
        double toxicity = 1.0;
        if (toxicityText != null) {
            try {
                toxicity = Double.parseDouble(toxicityText.strip());
            } catch (NumberFormatException e) {
                toxicity = Double.NaN;
            }
            if (!(toxicity >= 0.0 && toxicity <= 1.0)) {
                p.error(f.get("toxicity"), path + ".toxicity", "toxicity '" + toxicityText + "' must be a number from 0 to 1");
                toxicity = 1.0;
            }
        }
        Map<String, Long> attributes = new LinkedHashMap<>();
        Node an = f.get("attributes");
        if (an != null) {
            MappingNode am = p.mapping(an, path + ".attributes");
            if (am != null) {
                for (NodeTuple t : am.getValue()) {
                    String key = RunSpecParser.scalar(t.getKeyNode());
                    String v = p.str(t.getValueNode(), path + ".attributes." + key);
                    if (key == null || v == null) continue;
                    if (type != null && type.attribute(key).isEmpty()) {
                        List<String> names = type.attributes().stream().map(RunVocabulary.ToxicAttribute::name).toList();
                        p.error(t.getKeyNode(), path + ".attributes." + key, "toxic type " + type.id() + " has no attribute '"
                                + key + "' (it has " + String.join(", ", names) + ")");
                    } else if (!v.strip().matches("\\d{1,15}")) {
                        p.error(t.getValueNode(), path + ".attributes." + key, key + " '" + v + "' must be a whole number >= 0");
                    } else {
                        attributes.put(key, Long.parseLong(v.strip()));
                    }
                }
            }
        }
        if (type == null) return new RunSpec.ProxyAction(proxy, typeText, Map.of(), "all");
        return new RunSpec.ProxyAction(proxy, type.kind().id(), type.params(attributes, stream), RunVocabulary.ToxicType.connections(toxicity));
    }
}
