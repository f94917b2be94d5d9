package io.apogee.broker.server;

import io.apogee.broker.ha.HaFigures;
import io.apogee.broker.ha.HaMaster;
import io.apogee.broker.ha.HaSlave;
import io.apogee.broker.ha.HaStatusProcessor;
import io.apogee.broker.ha.ReplicaAcks;
import io.apogee.broker.ha.SlaveAuthenticator;
import io.apogee.broker.ha.SlaveConfirmations;
import io.apogee.broker.ha.SlaveStatus;
import io.apogee.broker.metadata.User;
import io.apogee.broker.request.Processor;
import io.apogee.common.agent.AgentRunner;
import io.apogee.common.agent.BusySpinIdleStrategy;
import io.apogee.common.agent.ErrorHandler;
import io.apogee.common.time.Clock;
import io.apogee.store.MessageStore;
import io.apogee.store.commitlog.ReplicaWait;
import io.apogee.transport.auth.Credentials;
import io.apogee.wire.code.ResponseCode;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The broker's part in replication, by its {@link BrokerRole}: a master listens for slaves on haListenPort
 * ({@link HaMaster}), a slave makes its store a replica and copies its master's log ({@link HaSlave}). Either runs on
 * one agent thread of its own, which blocks only in its selector (a few milliseconds at most): the idle strategy after
 * a cycle without work just spins once.
 *
 * <p>Thread-safe: {@link #masterAt} may be called from any thread; {@link #close()} once.
 */
final class ReplicationRole implements AutoCloseable {
    /** RocketMQ's answer when a slave rejects a pull (slaveReadEnable off): the remoting layer's flow-control busy. */
    static final String SLAVE_PULL_REMARK = "[REJECTREQUEST]system busy, start flow control for a while";
    private static final Logger LOG = LoggerFactory.getLogger(ReplicationRole.class);

    private final Replication settings;
    private final HaMaster master;
    private final HaSlave slave;
    private final AgentRunner runner;
    private final String haAddress;

    private ReplicationRole(Replication settings, HaMaster master, HaSlave slave, AgentRunner runner, String haAddress) {
        this.settings = settings;
        this.master = master;
        this.slave = slave;
        this.runner = runner;
        this.haAddress = haAddress;
    }

    /**
     * Makes {@code store} a SYNC_MASTER's when {@code settings} say so: its sends are acknowledged once a slave
     * confirmed them. Call before the store starts; returns what the HA master must publish to (unwatched otherwise).
     */
    static SlaveConfirmations awaitSlaves(Replication settings, MessageStore store) {
        if (settings.role() != BrokerRole.SYNC_MASTER) {
            return SlaveConfirmations.unwatched();
        }
        SlaveConfirmations confirmations = new SlaveConfirmations(store::replicasMoved);
        store.awaitReplicas(new ReplicaWait(confirmations, settings.slaveTimeoutMillis(), settings.maxGapBytes()));
        return confirmations;
    }

    /**
     * Starts the role of {@code settings} over {@code store}: a master binds its HA port on {@code bindAddress} and
     * publishes it as {@code brokerIp}, and lets in only slaves that sign as one of {@code users}' super users when
     * authenticated; a slave's store refuses sends from now on, and it signs with {@code credentials} when
     * authenticated, and names its broker id to the master when {@code identify} (controller mode).
     */
    static ReplicationRole start(Replication settings, MessageStore store, SlaveConfirmations confirmations,
        Clock clock, ErrorHandler errors, String bindAddress, String brokerIp, Function<String, User> users,
        Credentials credentials, boolean identify) {
        if (settings.role().isMaster()) {
            HaMaster master = HaMaster.bind(store, clock, bindAddress, settings.haListenPort(),
                settings.transferBatchBytes(), settings.heartbeatMillis(), confirmations,
                settings.authenticated() ? new SlaveAuthenticator(users) : null)
                .alarmWhenBehindFor(settings.fallBehindAlarmMillis());
            store.onLogGrowth(master::logGrew);
            AgentRunner runner = new AgentRunner(master, new BusySpinIdleStrategy(), errors);
            runner.start();
            String address = brokerIp + ':' + master.port();
            LOG.info("{}: slaves replicate from {}", settings.role(), address);
            return new ReplicationRole(settings, master, null, runner, address);
        }
        store.replicaOnly();
        HaSlave slave = new HaSlave(store, clock, settings.haMasterAddress(), settings.heartbeatMillis(),
            settings.authenticated() ? credentials : null);
        if (identify) {
            slave.identifiedAs(settings.brokerId());
        }
        AgentRunner runner = new AgentRunner(slave, new BusySpinIdleStrategy(), errors);
        runner.start();
        LOG.info("SLAVE {}: replicating from {}", settings.brokerId(), settings.haMasterAddress().isEmpty()
            ? "the master the name servers name" : settings.haMasterAddress());
        return new ReplicationRole(settings, null, slave, runner, "");
    }

    /** Whether this broker takes sends and runs the services that write (delays, timers, transaction checks). */
    boolean isMaster() {
        return master != null;
    }

    /** The id registered with the name servers: 0 for a master. */
    long brokerId() {
        return settings.brokerId();
    }

    /** A master's "host:haPort" as registered (RocketMQ's haServerAddr); empty for a slave. */
    String haAddress() {
        return haAddress;
    }

    /** A master's slaves as it sees them now; none on a slave. Any thread. */
    List<SlaveStatus> slaves() {
        return master == null ? List.of() : master.slaves();
    }

    /** What a master's slaves acknowledged; null on a slave. */
    ReplicaAcks acks() {
        return master;
    }

    /**
     * The master's HA address the name servers named in their answer to this slave's registration: taken unless
     * haMasterAddress is configured. Any thread.
     */
    void masterAt(String address) {
        if (slave != null && settings.haMasterAddress().isEmpty()) {
            slave.masterAt(address);
        }
    }

    /** Whether pulls are served: always on a master, with slaveReadEnable on a slave. */
    boolean servesPulls() {
        return master != null || settings.slaveReadEnable();
    }

    /** The processor a slave without slaveReadEnable answers pulls with, as RocketMQ's slave rejects them. */
    static Processor pullRejection() {
        return exchange -> exchange.reply(ResponseCode.SYSTEM_BUSY, SLAVE_PULL_REMARK);
    }

    /** The processor of GET_BROKER_HA_STATUS ({@code mqadmin haStatus}) for this role over {@code store}. */
    Processor statusProcessor(MessageStore store) {
        return master != null ? HaStatusProcessor.ofMaster(store, master, settings.maxGapBytes())
            : HaStatusProcessor.ofSlave(store, slave);
    }

    /** The replication figures of {@code mqadmin brokerStatus} ({@link HaFigures}) now. Any thread. */
    Map<String, String> figures(MessageStore store, Clock clock) {
        return master != null ? HaFigures.ofMaster(store, master.slaves(), settings.maxGapBytes(), clock.millis())
            : HaFigures.ofSlave(slave.status());
    }

    /** Stops the agent; it closes its connections and port on its way out. */
    @Override
    public void close() {
        runner.stop();
    }
}
