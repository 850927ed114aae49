package dev.falsify.model.plan;

import java.util.List;

/** A §7b coverage-adequacy row: the claim(s) and the argument why the scenarios suffice. */
public record AdequacyRow(List<String> claims, String claimText, String argument, TableRow row) {

    public AdequacyRow {
        claims = List.copyOf(claims);
    }
}
