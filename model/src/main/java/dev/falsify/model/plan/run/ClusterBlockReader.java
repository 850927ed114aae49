package dev.falsify.model.plan.run;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.SequenceNode;

/**
 * The cluster parts of a run block, against {@link ClusterVocabulary}: {@code nodes:}, a service's
 * {@code node:}, and the {@code partition:} and {@code net:} faults. Kept beside {@link RunSpecParser}
 * (as {@link MessageBlockReader} is) so the parser stays one screen per section.
 */
final class ClusterBlockReader {
    static final Set<String> NODE_FIELDS = Set.of("name", "transport");
    static final Set<String> PARTITION_FIELDS = Set.of("shape", "node", "nodes", "from", "to");
    static final Set<String> NET_FIELDS = Set.of("kind", "nodes", "params");

    private final RunSpecParser p;
    private final List<RunSpec.Node> nodes;

    private ClusterBlockReader(RunSpecParser p, List<RunSpec.Node> nodes) {
        this.p = p;
        this.nodes = nodes;
    }

    /** Reads {@code nodes:} (a list of {@code { name, transport }}, or of bare names). */
    static ClusterBlockReader read(RunSpecParser p, Node n) {
        List<RunSpec.Node> out = new ArrayList<>();
        if (n != null && !(n instanceof SequenceNode)) {
            p.error(n, "nodes", "nodes must be a list ({ name: n1, transport: netns } per node)");
        } else if (n != null) {
            Set<String> seen = new LinkedHashSet<>();
            List<Node> items = ((SequenceNode) n).getValue();
            for (int i = 0; i < items.size(); i++) {
                String path = "nodes[" + i + "]";
                Node item = items.get(i);
                String name;
                String transport = ClusterVocabulary.Transport.LOCAL.id();
                Node nameNode = item;
                if (item instanceof MappingNode m) {
                    Map<String, Node> f = p.fields(m, path, NODE_FIELDS);
                    name = p.required(f, "name", path, m);
                    nameNode = f.getOrDefault("name", m);
                    String t = p.str(f.get("transport"), path + ".transport");
                    if (t != null) {
                        ClusterVocabulary.Transport known = ClusterVocabulary.Transport.of(t).orElse(null);
                        if (known == null) {
                            p.error(f.get("transport"), path + ".transport", "unknown node transport '" + t + "' (expected "
                                    + RunVocabulary.oneOf(ClusterVocabulary.Transport.ids()) + ")");
                        } else {
                            transport = known.id();
                        }
                    }
                } else {
                    name = p.str(item, path);
                }
                if (name == null) continue;
                name = name.strip();
                if (!ClusterVocabulary.NODE_NAME.matcher(name).matches()) {
                    p.error(nameNode, path + ".name", "node name '" + name + "' must be a word of at most 16 letters, digits, _ or -");
                    continue;
                }
                if (!seen.add(name)) {
                    p.error(nameNode, path + ".name", "node '" + name + "' is declared twice");
                    continue;
                }
                out.add(new RunSpec.Node(name, transport, p.span(item)));
            }
        }
        return new ClusterBlockReader(p, out);
    }

    List<RunSpec.Node> nodes() {
        return nodes;
    }

    private List<String> netnsNames() {
        return nodes.stream().filter(RunSpec.Node::netns).map(RunSpec.Node::name).toList();
    }

    /** A service's {@code node:}: a declared node, or null when absent. */
    String serviceNode(Node n, String path) {
        String v = p.str(n, path);
        if (v == null) return null;
        String name = v.strip();
        if (nodes.stream().noneMatch(x -> x.name().equals(name))) {
            p.error(n, path, "service runs on unknown node '" + name + "'" + declared());
        }
        return name;
    }

    /** Checks that every {@code {node:NAME}} in {@code text} names a declared node. */
    void placeholders(Node owner, String path, String text) {
        if (text == null || text.indexOf("{node:") < 0) return;
        java.util.regex.Matcher m = ClusterVocabulary.NODE_PLACEHOLDER.matcher(text);
        while (m.find()) {
            String name = m.group(1);
            if (nodes.stream().noneMatch(x -> x.name().equals(name))) {
                p.error(owner, path, "{node:" + name + "} names no declared node" + declared());
            }
        }
    }

