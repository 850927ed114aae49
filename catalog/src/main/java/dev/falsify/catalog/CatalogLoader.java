package dev.falsify.catalog;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.function.Function;

/**
 * Reads the catalog's YAML resources (one file per kind of entry) into records. Unknown fields are
 * errors, so a typo in the content fails the build's tests instead of silently dropping text.
 */
final class CatalogLoader {
    private final ObjectMapper yaml = JsonMapper.builder(new YAMLFactory())
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .build();
    private final Function<String, InputStream> resources;

    CatalogLoader(Function<String, InputStream> resources) {
        this.resources = resources;
    }

    static CatalogLoader fromClasspath() {
        return new CatalogLoader(name -> Catalog.class.getResourceAsStream(name));
    }

    <T> List<T> list(String resource, Class<T> type) {
        JavaType listType = yaml.getTypeFactory().constructCollectionType(List.class, type);
        try (InputStream in = resources.apply(resource)) {
            if (in == null) {
                throw new IllegalStateException("catalog resource " + resource + " is missing");
            }
            List<T> items = yaml.readValue(in, listType);
            return List.copyOf(items);
        } catch (JsonProcessingException e) {
            String where = e.getLocation() == null ? ""
                    : ":" + e.getLocation().getLineNr() + ":" + e.getLocation().getColumnNr();
            throw new IllegalStateException("catalog resource " + resource + where + ": "
                    + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read catalog resource " + resource, e);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("catalog resource " + resource + ": " + e.getMessage(), e);
        }
    }
}
