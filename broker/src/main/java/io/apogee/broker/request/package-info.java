/**
 * The request framework under every processor family: the {@link io.apogee.broker.request.RequestRouter} picks a
 * request's {@link io.apogee.broker.request.ProcessorFamily} by its code, and one
 * {@link io.apogee.broker.request.Exchange} carries the request from the read to its answer. The exchange owns the
 * connection it came on, its pooled header copy, its body and its reusable response header, and gives them back
 * exactly once, when it closes: the answer is sent, a oneway request is done with, or a failure is answered
 * SYSTEM_ERROR. Processors take an exchange and answer through it; none releases a header or a body by hand.
 *
 * <p>Threads: the router runs on Netty event loops. A family runs its processor either on its own thread behind a
 * bounded queue (SYSTEM_BUSY when full) or on the I/O thread that read the request, one processor per event loop.
 * One thread owns an exchange at a time; a processor that answers later {@linkplain Exchange#hold() holds} it before
 * handing it to another thread, and the hand-over (a queue, an event loop's task queue) publishes it. The pools are
 * instances owned by the router, which the broker context owns; nothing here is static state.
 *
 * <p>This package depends on the transport and the wire only, never on the processors above it.
 */
package io.apogee.broker.request;
