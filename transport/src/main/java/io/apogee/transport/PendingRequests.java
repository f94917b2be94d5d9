package io.apogee.transport;

import io.apogee.wire.code.RequestCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;

import java.util.Iterator;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * The requests of one connection that wait for a response, by opaque. Thread-safe: callers register from any
 * thread; responses, the timeout sweep and the close complete them on the event loop. Each request is completed exactly
 * once, by whichever of those removes it first.
 */
final class PendingRequests {
    private final Map<Integer, PendingRequest> byOpaque = new ConcurrentHashMap<>();
    private final Supplier<String> address;

    PendingRequests(Supplier<String> address) {
        this.address = address;
    }

    void add(int opaque, PendingRequest request) {
        byOpaque.put(opaque, request);
    }

    /** Removes the request, if it is still pending; for a caller that could not send it. */
    PendingRequest remove(int opaque) {
        return byOpaque.remove(opaque);
    }

    int size() {
        return byOpaque.size();
    }

    /** Completes the request the response answers; a response nobody waits for (late, or unknown) is dropped. */
    boolean complete(RemotingHeader response, ByteBuf body) {
        PendingRequest request = byOpaque.remove(response.opaque());
        if (request == null) {
            return false;
        }
        request.callback().onResponse(response, body);
        return true;
    }

    /** Fails every request whose deadline is at or before {@code nowNanos}; returns how many. */
    int expire(long nowNanos) {
        int expired = 0;
        for (Iterator<Map.Entry<Integer, PendingRequest>> it = byOpaque.entrySet().iterator(); it.hasNext(); ) {
            Map.Entry<Integer, PendingRequest> entry = it.next();
            PendingRequest request = entry.getValue();
            if (nowNanos - request.deadlineNanos() >= 0 && byOpaque.remove(entry.getKey(), request)) {
                request.callback().onFailure(new ResponseTimeoutException(address.get(),
                    RequestCode.describe(request.requestCode()) + " (opaque " + entry.getKey() + ")", request.timeoutMillis()));
                expired++;
            }
        }
        return expired;
    }

    /** Nanoseconds from {@code nowNanos} to the earliest deadline of those still waiting; Long.MAX_VALUE when none. */
    long nanosToEarliestDeadline(long nowNanos) {
        long earliest = Long.MAX_VALUE;
        for (PendingRequest request : byOpaque.values()) {
            earliest = Math.min(earliest, Math.max(0, request.deadlineNanos() - nowNanos));
        }
        return earliest;
    }

    /** Fails every pending request: the connection is gone. */
    void failAll(String reason) {
        for (Integer opaque : byOpaque.keySet()) {
            PendingRequest request = byOpaque.remove(opaque);
            if (request != null) {
                request.callback().onFailure(new ConnectionLostException(address.get(), reason + " while "
                    + RequestCode.describe(request.requestCode()) + " (opaque " + opaque + ") waited for its response"));
            }
        }
    }
}
