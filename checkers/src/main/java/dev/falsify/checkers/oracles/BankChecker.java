package dev.falsify.checkers.oracles;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import dev.falsify.checkers.api.CheckBudget;
import dev.falsify.checkers.api.CheckInput;
import dev.falsify.checkers.api.CheckResult;
import dev.falsify.checkers.api.Checker;
import dev.falsify.checkers.lin.ModelException;
import dev.falsify.model.history.Op;
import dev.falsify.model.history.Outcome;
import dev.falsify.model.vocabulary.CheckerName;
import dev.falsify.model.vocabulary.HistoryModel;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * {@code bank}: Jepsen's bank workload as {@code jepsen.tests.bank/checker} checks it. Ops:
 * {@code transfer} ({@code {:from a, :to b, :amount n}}) and {@code read}, which returns every
 * account's balance as a map. Each successful read is checked, the first rule it breaks naming it
 * (Jepsen's order):
 * <ol>
 *   <li><b>unexpected-key</b>: an account that is not one of the accounts;</li>
 *   <li><b>nil-balance</b>: an account read as nil;</li>
 *   <li><b>wrong-total</b>: the balances do not sum to the total;</li>
 *   <li><b>negative-value</b>: a balance below zero, unless option {@code negative-balances=true}.</li>
 * </ol>
 * Jepsen takes the accounts and the total from its test map, which the history does not hold:
 * options {@code accounts} (comma-separated) and {@code total} give them; without them the accounts
 * are those of the first read and of the transfers, and the total is the first read's (the total
 * must stay constant, so reads that disagree with each other are wrong whatever it was; the result
 * says which read the total was taken from). Reads that all agree without a given total are too
 * weak, not valid: the first read may have been wrong too.
 */
public final class BankChecker implements Checker {
    public static final String NAME = CheckerName.BANK.id();
    public static final String OPT_TOTAL = "total";
    public static final String OPT_ACCOUNTS = "accounts";
    public static final String OPT_NEGATIVE = "negative-balances";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public List<HistoryModel> models() {
        return List.of(HistoryModel.BANK);
    }

    @Override
    public List<String> needs() {
        return List.of("reads whose output maps every account to its balance", "transfer ops {from, to, amount}",
                "options total and accounts (else taken from the first read)");
    }

    @Override
    public CheckResult check(CheckInput input, CheckBudget budget) {
        OracleReport report = new OracleReport(name(), input);
        boolean negativeAllowed = Boolean.parseBoolean(input.option(OPT_NEGATIVE, "false"));
        List<Op> reads = new ArrayList<>();
        Set<String> transferAccounts = new LinkedHashSet<>();
        int transfers = 0;
        for (Op op : input.history()) {
            switch (WorkloadOps.f(op)) {
                case "transfer" -> {
                    transfers++;
                    JsonNode v = op.input();
                    if (v != null && v.isObject()) {
                        for (String side : new String[] {"from", "to"}) {
                            if (v.hasNonNull(side)) transferAccounts.add(WorkloadOps.show(v.get(side)));
                        }
                    }
                }
                case "read" -> {
                    if (op.outcome() != Outcome.OK) continue;
                    if (op.output() == null || !op.output().isObject()) {
                        throw new ModelException(op, "a bank read must return every account's balance as a map, found "
                                + WorkloadOps.show(op.output()));
                    }
                    reads.add(op);
                }
                default -> throw new ModelException(op, "op_type '" + op.opType() + "' is not an operation of a bank"
                        + " (expected transfer, read)");
            }
        }
        report.consumed(transfers + reads.size());
        if (reads.isEmpty()) {
            report.weak("no-observations", "no read of the balances succeeded", List.of());
            return report.finish("", "");
        }
        String totalText = input.option(OPT_TOTAL, null);
        BigDecimal total;
        String totalFrom;
        if (totalText != null) {
            try {
                total = new BigDecimal(totalText.strip());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("option total must be a number, found " + totalText);
            }
            totalFrom = "the total " + totalText.strip();
        } else {
            total = sum(reads.get(0));
            totalFrom = "the total " + plain(total) + " (that of the first read, " + WorkloadOps.cite(reads.get(0))
                    + "; pass --option total=N to give it)";
        }
        Set<String> accounts = new LinkedHashSet<>();
        String accountsText = input.option(OPT_ACCOUNTS, null);
        if (accountsText != null) {
            for (String a : accountsText.split(",")) if (!a.isBlank()) accounts.add(a.strip());
        } else {
            for (Iterator<String> it = reads.get(0).output().fieldNames(); it.hasNext(); ) accounts.add(it.next());
            accounts.addAll(transferAccounts);
        }
        for (Op read : reads) check(read, accounts, total, totalFrom, negativeAllowed, report);
        if (totalText == null && report.violations() == 0) {
            // every read agrees with the first, but nothing says the first had the bank's total
            report.weak("total-not-given", "all " + reads.size() + " reads sum to " + plain(total) + ", but the history does"
                    + " not record the bank's total (Jepsen's :total-amount, from the test map): pass -O total=N to check"
                    + " the reads against it", List.of());
        }
        return report.finish(reads.size() + " reads of " + accounts.size() + " accounts, each summing to " + plain(total)
                + (negativeAllowed ? "" : " with no negative balance") + " (" + transfers + " transfers; "
                + (totalText == null ? "total taken from the first read" : "total given") + ")", "wrong reads");
    }