    RunSpec.PartitionAction partition(Node n, String path) {
        MappingNode m = p.mapping(n, path);
        if (m == null) return null;
        Map<String, Node> f = p.fields(m, path, PARTITION_FIELDS);
        String shapeText = p.required(f, "shape", path, m);
        ClusterVocabulary.Shape shape = ClusterVocabulary.Shape.of(shapeText).orElse(null);
        if (shapeText != null && shape == null) {
            p.error(f.get("shape"), path + ".shape", "unknown partition shape '" + shapeText + "' (expected "
                    + RunVocabulary.oneOf(ClusterVocabulary.Shape.ids()) + ")");
        }
        String node = p.str(f.get("node"), path + ".node");
        List<String> list = names(f.get("nodes"), path + ".nodes");
        List<String> from = names(f.get("from"), path + ".from");
        List<String> to = names(f.get("to"), path + ".to");
        if (node != null) node = known(f.get("node"), path + ".node", node.strip());
        if (shape != null) {
            for (String field : PARTITION_FIELDS) {
                boolean wanted = shape.fields().contains(field) || field.equals("shape") || field.equals("nodes");
                if (f.containsKey(field) && !wanted) {
                    p.error(f.get(field), path + "." + field, "partition shape " + shape.id() + " takes no '" + field + "'"
                            + (shape.fields().isEmpty() ? "" : " (it takes " + String.join(", ", shape.fields()) + ")"));
                }
                if (shape.fields().contains(field) && !f.containsKey(field)) {
                    p.error(m, path + "." + field, "partition shape " + shape.id() + " needs '" + field + "'");
                }
            }
            int count = list.isEmpty() ? netnsNames().size() : list.size();
            if (shape != ClusterVocabulary.Shape.ONE_WAY && count < shape.minNodes()) {
                p.error(m, path, "partition shape " + shape.id() + " needs at least " + shape.minNodes()
                        + " netns nodes (it has " + count + ")");
            }
            if (shape == ClusterVocabulary.Shape.ONE_WAY) {
                for (String a : from) {
                    if (to.contains(a)) p.error(f.get("to"), path + ".to", "node '" + a + "' is in both from and to");
                }
            }
        }
        if (netnsNames().isEmpty()) {
            p.error(m, path, "a partition needs nodes with transport: netns (the run block declares none)");
        }
        return new RunSpec.PartitionAction(shapeText == null ? null : shape == null ? shapeText.strip() : shape.id(), node, list, from, to);
    }

    RunSpec.NetAction net(Node n, String path) {
        MappingNode m = p.mapping(n, path);
        if (m == null) return null;
        Map<String, Node> f = p.fields(m, path, NET_FIELDS);
        String kindText = p.required(f, "kind", path, m);
        ClusterVocabulary.NetKind kind = ClusterVocabulary.NetKind.of(kindText).orElse(null);
        if (kindText != null && kind == null) {
            p.error(f.get("kind"), path + ".kind", "unknown net fault kind '" + kindText + "' (expected "
                    + RunVocabulary.oneOf(ClusterVocabulary.NetKind.ids()) + ")");
        }
        List<String> list = names(f.get("nodes"), path + ".nodes");
        Map<String, String> params = new LinkedHashMap<>();
        Node pn = f.get("params");
        MappingNode pm = pn == null ? null : p.mapping(pn, path + ".params");
        if (pm != null) {
            for (NodeTuple t : pm.getValue()) {
                String key = RunSpecParser.scalar(t.getKeyNode());
                String v = p.str(t.getValueNode(), path + ".params." + key);
                if (key == null || v == null) continue;
                RunVocabulary.Param param = kind == null ? null : kind.param(key).orElse(null);
                if (kind != null && param == null) {
                    p.error(t.getKeyNode(), path + ".params." + key, "net fault kind " + kind.id() + " takes no parameter '" + key
                            + "' (it takes " + String.join(", ", kind.paramNames()) + ")");
                } else if (param != null && !param.type().accepts(v)) {
                    p.error(t.getValueNode(), path + ".params." + key, key + " '" + v + "' must be " + param.type().expected());
                } else if (key.equals("percent") && Long.parseLong(v.strip()) > 100) {
                    p.error(t.getValueNode(), path + ".params." + key, "percent '" + v + "' must be from 0 to 100");
                } else {
                    params.put(key, v.strip());
                }
            }
        }
        if (netnsNames().isEmpty()) {
            p.error(m, path, "a net fault needs nodes with transport: netns (the run block declares none)");
        }
        return new RunSpec.NetAction(kind == null ? kindText : kind.id(), list, params);
    }

    /** A node name or a list of them; each must be a declared netns node. */
    private List<String> names(Node n, String path) {
        List<String> out = new ArrayList<>();
        if (n == null) return out;
        List<Node> items = n instanceof SequenceNode s ? s.getValue() : List.of(n);
        for (int i = 0; i < items.size(); i++) {
            String v = p.str(items.get(i), path + "[" + i + "]");
            if (v == null) continue;
            String name = known(items.get(i), path + "[" + i + "]", v.strip());
            if (out.contains(name)) p.error(items.get(i), path, "node '" + name + "' is listed twice");
            else out.add(name);
        }
        return out;
    }

    private String known(Node n, String path, String name) {
        RunSpec.Node node = nodes.stream().filter(x -> x.name().equals(name)).findFirst().orElse(null);
        if (node == null) {
            p.error(n, path, "unknown node '" + name + "'" + declared());
        } else if (!node.netns()) {
            p.error(n, path, "node '" + name + "' has transport " + node.transport() + ": network faults need transport: netns");
        }
        return name;
    }

    private String declared() {
        Set<String> names = new LinkedHashSet<>();
        nodes.forEach(x -> names.add(x.name()));
        return RunSpecParser.declared(names, "nodes");
    }
}
