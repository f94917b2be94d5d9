package io.apogee.broker.processor;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.apogee.transport.Peer;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;

/**
 * Answers requests: a response header in the request's serialization, encoded on the answering thread and never
 * written for a oneway request (whose body is then released). Safe for any thread: the header {@link #header} hands
 * out is that thread's own, reused for every answer, so fill it and send it before asking for the next one.
 */
public final class Replies {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final ThreadLocal<RemotingHeader> RESPONSE = ThreadLocal.withInitial(RemotingHeader::new);

    private Replies() {
    }

    /**
     * This thread's response header, made the answer to {@code request} with {@code code} and {@code remark} (may be
     * null); valid until this thread's next call.
     */
    public static RemotingHeader header(RemotingHeader request, int code, String remark) {
        return RESPONSE.get().asResponseTo(request, code).remark(remark);
    }

    /** Sends {@code response} with {@code body} (null for none), unless the request was oneway. */
    public static void send(Peer peer, RemotingHeader request, RemotingHeader response, ByteBuf body) {
        if (request.isOneway()) {
            if (body != null) {
                body.release();
            }
            return;
        }
        peer.respond(response, body);
    }

    /** Sends a bodiless answer with {@code code} and {@code remark}. */
    public static void send(Peer peer, RemotingHeader request, int code, String remark) {
        send(peer, request, header(request, code, remark), null);
    }

    /** Sends SUCCESS with {@code json} as the body. */
    public static void json(Peer peer, RemotingHeader request, byte[] json) {
        send(peer, request, header(request, ResponseCode.SUCCESS, null), Unpooled.wrappedBuffer(json));
    }

    /** Sends SUCCESS with {@code json} written as the body (admin answers; Jackson, off the hot path). */
    public static void json(Peer peer, RemotingHeader request, JsonNode json) {
        try {
            json(peer, request, JSON.writeValueAsBytes(json));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON", e);
        }
    }

    /** UTF-8 bytes of {@code text}. */
    static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
