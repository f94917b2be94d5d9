package io.apogee.store.commitlog;

import io.apogee.common.agent.SleepingAgent;
import io.apogee.store.queue.ConsumeQueue.Reservation;
import io.apogee.store.queue.LogicalQueue;
import java.util.ArrayDeque;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Makes consume-queue files off the send path. Making one (directory, file, mapping, first page) takes milliseconds
 * on some file systems, and a submitting thread is an I/O thread that serves other connections too: a client that
 * sent to a thousand new queues held them for seconds. A submit whose units need a new file parks its request here;
 * this agent makes the file, then hands the queue's parked requests back to the appender in the order they came.
 * A request to a queue with parked ones parks behind them, so each queue keeps its order.
 *
 * <p>Threads: {@link #park} from any submitting thread, {@link #doWork()} on the store's housekeeping thread,
 * {@link #closeAll} at close. The parked requests are guarded by this object's monitor; the file is made outside it.
 */
final class QueueFileMaker implements SleepingAgent {
    private final Appender appender;
    /** Parked requests per queue, queues in the order their first request parked. */
    private final Map<LogicalQueue, ArrayDeque<AppendRequest>> parked = new LinkedHashMap<>();
    private volatile int parkedQueues;
    /** Set by {@link #closeAll}: nothing parks from then on. Guarded by the monitor. */
    private boolean closed;
    private volatile Runnable wake = () -> { };

    QueueFileMaker(Appender appender) {
        this.appender = Objects.requireNonNull(appender, "appender");
    }

    /** Who is told when a request parks (the housekeeping thread's doorbell). */
    void wakeWith(Runnable value) {
        wake = Objects.requireNonNull(value, "value");
    }

    /**
     * Parks {@code request} behind the others of {@code queue}; returns whether it did. With {@code onlyBehindOthers},
     * it parks only when some wait still (a submitter that saw them may find them handed back already). Once closed,
     * nothing parks.
     */
    boolean park(LogicalQueue queue, AppendRequest request, boolean onlyBehindOthers) {
        synchronized (this) {
            if (closed) {
                return false;
            }
            ArrayDeque<AppendRequest> waiting = parked.get(queue);
            if (waiting == null) {
                if (onlyBehindOthers) {
                    return false;
                }
                waiting = new ArrayDeque<>();
                parked.put(queue, waiting);
                parkedQueues = parked.size();
                queue.fileAwaited(true);
            }
            waiting.addLast(request);
        }
        wake.run();
        return true;
    }

    /** Makes the file of the queue parked longest, then hands its requests back to the appender; returns 1 if any. */
    @Override
    public int doWork() {
        LogicalQueue queue;
        AppendRequest first;
        synchronized (this) {
            Iterator<Map.Entry<LogicalQueue, ArrayDeque<AppendRequest>>> oldest = parked.entrySet().iterator();
            if (!oldest.hasNext()) {
                return 0;
            }
            Map.Entry<LogicalQueue, ArrayDeque<AppendRequest>> entry = oldest.next();
            queue = entry.getKey();
            first = entry.getValue().peekFirst();
        }
        // the slow part, outside the monitor: requests for other queues go on parking meanwhile
        Reservation made = queue.units().reserveUnits(first.recordCount(), true);
        synchronized (this) {
            ArrayDeque<AppendRequest> waiting = parked.remove(queue);
            if (waiting == null) { // closed meanwhile: the requests are answered already
                if (made == Reservation.RESERVED) {
                    queue.units().releaseUnits(first.recordCount());
                }
                return 1;
            }
            parkedQueues = parked.size();
            waiting.removeFirst();
            appender.resubmit(first, queue, made);
            for (AppendRequest next : waiting) {
                appender.resubmit(next, queue, queue.units().reserveUnits(next.recordCount(), true));
            }
            queue.fileAwaited(false);
        }
        appender.writeResubmitted();
        return 1;
    }

    /** Answers every parked request with {@code status} and parks nothing more (the store closes). */
    synchronized void closeAll(AppendStatus status) {
        closed = true;
        for (Map.Entry<LogicalQueue, ArrayDeque<AppendRequest>> entry : parked.entrySet()) {
            for (AppendRequest request : entry.getValue()) {
                appender.fail(request, status);
            }
            entry.getKey().fileAwaited(false);
        }
        parked.clear();
        parkedQueues = 0;
    }

    @Override
    public long nanosToNextWork() {
        return parkedQueues > 0 ? 0 : NO_DEADLINE;
    }

    @Override
    public String roleName() {
        return "apogee-queue-file-maker";
    }
}
