package io.apogee.broker.pull;

import io.apogee.broker.request.Exchange;
import io.apogee.store.read.TagFilter;

/**
 * A decoded pull, kept while it is held for new messages and re-run when they arrive or the hold ends.
 *
 * <p>Immutable; its exchange is owned by whichever thread runs the pull (one at a time).
 *
 * @param exchange    the pull's exchange: the consumer's connection, the request, the answer
 * @param group       the consumer group
 * @param topic       the topic
 * @param queueId     the queue
 * @param offset      the first offset wanted
 * @param maxMessages the most messages to return
 * @param maxBytes    the most bytes to return (at least one message is always returned)
 * @param holdMillis  how long to hold the pull when nothing is there (0: answer at once)
 * @param filter      the tag-hash filter
 */
record PullRequest(Exchange exchange, String group, String topic, int queueId, long offset,
    int maxMessages, long maxBytes, long holdMillis, TagFilter filter) {
}
