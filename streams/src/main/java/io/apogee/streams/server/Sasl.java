package io.apogee.streams.server;

import io.apogee.streams.protocol.ResponseCode;
import io.netty.channel.Channel;
import io.netty.handler.ssl.SslHandler;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.util.List;
import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.security.auth.x500.X500Principal;

/**
 * The SASL mechanisms of one listener and the check of each. PLAIN takes a user and password of {@link StreamUsers},
 * compared in constant time. EXTERNAL, where the listener serves it, takes the user from the subject CN of the
 * client's certificate, as RabbitMQ does with {@code ssl_cert_login_from = common_name}; the user must be one of them.
 *
 * <p>Immutable; safe for any thread.
 */
final class Sasl {
    static final String PLAIN = "PLAIN";
    static final String EXTERNAL = "EXTERNAL";
    private static final String COMMON_NAME = "CN";

    private final StreamUsers users;
    private final boolean externalServed;

    Sasl(StreamUsers users, boolean externalServed) {
        this.users = users;
        this.externalServed = externalServed;
    }

    /**
     * The mechanisms offered on {@code channel}: EXTERNAL too when the listener serves it and the client presented a
     * certificate, as RabbitMQ offers it only then.
     */
    List<String> mechanisms(Channel channel) {
        return externalServed && peerCertificate(channel) != null ? List.of(PLAIN, EXTERNAL) : List.of(PLAIN);
    }

    /**
     * What authenticating with {@code mechanism} and its {@code data} on {@code channel} comes to: the response code, and
     * the user logged in when it is OK.
     */
    Login authenticate(String mechanism, byte[] data, Channel channel) {
        if (!mechanisms(channel).contains(mechanism)) {
            return new Login(ResponseCode.SASL_MECHANISM_NOT_SUPPORTED, null);
        }
        String user = PLAIN.equals(mechanism) ? plainUser(data) : commonName(channel);
        boolean known = PLAIN.equals(mechanism) ? user != null : exists(user);
        return known ? new Login(ResponseCode.OK, user) : new Login(ResponseCode.AUTHENTICATION_FAILURE, null);
    }

    /**
     * The user of SASL PLAIN's message (an authorization id, NUL, the user, NUL, the password) when its password
     * matches; null otherwise.
     */
    private String plainUser(byte[] data) {
        String message = new String(data, StandardCharsets.UTF_8);
        int first = message.indexOf('\0');
        int second = first < 0 ? -1 : message.indexOf('\0', first + 1);
        if (second < 0) {
            return null;
        }
        String user = message.substring(first + 1, second);
        String password = users.password(user);
        boolean matches = password != null && MessageDigest.isEqual(password.getBytes(StandardCharsets.UTF_8),
            message.substring(second + 1).getBytes(StandardCharsets.UTF_8));
        return matches ? user : null;
    }

    /** The outcome of an authentication: its response code, and the user when the code is OK. */
    record Login(int code, String user) {
    }

    private boolean exists(String user) {
        return user != null && users.password(user) != null;
    }

    /** The single CN of the client certificate's subject; null when there is none or more than one. */
    private static String commonName(Channel channel) {
        X509Certificate certificate = peerCertificate(channel);
        if (certificate == null) {
            return null;
        }
        try {
            String name = certificate.getSubjectX500Principal().getName(X500Principal.RFC2253);
            List<Rdn> commonNames = new LdapName(name).getRdns().stream()
                .filter(rdn -> COMMON_NAME.equalsIgnoreCase(rdn.getType())).toList();
            // a value in hex (#...) is not a string, and names nobody
            return commonNames.size() == 1 && commonNames.getFirst().getValue() instanceof String user ? user : null;
        } catch (InvalidNameException e) {
            return null; // a subject the JDK wrote but cannot read back names nobody
        }
    }

    /** The certificate the client presented in the TLS handshake; null on a plaintext channel or without one. */
    private static X509Certificate peerCertificate(Channel channel) {
        SslHandler ssl = channel.pipeline().get(SslHandler.class);
        if (ssl == null) {
            return null;
        }
        try {
            Certificate[] chain = ssl.engine().getSession().getPeerCertificates();
            return chain.length > 0 && chain[0] instanceof X509Certificate first ? first : null;
        } catch (SSLPeerUnverifiedException e) {
            return null; // the client presented none
        }
    }
}
