package io.apogee.perf.client;

import java.nio.ByteBuffer;
import java.util.function.Consumer;

/**
 * What to consume and where each body goes.
 *
 * @param nameServers name servers, and whether to connect over TLS
 * @param topic       the topic
 * @param group       the consumer group
 * @param count       how many consumers (each its own client instance)
 * @param fromFirst   whether a fresh group starts at the first offset (else at the last)
 * @param onBody      called for every delivery with its body (position to limit), on the client's consume threads
 */
public record ConsumerSpec(NameServers nameServers, String topic, String group, int count, boolean fromFirst,
                           Consumer<ByteBuffer> onBody) {
}
