package io.apogee.broker.server;

import io.apogee.broker.processor.Replies;
import io.apogee.broker.processor.RequestHeaders;
import io.apogee.transport.InboundFrame;
import io.apogee.transport.Peer;
import io.apogee.transport.RequestDispatcher;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;

/**
 * Routes every request by its code to the {@link ProcessorFamily} that handles it: the header is copied into a pooled
 * one ({@link RequestHeaders}; the frame's is valid only during the read), the body handed over, and the work queued
 * on the family's thread (or run at once, for a family on the I/O threads). A code no family handles is answered REQUEST_CODE_NOT_SUPPORTED, a full queue SYSTEM_BUSY;
 * oneway requests are never answered.
 *
 * <p>Called on Netty event loops; the routing table is built before the listeners start and never changes after.
 * Tasks are pooled ({@link RoutedRequest}): routing allocates nothing per request.
 */
public final class RequestRouter implements RequestDispatcher {
    /** RocketMQ's remark when a processor's queue is full. */
    static final String BUSY_REMARK = "[REJECTREQUEST]system busy, start flow control for a while";
    private static final int MAX_CODE = 4096;

    private final ProcessorFamily[] byCode = new ProcessorFamily[MAX_CODE];
    private final ArrayBlockingQueue<RoutedRequest> tasks = RoutedRequest.newPool();

    /** Routes {@code codes} to {@code family}. Call before the listeners start. */
    public RequestRouter route(ProcessorFamily family, int... codes) {
        for (int code : codes) {
            byCode[code] = family;
        }
        return this;
    }

    @Override
    public void onRequest(Peer peer, InboundFrame frame) {
        RemotingHeader header = frame.header();
        ByteBuf body = frame.body();
        int code = header.code();
        ProcessorFamily family = code >= 0 && code < MAX_CODE ? byCode[code] : null;
        if (family == null) {
            body.release();
            Replies.send(peer, header, ResponseCode.REQUEST_CODE_NOT_SUPPORTED, " request type " + code + " not supported");
            return;
        }
        RemotingHeader request = RequestHeaders.copyOf(header);
        if (family.onIoThreads()) {
            RoutedRequest.process(family, peer, request, body);
            return;
        }
        RoutedRequest task = RoutedRequest.of(tasks, family, peer, request, body);
        try {
            family.executor().execute(task);
        } catch (RejectedExecutionException e) {
            task.recycle();
            body.release();
            Replies.send(peer, request, ResponseCode.SYSTEM_BUSY, BUSY_REMARK + ": the " + family.name() + " queue is full");
            RequestHeaders.release(request);
        }
    }

}
