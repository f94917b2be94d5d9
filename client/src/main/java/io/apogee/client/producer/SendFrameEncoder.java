package io.apogee.client.producer;

import io.apogee.client.InvalidMessageException;
import io.apogee.client.core.ClientCore;
import io.apogee.client.core.MessageQueue;
import io.apogee.wire.code.ProtocolVersion;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.SendMessageRequestHeader;
import io.apogee.wire.message.OutboundMessage;
import io.apogee.wire.message.PropertiesWriter;
import io.apogee.wire.message.PropertyNames;
import io.apogee.wire.message.batch.BatchBodyEncoder;
import io.apogee.wire.message.batch.EncodeStatus;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * Turns a message or a batch into the header and body of a SEND_MESSAGE_V2 or SEND_BATCH_MESSAGE request: the
 * body written once into one pooled buffer (a batch through wire's {@link BatchBodyEncoder}), the properties
 * written straight into the header's ext fields, nothing else allocated once warm. Not thread-safe: one per
 * sending thread; the header it fills is valid until its next call.
 */
final class SendFrameEncoder {
    private static final int DEFAULT_TOPIC_QUEUE_NUMS = 4;

    private final RemotingHeader header = new RemotingHeader();
    private final SendMessageRequestHeader send = new SendMessageRequestHeader();
    private final BatchBodyEncoder batchEncoder;
    private ByteBuffer properties = ByteBuffer.allocate(512);

    SendFrameEncoder(int maxBodyLength) {
        this.batchEncoder = new BatchBodyEncoder(maxBodyLength, true);
    }

    /** The message body in a new buffer of {@code allocator}. */
    ByteBuf body(OutboundMessage message, ByteBufAllocator allocator) {
        int length = message.bodyLength();
        ByteBuf body = allocator.directBuffer(length, length);
        ByteBuffer target = body.internalNioBuffer(0, length);
        message.writeBody(target, target.position());
        body.writerIndex(length);
        return body;
    }

    /**
     * The batch body of {@code messages} in a new buffer of {@code allocator}, every entry written once.
     *
     * @throws InvalidMessageException if the batch is too large or a message's properties too long
     */
    ByteBuf batchBody(List<? extends OutboundMessage> messages, ByteBufAllocator allocator) {
        EncodeStatus status = batchEncoder.measure(messages);
        if (status != EncodeStatus.OK) {
            throw new InvalidMessageException("batch cannot be encoded: " + status);
        }
        int length = batchEncoder.length();
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
    RemotingHeader singleHeader(OutboundMessage message, String producerGroup, MessageQueue queue, long bornTimestamp) {
        int length = message.propertiesLength();
        ensureProperties(length);
        message.writeProperties(properties, 0);
        return fill(RequestCode.SEND_MESSAGE_V2, producerGroup, queue, bornTimestamp, message.flag(), properties, 0, length,
            false);
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
    RemotingHeader resendHeader(ByteBuf kept, int flag, String producerGroup, MessageQueue queue, long bornTimestamp) {
        ByteBuffer source = kept.nioBuffer();
        return fill(RequestCode.SEND_MESSAGE_V2, producerGroup, queue, bornTimestamp, flag, source, source.position(),
            source.remaining(), false);
    }

    /** The header of a batch send to {@code queue}, whose batch-level properties carry {@code batchKey} and WAIT. */
    RemotingHeader batchHeader(CharSequence batchKey, String producerGroup, MessageQueue queue, long bornTimestamp) {
        int length = PropertiesWriter.entryLength(PropertyNames.UNIQ_KEY, batchKey)
            + PropertiesWriter.entryLength(PropertyNames.WAIT, "true");
        ensureProperties(length);
        int at = PropertiesWriter.writeEntry(PropertyNames.UNIQ_KEY, batchKey, properties, 0);
        PropertiesWriter.writeEntry(PropertyNames.WAIT, "true", properties, at);
        return fill(RequestCode.SEND_BATCH_MESSAGE, producerGroup, queue, bornTimestamp, 0, properties, 0, length, true);
    }

    private RemotingHeader fill(int code, String producerGroup, MessageQueue queue, long bornTimestamp, int flag,
                                ByteBuffer propertiesSource, int propertiesIndex, int propertiesLength, boolean batch) {
        send.clear();
        send.producerGroup(producerGroup)
            .topic(queue.topic())
            .defaultTopic(ClientCore.AUTO_CREATE_TOPIC)
            .defaultTopicQueueNums(DEFAULT_TOPIC_QUEUE_NUMS)
            .queueId(queue.queueId())
            .sysFlag(0)
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

    private void ensureProperties(int length) {
        if (properties.capacity() < length) {
            properties = ByteBuffer.allocate(Math.max(length, properties.capacity() * 2));
        }
    }
}
