package io.apogee.controller.state;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;

/**
 * The one encoding of the controller's data: commands and replies as they travel through the Raft log and back, and
 * the state as snapshots hold it. UTF-8 JSON, with the command's kind in the field {@code op}; unknown fields are
 * refused so that a replica never applies a command it only half understands. Thread-safe.
 */
public final class CommandCodec {
    private static final ObjectMapper JSON = new ObjectMapper()
        .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES);

    private CommandCodec() {
    }

    /** The bytes of {@code command}. */
    public static byte[] encode(ControllerCommand command) {
        return write(command);
    }

    /** The command in {@code bytes}; an {@link IllegalArgumentException} when they hold none. */
    public static ControllerCommand decodeCommand(byte[] bytes) {
        return read(bytes, ControllerCommand.class);
    }

    /** The bytes of {@code reply}. */
    public static byte[] encode(ControllerReply reply) {
        return write(reply);
    }

    /** The reply in {@code bytes}. */
    public static ControllerReply decodeReply(byte[] bytes) {
        return read(bytes, ControllerReply.class);
    }

    /** The bytes of a snapshot of {@code state}. */
    public static byte[] encode(ControllerState.Image state) {
        return write(state);
    }

    /** The state a snapshot holds. */
    public static ControllerState.Image decodeImage(byte[] bytes) {
        return read(bytes, ControllerState.Image.class);
    }

    private static byte[] write(Object value) {
        try {
            return JSON.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot encode " + value, e);
        }
    }

    private static <T> T read(byte[] bytes, Class<T> type) {
        try {
            return JSON.readValue(bytes, type);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("not a " + type.getSimpleName() + ": " + e.getOriginalMessage(), e);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
