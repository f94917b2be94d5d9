package io.apogee.broker.pull;

import io.apogee.broker.filter.FilterRefusal;
import io.apogee.broker.filter.SubscriptionFilters;
import io.apogee.broker.group.ConsumerGroups;
import io.apogee.broker.group.Subscription;
import io.apogee.broker.metadata.TopicConfig;
import io.apogee.broker.metrics.TrafficCounters;
import io.apogee.broker.offset.ConsumerOffsets;
import io.apogee.broker.request.BusyRemark;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.broker.topic.Names;
import io.apogee.broker.topic.Permission;
import io.apogee.broker.topic.TopicRegistry;
import io.apogee.common.agent.Scheduler;
import io.apogee.common.text.InternTable;
import io.apogee.store.MessageStore;
import io.apogee.store.read.ReadResult;
import io.apogee.store.read.ReadStatus;
import io.apogee.store.read.TagFilter;
import io.apogee.transport.Peer;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.MalformedHeaderException;
import io.apogee.wire.header.PullMessageRequestHeader;
import io.apogee.wire.header.PullMessageResponseHeader;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.ByteBuffer;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.LongSupplier;

/**
 * PULL_MESSAGE (11) and LITE_PULL_MESSAGE (361): reads the queue from the store and answers by the protocol's status
 * table; the messages go out as the store's mapped slices wrapped in a composite buffer (never copied into the heap),
 * and the segments are released once the response is written. A pull that finds nothing, with the SUSPEND bit, is
 * held ({@link HeldPull}) until a message arrives or {@code min(suspendTimeoutMillis, brokerSuspendMaxTimeMillis)}
 * passes, then answered, out of order. The COMMIT bit commits the consumer's offset on first arrival. A connection
 * holds at most {@code maxHeldPullsPerConnection} pulls and the broker {@code maxHeldPulls} ({@link HeldPullLimits};
 * one more is answered SYSTEM_BUSY, naming the limit), and its held pulls are dropped, their exchanges closed, as
 * soon as it closes. A pull gets at most 256 messages and
 * 256 KiB; a range pull (Apogee's client, {@link RangePullLimits}) gets up to the broker's range caps.
 *
 * <p>Runs on the I/O thread that read the pull, one processor per I/O thread (a read only maps what the store has
 * written, it never blocks): no hand-over to another thread and back per pull. A held pull is re-run on its
 * connection's event loop, which is the thread that read it. The header and the {@link PullRead}s are reused.
 * The pull's {@link Exchange} carries it to its answer; a held pull holds its exchange. Still allocated per pull: the
 * {@link PullRequest}, one view and wrapper per run of adjacent messages, the composite and the write's promise.
 * The held pulls of each connection are kept here, by peer: a connection lives on one event loop, so its holds,
 * re-runs and close all run on this processor's thread.
 */
