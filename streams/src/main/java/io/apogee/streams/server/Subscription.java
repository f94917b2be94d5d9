package io.apogee.streams.server;

import io.apogee.streams.chunk.BloomMatcher;
import io.apogee.streams.chunk.ChunkLayout;
import io.apogee.streams.log.StreamLog;
import io.apogee.streams.protocol.CommandKey;
import io.apogee.streams.protocol.FrameLayout;
import io.apogee.streams.protocol.FrameWriter;
import io.apogee.streams.protocol.ResponseCode;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.CompositeByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.Channel;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.ssl.SslHandler;

import java.nio.channels.FileChannel;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Consumer;

/**
 * One subscription of a connection: the next chunk to deliver and the credit left (one chunk per credit). A deliver
 * frame is a 9-byte header followed by the chunk's header and data entries as they lie in the segment, sent by the
 * kernel from the file (from the mapping through TLS); the segment stays retained until the frame is written: the
 * chunk is neither copied nor re-encoded. Its bloom filter and trailer are left out, as RabbitMQ does.
 *
 * <p>A filtering subscription (one with a {@link BloomMatcher}) skips the chunks whose bloom filter holds none of its
 * values; a skipped chunk takes no credit. One pump skips at most {@value #MAX_SKIPS_PER_PUMP} chunks, then schedules
 * the next pump, so that a long run of unwanted chunks does not hold the event loop.
 *
 * <p>A subscription of a single-active-consumer group starts inactive and delivers nothing until its group
 * {@link #promote() promotes} it and its connection {@link #activate activates} it, once the client answered the
 * consumer update with where to resume. When the group {@link #demote() demotes} it, it stops delivering at once; an
 * answer to an earlier active update no longer activates it. When it closes, it leaves its group.
 *
 * <p>Threads: {@link #pump()} and the credit run on the connection's event loop; {@link #wake()}, {@link #promote()}
 * and {@link #demote()} may be called by any thread and only schedule work there.
 */
final class Subscription {
    private static final int DELIVER_HEADER_LENGTH = FrameLayout.SIZE_LENGTH + FrameLayout.COMMAND_HEADER_LENGTH + 1;
    /** Deliver v2 adds the committed chunk id after the subscription id. */
    private static final int DELIVER_V2_HEADER_LENGTH = DELIVER_HEADER_LENGTH + Long.BYTES;
    /** The chunks one pump may pass over before it yields the event loop. */
    static final int MAX_SKIPS_PER_PUMP = 1024;

    private final int id;
    private final StreamLog log;
    private final Channel channel;
    private final AtomicBoolean pumpScheduled = new AtomicBoolean();
    private final Runnable wakeUp = this::wake;
    private final String groupName;
    private final ConsumerGroups groups;
    private final Consumer<Subscription> onPromoted;
    private final Consumer<Subscription> onDemoted;
    private final int startSlot;
    private final int deliverVersion;
    private final BloomMatcher filter;
    /**
     * Whether chunks go to the socket straight from their files: on a socket (a test's in-memory channel takes
     * buffers), not through TLS, which must read the bytes.
     */
    private final boolean sendFiles;
    private final StreamTraffic traffic;
    /** Reads a delivered chunk's entry count; one per subscription, so nothing is allocated per chunk. */
    private final ChunkLayout delivering = new ChunkLayout();
    private int nextSlot;
    private long credit;
    private boolean closed;
    private boolean active;
    /** Whether its group wants it active: only then does the client's answer activate it. */
    private boolean promoted;

    /**
     * @param groupName  the single-active-consumer group it belongs to, or null for a plain subscription (active at once)
     * @param onPromoted what its connection does when it becomes the group's active member, on the event loop
     * @param onDemoted  what its connection does when it is to give the activity up, on the event loop
     * @param filter     the values it wants, or null to receive every chunk
     * @param traffic    where the messages it delivers are counted
     */
    Subscription(int id, StreamLog log, Channel channel, int startSlot, int credit, String groupName, ConsumerGroups groups,
        Consumer<Subscription> onPromoted, Consumer<Subscription> onDemoted, int deliverVersion, BloomMatcher filter,
        StreamTraffic traffic) {
        this.traffic = traffic;
        this.deliverVersion = deliverVersion;
        this.filter = filter;
        this.id = id;
        this.log = log;
        this.channel = channel;
        this.nextSlot = startSlot;
        this.startSlot = startSlot;
        this.credit = credit;
        this.groupName = groupName;
        this.groups = groups;
        this.onPromoted = onPromoted;
        this.onDemoted = onDemoted;
        this.active = groupName == null;
        this.sendFiles = channel instanceof SocketChannel && channel.pipeline().get(SslHandler.class) == null;
    }

    /** The chunk it was to start from when it subscribed. */
    int startSlot() {
        return startSlot;
    }

    /** The subscription id. */
    int id() {
        return id;
    }

    /** The stream it reads. */
    StreamLog log() {
        return log;
    }

    /** The connection's channel. */
    Channel channel() {
        return channel;
    }

    /** Starts delivering from {@code slot}: the group made it active and the client said where to resume. */
    void activate(int slot) {
        if (closed || !promoted) {
            return;
        }
        active = true;
        nextSlot = slot;
        pump();
    }

    /** Tells its connection, on the connection's event loop, that it became the active member of its group. Any thread. */
    void promote() {
        channel.eventLoop().execute(() -> {
            if (!closed) {
                promoted = true;
                onPromoted.accept(this);
            }
        });
    }

