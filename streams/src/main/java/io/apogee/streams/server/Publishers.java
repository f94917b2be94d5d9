package io.apogee.streams.server;

import io.apogee.streams.chunk.ChunkBloom;
import io.apogee.streams.chunk.EntryLayout;
import io.apogee.streams.chunk.TrackingLayout;
import io.apogee.streams.log.StreamFlusher;
import io.apogee.streams.log.StreamLog;
import io.apogee.streams.log.StreamRegistry;
import io.apogee.streams.protocol.CommandKey;
import io.apogee.streams.protocol.FrameLayout;
import io.apogee.streams.protocol.FrameReader;
import io.apogee.streams.protocol.FrameWriter;
import io.apogee.streams.protocol.MalformedFrameException;
import io.apogee.streams.protocol.ResponseCode;
import io.apogee.streams.server.StreamPermissions.Operation;
import io.netty.buffer.ByteBuf;
import io.netty.channel.Channel;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.RejectedExecutionException;

/**
 * The publishers of one connection, by their one-byte id: declare, publish (the frames read in one go for one stream
 * become one chunk, see {@link PendingChunk}; their messages are its entries as the client encoded them), confirm, and
 * delete. A named publisher's messages whose
 * publishing id is not above the last one its name wrote are confirmed but not stored (deduplication). Deleting a
 * stream deletes its publishers, as in RabbitMQ: the connection is sent a metadata update (STREAM_NOT_AVAILABLE), a
 * later publish or delete of their ids is PUBLISHER_DOES_NOT_EXIST, and the ids may be declared again.
 *
 * <p>Whether the connection's user may publish to a stream is asked once, when a publisher is declared: a refusal is
 * answered ACCESS_REFUSED and declares nothing, and a publish frame costs no check. When the permissions change, each
 * publisher is asked again ({@link #recheck}); the frames of one refused then get a publish error ACCESS_REFUSED per
 * message, as RabbitMQ 3.10 answers them, until a later change allows it again.
 *
 * <p>Not thread-safe: one per connection, on its event loop.
 */
final class Publishers {
    private static final int MAX_PUBLISHERS = 256;
    private static final int PUBLISHING_ID_LENGTH = Long.BYTES;

    /** A declared publisher; {@code refused} once its user may no longer publish to its stream. */
    private record Publisher(StreamLog log, String reference, boolean refused) {
    }

    private final StreamRegistry registry;
    private final ConnectionAccess access;
    private final Publisher[] publishers = new Publisher[MAX_PUBLISHERS];
    /** The streams this connection publishes to, each with the listener that hears of its deletion. */
    private final Map<StreamLog, Runnable> watched = new HashMap<>();
    private final PendingChunk pending;
    private final StreamTraffic traffic;
    private final StreamFlusher flusher;
    private long[] publishingIds = new long[64];

    /**
     * @param maxChunkData the most data bytes of a chunk gathered from several publish frames
     * @param traffic      where the messages received and confirmed are counted
     * @param flusher      what forces the streams; with {@code SYNC_FLUSH} a chunk's confirms wait for it
     */
    Publishers(StreamRegistry registry, ConnectionAccess access, int maxChunkData, StreamTraffic traffic,
        StreamFlusher flusher) {
        this.registry = registry;
        this.access = access;
        this.pending = new PendingChunk(maxChunkData);
        this.traffic = traffic;
        this.flusher = flusher;
    }

    /** Whether {@code key} is one of its commands. */
    boolean handles(int key) {
        return key == CommandKey.DECLARE_PUBLISHER || key == CommandKey.PUBLISH || key == CommandKey.DELETE_PUBLISHER;
    }

    /** Handles a frame of one of its commands. */
    boolean on(int key, int version, FrameReader reader, Responder out) {
        switch (key) {
            case CommandKey.DECLARE_PUBLISHER -> onDeclare(reader, out);
            case CommandKey.PUBLISH -> onPublish(reader, out, version);
            default -> onDelete(reader, out);
        }
        return true;
    }

