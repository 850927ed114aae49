package dev.falsify.app.ui.viewers;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Iterator;
import java.util.Map;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;

/** A JSON document as a read-only tree: objects and arrays expand, scalars show {@code key: value}. */
public final class JsonTreeViewer extends TreeView<String> {
    private static final ObjectMapper JSON = new ObjectMapper();

    public JsonTreeViewer() {
        setId("json-tree");
        setEditable(false);
    }

    /** @throws IOException when the text is not JSON (the caller shows it as text instead) */
    public void show(String text) throws IOException {
        JsonNode node = JSON.readTree(text);
        TreeItem<String> root = item("(root)", node, 0);
        root.setExpanded(true);
        setRoot(root);
    }

    private static TreeItem<String> item(String key, JsonNode node, int depth) {
        if (node.isObject()) {
            TreeItem<String> t = new TreeItem<>(key + " {" + node.size() + "}");
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                t.getChildren().add(item(e.getKey(), e.getValue(), depth + 1));
            }
            t.setExpanded(depth < 1);
            return t;
        }
        if (node.isArray()) {
            TreeItem<String> t = new TreeItem<>(key + " [" + node.size() + "]");
            for (int i = 0; i < node.size(); i++) {
                t.getChildren().add(item("[" + i + "]", node.get(i), depth + 1));
            }
            t.setExpanded(depth < 1 && node.size() <= 20);
            return t;
        }
        return new TreeItem<>(key + ": " + (node.isTextual() ? "\"" + node.asText() + "\"" : node.toString()));
    }
}
