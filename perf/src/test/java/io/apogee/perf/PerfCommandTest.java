package io.apogee.perf;

import io.apogee.common.time.ManualClock;
import io.apogee.perf.client.ClientKind;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** Options parse into the command's fields, and bad values stop the run with exit code 2 and a clear message. */
class PerfCommandTest {
    private final ByteArrayOutputStream printed = new ByteArrayOutputStream();
    private final PerfCommand command = new PerfCommand(new PrintStream(printed, true, StandardCharsets.UTF_8), new ManualClock(0));

    @Test
    void parsesEveryOption() {
        command.commandLine().parseArgs("--namesrv", "127.0.0.1:9876", "--topic", "T", "--producers", "4", "--size", "100",
            "--batch", "8", "--rate", "5000", "--messages", "1000", "--send", "SYNC", "--consumers", "2", "--group", "g",
            "--from", "LAST", "--json", "out.json", "--hgrm", "out.hgrm", "--drain-timeout", "5", "--client", "official",
            "--broker-pid", "4242", "--slave-pid", "4343", "--plot", "out.html", "--label", "run one", "--consume-after-send",
            "--warmup", "3", "--warm-read");
        command.validate();
        assertThat(command.nameServers).isEqualTo("127.0.0.1:9876");
        assertThat(command.topic).isEqualTo("T");
        assertThat(command.producers).isEqualTo(4);
        assertThat(command.size).isEqualTo(100);
        assertThat(command.batch).isEqualTo(8);
        assertThat(command.rate).isEqualTo(5000);
        assertThat(command.messageLimit()).isEqualTo(1000);
        assertThat(command.durationLimitSeconds()).isZero();
        assertThat(command.send).isEqualTo(SendMode.SYNC);
        assertThat(command.consumers).isEqualTo(2);
        assertThat(command.group).isEqualTo("g");
        assertThat(command.from).isEqualTo(StartFrom.LAST);
        assertThat(command.json).isEqualTo(Path.of("out.json"));
        assertThat(command.hgrm).isEqualTo(Path.of("out.hgrm"));
        assertThat(command.drainTimeoutSeconds).isEqualTo(5);
        assertThat(command.client).isEqualTo(ClientKind.OFFICIAL);
        assertThat(command.brokerPid).isEqualTo(4242);
        assertThat(command.slavePid).isEqualTo(4343);
        assertThat(command.plot).isEqualTo(Path.of("out.html"));
        assertThat(command.runLabel()).isEqualTo("run one");
        assertThat(command.consumeAfterSend).isTrue();
        assertThat(command.warmRead).isTrue();
        assertThat(command.warmReadCount()).isEqualTo(1);
        assertThat(command.warmupSeconds).isEqualTo(3);
    }

    @Test
    void defaultsToSixtySecondsOfSyncSendsWithoutConsumers() {
        command.commandLine().parseArgs("--namesrv", "n:1", "--send", "async", "--from", "first");
        command.validate();
        assertThat(command.durationLimitSeconds()).isEqualTo(60);
        assertThat(command.messageLimit()).isEqualTo(Long.MAX_VALUE);
        assertThat(command.send).isEqualTo(SendMode.ASYNC);
        assertThat(command.consumers).isZero();
        assertThat(command.size).isEqualTo(1024);
        assertThat(command.client).isEqualTo(ClientKind.APOGEE);
        assertThat(command.brokerPid).isNull();
        assertThat(command.slavePid).isNull();
        assertThat(command.runLabel()).isEqualTo("apogee client");
        assertThat(command.consumeAfterSend).isFalse();
        assertThat(command.warmRead).isFalse();
        assertThat(command.warmReadCount()).isZero();
    }

    @Test
    void warmReadsCountTheUnmeasuredReadsBeforeTheMeasuredOne() {
        command.commandLine().parseArgs("--namesrv", "n:1", "--messages", "10", "--consumers", "1", "--consume-after-send",
            "--warm-reads", "3");
        command.validate();
        assertThat(command.warmReadCount()).isEqualTo(3);
    }

    @Test
    void badValuesGiveExitCodeTwoAndSayWhatIsWrong() {
        assertRefused("--size must be between 36 and 4194304 bytes, not 10", "--size", "10");
        assertRefused("--producers must be positive, not 0", "--producers", "0");
        assertRefused("--rate must be 0 (no limit) or positive, not -1", "--rate", "-1");
        assertRefused("give --duration or --messages, not both", "--duration", "5", "--messages", "10");
        assertRefused("--messages must be between 1 and 2147483647, not 0", "--messages", "0");
        assertRefused("--batch above 1 needs --send sync", "--batch", "4", "--send", "async");
        assertRefused("Invalid value for option '--send'", "--send", "sometimes");
        assertRefused("Invalid value for option '--size'", "--size", "big");
        assertRefused("Invalid value for option '--client'", "--client", "kafka");
        assertRefused("--broker-pid must be positive, not 0", "--broker-pid", "0");
        assertRefused("--slave-pid must be positive, not -3", "--broker-pid", "7", "--slave-pid", "-3");
        assertRefused("--slave-pid needs --broker-pid (the master's)", "--slave-pid", "8");
        assertRefused("--slave-pid must differ from --broker-pid", "--broker-pid", "7", "--slave-pid", "7");
        assertRefused("--consume-after-send needs --consumers", "--consume-after-send");
        assertRefused("--warm-read needs --consume-after-send", "--warm-read", "--consumers", "1");
        assertRefused("--warm-reads needs --consume-after-send", "--warm-reads", "2", "--consumers", "1");
        assertRefused("--warm-reads must be 0 to 10, not 11", "--warm-reads", "11", "--consumers", "1", "--consume-after-send");
        assertRefused("--queues must be 0 to 1024, not 1025", "--queues", "1025");
        assertRefused("--warmup must be 0 or positive, not -1", "--warmup", "-1");
        assertRefused("--deliver-after needs --batch 1", "--deliver-after", "1000", "--batch", "4");
        assertRefused("--deliver-after must be 0 or positive, not -5", "--deliver-after", "-5");
        assertRefused("Unknown options: '--colour', 'red'", "--colour", "red");
    }

    @Test
    void theNameServerIsRequired() {
        StringWriter err = new StringWriter();
        int code = command.commandLine().setErr(new PrintWriter(err)).execute("--messages", "1");
        assertThat(code).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(err.toString()).contains("Missing required option: '--namesrv");
    }

    private void assertRefused(String message, String... args) {
        String[] all = new String[args.length + 2];
        all[0] = "--namesrv";
        all[1] = "127.0.0.1:1";
        System.arraycopy(args, 0, all, 2, args.length);
        StringWriter err = new StringWriter();
        int code = new PerfCommand(new PrintStream(printed, true, StandardCharsets.UTF_8), new ManualClock(0)).commandLine()
            .setErr(new PrintWriter(err)).execute(all);
        assertThat(code).as(String.join(" ", args)).isEqualTo(CommandLine.ExitCode.USAGE);
        assertThat(err.toString()).as(String.join(" ", args)).contains(message);
        assertThat(printed.toString(StandardCharsets.UTF_8)).as("nothing ran").isEmpty();
    }
}
