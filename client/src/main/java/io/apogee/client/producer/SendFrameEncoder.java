package io.apogee.client.producer;

import io.apogee.client.InvalidMessageException;
import io.apogee.client.core.ClientCore;
import io.apogee.client.core.MessageQueue;
import io.apogee.wire.code.ProtocolVersion;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.SendMessageRequestHeader;
import io.apogee.wire.message.MessageSysFlag;
import io.apogee.wire.message.OutboundMessage;
import io.apogee.wire.message.PropertiesWriter;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.batch.BatchBodyEncoder;
import io.apogee.wire.message.batch.EncodeStatus;
import io.apogee.wire.message.compress.BodyCodec;
import io.apogee.wire.message.compress.BodyCompressor;
import io.apogee.wire.message.compress.CompressionType;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * Turns a message or a batch into the header and body of a SEND_MESSAGE_V2 or SEND_BATCH_MESSAGE request: the
 * body written once into one pooled buffer (a batch through wire's {@link BatchBodyEncoder}), the properties
 * written straight into the header's ext fields, nothing else allocated once warm. Not thread-safe: one per
 * sending thread; the header it fills is valid until its next call.
 *
 * <p>Public so that tools and benchmarks measure exactly the bytes and the work of the {@link Producer}'s send path:
 * the frame a producer writes is {@code FrameBuffers.encode(allocator, frameEncoder, header, body)}.
 */
public final class SendFrameEncoder {
    /** Bodies of this many bytes or more are compressed, as the official producer's compressMsgBodyOverHowmuch. */
    public static final int DEFAULT_COMPRESS_OVER = 4096;
    /** The official producer's default maxMessageSize: the largest body, and the largest batch body. */
    public static final int DEFAULT_MAX_MESSAGE_SIZE = 4 * 1024 * 1024;

    private static final int DEFAULT_TOPIC_QUEUE_NUMS = 4;
    private static final int COMPRESSED_SYS_FLAG = MessageSysFlag.COMPRESSED | MessageSysFlag.COMPRESSION_ZLIB;

    private final RemotingHeader header = new RemotingHeader();
    private final SendMessageRequestHeader send = new SendMessageRequestHeader();
    private final BatchBodyEncoder batchEncoder;
    private final int maxBodyLength;
    private final int maxBatchLength;
    private final int compressOver;
    private BodyCompressor zlib;
    private ByteBuffer scratch = ByteBuffer.allocate(0);
    private ByteBuffer properties = ByteBuffer.allocate(512);

    /** An encoder with the official producer's defaults: 4 MiB bodies and batches, zlib over 4 KiB. */
    public SendFrameEncoder() {
        this(DEFAULT_MAX_MESSAGE_SIZE, DEFAULT_MAX_MESSAGE_SIZE, DEFAULT_COMPRESS_OVER);
    }

    /**
     * @param maxBodyLength  the largest body of one message, before compression (maxMessageSize)
     * @param maxBatchLength the largest batch body
     * @param compressOver   single-message bodies of this many bytes or more are sent zlib-compressed (level 5)
     */
    public SendFrameEncoder(int maxBodyLength, int maxBatchLength, int compressOver) {
        this.batchEncoder = new BatchBodyEncoder(maxBatchLength, true);
        this.maxBodyLength = maxBodyLength;
        this.maxBatchLength = maxBatchLength;
        this.compressOver = compressOver;
    }

    /**
     * Checks what the broker would refuse anyway: a topic, a body, and a body within maxMessageSize.
     *
     * @throws InvalidMessageException naming what is wrong
     */
    public void check(OutboundMessage message) {
        CharSequence topic = message.topic();
        if (topic == null || topic.isEmpty()) {
            throw new InvalidMessageException("no topic");
        }
        if (message.bodyLength() == 0) {
            throw new InvalidMessageException("empty body");
        }
        if (message.bodyLength() > maxBodyLength) {
            throw new InvalidMessageException("the body of " + message.bodyLength() + " bytes exceeds maxMessageSize ("
                + maxBodyLength + " bytes)");
        }
    }

    /** The sysflag a single send of {@code message} carries: COMPRESSED and zlib for a body that is compressed. */
    public int sysFlag(OutboundMessage message) {
        return message.bodyLength() >= compressOver ? COMPRESSED_SYS_FLAG : 0;
    }

    /** The message body in a new buffer of {@code allocator}: zlib-compressed (level 5) when {@link #sysFlag} says so. */
    public ByteBuf body(OutboundMessage message, ByteBufAllocator allocator) {
        int length = message.bodyLength();
        if (sysFlag(message) != 0) {
            return compressedBody(message, allocator);
        }
        ByteBuf body = allocator.directBuffer(length, length);
        ByteBuffer target = body.internalNioBuffer(0, length);
        message.writeBody(target, target.position());
        body.writerIndex(length);
        return body;
    }

    private ByteBuf compressedBody(OutboundMessage message, ByteBufAllocator allocator) {
        int length = message.bodyLength();
        ensureScratch(length);
        message.writeBody(scratch, 0);
        if (zlib == null) {
            zlib = new BodyCodec().compressor(CompressionType.ZLIB);
        }
        int bound = zlib.maxCompressedLength(length);
        ByteBuf body = allocator.directBuffer(bound, bound);
        ByteBuffer target = body.internalNioBuffer(0, bound);
        int written = zlib.compress(BodyCodec.DEFAULT_LEVEL, scratch, 0, length, target, target.position(), bound);
        if (written < 0) {
            body.release();
            throw new IllegalStateException("zlib output exceeded its own bound");
        }
        body.writerIndex(written);
        return body;
    }

    /**
     * The batch body of {@code messages} in a new buffer of {@code allocator}, every entry written once (batches
     * are not compressed, as with the official producer).
     *
     * @throws InvalidMessageException if a message fails {@link #check}, the topics differ, or the batch is too large
     */
    public ByteBuf batchBody(List<? extends OutboundMessage> messages, ByteBufAllocator allocator) {
        if (messages.isEmpty()) {
            throw new InvalidMessageException("empty batch");
        }
        CharSequence topic = messages.getFirst().topic();
        for (OutboundMessage message : messages) {
            check(message);
            if (CharSequence.compare(message.topic(), topic) != 0) {
                throw new InvalidMessageException("a batch holds one topic: " + topic + " and " + message.topic());
            }
        }
        EncodeStatus status = batchEncoder.measure(messages);
        if (status == EncodeStatus.TOO_LARGE) {
            throw new InvalidMessageException("the batch body exceeds maxMessageSize (" + maxBatchLength + " bytes)");
        }
        if (status != EncodeStatus.OK) {
            throw new InvalidMessageException("batch cannot be encoded: " + status);
        }
        int length = batchEncoder.length();
        // straight into the direct buffer the socket writes from: each body and each message's properties string
        // (encoded when its properties were put) one bulk copy
        ByteBuf body = allocator.directBuffer(length, length);
        ByteBuffer target = body.internalNioBuffer(0, length);
        status = batchEncoder.encode(messages, target, target.position());
        if (status != EncodeStatus.OK) {
            body.release();
            throw new InvalidMessageException("batch cannot be encoded: " + status);
        }
        body.writerIndex(length);
        return body;
    }

    /** The header of a single send of {@code message} to {@code queue}. */
    public RemotingHeader singleHeader(OutboundMessage message, String producerGroup, MessageQueue queue, long bornTimestamp) {
        int length = message.propertiesLength();
        ensureProperties(length);
        message.writeProperties(properties, 0);
        return fill(RequestCode.SEND_MESSAGE_V2, producerGroup, queue, bornTimestamp, message.flag(), sysFlag(message),
            properties, 0, length, false);
    }

    /**
     * The header of a send of {@code message} to a retry topic's {@code queue}: like {@link #singleHeader}, but
     * with the reconsume count and limit in the header, as the official client sends a message its listener
     * failed on when the broker did not take it back.
     */
    public RemotingHeader retryHeader(OutboundMessage message, int reconsumeTimes, int maxReconsumeTimes,
                                      String producerGroup, MessageQueue queue, long bornTimestamp) {
        RemotingHeader retry = singleHeader(message, producerGroup, queue, bornTimestamp);
        send.reconsumeTimes(reconsumeTimes).maxReconsumeTimes(maxReconsumeTimes);
        retry.ext().clear();
        send.encode(retry.ext());
        return retry;
    }

    /** The message's properties string in a new buffer of {@code allocator}, kept for a resend. */
    ByteBuf properties(OutboundMessage message, ByteBufAllocator allocator) {
        int length = message.propertiesLength();
        ByteBuf kept = allocator.directBuffer(length, length);
        ByteBuffer target = kept.internalNioBuffer(0, length);
        message.writeProperties(target, target.position());
        kept.writerIndex(length);
        return kept;
    }

    /** The header of a resend to {@code queue}, with the properties kept by {@link #properties}. */
    RemotingHeader resendHeader(ByteBuf kept, int flag, int sysFlag, String producerGroup, MessageQueue queue,
                                long bornTimestamp) {
        ByteBuffer source = kept.nioBuffer();
        return fill(RequestCode.SEND_MESSAGE_V2, producerGroup, queue, bornTimestamp, flag, sysFlag, source,
            source.position(), source.remaining(), false);
    }

    /** The header of a batch send to {@code queue}, whose batch-level properties carry {@code batchKey} and WAIT. */
    public RemotingHeader batchHeader(CharSequence batchKey, String producerGroup, MessageQueue queue, long bornTimestamp) {
        int length = PropertiesWriter.entryLength(PropertyNames.UNIQ_KEY, batchKey)
            + PropertiesWriter.entryLength(PropertyNames.WAIT, "true");
        ensureProperties(length);
        int at = PropertiesWriter.writeEntry(PropertyNames.UNIQ_KEY, batchKey, properties, 0);
        PropertiesWriter.writeEntry(PropertyNames.WAIT, "true", properties, at);
        return fill(RequestCode.SEND_BATCH_MESSAGE, producerGroup, queue, bornTimestamp, 0, 0, properties, 0, length, true);
    }

    private RemotingHeader fill(int code, String producerGroup, MessageQueue queue, long bornTimestamp, int flag,
                                int sysFlag, ByteBuffer propertiesSource, int propertiesIndex, int propertiesLength, boolean batch) {
        send.clear();
        send.producerGroup(producerGroup)
            .topic(queue.topic())
            .defaultTopic(ClientCore.AUTO_CREATE_TOPIC)
            .defaultTopicQueueNums(DEFAULT_TOPIC_QUEUE_NUMS)
            .queueId(queue.queueId())
            .sysFlag(sysFlag)
            .bornTimestamp(bornTimestamp)
            .flag(flag)
            .properties(propertiesSource, propertiesIndex, propertiesLength)
            .reconsumeTimes(0)
            .unitMode(false)
            .batch(batch)
            .brokerName(queue.brokerName());
        header.asRequest(code, 0).version(ProtocolVersion.V5_4_0);
        send.encode(header.ext());
        return header;
    }

    private void ensureScratch(int length) {
        if (scratch.capacity() < length) {
            scratch = ByteBuffer.allocate(Math.max(length, scratch.capacity() * 2));
        }
    }

    private void ensureProperties(int length) {
        if (properties.capacity() < length) {
            properties = ByteBuffer.allocate(Math.max(length, properties.capacity() * 2));
        }
    }
}
