package io.apogee.transport.auth;

import io.apogee.transport.InboundFrame;
import io.apogee.transport.Peer;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.RemotingHeader;

/**
 * Answers a request that authentication or authorization refused: NO_PERMISSION with RocketMQ's remark (nothing for
 * a oneway request), on the I/O thread that read it, and releases its body; no processor sees it. Stateless.
 */
public final class NoPermission {
    private NoPermission() {
    }

    /** Answers {@code frame} from {@code peer} NO_PERMISSION with {@code remark}. */
    public static void answer(Peer peer, InboundFrame frame, String remark) {
        RemotingHeader request = frame.header();
        try {
            if (!request.isOneway()) {
                peer.respond(new RemotingHeader().asResponseTo(request, ResponseCode.NO_PERMISSION).remark(remark), null);
            }
        } finally {
            frame.body().release();
        }
    }
}
