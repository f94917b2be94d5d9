package io.apogee.streams.server;

import io.apogee.streams.chunk.BloomWriter;
import io.apogee.streams.chunk.ChunkBloom;
import io.apogee.streams.chunk.EntryLayout;
import io.apogee.streams.chunk.TrackingLayout;
import io.apogee.streams.log.StreamLog;
import io.apogee.streams.log.StreamRegistry;
import io.apogee.streams.protocol.CommandKey;
import io.apogee.streams.protocol.FrameLayout;
import io.apogee.streams.protocol.FrameReader;
import io.apogee.streams.protocol.FrameWriter;
import io.apogee.streams.protocol.MalformedFrameException;
import io.apogee.streams.protocol.ResponseCode;
import io.netty.buffer.ByteBuf;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;

/**
 * The publishers of one connection, by their one-byte id: declare, publish (each publish frame becomes one chunk, its
 * messages the chunk's entries as the client encoded them), confirm, and delete. A named publisher's messages whose
 * publishing id is not above the last one its name wrote are confirmed but not stored (deduplication). Deleting a
 * stream deletes its publishers, as in RabbitMQ: the connection is sent a metadata update (STREAM_NOT_AVAILABLE), a
 * later publish or delete of their ids is PUBLISHER_DOES_NOT_EXIST, and the ids may be declared again.
 *
 * <p>Not thread-safe: one per connection, on its event loop.
 */
final class Publishers {
    private static final int MAX_PUBLISHERS = 256;
    private static final int PUBLISHING_ID_LENGTH = Long.BYTES;

    private record Publisher(StreamLog log, String reference) {
    }

    private final StreamRegistry registry;
    private final Publisher[] publishers = new Publisher[MAX_PUBLISHERS];
    private final BloomWriter bloom = new BloomWriter();
    /** The streams this connection publishes to, each with the listener that hears of its deletion. */
    private final Map<StreamLog, Runnable> watched = new HashMap<>();
    private ByteBuffer scratch = ByteBuffer.allocateDirect(64 * 1024);
    private long[] publishingIds = new long[64];

    Publishers(StreamRegistry registry) {
        this.registry = registry;
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
        if (log == null) {
            code = ResponseCode.STREAM_DOES_NOT_EXIST;
        } else if (live(id) != null || !TrackingLayout.fits(reference)) {
            code = ResponseCode.PRECONDITION_FAILED;
        } else {
            publishers[id] = new Publisher(log, reference == null || reference.isEmpty() ? null : reference);
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
     * Publish v1, or v2 whose messages each carry a filter value after the publishing id: the chunk of a v2 frame with
     * at least one filter value carries a bloom filter of them (see {@link ChunkBloom}).
     */
    private void onPublish(FrameReader reader, Responder out, int version) {
        int id = reader.uint8("publisher id");
        ByteBuf frame = reader.frame();
        int count = reader.arrayLength("published messages", frame.readableBytes() / (PUBLISHING_ID_LENGTH + 1));
        Publisher publisher = live(id);
        long lastWritten = publisher == null || publisher.reference == null ? -1
            : publisher.log.tracking().lastWritten(publisher.reference);
        ByteBuffer data = scratchFor(frame.readableBytes());
        boolean filtered = version == StreamConnection.VERSION_2;
        if (filtered && publisher != null) {
            bloom.reset(publisher.log.options().filterSize());
        }
        long[] ids = idsFor(count);
        int entries = 0;
        int records = 0;
        long highest = lastWritten;
        for (int i = 0; i < count; i++) {
            ids[i] = reader.int64("publishing id");
            if (filtered) {
                addFilterValue(reader, frame, publisher != null && ids[i] > lastWritten);
            }
            ByteBuffer view = frame.nioBuffer(frame.readerIndex(), frame.readableBytes());
            long length = EntryLayout.entryLength(view, 0, view.remaining());
            if (length < 0) {
                throw new MalformedFrameException("publish: message " + i + " is longer than the frame");
            }
            if (ids[i] > lastWritten) {
                data.put(view.limit((int) length));
                entries++;
                records += EntryLayout.recordCount(view, 0);
                highest = Math.max(highest, ids[i]);
            }
            frame.skipBytes((int) length);
        }
        reader.end("publish");
        if (publisher == null) {
            sendErrors(out, id, ids, count, ResponseCode.PUBLISHER_DOES_NOT_EXIST);
            return;
        }
        if (entries > 0) {
            long chunkId = publisher.log.append(data.flip(), entries, records, publisher.reference, highest,
                filtered ? bloom : null);
            if (chunkId < 0) {
                boolean deleted = live(id) == null;
                sendErrors(out, id, ids, count, deleted ? ResponseCode.PUBLISHER_DOES_NOT_EXIST : ResponseCode.PRECONDITION_FAILED);
                return;
            }
        }
        sendConfirms(out, id, ids, count);
    }

    /**
     * Reads a message's filter value (null or empty: none) and, when the message is {@code stored}, adds it to the bloom
     * filter of the chunk being built.
     */
    private void addFilterValue(FrameReader reader, ByteBuf frame, boolean stored) {
        int length = reader.stringLength("filter value", StreamConnection.MAX_STRING);
        if (stored) {
            if (length > 0) {
                bloom.add(frame.nioBuffer(frame.readerIndex(), length), 0, length);
            } else {
                bloom.addUnfiltered();
            }
        }
        frame.skipBytes(Math.max(length, 0));
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

    private ByteBuffer scratchFor(int bytes) {
        if (scratch.capacity() < bytes) {
            scratch = ByteBuffer.allocateDirect(Integer.highestOneBit(bytes) << 1);
        }
        return scratch.clear();
    }

    private long[] idsFor(int count) {
        if (publishingIds.length < count) {
            publishingIds = new long[Integer.highestOneBit(count) << 1];
        }
        return publishingIds;
    }

    private static void sendConfirms(Responder out, int publisherId, long[] ids, int count) {
        ByteBuf frame = out.alloc();
        int start = FrameLayout.begin(frame, CommandKey.PUBLISH_CONFIRM, StreamConnection.VERSION_1);
        frame.writeByte(publisherId).writeInt(count);
        for (int i = 0; i < count; i++) {
            frame.writeLong(ids[i]);
        }
        out.send(frame, start);
    }

    private static void sendErrors(Responder out, int publisherId, long[] ids, int count, int code) {
        ByteBuf frame = out.alloc();
        int start = FrameLayout.begin(frame, CommandKey.PUBLISH_ERROR, StreamConnection.VERSION_1);
        frame.writeByte(publisherId).writeInt(count);
        for (int i = 0; i < count; i++) {
            frame.writeLong(ids[i]).writeShort(code);
        }
        out.send(frame, start);
    }
}
