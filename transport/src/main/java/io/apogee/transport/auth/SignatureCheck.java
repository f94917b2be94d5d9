package io.apogee.transport.auth;

import io.apogee.wire.frame.ExtFields;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.ShortBufferException;

/**
 * Checks one request's {@code Signature} against the one its user's secret key makes: one thread's keyed
 * {@link Mac}s (one per user, made again when the user changes) and its scratch arrays, so that a check allocates
 * only the small buffer view of the body. The signatures are compared in constant time.
 *
 * <p>Not thread-safe: one instance per thread.
 */
final class SignatureCheck {
    /** Past this many users a thread forgets its Macs and keys them again as needed. */
    private static final int MAX_CACHED_USERS = 1024;

    private final SignedContent content = new SignedContent();
    private final Map<String, KeyedMac> macs = new HashMap<>();
    private final Base64.Encoder base64 = Base64.getEncoder();
    private final byte[] digest = new byte[Hmac.DIGEST_BYTES];
    private final byte[] expected = new byte[Hmac.SIGNATURE_BYTES];
    private final byte[] given = new byte[Hmac.SIGNATURE_BYTES];

    /** True when {@code header} carries the signature {@code user}'s secret key makes of it and {@code body}. */
    boolean verify(SigningUser user, RemotingHeader header, ByteBuf body) {
        ExtFields ext = header.ext();
        int at = ext.indexOf(SignedContent.SIGNATURE);
        if (at < 0 || ext.valueLength(at) != Hmac.SIGNATURE_BYTES) {
            return false;
        }
        Mac mac = macFor(user);
        content.feed(header, body, mac);
        try {
            mac.doFinal(digest, 0);
        } catch (ShortBufferException e) {
            throw new IllegalStateException(e);
        }
        base64.encode(digest, expected);
        System.arraycopy(ext.array(), ext.valueOffset(at), given, 0, Hmac.SIGNATURE_BYTES);
        return MessageDigest.isEqual(expected, given);
    }

    private Mac macFor(SigningUser user) {
        KeyedMac cached = macs.get(user.accessKey());
        // a changed user is a new instance: its old Mac may hold the old secret
        if (cached != null && cached.user == user) {
            return cached.mac;
        }
        if (macs.size() >= MAX_CACHED_USERS) {
            macs.clear();
        }
        Mac mac = Hmac.keyedWith(user.secretKey());
        macs.put(user.accessKey(), new KeyedMac(user, mac));
        return mac;
    }

    /** A Mac with the user whose secret keys it. */
    private record KeyedMac(SigningUser user, Mac mac) {
    }
}