    /**
     * Stops its delivery and tells its connection, on the connection's event loop, that it is to give the activity of
     * its group up. Any thread.
     */
    void demote() {
        channel.eventLoop().execute(() -> {
            if (!closed) {
                promoted = false;
                active = false;
                onDemoted.accept(this);
            }
        });
    }

    /** Tells its group that it gave the activity up, so that the next member may take it. */
    void steppedDown() {
        if (groupName != null) {
            groups.steppedDown(log.name(), groupName, this);
        }
    }

    /** Starts listening for appends and delivers what the credit allows. */
    void start() {
        log.onArrival(wakeUp);
        pump();
    }

    /** Adds credit, at most up to {@code bound} in all, and delivers what it allows. */
    void credit(int more, long bound) {
        credit = Math.min(bound, credit + more);
        pump();
    }

    /** Schedules a pump on the connection's event loop, unless one is pending. Any thread. */
    void wake() {
        if (pumpScheduled.compareAndSet(false, true)) {
            channel.eventLoop().execute(() -> {
                pumpScheduled.set(false);
                pump();
            });
        }
    }

    /** Delivers chunks while there is credit, a written chunk and room in the socket's buffer. */
    void pump() {
        if (closed) {
            return;
        }
        if (log.isDeleted()) {
            close();
            sendStreamGone();
            return;
        }
        if (!active) {
            return;
        }
        boolean wrote = false;
        int skipped = 0;
        while (credit > 0 && channel.isWritable()) {
            if (nextSlot < log.firstSlot()) {
                nextSlot = log.firstSlot(); // retention dropped the chunks this reader had not reached
            }
            if (nextSlot < log.chunkCount() && !log.isUserChunk(nextSlot)) {
                nextSlot++; // tracking chunks are the broker's own: no consumer receives them
                continue;
            }
            StreamLog.ChunkBytes chunk = log.retainChunk(nextSlot);
            if (chunk == null) {
                if (nextSlot < log.firstSlot()) {
                    continue; // dropped between the check above and the read
                }
                break;
            }
            if (filter != null && !filter.matches(chunk.bytes(), ChunkLayout.HEADER_LENGTH, chunk.bloomSize())) {
                chunk.segment().release();
                nextSlot++; // none of the wanted values is in it: not sent, and no credit spent
                if (++skipped == MAX_SKIPS_PER_PUMP) {
                    wake();
                    break;
                }
                continue;
            }
            deliver(chunk);
            nextSlot++;
            credit--;
            wrote = true;
        }
        if (wrote) {
            channel.flush();
        }
    }

    /**
     * Writes one deliver frame: its header, then the chunk's header and data entries. Without TLS the kernel sends
     * the file's bytes (a {@link SegmentRegion}); through TLS, or if the file cannot be opened, they go from the
     * mapping. Either way the chunk's segment reference is released once the frame is written or dropped.
     */
    private void deliver(StreamLog.ChunkBytes chunk) {
        boolean v2 = deliverVersion == StreamConnection.VERSION_2;
        int headerLength = v2 ? DELIVER_V2_HEADER_LENGTH : DELIVER_HEADER_LENGTH;
        FileChannel file = sendFiles ? chunk.segment().readChannel() : null;
        boolean copyChunkHeader = file != null && chunk.bloomSize() > 0;
        ByteBuf header = channel.alloc().buffer(headerLength + (copyChunkHeader ? ChunkLayout.HEADER_LENGTH : 0));
        int start = FrameLayout.begin(header, CommandKey.DELIVER, deliverVersion);
        header.writeByte(id);
        if (v2) {
            header.writeLong(log.lastChunkId()); // on one broker every chunk written is committed
        }
        header.setInt(start, headerLength - FrameLayout.SIZE_LENGTH + chunk.deliveredLength());
        traffic.delivered(delivering.wrap(chunk.bytes(), 0).entryCount());
        if (file != null) {
            long from = chunk.position();
            if (copyChunkHeader) {
                header.writeBytes(chunk.header()); // the bloom filter after it is not sent: 48 bytes copied
                from = chunk.dataPosition();
            }
            channel.write(header);
            channel.write(new SegmentRegion(chunk.segment(), file, from, chunk.position() + chunk.bytes().limit() - from));
            return;
        }
        CompositeByteBuf frame = channel.alloc().compositeBuffer(3);
        if (chunk.bloomSize() == 0) {
            frame.addComponents(true, header, Unpooled.wrappedBuffer(chunk.bytes()));
        } else {
            frame.addComponents(true, header, Unpooled.wrappedBuffer(chunk.header()),
                Unpooled.wrappedBuffer(chunk.data()));
        }
        channel.write(frame).addListener(future -> chunk.segment().release());
    }

    private void sendStreamGone() {
        ByteBuf out = channel.alloc().buffer();
        int start = FrameLayout.begin(out, CommandKey.METADATA_UPDATE, StreamConnection.VERSION_1);
        out.writeShort(ResponseCode.STREAM_NOT_AVAILABLE);
        FrameWriter.string(out, log.name());
        channel.writeAndFlush(FrameLayout.finish(out, start));
    }

    /**
     * Stops it as a deletion of its stream would, and tells the client so with a metadata update: its user may no longer
     * read the stream, as RabbitMQ ends such a subscription.
     */
    void revoke() {
        close();
        sendStreamGone();
    }

    /** Stops delivering and listening, and hands its group's activity to the next member. */
    void close() {
        if (closed) {
            return;
        }
        closed = true;
        log.removeArrivalListener(wakeUp);
        if (groupName != null) {
            groups.leave(log.name(), groupName, this);
        }
    }
}