    private void onDeclare(FrameReader reader, Responder out) {
        int correlationId = reader.int32("correlation id");
        int id = reader.uint8("publisher id");
        String reference = reader.string("publisher reference", StreamConnection.MAX_STRING);
        String stream = reader.requiredString("stream", StreamConnection.MAX_STRING);
        reader.end("declare publisher");
        StreamLog log = registry.get(stream);
        int code;
        if (!access.allows(stream, Operation.PUBLISH)) {
            code = ResponseCode.ACCESS_REFUSED; // asked first, as RabbitMQ does: a refused user learns of no stream
        } else if (log == null) {
            code = ResponseCode.STREAM_DOES_NOT_EXIST;
        } else if (live(id) != null || !TrackingLayout.fits(reference)) {
            code = ResponseCode.PRECONDITION_FAILED;
        } else {
            publishers[id] = new Publisher(log, reference == null || reference.isEmpty() ? null : reference, false);
            watch(log, out);
            code = ResponseCode.OK;
        }
        out.respond(CommandKey.DECLARE_PUBLISHER, correlationId, code);
    }

    private void onDelete(FrameReader reader, Responder out) {
        int correlationId = reader.int32("correlation id");
        int id = reader.uint8("publisher id");
        reader.end("delete publisher");
        Publisher publisher = live(id);
        publishers[id] = null;
        if (publisher != null && !publishesTo(publisher.log)) {
            unwatch(publisher.log);
        }
        out.respond(CommandKey.DELETE_PUBLISHER, correlationId, publisher == null ? ResponseCode.PUBLISHER_DOES_NOT_EXIST
            : ResponseCode.OK);
    }

    /**
     * Asks again whether each publisher may publish to its stream: the permissions changed. Called on the event loop
     * between reads, so no chunk is pending.
     */
    void recheck() {
        for (int id = 0; id < MAX_PUBLISHERS; id++) {
            Publisher publisher = live(id);
            if (publisher != null) {
                boolean refused = !access.allows(publisher.log.name(), Operation.PUBLISH);
                if (refused != publisher.refused) {
                    publishers[id] = new Publisher(publisher.log, publisher.reference, refused);
                }
            }
        }
    }

    /** Stops hearing of the deletion of its streams: the connection closed. */
    void closeAll() {
        watched.forEach(StreamLog::removeArrivalListener);
        watched.clear();
    }

    /** Hears of the deletion of {@code log} through its arrival listeners, which a deletion calls. */
    private void watch(StreamLog log, Responder out) {
        if (watched.containsKey(log)) {
            return;
        }
        Runnable onChange = () -> {
            if (log.isDeleted()) {
                out.context().executor().execute(() -> onDeleted(log, out));
            }
        };
        watched.put(log, onChange);
        log.onArrival(onChange);
    }

    private void unwatch(StreamLog log) {
        Runnable listener = watched.remove(log);
        if (listener != null) {
            log.removeArrivalListener(listener);
        }
    }

    /** Deletes the publishers of a deleted stream and tells the client, as RabbitMQ does. On the event loop. */
    private void onDeleted(StreamLog log, Responder out) {
        if (!watched.containsKey(log)) {
            return; // told already, or the connection closed
        }
        unwatch(log);
        for (int id = 0; id < MAX_PUBLISHERS; id++) {
            if (publishers[id] != null && publishers[id].log == log) {
                publishers[id] = null;
            }
        }
        if (out.context().channel().isActive()) {
            ByteBuf frame = out.alloc();
            int start = FrameLayout.begin(frame, CommandKey.METADATA_UPDATE, StreamConnection.VERSION_1);
            frame.writeShort(ResponseCode.STREAM_NOT_AVAILABLE);
            FrameWriter.string(frame, log.name());
            out.send(frame, start);
        }
    }

    private boolean publishesTo(StreamLog log) {
        for (Publisher publisher : publishers) {
            if (publisher != null && publisher.log == log) {
                return true;
            }
        }
        return false;
    }

