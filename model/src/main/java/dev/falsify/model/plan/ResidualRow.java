package dev.falsify.model.plan;

import java.util.List;

/** A §7c residual-uncertainty row; {@code ids} are every claim/hypothesis/scenario id in the row. */
public record ResidualRow(List<String> ids, String description, TableRow row) {

    public ResidualRow {
        ids = List.copyOf(ids);
    }
}
