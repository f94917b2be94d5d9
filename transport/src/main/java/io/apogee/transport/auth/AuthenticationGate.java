package io.apogee.transport.auth;

import io.apogee.transport.InboundFrame;
import io.apogee.transport.Peer;
import io.apogee.transport.RequestDispatcher;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.frame.RemotingHeader;
import java.util.Arrays;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Stands in front of a dispatcher (the broker's request router) and lets a request through only when its
 * {@link Authenticator} passes it; a refused request is answered NO_PERMISSION with RocketMQ's remark, on the I/O
 * thread that read it, and no processor sees it. Which codes are checked is fixed at construction: every code but a
 * whitelist (the broker, as RocketMQ's {@code authenticationWhitelist}), or only a few (the name server's
 * registrations).
 *
 * <p>The broker installs a gate only when authentication is on: with it off, requests go straight to the router and
 * pay nothing. Thread-safe: called on every event loop.
 */
public final class AuthenticationGate implements RequestDispatcher {
    /** The codes a name server checks: a broker's registration and unregistration. */
    public static final Set<Integer> REGISTRATIONS = Set.of(RequestCode.REGISTER_BROKER, RequestCode.UNREGISTER_BROKER);

    private static final Logger LOG = LoggerFactory.getLogger(AuthenticationGate.class);
    private static final int CODES = 1 << 16;

    private final Authenticator authenticator;
    private final RequestDispatcher next;
    /** By code from 0 to 65535: true when the code is checked. */
    private final boolean[] checked = new boolean[CODES];
    private final boolean checkOthers;

    private AuthenticationGate(Authenticator authenticator, RequestDispatcher next, boolean checkByDefault,
        Set<Integer> exceptions) {
        this.authenticator = authenticator;
        this.next = next;
        this.checkOthers = checkByDefault;
        Arrays.fill(checked, checkByDefault);
        for (int code : exceptions) {
            if (code >= 0 && code < CODES) {
                checked[code] = !checkByDefault;
            }
        }
    }

    /** A gate that checks every request except those whose code is in {@code whitelist}. */
    public static AuthenticationGate allBut(Set<Integer> whitelist, Authenticator authenticator, RequestDispatcher next) {
        return new AuthenticationGate(authenticator, next, true, whitelist);
    }

    /** A gate that checks only the requests whose code is in {@code codes}. */
    public static AuthenticationGate only(Set<Integer> codes, Authenticator authenticator, RequestDispatcher next) {
        return new AuthenticationGate(authenticator, next, false, codes);
    }

    @Override
    public void onRequest(Peer peer, InboundFrame frame) {
        RemotingHeader header = frame.header();
        int code = header.code();
        boolean check = code >= 0 && code < CODES ? checked[code] : checkOthers;
        if (check) {
            String refusal = authenticator.refusal(header, frame.body());
            if (refusal != null) {
                refuse(peer, frame, refusal);
                return;
            }
        }
        next.onRequest(peer, frame);
    }

    private static void refuse(Peer peer, InboundFrame frame, String refusal) {
        LOG.debug("{}: {} refused: {}", peer.address(), frame.header().code(), refusal);
        NoPermission.answer(peer, frame, refusal);
    }
}
