package io.apogee.broker.failover;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.TransportException;
import io.apogee.transport.auth.RequestSigner;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * A master's epochs and log end as its GET_BROKER_EPOCH_CACHE answer gives them ({@link EpochCacheProcessor}), which
 * a slave of a new master asks for before it follows. Every field is checked as it is read. Immutable.
 *
 * @param entries   the master's epochs, oldest first
 * @param maxOffset the end of the master's log
 */
public record EpochCache(List<EpochEntry> entries, long maxOffset) {
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** Copies the list. */
    public EpochCache {
        entries = List.copyOf(entries);
    }

    /**
     * Asks the broker at {@code address} for its epochs, signing with {@code signer} (null: unsigned).
     *
     * @throws ControllerException when it does not answer, refuses, or answers something that is not an epoch cache
     */
    public static EpochCache fetch(RemotingClient client, String address, long timeoutMillis, RequestSigner signer)
        throws InterruptedException {
        RemotingHeader header = new RemotingHeader().asRequest(RequestCode.GET_BROKER_EPOCH_CACHE, 0);
        if (signer != null) {
            signer.sign(header, null);
        }
        try (RemotingResponse response = client.invokeSync(address, header, null, timeoutMillis)) {
            if (response.code() != ResponseCode.SUCCESS || response.body() == null) {
                throw new ControllerException(response.code(), "master " + address + " answered "
                    + ResponseCode.name(response.code()) + " to GET_BROKER_EPOCH_CACHE: " + response.remark());
            }
            byte[] body = new byte[response.body().readableBytes()];
            response.body().getBytes(response.body().readerIndex(), body);
            return parse(body);
        } catch (TransportException e) {
            throw new ControllerException(ControllerException.NO_ANSWER, "master " + address + ": " + e.getMessage());
        }
    }

    /**
     * Reads RocketMQ's EpochEntryCache JSON: {@code epochList} of {@code epoch} and {@code startOffset}, epochs rising
     * and offsets not falling, and {@code maxOffset}.
     *
     * @throws ControllerException naming what is wrong
     */
    public static EpochCache parse(byte[] json) {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (IOException e) {
            throw invalid("not JSON: " + e.getMessage());
        }
        if (root == null || !root.path("maxOffset").canConvertToLong() || !root.path("epochList").isArray()) {
            throw invalid("needs epochList and maxOffset");
        }
        long maxOffset = root.get("maxOffset").asLong();
        List<EpochEntry> entries = new ArrayList<>();
        for (JsonNode node : root.get("epochList")) {
            if (!node.path("epoch").canConvertToInt() || !node.path("startOffset").canConvertToLong()) {
                throw invalid("an epoch needs epoch and startOffset: " + node);
            }
            EpochEntry entry = new EpochEntry(node.get("epoch").asInt(), node.get("startOffset").asLong());
            boolean ordered = entries.isEmpty() || (entry.epoch() > entries.getLast().epoch()
                && entry.startOffset() >= entries.getLast().startOffset());
            if (entry.epoch() < 1 || entry.startOffset() < 0 || entry.startOffset() > maxOffset || !ordered) {
                throw invalid("epoch " + entry + " out of order or past maxOffset " + maxOffset);
            }
            entries.add(entry);
        }
        return new EpochCache(entries, maxOffset);
    }

    private static ControllerException invalid(String problem) {
        return new ControllerException(ResponseCode.SYSTEM_ERROR, "not an epoch cache: " + problem);
    }
}
