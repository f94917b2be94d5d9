package io.apogee.client.consumer;

/**
 * How a push consumer pulls each queue. Immutable.
 *
 * @param batchSize         the most messages one pull asks for
 * @param batchBytes        the most bytes one pull asks for (the request's maxMsgBytes)
 * @param inFlight          the most pulls of one queue in flight while it has a backlog
 * @param maxCachedMessages pulls of a queue pause above this many pulled, unconsumed messages
 * @param maxCachedBytes    ... or above this many bytes
 */
record PullSettings(int batchSize, int batchBytes, int inFlight, int maxCachedMessages, long maxCachedBytes) {
}
