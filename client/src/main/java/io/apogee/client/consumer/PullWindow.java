package io.apogee.client.consumer;

/**
 * The pulls of one queue in flight, so that a backlog is read with several pulls out at once and every answer is
 * still taken in queue order. A pull is sent where the one before it will end if the broker answers it as it
 * answered the last one (the stride: the messages it asks for, or fewer if the broker's cap cut the last answer).
 * That guess holds while the queue has a backlog. An answer is taken only if it is of the current round and starts
 * where the last taken one ended. Any other answer is dropped, and an answer that came before an earlier one starts
 * a new round from the last end. Only an answer that ended one stride on, with more messages behind it, lets more
 * than one pull go out, so a queue read up to its end, or filtered, has one pull out (the long poll).
 *
 * <p>Thread-safe: every method holds this object's lock (answers come on the event loop, retries on the scheduler).
 */
final class PullWindow {
    private final int maxInFlight;
    private long round;
    private long nextStart;
    private long stride;
    private int inFlight;
    private boolean backlog;

    /** A window of up to {@code maxInFlight} pulls of {@code batchSize} messages, from {@code startOffset}. */
    PullWindow(int maxInFlight, int batchSize, long startOffset) {
        this.maxInFlight = maxInFlight;
        this.stride = batchSize;
        this.nextStart = startOffset;
    }

    /** The current round, which a claimed pull carries to its answer. */
    synchronized long round() {
        return round;
    }

    /**
     * The start offset of one more pull of round {@code pullRound}, or -1 if the window is full (at most one pull
     * out unless the queue has a backlog) or the round ended.
     */
    synchronized long claim(long pullRound) {
        if (pullRound != round || inFlight >= (backlog ? maxInFlight : 1)) {
            return -1;
        }
        inFlight++;
        long start = nextStart;
        nextStart += stride;
        return start;
    }

    /** A pull of {@code pullRound} was not sent or failed: a new round from {@code resume}, with one pull. */
    synchronized void abandon(long pullRound, long resume) {
        if (pullRound == round) {
            restart(resume);
        }
    }

    /**
     * Whether the answer to the pull of {@code pullRound} at {@code start} is the one to take: of this round and
     * starting at {@code expected}, the end of the last one taken. An answer of this round that starts elsewhere
     * came before one sent earlier: this round ends and a new one starts from {@code expected}.
     */
    synchronized boolean accept(long pullRound, long start, long expected) {
        if (pullRound != round) {
            return false;
        }
        if (start != expected) {
            restart(expected);
            return false;
        }
        inFlight--;
        return true;
    }

    /**
     * Notes a taken answer to the pull at {@code start}, which ends at {@code next}: {@code found} if it held
     * messages, {@code more} if the queue holds messages after it. One that ended a stride on with more behind goes
     * on with the round and opens the window; one that ended elsewhere with more behind makes its length the stride
     * of a new round; any other starts a new round with one pull.
     */
    synchronized void taken(long start, long next, boolean found, boolean more) {
        long length = next - start;
        if (found && more && length == stride) {
            backlog = true;
            return;
        }
        if (found && more && length > 0) {
            stride = length;
        }
        restart(next);
    }

    /** Pulls of this round still out. */
    synchronized int inFlight() {
        return inFlight;
    }

    /** How far apart the pulls of a round start. */
    synchronized long stride() {
        return stride;
    }

    private void restart(long from) {
        round++;
        inFlight = 0;
        nextStart = from;
        backlog = false;
    }
}