    /**
     * Publish v1, or v2 whose messages each carry a filter value after the publishing id: the chunk holding a v2 message
     * with a filter value carries a bloom filter of them (see {@link ChunkBloom}). The frame joins the connection's
     * {@link PendingChunk}, which {@link #flush} writes and confirms.
     */
    private void onPublish(FrameReader reader, Responder out, int version) {
        int id = reader.uint8("publisher id");
        ByteBuf frame = reader.frame();
        int count = reader.arrayLength("published messages", frame.readableBytes() / (PUBLISHING_ID_LENGTH + 1));
        Publisher publisher = live(id);
        if (publisher == null || publisher.refused) {
            flush(out); // answers keep the order of the frames
            long[] ids = skipMessages(reader, frame, count, version == StreamConnection.VERSION_2);
            sendErrors(out, id, ids, 0, count,
                publisher == null ? ResponseCode.PUBLISHER_DOES_NOT_EXIST : ResponseCode.ACCESS_REFUSED);
            out.flush();
            return;
        }
        traffic.received(count);
        if (!pending.accepts(publisher.log, publisher.reference, frame.readableBytes())) {
            flush(out);
        }
        pending.beginFrame(publisher.log, publisher.reference, id, count, frame.readableBytes());
        try {
            gather(reader, frame, count, version == StreamConnection.VERSION_2);
        } catch (MalformedFrameException e) {
            pending.dropFrame();
            flush(out); // the frames before it were whole: they are stored and confirmed before the connection closes
            throw e;
        }
        pending.endFrame();
    }

    /** Reads the frame's messages into the pending chunk: each one with a publishing id above the last one written. */
    private void gather(FrameReader reader, ByteBuf frame, int count, boolean filtered) {
        long lastWritten = pending.lastWritten();
        for (int i = 0; i < count; i++) {
            long publishingId = reader.int64("publishing id");
            pending.addId(publishingId);
            boolean stored = publishingId > lastWritten;
            if (filtered) {
                addFilterValue(reader, frame, stored);
            } else if (stored) {
                pending.bloom().addUnfiltered(); // a filter, if another frame brings one, must still match it
            }
            ByteBuffer view = frame.nioBuffer(frame.readerIndex(), frame.readableBytes());
            long length = EntryLayout.entryLength(view, 0, view.remaining());
            if (length < 0) {
                throw new MalformedFrameException("publish: message " + i + " is longer than the frame");
            }
            if (stored) {
                view.limit((int) length);
                int records = EntryLayout.recordCount(view, 0);
                pending.addEntry(view, records, publishingId);
            }
            frame.skipBytes((int) length);
        }
        reader.end("publish");
    }

    /** Reads and checks the messages of a frame that stores nothing; returns their publishing ids. */
    private long[] skipMessages(FrameReader reader, ByteBuf frame, int count, boolean filtered) {
        long[] ids = idsFor(count);
        for (int i = 0; i < count; i++) {
            ids[i] = reader.int64("publishing id");
            if (filtered) {
                frame.skipBytes(Math.max(reader.stringLength("filter value", StreamConnection.MAX_STRING), 0));
            }
            ByteBuffer view = frame.nioBuffer(frame.readerIndex(), frame.readableBytes());
            long length = EntryLayout.entryLength(view, 0, view.remaining());
            if (length < 0) {
                throw new MalformedFrameException("publish: message " + i + " is longer than the frame");
            }
            frame.skipBytes((int) length);
        }
        reader.end("publish");
        return ids;
    }

    /**
     * Writes the pending chunk, if any, and answers each of its frames: a confirm of its publishing ids, or an error for
     * each when the stream refused the chunk. Called once the frames read in one go are handled, and before any other
     * frame, so that every answer and later command sees the chunk written.
     */
    void flush(Responder out) {
        if (pending.isEmpty()) {
            return;
        }
        long chunkId = pending.write();
        int code = chunkId >= 0 ? ResponseCode.OK
            : pending.log().isDeleted() ? ResponseCode.PUBLISHER_DOES_NOT_EXIST : ResponseCode.PRECONDITION_FAILED;
        long[] ids = pending.ids();
        if (code == ResponseCode.OK && flusher.syncConfirms()) {
            confirmOnceForced(out, ids);
            return;
        }
        for (int frame = 0; frame < pending.frames(); frame++) {
            int from = pending.firstIdOf(frame);
            int to = pending.endOf(frame);
            if (code == ResponseCode.OK) {
                sendConfirms(out, pending.publisherOf(frame), ids, from, to);
                traffic.confirmed(to - from);
            } else {
                sendErrors(out, pending.publisherOf(frame), ids, from, to, code);
            }
        }
        pending.clear();
        out.flush();
    }

