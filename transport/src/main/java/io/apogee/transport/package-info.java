/**
 * Sockets for RocketMQ remoting frames: Netty bootstraps for clients ({@link io.apogee.transport.RemotingClient}, a
 * pool of connections per address) and servers ({@link io.apogee.transport.RemotingServer}, generic over a
 * {@link io.apogee.transport.RequestDispatcher}), the framing handlers that adapt {@code ByteBuf}s to wire's
 * {@code FrameDecoder} and {@code FrameEncoder}, and request/response correlation by opaque with timeouts.
 *
 * <p>Threads: every channel lives on one event loop, which runs its handlers, completes its requests and calls the
 * dispatcher; nothing there blocks. Callers on their own threads encode their request frames themselves (so a
 * reused header is free again as soon as a call returns) and wait for writability when a connection is backed up.
 * A one-shot timer on the event loop group ({@link io.apogee.transport.RequestTimeouts}), armed for the earliest
 * deadline only while requests wait, fails those whose deadline has passed.
 *
 * <p>A server bounds what each client can make it hold ({@link io.apogee.transport.TransportConfig}): connections in
 * total and per IP address (refused at accept), idle time, bytes of frames not yet complete (per connection and in
 * total), and header size and ext-field count (such a request is answered with an error naming the limit).
 *
 * <p>The Netty channel never leaves this package: a {@link io.apogee.transport.Peer} offers what code above needs
 * of its connection (its event loop as an executor, a close action, the remote address, the allocator, one
 * attachment slot). {@link io.apogee.transport.EmbeddedPeers} builds a peer over an embedded channel for tests.
 *
 * <pre>
 *  socket --&gt; RemotingFrameDecoder --&gt; InboundFrame --&gt; RemotingFrameHandler --+-- response: PendingRequests.complete
 *                                                                             '-- request: RequestDispatcher
 *  caller --&gt; FrameBuffers.encode (front + body, no copy) ----------------------&gt; socket
 *  OutboundFrame --&gt; RemotingFrameEncoder (front + body, no copy) --------------&gt; socket
 * </pre>
 */
package io.apogee.transport;
