package io.apogee.perf.compare;

import io.apogee.launcher.Listening;
import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.impl.MQClientAPIImpl;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.exception.RemotingException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * Waits until a master-slave pair serves as a pair: a probe message sent with Apache RocketMQ's client comes back
 * SEND_OK (from a SYNC_MASTER only once the slave holds it), and then the slave's commit log ends where the master's
 * does, as each broker's runtime info reports {@code commitLogMaxOffset}. So the load starts with the slave connected
 * and caught up, in either role. Fails early, with the tail of its log, if either process exits. Stateless.
 */
final class PairReadiness {
    private static final Duration TIMEOUT = Duration.ofSeconds(180);
    private static final long RETRY_MILLIS = 300;
    private static final int CALL_TIMEOUT_MILLIS = 3_000;
    // longer than a SYNC_MASTER's slaveTimeout (3 s), so that its FLUSH_SLAVE_TIMEOUT answer arrives as an answer
    private static final int SEND_TIMEOUT_MILLIS = 10_000;
    private static final String PROBE_TOPIC = "ApogeePerfPairProbe";
    private static final String OFFSET_KEY = "commitLogMaxOffset";

    private PairReadiness() {
    }

    /**
     * A started broker process and where it writes its output.
     *
     * @param process the process
     * @param address its broker port, "127.0.0.1:port"
     * @param log     its output
     */
    record Member(Process process, String address, Path log) {
    }

    /** Waits until a probe through {@code nameServer} is SEND_OK and {@code slave} holds {@code master}'s whole log. */
    // the client's admin calls (getBrokerRuntimeInfo) are reached through accessors it marks deprecated
    @SuppressWarnings("deprecation")
    static void await(String nameServer, Member master, Member slave) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + TIMEOUT.toNanos();
        DefaultMQProducer producer = new DefaultMQProducer("apogee_perf_pair_probe");
        producer.setNamesrvAddr(nameServer);
        producer.setInstanceName("apogee-perf-pair-" + Long.toHexString(ThreadLocalRandom.current().nextLong()));
        producer.setSendMsgTimeout(SEND_TIMEOUT_MILLIS);
        producer.setRetryTimesWhenSendFailed(0);
        try {
            producer.start();
            MQClientAPIImpl admin = producer.getDefaultMQProducerImpl().getmQClientFactory().getMQClientAPIImpl();
            boolean acknowledged = false;
            while (System.nanoTime() < deadline) {
                Listening.checkAlive(master.process(), master.log());
                Listening.checkAlive(slave.process(), slave.log());
                acknowledged = acknowledged || probe(producer);
                if (acknowledged && caughtUp(admin, master.address(), slave.address())) {
                    return;
                }
                master.process().waitFor(RETRY_MILLIS, TimeUnit.MILLISECONDS);
            }
        } catch (MQClientException e) {
            throw new IOException("the pair's probe client did not start: " + e.getMessage(), e);
        } finally {
            producer.shutdown();
        }
        throw new IOException("the slave " + slave.address() + " had not caught up with its master " + master.address()
            + " within " + TIMEOUT.toSeconds() + " s; see " + master.log() + " and " + slave.log());
    }

    /** Whether a probe message was acknowledged SEND_OK. */
    private static boolean probe(DefaultMQProducer producer) throws InterruptedException {
        try {
            Message message = new Message(PROBE_TOPIC, "probe".getBytes(StandardCharsets.US_ASCII));
            return producer.send(message).getSendStatus() == SendStatus.SEND_OK;
        } catch (MQClientException | RemotingException | MQBrokerException notYet) {
            return false;
        } catch (IllegalStateException routeLookupTimedOut) {
            // the client wraps a timed-out route lookup (a loaded machine, a name server still starting) so
            return false;
        }
    }

    /** Whether the slave's log ends where the master's does, above 0. */
    private static boolean caughtUp(MQClientAPIImpl admin, String master, String slave) throws InterruptedException {
        long masterEnd = logEnd(admin, master);
        return masterEnd > 0 && logEnd(admin, slave) == masterEnd;
    }

    /** The commit-log end {@code address} reports, or -1 if it does not answer yet. */
    private static long logEnd(MQClientAPIImpl admin, String address) throws InterruptedException {
        try {
            String end = admin.getBrokerRuntimeInfo(address, CALL_TIMEOUT_MILLIS).getTable().get(OFFSET_KEY);
            return end == null ? -1 : Long.parseLong(end);
        } catch (RemotingException | MQBrokerException | NumberFormatException notYet) {
            return -1;
        }
    }
}
