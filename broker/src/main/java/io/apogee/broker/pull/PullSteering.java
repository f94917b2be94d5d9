package io.apogee.broker.pull;

import io.apogee.broker.metadata.SubscriptionGroup;
import java.util.function.Function;

/**
 * Which broker of its group a consumer should pull from next ({@code suggestWhichBrokerId}), as RocketMQ's pull
 * processor decides it. With {@code slaveReadEnable}, a consumer whose last message read lies more than
 * {@code accessMessageInMemoryMaxRatio} percent of the machine's memory behind the log's end is sent to its group's
 * {@code whichBrokerWhenConsumeSlowly} (a slave, 1 by default), any other to its group's {@code brokerId} (0). A slave
 * sends a consumer that has caught up back to its master while the name servers name one, and answers such a pull
 * that found nothing PULL_RETRY_IMMEDIATELY rather than holding it, so that the consumer asks the master at once.
 *
 * <p>Thread-safe: the master's presence is a volatile flag any thread may set.
 */
public final class PullSteering {
    /** The master's id, which every suggestion names without {@code slaveReadEnable}. */
    public static final long MASTER_ID = 0;
    /** Always the master: a broker without {@code slaveReadEnable}, or a test. */
    public static final PullSteering MASTER_ONLY = new PullSteering(false, false, Long.MAX_VALUE, name -> null);

    private final boolean slaveReadEnable;
    private final boolean slave;
    private final long inMemoryBytes;
    private final Function<String, SubscriptionGroup> groups;
    private volatile boolean masterOnline;

    /**
     * Steering for a broker whose pulls are served from memory up to {@code inMemoryBytes} behind the log's end, its
     * groups' settings found by {@code groups} (null for a group without settings: RocketMQ's defaults).
     */
    public PullSteering(boolean slaveReadEnable, boolean slave, long inMemoryBytes,
        Function<String, SubscriptionGroup> groups) {
        this.slaveReadEnable = slaveReadEnable;
        this.slave = slave;
        this.inMemoryBytes = inMemoryBytes;
        this.groups = groups;
    }

    /** {@code percent} of {@code totalMemoryBytes}, RocketMQ's reach of reads from memory. */
    public static long inMemoryBytes(long totalMemoryBytes, int percent) {
        return (long) (totalMemoryBytes * (percent / 100.0));
    }

    /** Records whether the name servers name a master for this slave's group. Any thread. */
    public void masterOnline(boolean online) {
        masterOnline = online;
    }

    /**
     * The broker id to suggest after a pull by {@code group} that read up to {@code fallBehindBytes} before the log's
     * end (-1 when it read nothing).
     */
    long suggest(String group, long fallBehindBytes) {
        boolean slow = fallBehindBytes > inMemoryBytes;
        if (slave && !slow && masterOnline) {
            return MASTER_ID;
        }
        if (!slaveReadEnable) {
            return MASTER_ID;
        }
        SubscriptionGroup settings = groups.apply(group);
        if (slow) {
            return settings == null ? 1 : settings.slowConsumerBrokerId();
        }
        return settings == null ? MASTER_ID : settings.brokerId();
    }

    /** Whether a pull that found nothing goes back to the master at once rather than being held here. */
    boolean sendsBackToMaster() {
        return slave && masterOnline;
    }
}
