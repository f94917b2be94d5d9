package io.apogee.controller.server;

import io.apogee.controller.raft.ControllerPeer;
import io.apogee.transport.auth.Credentials;
import io.apogee.transport.auth.CredentialsJson;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The settings of one controller replica, checked once: every key known, every value in range, the replica's own id
 * among the peers. Keys carry RocketMQ's names where RocketMQ has one ({@code controllerDLegerGroup},
 * {@code controllerDLegerPeers}, {@code controllerDLegerSelfId}, {@code controllerStorePath}, {@code listenPort},
 * {@code enableElectUncleanMaster}, {@code scanNotActiveBrokerInterval}, {@code controllerHeartBeatTimeoutMills},
 * {@code authenticationEnabled}, {@code initAuthenticationUser}, {@code innerClientAuthenticationCredentials},
 * {@code notifyBrokerRoleChanged}).
 * Immutable; {@link #toString()} shows access keys but never a secret.
 *
 * @param group                  the Raft group's name; replicas of one controller share it
 * @param peers                  every replica, in the order given
 * @param selfId                 this replica's id among {@code peers}
 * @param storePath              the directory of this replica's Raft log and snapshots
 * @param listenHost             the address the remoting port binds to
 * @param listenPort             the remoting port brokers and tools talk to (0 picks a free one)
 * @param electUncleanMaster     whether a master may come from outside the sync-state set
 * @param scanIntervalMillis     how often the leader looks for silent brokers
 * @param brokerTimeoutMillis    how long a broker may be silent before it counts as gone, when its heartbeat names
 *                               no timeout of its own
 * @param requestTimeoutMillis   how long a write may wait for the Raft quorum before it is answered with an error
 * @param electionTimeoutMillis  the least time a follower waits for its leader before it stands for election
 * @param snapshotThreshold      the log entries after which a replica writes a snapshot
 * @param authenticationEnabled  whether every request must be signed ({@code authenticationEnabled})
 * @param signers                who may sign: {@code initAuthenticationUser} and
 *                               {@code innerClientAuthenticationCredentials}, nulls for those not given
 * @param innerClient            what the controller signs its own notices with
 *                               ({@code innerClientAuthenticationCredentials}), or null to send them unsigned
 * @param notifyBrokerRoleChanged whether the leader tells a group's live brokers of each new master at once
 *                               (NOTIFY_BROKER_ROLE_CHANGED), besides their own reads of the group
 */
public record ControllerConfig(String group, List<ControllerPeer> peers, String selfId, Path storePath,
                               String listenHost, int listenPort, boolean electUncleanMaster, long scanIntervalMillis,
                               long brokerTimeoutMillis, long requestTimeoutMillis, long electionTimeoutMillis,
                               long snapshotThreshold, boolean authenticationEnabled, List<Credentials> signers,
                               Credentials innerClient, boolean notifyBrokerRoleChanged) {
    /** The keys {@link #parse} knows. */
    public static final Set<String> KEYS = Set.of("controllerDLegerGroup", "controllerDLegerPeers",
        "controllerDLegerSelfId", "controllerStorePath", "listenHost", "listenPort", "enableElectUncleanMaster",
        "scanNotActiveBrokerInterval", "controllerHeartBeatTimeoutMills", "controllerRequestTimeoutMillis",
        "controllerElectionTimeoutMillis", "controllerSnapshotThreshold", "authenticationEnabled", "initAuthenticationUser",
        "innerClientAuthenticationCredentials", "notifyBrokerRoleChanged");

    /** Checks the values; an {@link IllegalArgumentException} names the first bad one. */
    public ControllerConfig {
        peers = List.copyOf(peers);
        signers = signers.stream().filter(Objects::nonNull).toList();
        if (authenticationEnabled && signers.isEmpty()) {
            throw new IllegalArgumentException("authenticationEnabled needs initAuthenticationUser or "
                + "innerClientAuthenticationCredentials: nobody could sign");
        }
        if (peers.isEmpty()) {
            throw new IllegalArgumentException("controllerDLegerPeers names no replica");
        }
        if (peers.stream().noneMatch(peer -> peer.id().equals(selfId))) {
            throw new IllegalArgumentException("controllerDLegerSelfId " + selfId + " is not among controllerDLegerPeers");
        }
        positive("scanNotActiveBrokerInterval", scanIntervalMillis);
        positive("controllerHeartBeatTimeoutMills", brokerTimeoutMillis);
        positive("controllerRequestTimeoutMillis", requestTimeoutMillis);
        positive("controllerElectionTimeoutMillis", electionTimeoutMillis);
        positive("controllerSnapshotThreshold", snapshotThreshold);
        if (listenPort < 0 || listenPort > 65_535) {
            throw new IllegalArgumentException("listenPort " + listenPort + " is not a port");
        }
    }

    /**
     * The settings in {@code values}; keys left out take their defaults, except {@code controllerDLegerPeers},
     * {@code controllerDLegerSelfId} and {@code controllerStorePath}, which are required.
     */
    public static ControllerConfig parse(Map<String, String> values) {
        Set<String> unknown = new TreeSet<>(values.keySet());
        unknown.removeAll(KEYS);
        if (!unknown.isEmpty()) {
            throw new IllegalArgumentException("unknown controller settings " + unknown + "; known: " + new TreeSet<>(KEYS));
        }
        Map<String, String> v = new HashMap<>(values);
        Credentials innerClient = credentials(v, "innerClientAuthenticationCredentials", CredentialsJson::parseCredentials);
        return new ControllerConfig(
            v.getOrDefault("controllerDLegerGroup", "apogee-controller"),
            peers(required(v, "controllerDLegerPeers")),
            required(v, "controllerDLegerSelfId"),
            Path.of(required(v, "controllerStorePath")),
            v.getOrDefault("listenHost", "0.0.0.0"),
            (int) number(v, "listenPort", 9878),
            bool(v, "enableElectUncleanMaster"),
            number(v, "scanNotActiveBrokerInterval", 5_000),
            number(v, "controllerHeartBeatTimeoutMills", 10_000),
            number(v, "controllerRequestTimeoutMillis", 3_000),
            number(v, "controllerElectionTimeoutMillis", 1_000),
            number(v, "controllerSnapshotThreshold", 10_000),
            bool(v, "authenticationEnabled"),
            Arrays.asList(credentials(v, "initAuthenticationUser", CredentialsJson::parseUser), innerClient),
            innerClient,
            bool(v, "notifyBrokerRoleChanged", true));
    }

    /** The replicas of {@code text}, written as RocketMQ writes them: {@code n0-host:port;n1-host:port}. */
    public static List<ControllerPeer> peers(String text) {
        List<ControllerPeer> peers = new ArrayList<>();
        Set<String> ids = new TreeSet<>();
        for (String entry : text.split(";")) {
            String trimmed = entry.strip();
            if (trimmed.isEmpty()) {
                continue;
            }
            int dash = trimmed.indexOf('-');
            int colon = trimmed.lastIndexOf(':');
            if (dash <= 0 || colon < dash + 2 || colon == trimmed.length() - 1) {
                throw new IllegalArgumentException("controllerDLegerPeers entry '" + trimmed + "' is not id-host:port");
            }
            String id = trimmed.substring(0, dash);
            if (!ids.add(id)) {
                throw new IllegalArgumentException("controllerDLegerPeers names " + id + " twice");
            }
            int port = (int) parseLong("controllerDLegerPeers port of " + id, trimmed.substring(colon + 1));
            if (port <= 0 || port > 65_535) {
                throw new IllegalArgumentException("controllerDLegerPeers port of " + id + " is not a port: " + port);
            }
            peers.add(new ControllerPeer(id, trimmed.substring(dash + 1, colon), port));
        }
        return peers;
    }

    /** The peers as {@code controllerDLegerPeers} writes them. */
    public String peersText() {
        StringBuilder text = new StringBuilder();
        for (ControllerPeer peer : peers) {
            text.append(text.isEmpty() ? "" : ";").append(peer.id()).append('-').append(peer.address());
        }
        return text.toString();
    }

    /**
     * The remoting address brokers reach this replica at: {@code listenHost}, or the replica's host in
     * {@code controllerDLegerPeers} when it listens on every address, with {@code port}.
     */
    public String advertisedAddress(int port) {
        boolean wildcard = listenHost.equals("0.0.0.0") || listenHost.equals("::");
        return (wildcard ? self().host() : listenHost) + ":" + port;
    }

    /** This replica's entry among {@link #peers()}. */
    public ControllerPeer self() {
        return peers.stream().filter(peer -> peer.id().equals(selfId)).findFirst().orElseThrow();
    }

    private static String required(Map<String, String> values, String key) {
        String value = values.get(key);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException(key + " is required");
        }
        return value.strip();
    }

    private static Credentials credentials(Map<String, String> values, String key, Function<String, Credentials> parser) {
        try {
            return parser.apply(values.getOrDefault(key, ""));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(key + ": " + e.getMessage(), e);
        }
    }

    private static long number(Map<String, String> values, String key, long fallback) {
        String value = values.get(key);
        return value == null ? fallback : parseLong(key, value.strip());
    }

    private static long parseLong(String key, String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(key + " is not a number: '" + value + "'", e);
        }
    }

    private static boolean bool(Map<String, String> values, String key) {
        return bool(values, key, false);
    }

    private static boolean bool(Map<String, String> values, String key, boolean fallback) {
        String value = values.getOrDefault(key, Boolean.toString(fallback)).strip();
        if (!value.equals("true") && !value.equals("false")) {
            throw new IllegalArgumentException(key + " is neither true nor false: '" + value + "'");
        }
        return Boolean.parseBoolean(value);
    }

    private static void positive(String key, long value) {
        if (value <= 0) {
            throw new IllegalArgumentException(key + " must be positive, not " + value);
        }
    }
}
