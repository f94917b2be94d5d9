package io.apogee.cli.store;

import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.PrintWriter;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code apogee store verify DIR}: checks a stopped broker's store and lists every problem with its file and
 * offset, then the totals. Exit code 0 when healthy, 1 with problems, 2 for a usage error.
 *
 * <p>Not thread-safe: picocli runs it once on the calling thread.
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
    description = "Checks a stopped broker's store directory (Apogee's or Apache RocketMQ's) without writing to it: "
        + "commit-log framing and body CRCs, consume-queue units against the log, the message index, the checkpoint "
        + "and the metadata files. Exit code: 0 healthy, 1 problems found, 2 usage error.")
public final class VerifyCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Mixin
    private StoreDirectoryArgument directory;

    @Option(names = "--json", description = "print the report as one JSON object")
    private boolean json;

    @Option(names = "--index-slots", paramLabel = "N",
        description = "hash slots per index file (default: inferred from the file size, four entries per slot)")
    private int indexSlots;

    @Override
    public Integer call() {
        StoreDirectory store = directory.open(spec.commandLine().getErr());
        if (store == null) {
            return StoreCommand.USAGE;
        }
        Findings findings = new StoreVerifier(store, indexSlots).verify();
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(toJson(store, findings));
        } else {
            printText(out, store, findings);
        }
        out.flush();
        return findings.healthy() ? StoreCommand.HEALTHY : StoreCommand.PROBLEMS;
    }

    private static void printText(PrintWriter out, StoreDirectory store, Findings findings) {
        for (Problem problem : findings.listed()) {
            out.println(problem);
        }
        if (findings.problems() > findings.listed().size()) {
            out.println("... and " + (findings.problems() - findings.listed().size()) + " more problems");
        }
        out.printf("%s: %d problems; %d records (%d bytes) up to log offset %d; %d topics, %d queues, %d queue units, "
                + "%d index entries%n", store.root(), findings.problems(), findings.records(), findings.recordBytes(),
            findings.logEnd(), findings.topics(), findings.queues(), findings.queueUnits(), findings.indexEntries());
    }

    private static String toJson(StoreDirectory store, Findings findings) {
        JsonMapper mapper = new JsonMapper();
        ObjectNode root = mapper.createObjectNode();
        root.put("directory", store.root().toString());
        root.put("healthy", findings.healthy());
        root.put("problemCount", findings.problems());
        ArrayNode problems = root.putArray("problems");
        for (Problem problem : findings.listed()) {
            problems.addObject().put("file", problem.file()).put("offset", problem.offset()).put("what", problem.what());
        }
        ObjectNode totals = root.putObject("totals");
        totals.put("records", findings.records());
        totals.put("bytes", findings.recordBytes());
        totals.put("logEnd", findings.logEnd());
        totals.put("topics", findings.topics());
        totals.put("queues", findings.queues());
        totals.put("queueUnits", findings.queueUnits());
        totals.put("indexEntries", findings.indexEntries());
        return root.toString();
    }
}
