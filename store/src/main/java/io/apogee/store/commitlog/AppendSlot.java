package io.apogee.store.commitlog;

import io.apogee.common.agent.ErrorHandler;
import io.apogee.store.queue.LogicalQueue;

/**
 * One reusable slot of the {@link AppendRing}: the submitted request and, once written, where it went.
 *
 * <p>Threads: a producer sets {@link #request} and then publishes {@link #sequence} with a volatile write; the
 * appender fills the outcome; the completer (appender or flusher) completes it; the ring then reuses it.
 */
final class AppendSlot {
    volatile long sequence = -1;
    AppendRequest request;
    /** The queue whose units the submit reserved, or null when the records get none. */
    LogicalQueue queue;
    AppendStatus status;
    long physicalOffset;
    long queueOffset;
    long storeTimestamp;
    long endPosition;
    boolean completed;

    void appended(long physical, long queue, long timestamp, long end) {
        status = AppendStatus.APPENDED;
        physicalOffset = physical;
        queueOffset = queue;
        storeTimestamp = timestamp;
        endPosition = end;
        completed = false;
    }

    void failed(AppendStatus failure) {
        status = failure;
        physicalOffset = -1;
        queueOffset = -1;
        storeTimestamp = 0;
        endPosition = -1;
        completed = false;
    }

    /** Whether the completion must wait (for a force in SYNC mode, for a slave on a SYNC_MASTER). */
    boolean awaitsCompletion() {
        return status == AppendStatus.APPENDED && request.awaitFlush();
    }

    /** Completes with the recorded outcome, or with {@code override} when it is not null. */
    void complete(AppendStatus override, ErrorHandler errors) {
        AppendRequest done = request;
        request = null;
        queue = null;
        completed = true;
        AppendStatus outcome = override != null ? override : status;
        try {
            if (outcome.isWritten()) {
                done.onAppended(outcome, physicalOffset, queueOffset, storeTimestamp);
            } else {
                done.onAppended(outcome, -1, -1, 0);
            }
        } catch (RuntimeException | Error callbackFailure) {
            // the append itself is done: a failing callback must not keep the ring from moving on
            errors.onError("apogee-append-completion", callbackFailure);
        }
    }
}
