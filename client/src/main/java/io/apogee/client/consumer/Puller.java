package io.apogee.client.consumer;

import io.apogee.client.core.ClientCore;
import io.apogee.client.core.MessageQueue;
import io.apogee.common.text.InternTable;
import io.apogee.transport.ResponseCallback;
import io.apogee.transport.TransportException;
import io.apogee.wire.code.ProtocolVersion;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.frame.SerializeType;
import io.apogee.wire.header.MalformedHeaderException;
import io.apogee.wire.header.PullMessageRequestHeader;
import io.apogee.wire.header.PullMessageResponseHeader;
import io.apogee.wire.message.MessageFormatException;
import io.apogee.wire.message.pull.PullBodyDecoder;
import io.netty.buffer.ByteBuf;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;

/**
 * Pulls each assigned queue (PULL_MESSAGE, suspend 15 s, RPC timeout 30 s) and reacts to each answer as the official
 * client does (docs/protocol.md §3.3 11): found messages are queued for consumption and the next pull goes out at
 * once, or after 50 ms while the queue's cache is over its count or byte limit; NO_NEW_MSG and NO_MATCHED_MSG pull
 * again at once; OFFSET_MOVED jumps to the broker's offset; other errors retry after 3 s (20 ms for FLOW_CONTROL).
 * Each pull is a range pull ({@link PullSysFlag#RANGE}): it asks for up to {@code batchSize} messages and
 * {@code batchBytes} bytes, which Apogee's broker answers in full and RocketMQ's with its own caps. While a queue has
 * a backlog, up to {@code inFlight} pulls of it are out at once ({@link PullWindow}), and answers are taken in queue
 * order. Thread-safe: pulls start on the scheduler or the event loop, answers arrive on the event loop; per-thread
 * scratch objects keep the hot path free of header allocations.
 */
final class Puller {
    static final long SUSPEND_MILLIS = 15_000;
    static final long PULL_TIMEOUT_MILLIS = 30_000;
    static final long FLOW_CONTROL_DELAY_MILLIS = 50;
    static final long ERROR_DELAY_MILLIS = 3000;
    static final long BROKER_FLOW_CONTROL_DELAY_MILLIS = 20;
    private static final Logger LOG = LoggerFactory.getLogger(Puller.class);

    private final ClientCore core;
    private final String group;
    private volatile long subVersion;
    private final PullSettings settings;
    private final Consumer<ProcessQueue> consumeStarter;
    private final ThreadLocal<Scratch> scratch = ThreadLocal.withInitial(Scratch::new);
    private final AtomicLong flowControlPauses = new AtomicLong();
    private final AtomicInteger peakInFlight = new AtomicInteger();

    Puller(ClientCore core, String group, long subVersion, PullSettings settings, Consumer<ProcessQueue> consumeStarter) {
        this.core = core;
        this.group = group;
        this.subVersion = subVersion;
        this.settings = settings;
        this.consumeStarter = consumeStarter;
    }

    /** A newly assigned queue to read from {@code startOffset}. */
    ProcessQueue open(MessageQueue queue, long startOffset) {
        return new ProcessQueue(queue, startOffset, settings.batchSize(), settings.inFlight());
    }

    /** Per-thread reusable request and response objects. */
    private static final class Scratch {
        final RemotingHeader header = new RemotingHeader();
        final PullMessageRequestHeader request = new PullMessageRequestHeader();
        final PullMessageResponseHeader response = new PullMessageResponseHeader();
        final PullBodyDecoder decoder = new PullBodyDecoder();
        final InternTable names = new InternTable(64, 255);
    }

    /** The subscription version the next pulls carry. */
    void subVersion(long value) {
        this.subVersion = value;
    }

    /** The most pulls of one queue that were out at once. */
    int peakInFlight() {
        return peakInFlight.get();
    }

    /** Pulls put off because a queue's cache was over its count or byte limit. */
    long flowControlPauses() {
        return flowControlPauses.get();
    }

    /**
     * Sends as many pulls of {@code queue} as its window allows now, or tries again in 50 ms while its cache is over
     * a limit and none is out.
     */
    void pull(ProcessQueue queue) {
        if (queue.isDropped() || core.isClosed()) {
            return;
        }
        PullWindow window = queue.window();
        while (true) {
            if (queue.cachedMessages() > settings.maxCachedMessages() || queue.cachedBytes() > settings.maxCachedBytes()) {
                if (window.inFlight() == 0) {
                    flowControlPauses.incrementAndGet();
                    pullLater(queue, FLOW_CONTROL_DELAY_MILLIS);
                }
                return; // else the next answer pulls again
            }
            long round = window.round();
            long start = window.claim(round);
            if (start < 0) {
                return;
            }
            peakInFlight.accumulateAndGet(window.inFlight(), Math::max);
            if (!send(queue, round, start)) {
                return;
            }
        }
    }