public final class PullProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.PULL_MESSAGE, RequestCode.LITE_PULL_MESSAGE};
    private static final int COMMIT_OFFSET = 1;
    private static final int SUSPEND = 2;
    private static final int SUBSCRIPTION = 4;
    private static final long HOT_BYTES = 256 * 1024;
    /** RocketMQ's {@code ForbiddenType.GROUP_FORBIDDEN}: the group's consumeEnable is off. */
    private static final int GROUP_FORBIDDEN = 2;

    private final MessageStore store;
    private final TopicRegistry topics;
    private final ConsumerGroups groups;
    private final ConsumerOffsets offsets;
    private final SubscriptionFilters filters;
    private final LongSupplier suspendMaxMillis;
    private final Scheduler scheduler;
    private final InternTable names = new InternTable(4096, 255);
    private final PullMessageRequestHeader header = new PullMessageRequestHeader();
    private final ArrayBlockingQueue<PullRead> reads = PullRead.newPool();
    private final ArrayBlockingQueue<PullRead> rangeReads = PullRead.newRangePool();
    private final RangePullLimits rangeLimits;
    private final HeldPullLimits heldLimits;
    private final PullSteering steering;
    /** The held pulls of each connection of this event loop that holds any. */
    private final Map<Peer, Set<HeldPull>> heldByConnection = new IdentityHashMap<>();
    private TrafficCounters traffic = TrafficCounters.DISABLED;

    /**
     * A pull processor for one I/O thread; times holds on {@code scheduler}; a pull's own subscription is compiled by
     * {@code filters}; the longest hold, {@code suspendMaxMillis}, is read on each pull; a connection and the broker
     * hold at most the pulls {@code heldLimits} allow; range pulls are capped by {@code rangeLimits}; every answer
     * names the broker to pull from next, as the master.
     */
    public PullProcessor(MessageStore store, TopicRegistry topics, ConsumerGroups groups, ConsumerOffsets offsets,
        SubscriptionFilters filters, LongSupplier suspendMaxMillis, Scheduler scheduler, HeldPullLimits heldLimits,
        RangePullLimits rangeLimits) {
        this(store, topics, groups, offsets, filters, suspendMaxMillis, scheduler, heldLimits, rangeLimits,
            PullSteering.MASTER_ONLY);
    }

    /**
     * As the processor above, every answer naming the broker to pull from next as {@code steering} decides
     * ({@code suggestWhichBrokerId}).
     */
    public PullProcessor(MessageStore store, TopicRegistry topics, ConsumerGroups groups, ConsumerOffsets offsets,
        SubscriptionFilters filters, LongSupplier suspendMaxMillis, Scheduler scheduler, HeldPullLimits heldLimits,
        RangePullLimits rangeLimits, PullSteering steering) {
        this.steering = steering;
        this.store = store;
        this.topics = topics;
        this.groups = groups;
        this.offsets = offsets;
        this.filters = filters;
        this.suspendMaxMillis = suspendMaxMillis;
        this.scheduler = scheduler;
        this.heldLimits = heldLimits;
        this.rangeLimits = rangeLimits;
    }

    /** Counts the messages and bytes each pull delivers in {@code counters} (set before the processor runs). */
    public PullProcessor traffic(TrafficCounters counters) {
        this.traffic = counters;
        return this;
    }

    @Override
    public void process(Exchange exchange) {
        if (exchange.isOneway()) {
            exchange.close(); // a pull nobody waits for: nothing to read
            return;
        }
        try {
            header.decode(exchange.request().ext(), names);
        } catch (MalformedHeaderException e) {
            refuse(exchange, ResponseCode.SYSTEM_ERROR, "bad pull header: " + e.getMessage());
            return;
        }
        String groupProblem = Names.groupProblem(header.consumerGroup());
        if (groupProblem != null) {
            // RocketMQ answers a group it will not create as one that does not exist
            refuse(exchange, ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST, groupProblem);
            return;
        }
        if (!groups.ensureExists(header.consumerGroup())) {
            refuse(exchange, ResponseCode.SUBSCRIPTION_GROUP_NOT_EXIST, groups.refusalRemark(header.consumerGroup()));
            return;
        }
        if (!groups.consumeEnabled(header.consumerGroup())) {
            RemotingHeader response = exchange.responseHeader(ResponseCode.NO_PERMISSION,
                "subscription group no permission, " + header.consumerGroup());
            new PullMessageResponseHeader().forbiddenType(GROUP_FORBIDDEN).encode(response.ext(), response.serializeType());
            exchange.replyWith(null);
            return;
        }
        TopicConfig topic = topics.get(header.topic());
        if (topic == null) {
            refuse(exchange, ResponseCode.TOPIC_NOT_EXIST, "topic[" + header.topic() + "] not exist, apply first please!");
            return;
        }
        if ((topic.permission() & Permission.READ) == 0) {
            refuse(exchange, ResponseCode.NO_PERMISSION, "the topic[" + header.topic() + "] pulling message is forbidden");
            return;
        }
        if (header.queueId() < 0 || header.queueId() >= topic.readQueues()) {
            refuse(exchange, ResponseCode.INVALID_PARAMETER, "queueId[" + header.queueId() + "] is illegal, topic:["
                + header.topic() + "] topicConfig.readQueueNums:[" + topic.readQueues() + "] consumer:[" + exchange.peer().address() + "]");
            return;
        }
        TagFilter filter;
        if ((header.sysFlag() & SUBSCRIPTION) != 0) {
            filter = filters.fromPull(header.topic(), header.subscription(), header.expressionType());
        } else {
            Subscription subscription = groups.subscription(header.consumerGroup(), header.topic());
            if (subscription == null) {
                refuse(exchange, ResponseCode.SUBSCRIPTION_NOT_EXIST, "the consumer's subscription not exist");
                return;
            }
            filter = subscription.filter();
        }
        if (filter instanceof FilterRefusal refusal) {
            exchange.reply(refusal.code(), refusal.remark());
            return;
        }
        long reset = offsets.takeReset(header.consumerGroup(), header.topic(), header.queueId());
        if (reset != ConsumerOffsets.NONE) {
            answerReset(exchange, reset);
            return;
        }
        if ((header.sysFlag() & COMMIT_OFFSET) != 0 && header.commitOffset() > 0) {
            offsets.commit(header.consumerGroup(), header.topic(), header.queueId(), header.commitOffset());
        }
        boolean range = (header.sysFlag() & RangePullLimits.SYS_FLAG) != 0;
        long byteCap = range ? rangeLimits.maxBytes() : HOT_BYTES;
        long maxBytes = header.hasMaxMsgBytes() ? Math.min(header.maxMsgBytes(), byteCap) : byteCap;
        long hold = (header.sysFlag() & SUSPEND) != 0 ? Math.min(header.suspendTimeoutMillis(), suspendMaxMillis.getAsLong()) : 0;
        int maxMessages = Math.clamp(header.maxMsgNums(), 1, range ? rangeLimits.maxMessages() : PullRead.MAX_MESSAGES);
        execute(new PullRequest(exchange, header.consumerGroup(), header.topic(), header.queueId(), header.queueOffset(),
            maxMessages, Math.max(1, maxBytes), Math.max(0, hold), filter), true);
    }

    /**
     * Tells a consumer its queue was reset by an operator, as RocketMQ does: PULL_OFFSET_MOVED with the reset offset as
     * the next one, which the official consumers take as their new position.
     */
    private void answerReset(Exchange exchange, long offset) {
        RemotingHeader response = exchange.responseHeader(ResponseCode.PULL_OFFSET_MOVED, null);
        new PullMessageResponseHeader().suggestWhichBrokerId(PullSteering.MASTER_ID).nextBeginOffset(offset)
            .minOffset(store.minOffset(header.topic(), header.queueId()))
            .maxOffset(store.maxOffset(header.topic(), header.queueId())).encode(response.ext(), response.serializeType());
        exchange.replyWith(null);
    }

    /**
     * Reads and answers {@code pull}, or holds it when nothing is there and {@code mayHold}. A pull for a connection
     * that is backed up (the consumer is not reading) is parked until it drains, before anything is read: the mapped
     * slices behind unsent answers stay bounded by the connection's high water mark. The connection's event loop.
     */
    private void execute(PullRequest pull, boolean mayHold) {
        Exchange exchange = pull.exchange();
        Peer peer = exchange.peer();
        if (!peer.isActive()) {
            exchange.close(); // nobody to answer
            return;
        }
        if (!peer.isWritable()) {
            holdOnce(exchange);
            peer.whenWritable(() -> resume(pull, mayHold));
            return;
        }
        // a read sized for a range pull only where one asks for more than any other pull may get
        PullRead read = pull.maxMessages() > PullRead.MAX_MESSAGES
            ? PullRead.take(rangeReads, rangeLimits.maxMessages()) : PullRead.take(reads, PullRead.MAX_MESSAGES);
        ReadResult result = read.result();
        ReadStatus status = store.read(pull.topic(), pull.queueId(), pull.offset(), pull.maxMessages(), pull.maxBytes(),
            pull.filter(), result);
        int code;
        long next;
        switch (status) {
            case FOUND -> {
                code = ResponseCode.SUCCESS;
                next = result.nextOffset();
            }
            case NO_MATCHED_MESSAGE, MESSAGE_REMOVED -> {
                code = ResponseCode.PULL_RETRY_IMMEDIATELY;
                next = result.nextOffset();
            }
            case OFFSET_TOO_SMALL -> {
                code = ResponseCode.PULL_OFFSET_MOVED;
                next = result.minOffset();
            }
            case OFFSET_OVERFLOW_ONE -> {
                code = ResponseCode.PULL_NOT_FOUND;
                next = pull.offset();
            }
            case OFFSET_OVERFLOW_BADLY -> {
                code = ResponseCode.PULL_OFFSET_MOVED;
                next = result.maxOffset();
            }
            default -> {
                code = pull.offset() == 0 ? ResponseCode.PULL_NOT_FOUND : ResponseCode.PULL_OFFSET_MOVED;
                next = 0;
            }
        }
        int count = result.count();
        long suggestion = steering.suggest(pull.group(), count == 0 ? -1
            : store.logEnd() - result.physicalOffset(count - 1) - result.size(count - 1));
        if (code == ResponseCode.PULL_NOT_FOUND && steering.sendsBackToMaster() && suggestion == PullSteering.MASTER_ID) {
            code = ResponseCode.PULL_RETRY_IMMEDIATELY; // a slave's caught-up consumer asks its master at once
        } else if (code == ResponseCode.PULL_NOT_FOUND && mayHold && pull.holdMillis() > 0) {
            read.recycle();
            hold(pull);
            return;
        }
        RemotingHeader response = exchange.responseHeader(code, null);
        new PullMessageResponseHeader().suggestWhichBrokerId(suggestion).nextBeginOffset(next).minOffset(result.minOffset())
            .maxOffset(result.maxOffset()).encode(response.ext(), response.serializeType());
        if (code != ResponseCode.SUCCESS) {
            read.recycle();
            exchange.replyWith(null);
            return;
        }
        CompositeByteBuf messages = joinAdjacent(result, peer.alloc().compositeDirectBuffer(result.count()));
        traffic.delivered(pull.group(), pull.topic(), result.count(), messages.readableBytes());
        try {
            exchange.replyWritten(messages, read);
        } catch (RuntimeException e) {
            read.recycle();
            throw e;
        }
    }

    /**
     * Adds the messages of {@code result} to {@code messages}, one component per run of messages that lie next to
     * each other in the same mapped segment (a batch, or a queue written alone, is one run): one view and one
     * wrapper per run instead of per message, and fewer buffers for the socket write to gather.
     */
    static CompositeByteBuf joinAdjacent(ReadResult result, CompositeByteBuf messages) {
        int count = result.count();
        int i = 0;
        while (i < count) {
            ByteBuffer buffer = result.buffer(i);
            int start = result.position(i);
            int end = start + result.size(i);
            int next = i + 1;
            while (next < count && result.buffer(next) == buffer && result.position(next) == end) {
                end += result.size(next);
                next++;
            }
            messages.addComponent(true, Unpooled.wrappedBuffer(buffer.slice(start, end - start)));
            i = next;
        }
        return messages;
    }

    /** Answers {@code code} at once; the exchange releases the header copy. */
    private static void refuse(Exchange exchange, int code, String remark) {
        exchange.reply(code, remark);
    }

    /** Holds the exchange for a later run, unless a first hold (a pull re-run after one) did already. */
    private static void holdOnce(Exchange exchange) {
        if (!exchange.isHeld()) {
            exchange.hold();
        }
    }

    private void hold(PullRequest pull) {
        Peer peer = pull.exchange().peer();
        Set<HeldPull> held = heldByConnection.get(peer);
        if (held == null) {
            held = Collections.newSetFromMap(new IdentityHashMap<>());
            heldByConnection.put(peer, held);
            peer.onClose(() -> dropHeld(peer));
        } else if (held.size() >= heldLimits.perConnection()) {
            refuse(pull.exchange(), ResponseCode.SYSTEM_BUSY, BusyRemark.of("the connection holds " + held.size()
                + " pulls, the limit (" + HeldPullLimits.PER_CONNECTION_SETTING + ")"));
            return;
        }
        if (!heldLimits.tryHold()) {
            refuse(pull.exchange(), ResponseCode.SYSTEM_BUSY, BusyRemark.of("the broker holds " + heldLimits.total()
                + " pulls, the limit (" + HeldPullLimits.TOTAL_SETTING + ")"));
            return;
        }
        holdOnce(pull.exchange());
        HeldPull pending = new HeldPull(this, pull);
        if (!store.awaitArrival(pull.topic(), pull.queueId(), pull.offset(), pending)) {
            heldLimits.release();
            execute(pull, false);
            return;
        }
        held.add(pending);
        pending.timeout(scheduler.schedule(pending, pull.holdMillis()));
    }

    /** Drops the held pulls of a connection that closed, at once: their exchanges close, their waits end. Its loop. */
    private void dropHeld(Peer peer) {
        Set<HeldPull> held = heldByConnection.remove(peer);
        if (held == null) {
            return;
        }
        for (HeldPull pending : held) {
            heldLimits.release();
            if (pending.drop()) {
                pending.pull().exchange().close();
            }
        }
    }

    /** The pulls held now for connections of this processor's event loop. Its loop. */
    int heldPulls() {
        int count = 0;
        for (Set<HeldPull> held : heldByConnection.values()) {
            count += held.size();
        }
        return count;
    }

    /** Re-runs a held pull on its connection's event loop, without holding it again. Any thread. */
    void resume(HeldPull held) {
        PullRequest pull = held.pull();
        try {
            pull.exchange().peer().execute(() -> {
                Set<HeldPull> pending = heldByConnection.get(pull.exchange().peer());
                if (pending != null && pending.remove(held)) {
                    heldLimits.release();
                }
                execute(pull, false);
            });
        } catch (RejectedExecutionException e) {
            refuse(pull.exchange(), ResponseCode.SYSTEM_BUSY, BusyRemark.of("the connection is closing"));
        }
    }

    private void resume(PullRequest pull, boolean mayHold) {
        try {
            pull.exchange().peer().execute(() -> execute(pull, mayHold));
        } catch (RejectedExecutionException e) {
            refuse(pull.exchange(), ResponseCode.SYSTEM_BUSY, BusyRemark.of("the connection is closing"));
        }
    }

    /** Stops waiting for arrivals in {@code pull}'s queue. Any thread. */
    void cancelArrival(PullRequest pull, HeldPull held) {
        store.cancelArrival(pull.topic(), pull.queueId(), held);
    }
}