    private static void check(Op read, Set<String> accounts, BigDecimal total, String totalFrom, boolean negativeAllowed,
                              OracleReport report) {
        JsonNode balances = read.output();
        List<String> unexpected = new ArrayList<>();
        List<String> nils = new ArrayList<>();
        List<String> negative = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = balances.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            if (!accounts.contains(e.getKey())) unexpected.add(e.getKey());
            JsonNode b = e.getValue();
            if (b == null || b.isNull()) nils.add(e.getKey());
            else if (!b.isNumber()) throw new ModelException(read, "a balance must be a number, found " + WorkloadOps.show(b));
            else if (b.decimalValue().signum() < 0) negative.add(e.getKey() + " " + plain(b.decimalValue()));
        }
        String who = "the read " + WorkloadOps.cite(read);
        if (!unexpected.isEmpty()) {
            ArrayNode keys = report.violation("unexpected-key: " + who + " returned accounts " + unexpected + ", which are not "
                    + "among the accounts " + accounts).put("type", "unexpected-key").<com.fasterxml.jackson.databind.node.ObjectNode>setAll(WorkloadOps.ref(read))
                    .putArray("unexpected");
            unexpected.forEach(keys::add);
        } else if (!nils.isEmpty()) {
            ArrayNode keys = report.violation("nil-balance: " + who + " returned nil balances for " + nils)
                    .put("type", "nil-balance").<com.fasterxml.jackson.databind.node.ObjectNode>setAll(WorkloadOps.ref(read)).putArray("nils");
            nils.forEach(keys::add);
        } else if (sum(read).compareTo(total) != 0) {
            report.violation("wrong-total: " + who + " returned " + WorkloadOps.show(balances) + ", which sums to "
                    + plain(sum(read)) + ", not " + totalFrom).put("type", "wrong-total").put("total", sum(read))
                    .put("expected", total).setAll(WorkloadOps.ref(read));
        } else if (!negativeAllowed && !negative.isEmpty()) {
            ArrayNode keys = report.violation("negative-value: " + who + " returned negative balances " + negative
                            + " (pass --option negative-balances=true if the bank allows them)").put("type", "negative-value")
                    .<com.fasterxml.jackson.databind.node.ObjectNode>setAll(WorkloadOps.ref(read)).putArray("negative");
            negative.forEach(keys::add);
        }
    }

    /** The sum of a read's balances (nil balances count as nothing). */
    private static BigDecimal sum(Op read) {
        BigDecimal s = BigDecimal.ZERO;
        for (JsonNode b : read.output()) {
            if (b != null && b.isNumber()) s = s.add(b.decimalValue());
        }
        return s;
    }

    private static String plain(BigDecimal d) {
        return d.stripTrailingZeros().toPlainString();
    }
}
