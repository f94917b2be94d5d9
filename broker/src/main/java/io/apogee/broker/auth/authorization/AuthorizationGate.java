package io.apogee.broker.auth.authorization;

import io.apogee.transport.InboundFrame;
import io.apogee.transport.Peer;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.auth.NoPermission;
import java.util.Objects;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stands in front of a dispatcher (the broker's request router, behind the authentication gate) and lets a request
 * through only when its {@link Authorizer} allows it; a refused request is answered NO_PERMISSION with RocketMQ's
 * remark on the I/O thread that read it. The broker installs it only when authorization is on.
 *
 * <p>Thread-safe: called on every event loop; each thread remembers the last connection's source address, so that
 * a run of requests from one connection splits no string.
 */
public final class AuthorizationGate implements RequestDispatcher {
    private static final Logger LOG = LoggerFactory.getLogger(AuthorizationGate.class);

    private final Authorizer authorizer;
    private final RequestDispatcher next;
    private final ThreadLocal<SourceAddress> lastSource = ThreadLocal.withInitial(SourceAddress::new);

    /** A gate that asks {@code authorizer} before handing a request to {@code next}. */
    public AuthorizationGate(Authorizer authorizer, RequestDispatcher next) {
        this.authorizer = Objects.requireNonNull(authorizer, "authorizer");
        this.next = Objects.requireNonNull(next, "next");
    }

    @Override
    public void onRequest(Peer peer, InboundFrame frame) {
        String refusal;
        try {
            refusal = authorizer.check(frame.header(), frame.body(), lastSource.get().ipOf(peer.address()));
        } catch (IllegalArgumentException unreadable) {
            refusal = "the request names its resources unreadably: " + unreadable.getMessage();
        }
        if (refusal == null) {
            next.onRequest(peer, frame);
            return;
        }
        LOG.debug("{}: {} refused: {}", peer.address(), frame.header().code(), refusal);
        NoPermission.answer(peer, frame, refusal);
    }

    /** The host part of a peer's "host:port" address, kept for the last address seen (compared by identity). */
    private static final class SourceAddress {
        private String address;
        private String ip;

        String ipOf(String peerAddress) {
            if (peerAddress != address) {
                int colon = peerAddress == null ? -1 : peerAddress.lastIndexOf(':');
                ip = colon < 0 ? peerAddress : peerAddress.substring(0, colon);
                address = peerAddress;
            }
            return ip;
        }
    }
}
