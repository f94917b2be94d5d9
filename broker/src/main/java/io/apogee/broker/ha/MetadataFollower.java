package io.apogee.broker.ha;

import io.apogee.common.agent.ScheduledTask;
import io.apogee.common.agent.Scheduler;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.ResponseCallback;
import io.apogee.transport.TransportException;
import io.apogee.transport.auth.RequestSigner;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import java.io.IOException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A slave's metadata following its master's, as RocketMQ's {@code SlaveSynchronize}: every period it asks the master's
 * broker port for its topics, consumer offsets, delay-level progress and subscription groups, and applies each answer
 * ({@link MasterMetadata}). So a consumer that moves to the slave finds its topics and resumes where it committed on
 * the master. The master is the one the name servers name in their answers to the slave's registration.
 *
 * <p>Requests go out on the scheduler's thread without waiting; answers are applied on the client's own event loop,
 * which serves nothing else (a table's file write there delays no other work). Owns its client.
 */
public final class MetadataFollower implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(MetadataFollower.class);
    private static final long TIMEOUT_MILLIS = 5_000;
    private static final int[] CODES = {RequestCode.GET_ALL_TOPIC_CONFIG, RequestCode.GET_ALL_CONSUMER_OFFSET,
        RequestCode.GET_ALL_DELAY_OFFSET, RequestCode.GET_ALL_SUBSCRIPTIONGROUP_CONFIG};

    private final Scheduler scheduler;
    private final long periodMillis;
    private final RemotingClient client;
    private final RequestSigner signer;
    private final MasterMetadata tables;
    private volatile String masterAddress;
    private volatile int wholeRounds;
    private ScheduledTask task;

    /**
     * A follower asking every {@code periodMillis} on {@code scheduler} through {@code client} (owned from now on),
     * signing with {@code signer} (null: unsigned), applying to {@code tables}.
     */
    public MetadataFollower(Scheduler scheduler, long periodMillis, RemotingClient client, RequestSigner signer,
        MasterMetadata tables) {
        this.scheduler = scheduler;
        this.periodMillis = periodMillis;
        this.client = client;
        this.signer = signer;
        this.tables = tables;
    }

    /** Follows the master whose broker port is {@code address} ("host:port") from the next round on. Any thread. */
    public void masterAt(String address) {
        if (address != null && !address.isEmpty() && !address.equals(masterAddress)) {
            LOG.info("copying topics, groups and offsets from the master at {} every {} ms", address, periodMillis);
            masterAddress = address;
        }
    }

    /** Starts the rounds. */
    public void start() {
        task = scheduler.repeat(this::followOnce, 0, periodMillis);
    }

    /** How many rounds had every answer applied. Any thread. */
    public int wholeRounds() {
        return wholeRounds;
    }

    private void followOnce() {
        String master = masterAddress;
        if (master == null) {
            return;
        }
        Round round = new Round(master);
        for (int code : CODES) {
            RemotingHeader header = new RemotingHeader().asRequest(code, 0);
            if (signer != null) {
                signer.sign(header, null);
            }
            client.invoke(master, header, null, TIMEOUT_MILLIS, round.answerTo(code));
        }
    }

    @Override
    public void close() {
        if (task != null) {
            task.cancel();
        }
        client.close();
    }

    /** One round's four answers. */
    private final class Round {
        private final String master;
        private int pending = CODES.length;
        private boolean failed;

        Round(String master) {
            this.master = master;
        }

        ResponseCallback answerTo(int code) {
            return new ResponseCallback() {
                @Override
                public void onResponse(RemotingHeader header, ByteBuf body) {
                    done(code, header.code() == ResponseCode.SUCCESS ? apply(code, body)
                        : header.code() + " " + header.remark());
                }

                @Override
                public void onFailure(TransportException failure) {
                    done(code, failure.getMessage());
                }
            };
        }

        /** Null when the answer was applied, otherwise why not. */
        private String apply(int code, ByteBuf body) {
            byte[] answer = body == null ? new byte[0] : ByteBufUtil.getBytes(body);
            try {
                switch (code) {
                    case RequestCode.GET_ALL_TOPIC_CONFIG -> tables.topics(answer);
                    case RequestCode.GET_ALL_CONSUMER_OFFSET -> tables.consumerOffsets(answer);
                    case RequestCode.GET_ALL_DELAY_OFFSET -> tables.delayOffsets(answer);
                    default -> tables.groups(answer);
                }
                return null;
            } catch (IOException | RuntimeException e) {
                return "an answer this broker cannot read: " + e.getMessage();
            }
        }

        private synchronized void done(int code, String failure) {
            if (failure != null) {
                failed = true;
                LOG.warn("could not copy {} from the master at {} (again in {} ms): {}", RequestCode.name(code), master,
                    periodMillis, failure);
            }
            if (--pending == 0 && !failed) {
                wholeRounds++; // one round's last answer: no other writer at this moment
            }
        }
    }
}