    /** Sends one pull of {@code queue} at {@code start}; false (and a retry later) if it could not go. */
    private boolean send(ProcessQueue queue, long round, long start) {
        String address = core.masterAddress(queue.queue().brokerName());
        if (address == null) {
            queue.window().abandon(round, queue.nextPullOffset());
            pullLater(queue, ERROR_DELAY_MILLIS);
            return false;
        }
        long committed = queue.committedOffset();
        Scratch s = scratch.get();
        s.request.clear();
        s.request.consumerGroup(group)
            .topic(queue.queue().topic())
            .queueId(queue.queue().queueId())
            .queueOffset(start)
            .maxMsgNums(settings.batchSize())
            .sysFlag(PullSysFlag.SUSPEND | PullSysFlag.RANGE | (committed > 0 ? PullSysFlag.COMMIT_OFFSET : 0))
            .commitOffset(Math.max(committed, 0))
            .suspendTimeoutMillis(SUSPEND_MILLIS)
            .subVersion(subVersion)
            .expressionType("TAG")
            .maxMsgBytes(settings.batchBytes())
            .brokerName(queue.queue().brokerName());
        s.header.asRequest(RequestCode.PULL_MESSAGE, 0).version(ProtocolVersion.V5_4_0);
        s.request.encode(s.header.ext(), SerializeType.JSON);
        try {
            core.transport().invoke(address, s.header, null, PULL_TIMEOUT_MILLIS, new Answer(queue, round, start));
            return true;
        } catch (RuntimeException e) {
            LOG.warn("pull of {} not sent: {}", queue.queue(), e.toString());
            queue.window().abandon(round, queue.nextPullOffset());
            pullLater(queue, ERROR_DELAY_MILLIS);
            return false;
        }
    }

    /** Sends the next pull of {@code queue} after {@code delayMillis}, from the scheduler. */
    void pullLater(ProcessQueue queue, long delayMillis) {
        if (queue.isDropped() || core.isClosed()) {
            return;
        }
        try {
            core.scheduler().schedule(() -> pull(queue), delayMillis, TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException closing) {
            LOG.debug("pull of {} not scheduled: closing", queue.queue());
        }
    }

    /** The answer to one pull: taken only if it is the next in queue order ({@link PullWindow}). */
    private final class Answer implements ResponseCallback {
        private final ProcessQueue queue;
        private final long round;
        private final long start;

        Answer(ProcessQueue queue, long round, long start) {
            this.queue = queue;
            this.round = round;
            this.start = start;
        }

        @Override
        public void onResponse(RemotingHeader header, ByteBuf body) {
            if (queue.isDropped()) {
                return;
            }
            PullWindow window = queue.window();
            if (!window.accept(round, start, queue.nextPullOffset())) {
                pull(queue); // a dropped answer may have ended its round: the new one starts here
                return;
            }
            Scratch s = scratch.get();
            int code = header.code();
            if (code != ResponseCode.SUCCESS && code != ResponseCode.PULL_NOT_FOUND
                && code != ResponseCode.PULL_RETRY_IMMEDIATELY && code != ResponseCode.PULL_OFFSET_MOVED) {
                LOG.debug("pull of {} answered {}: {}", queue.queue(), ResponseCode.describe(code), header.remark());
                window.abandon(round, start);
                pullLater(queue, code == ResponseCode.FLOW_CONTROL ? BROKER_FLOW_CONTROL_DELAY_MILLIS : ERROR_DELAY_MILLIS);
                return;
            }
            try {
                s.response.decode(header.ext(), s.names);
            } catch (MalformedHeaderException e) {
                LOG.warn("pull of {}: unreadable response header: {}", queue.queue(), e.getMessage());
                window.abandon(round, start);
                pullLater(queue, ERROR_DELAY_MILLIS);
                return;
            }
            long next = s.response.nextBeginOffset();
            boolean found = code == ResponseCode.SUCCESS && body.isReadable();
            if (found) {
                if (!queueBatch(s, body, next)) {
                    return;
                }
            } else if (code == ResponseCode.PULL_OFFSET_MOVED) {
                LOG.info("offset of {} moved from {} to {}", queue.queue(), queue.nextPullOffset(), next);
                queue.committedOffset(next);
            }
            queue.nextPullOffset(next);
            window.taken(start, next, found, next < s.response.maxOffset());
            pull(queue);
        }

        /** Queues the found messages; false (and a retry later) if the body is corrupt. */
        private boolean queueBatch(Scratch s, ByteBuf body, long next) {
            ByteBuffer view = body.nioBuffer();
            int count;
            try {
                count = s.decoder.wrap(view, view.position(), view.remaining()).count();
            } catch (MessageFormatException e) {
                LOG.warn("pull of {}: corrupt body, pulling again: {}", queue.queue(), e.getMessage());
                queue.window().abandon(round, start);
                pullLater(queue, ERROR_DELAY_MILLIS);
                return false;
            }
            if (queue.offer(new PulledBatch(body.retain(), view, count, next))) {
                consumeStarter.accept(queue);
            }
            return true;
        }

        @Override
        public void onFailure(TransportException failure) {
            LOG.debug("pull of {} failed: {}", queue.queue(), failure.getMessage());
            if (queue.window().accept(round, start, queue.nextPullOffset())) {
                queue.window().abandon(round, start);
                pullLater(queue, ERROR_DELAY_MILLIS);
            } else {
                pull(queue); // an earlier pull of the round is still out, or a new round runs
            }
        }
    }
}
