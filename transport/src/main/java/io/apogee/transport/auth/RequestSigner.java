package io.apogee.transport.auth;

import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import java.util.Base64;
import javax.crypto.Mac;

/**
 * Signs the broker's own requests (its registrations with name servers) as RocketMQ's {@code AclClientRPCHook}
 * does: adds {@code AccessKey}, then {@code Signature} over the sorted ext-field values and the body.
 *
 * <p>Thread-safe: each signature is made under this object's monitor; the broker signs a few requests a minute.
 */
public final class RequestSigner {
    private final String accessKey;
    private final Mac mac;
    private final SignedContent content = new SignedContent();

    /** A signer for {@code credentials}. */
    public RequestSigner(Credentials credentials) {
        this.accessKey = credentials.accessKey();
        this.mac = Hmac.keyedWith(credentials.secretKey());
    }

    /** Adds the access key and the signature of {@code header} and {@code body} (may be null) to the header. */
    public synchronized void sign(RemotingHeader header, ByteBuf body) {
        header.ext().add(SignedContent.ACCESS_KEY, accessKey);
        content.feed(header, body, mac);
        header.ext().add(SignedContent.SIGNATURE, Base64.getEncoder().encodeToString(mac.doFinal()));
    }
}
