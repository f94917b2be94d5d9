package io.apogee.wire.header;

import io.apogee.wire.code.RequestCode;

/**
 * The two key sets of a SEND header: Apache RocketMQ's {@code SendMessageRequestHeader} with long names, and its
 * {@code SendMessageRequestHeaderV2} with one-letter keys. The request code decides which one a frame uses.
 * Immutable, so safe for any thread.
 */
public enum SendHeaderKeys {
    /** Long names ({@code producerGroup}, {@code topic}, ...): SEND_MESSAGE (10) and SEND_REPLY_MESSAGE (324). */
    V1,
    /** One-letter keys ({@code a} to {@code n}): SEND_MESSAGE_V2 (310), SEND_BATCH_MESSAGE (320), SEND_REPLY_MESSAGE_V2 (325). */
    V2;

    /**
     * The key set of a send request code.
     *
     * @throws IllegalArgumentException if {@code requestCode} is not one of the five send codes
     */
    public static SendHeaderKeys forRequestCode(int requestCode) {
        return switch (requestCode) {
            case RequestCode.SEND_MESSAGE, RequestCode.SEND_REPLY_MESSAGE -> V1;
            case RequestCode.SEND_MESSAGE_V2, RequestCode.SEND_BATCH_MESSAGE, RequestCode.SEND_REPLY_MESSAGE_V2 -> V2;
            default -> throw new IllegalArgumentException("not a send request: " + RequestCode.describe(requestCode));
        };
    }
}
