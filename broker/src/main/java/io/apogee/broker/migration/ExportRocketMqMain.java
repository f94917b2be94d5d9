package io.apogee.broker.migration;

import io.apogee.broker.schedule.ScheduleService;
import io.apogee.broker.schedule.ScheduleTopic;
import java.nio.file.Path;

/**
 * {@code apogee store export-rocketmq DIR}: runs {@link RocketMqExport} on a stopped broker's store directory and
 * prints a line per file written. Exit status 0 when done, 1 when the directory is refused, 2 on bad usage.
 *
 * <p>Runs on the main thread.
 */
public final class ExportRocketMqMain {
    private ExportRocketMqMain() {
    }

    /** Exports the directory named by the only argument. */
    public static void main(String[] args) {
        if (args.length != 1 || args[0].startsWith("-")) {
            System.err.println("usage: apogee store export-rocketmq DIR (a cleanly stopped Apogee store directory)");
            System.exit(2);
            return;
        }
        try {
            for (String line : RocketMqExport.export(Path.of(args[0]), ScheduleService.OFFSET_GROUP, ScheduleTopic.NAME)) {
                System.out.println(line);
            }
            System.out.println("Apache RocketMQ 5.4.0 can now start on " + args[0]);
        } catch (MigrationException e) {
            System.err.println("apogee store export-rocketmq: " + e.getMessage());
            System.exit(1);
        }
    }
}
