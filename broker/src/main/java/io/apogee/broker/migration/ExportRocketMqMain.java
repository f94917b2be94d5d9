package io.apogee.broker.migration;

import io.apogee.broker.schedule.ScheduleService;
import io.apogee.broker.schedule.ScheduleTopic;
import java.nio.file.Path;

/**
 * {@code apogee store export-rocketmq [--max-hash-slot-num N] [--max-index-num N] DIR}: runs {@link RocketMqExport} on
 * a stopped broker's store directory and prints a line per file written. The two sizes are those RocketMQ will be
 * started with (its defaults when left out), as its index files are mapped by them. Exit status 0 when done, 1 when
 * the directory is refused, 2 on bad usage.
 *
 * <p>Runs on the main thread.
 */
public final class ExportRocketMqMain {
    private static final String USAGE = "usage: apogee store export-rocketmq [--max-hash-slot-num N] [--max-index-num N]"
        + " DIR (a cleanly stopped Apogee store directory; N as RocketMQ's maxHashSlotNum and maxIndexNum, default "
        + RocketMqIndexExport.DEFAULTS.maxHashSlotNum() + " and " + RocketMqIndexExport.DEFAULTS.maxIndexNum() + ")";

    private ExportRocketMqMain() {
    }

    /** Exports the directory named by the last argument. */
    public static void main(String[] args) {
        int slots = RocketMqIndexExport.DEFAULTS.maxHashSlotNum();
        int entries = RocketMqIndexExport.DEFAULTS.maxIndexNum();
        String directory = null;
        RocketMqIndexExport index;
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--max-hash-slot-num" -> slots = number(args, ++i);
                    case "--max-index-num" -> entries = number(args, ++i);
                    default -> {
                        if (args[i].startsWith("-") || directory != null) {
                            throw new IllegalArgumentException("unexpected " + args[i]);
                        }
                        directory = args[i];
                    }
                }
            }
            if (directory == null) {
                throw new IllegalArgumentException("no DIR");
            }
            index = new RocketMqIndexExport(slots, entries);
        } catch (IllegalArgumentException e) {
            System.err.println("apogee store export-rocketmq: " + e.getMessage());
            System.err.println(USAGE);
            System.exit(2);
            return;
        }
        try {
            for (String line : RocketMqExport.export(Path.of(directory), ScheduleService.OFFSET_GROUP, ScheduleTopic.NAME,
                index)) {
                System.out.println(line);
            }
            System.out.println("Apache RocketMQ 5.4.0 can now start on " + directory + " with maxHashSlotNum=" + slots
                + " and maxIndexNum=" + entries);
        } catch (MigrationException e) {
            System.err.println("apogee store export-rocketmq: " + e.getMessage());
            System.exit(1);
        }
    }

    private static int number(String[] args, int at) {
        if (at >= args.length) {
            throw new IllegalArgumentException(args[at - 1] + " needs a number");
        }
        try {
            return Integer.parseInt(args[at]);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(args[at - 1] + " is not a number: " + args[at], e);
        }
    }
}
