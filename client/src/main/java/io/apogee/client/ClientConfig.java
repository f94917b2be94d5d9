package io.apogee.client;

import io.apogee.common.time.Clock;
import io.apogee.common.time.SystemClock;
import io.apogee.transport.TransportConfig;
import io.apogee.transport.tls.ClientTls;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;

/**
 * What every producer and consumer needs: the name servers, the client's identity (IP and instance name, which make
 * its client id {@code ip@instance}), the request timeout, the heartbeat and route refresh periods, the transport
 * settings (TLS included, as RocketMQ's {@code useTLS}) and the wall clock. Immutable and thread-safe; made with {@link #builder()}.
 */
public final class ClientConfig {
    private final List<String> nameServers;
    private final String clientIp;
    private final String instanceName;
    private final long requestTimeoutMillis;
    private final long heartbeatIntervalMillis;
    private final long routeRefreshIntervalMillis;
    private final TransportConfig transport;
    private final Clock clock;

    private ClientConfig(Builder builder) {
        this.nameServers = List.copyOf(builder.nameServers);
        this.clientIp = builder.clientIp;
        this.instanceName = builder.instanceName != null ? builder.instanceName
            : "apogee-" + ProcessHandle.current().pid() + "-" + Integer.toHexString(System.identityHashCode(this))
                + "-" + System.nanoTime();
        this.requestTimeoutMillis = builder.requestTimeoutMillis;
        this.heartbeatIntervalMillis = builder.heartbeatIntervalMillis;
        this.routeRefreshIntervalMillis = builder.routeRefreshIntervalMillis;
        this.transport = builder.useTls ? builder.transport.withClientTls(builder.tls()) : builder.transport;
        this.clock = builder.clock;
    }

    /** A builder with the defaults. */
    public static Builder builder() {
        return new Builder();
    }

    /** Name server addresses, "host:port". */
    public List<String> nameServers() {
        return nameServers;
    }

    /** The IP this client reports (client id and UNIQ_KEY). */
    public String clientIp() {
        return clientIp;
    }

    /** The instance name; unique per client unless set. */
    public String instanceName() {
        return instanceName;
    }

    /** The client id brokers know this client by: {@code ip@instanceName}. */
    public String clientId() {
        return clientIp + '@' + instanceName;
    }

    /** Timeout of control requests (routes, heartbeats, offsets). */
    public long requestTimeoutMillis() {
        return requestTimeoutMillis;
    }

    /** Period of heartbeats to brokers. */
    public long heartbeatIntervalMillis() {
        return heartbeatIntervalMillis;
    }

    /** Period of route refreshes from the name servers. */
    public long routeRefreshIntervalMillis() {
        return routeRefreshIntervalMillis;
    }

    /** Transport settings. */
    public TransportConfig transport() {
        return transport;
    }

    /** The wall clock (born timestamps, UNIQ_KEY, timestamps of CONSUME_FROM_TIMESTAMP). */
    public Clock clock() {
        return clock;
    }

    /** Collects the settings of a {@link ClientConfig}. Not thread-safe. */
    public static final class Builder {
        private List<String> nameServers = List.of();
        private String clientIp = "127.0.0.1";
        private String instanceName;
        private long requestTimeoutMillis = 3000;
        private long heartbeatIntervalMillis = 30_000;
        private long routeRefreshIntervalMillis = 30_000;
        private TransportConfig transport = TransportConfig.builder().threadNamePrefix("apogee-client-io").build();
        private Clock clock = SystemClock.INSTANCE;
        private boolean useTls;
        private Path tlsTrustCertPath;
        private Path tlsCertPath;
        private Path tlsKeyPath;
        private String tlsKeyPassword;

        private Builder() {
        }

        /**
         * Whether to connect over TLS (RocketMQ's {@code useTLS}). Without {@link #tlsTrustCertPath} any server
         * certificate is accepted, as RocketMQ's client does in its default test mode: encrypted, not authenticated.
         */
        public Builder useTls(boolean value) {
            this.useTls = value;
            return this;
        }

        /**
         * Connects over TLS, trusting only the certificates in {@code value} (PEM): a broker's generated certificate,
         * or the CA that signed it (RocketMQ's {@code tls.client.trustCertPath} with {@code tls.client.authServer}).
         */
        public Builder tlsTrustCertPath(Path value) {
            this.tlsTrustCertPath = Objects.requireNonNull(value, "tlsTrustCertPath");
            this.useTls = true;
            return this;
        }

        /**
         * Connects over TLS, presenting the certificate chain of {@code certPath} with the PKCS#8 key of
         * {@code keyPath} (encrypted with {@code keyPassword}, or null) to a broker that asks for a client certificate
         * (RocketMQ's {@code tls.client.certPath}, {@code tls.client.keyPath} and {@code tls.client.keyPassword}).
         */
        public Builder tlsClientCertificate(Path certPath, Path keyPath, String keyPassword) {
            this.tlsCertPath = Objects.requireNonNull(certPath, "certPath");
            this.tlsKeyPath = Objects.requireNonNull(keyPath, "keyPath");
            this.tlsKeyPassword = keyPassword;
            this.useTls = true;
            return this;
        }

        /** Name servers, "host:port;host:port" or several arguments. */
        public Builder nameServers(String... addresses) {
            List<String> list = new java.util.ArrayList<>();
            for (String address : addresses) {
                for (String part : address.split(";")) {
                    if (!part.isBlank()) {
                        list.add(part.trim());
                    }
                }
            }
            if (list.isEmpty()) {
                throw new IllegalArgumentException("no name server address");
            }
            this.nameServers = list;
            return this;
        }

        /** The IP this client reports. */
        public Builder clientIp(String value) {
            this.clientIp = Objects.requireNonNull(value, "clientIp");
            return this;
        }

        /** The instance name (default: unique per client). */
        public Builder instanceName(String value) {
            this.instanceName = Objects.requireNonNull(value, "instanceName");
            return this;
        }

        /** Timeout of control requests in milliseconds. */
        public Builder requestTimeoutMillis(long value) {
            this.requestTimeoutMillis = positive("requestTimeoutMillis", value);
            return this;
        }

        /** Heartbeat period in milliseconds. */
        public Builder heartbeatIntervalMillis(long value) {
            this.heartbeatIntervalMillis = positive("heartbeatIntervalMillis", value);
            return this;
        }

        /** Route refresh period in milliseconds. */
        public Builder routeRefreshIntervalMillis(long value) {
            this.routeRefreshIntervalMillis = positive("routeRefreshIntervalMillis", value);
            return this;
        }

        /** Transport settings. */
        public Builder transport(TransportConfig value) {
            this.transport = Objects.requireNonNull(value, "transport");
            return this;
        }

        /** The wall clock. */
        public Builder clock(Clock value) {
            this.clock = Objects.requireNonNull(value, "clock");
            return this;
        }

        /** The config. */
        public ClientConfig build() {
            if (nameServers.isEmpty()) {
                throw new IllegalStateException("no name server: call nameServers(...)");
            }
            return new ClientConfig(this);
        }

        private ClientTls tls() {
            ClientTls tls = tlsTrustCertPath == null ? ClientTls.trustingAnyServer() : ClientTls.trusting(tlsTrustCertPath);
            return tlsCertPath == null ? tls : tls.presenting(tlsCertPath, tlsKeyPath, tlsKeyPassword);
        }

        private static long positive(String name, long value) {
            if (value < 1) {
                throw new IllegalArgumentException(name + " must be positive: " + value);
            }
            return value;
        }
    }
}