    /**
     * {@code SYNC_FLUSH}: writes the pending chunk's confirms into one buffer now and sends it once the flusher has
     * forced the chunk, from the connection's event loop, so the confirms keep their order.
     */
    private void confirmOnceForced(Responder out, long[] ids) {
        ByteBuf confirms = out.alloc();
        for (int frame = 0; frame < pending.frames(); frame++) {
            int from = pending.firstIdOf(frame);
            int to = pending.endOf(frame);
            writeConfirms(confirms, pending.publisherOf(frame), ids, from, to);
            traffic.confirmed(to - from);
        }
        Channel channel = out.context().channel();
        flusher.afterForce(pending.log(), () -> sendFromLoop(channel, confirms));
        pending.clear();
    }

    /** Has the connection's event loop send {@code confirms}; drops them if the loop has shut down. */
    private static void sendFromLoop(Channel channel, ByteBuf confirms) {
        try {
            channel.eventLoop().execute(() -> channel.writeAndFlush(confirms));
        } catch (RejectedExecutionException closing) {
            confirms.release();
        }
    }

    /**
     * Reads a message's filter value (null or empty: none) and, when the message is {@code stored}, adds it to the bloom
     * filter of the chunk being built.
     */
    private void addFilterValue(FrameReader reader, ByteBuf frame, boolean stored) {
        int length = reader.stringLength("filter value", StreamConnection.MAX_STRING);
        if (stored) {
            if (length > 0) {
                pending.bloom().add(frame.nioBuffer(frame.readerIndex(), length), 0, length);
            } else {
                pending.bloom().addUnfiltered();
            }
        }
        frame.skipBytes(Math.max(length, 0));
    }

    /**
     * The publishers declared and not deleted, for a gauge: read from another thread without a lock, so a change made
     * at that moment may be missed.
     */
    int count() {
        int count = 0;
        for (Publisher publisher : publishers) {
            if (publisher != null && !publisher.log.isDeleted()) {
                count++;
            }
        }
        return count;
    }

    /** The publisher of {@code id}, or null if there is none or its stream was deleted (which deletes it). */
    private Publisher live(int id) {
        Publisher publisher = publishers[id];
        if (publisher != null && publisher.log.isDeleted()) {
            publishers[id] = null;
            return null;
        }
        return publisher;
    }

    private long[] idsFor(int count) {
        if (publishingIds.length < count) {
            publishingIds = new long[Integer.highestOneBit(count) << 1];
        }
        return publishingIds;
    }

    /** Writes, without flushing, a confirm of the publishing ids from {@code from} to {@code to} (exclusive). */
    private static void sendConfirms(Responder out, int publisherId, long[] ids, int from, int to) {
        ByteBuf frame = out.alloc();
        int start = writeConfirms(frame, publisherId, ids, from, to);
        out.write(frame, start);
    }

    /** Appends to {@code out} a whole confirm frame of the publishing ids from {@code from} to {@code to}. */
    private static int writeConfirms(ByteBuf out, int publisherId, long[] ids, int from, int to) {
        int start = FrameLayout.begin(out, CommandKey.PUBLISH_CONFIRM, StreamConnection.VERSION_1);
        out.writeByte(publisherId).writeInt(to - from);
        for (int i = from; i < to; i++) {
            out.writeLong(ids[i]);
        }
        FrameLayout.finish(out, start);
        return start;
    }

    /** Writes, without flushing, an error {@code code} for each publishing id from {@code from} to {@code to}. */
    private static void sendErrors(Responder out, int publisherId, long[] ids, int from, int to, int code) {
        ByteBuf frame = out.alloc();
        int start = FrameLayout.begin(frame, CommandKey.PUBLISH_ERROR, StreamConnection.VERSION_1);
        frame.writeByte(publisherId).writeInt(to - from);
        for (int i = from; i < to; i++) {
            frame.writeLong(ids[i]).writeShort(code);
        }
        out.write(frame, start);
    }
}
