package io.apogee.wire.code;

/**
 * Protocol versions: the {@code version} field of every header, which is the ordinal of the sender's
 * {@code MQVersion.Version} in Apache RocketMQ. Clients send their own; a broker answers with {@link #BROKER}.
 * Only the versions whose behaviour differs on the wire are named here; {@link #name(int)} names any release
 * from 4.0.0 on, as RocketMQ's {@code MQVersion.getVersionDesc} does. Immutable constants; every method is safe
 * for any thread.
 *
 * <pre>
 *  ordinal = 212 + 2 * (100 * (major - 4) + 10 * minor + patch) + (release ? 1 : 0)     for 4.0.0 .. 5.9.9
 *            (each release is preceded by its _SNAPSHOT; 3.x ordinals follow no rule)
 * </pre>
 */
public final class ProtocolVersion {
    /** 3.1.8-SNAPSHOT: the oldest client a broker forwards admin calls to (GET_CONSUMER_RUNNING_INFO). */
    public static final int V3_1_8_SNAPSHOT = 62;
    /** 3.4.9: from here a CONSUMER_SEND_MSG_BACK's {@code maxReconsumeTimes} header field is honoured. */
    public static final int V3_4_9 = 121;
    /** 4.0.0. */
    public static final int V4_0_0 = 213;
    /** 4.1.0-SNAPSHOT: brokers below this refuse SQL92 pulls client-side, so a broker must answer with at least it. */
    public static final int V4_1_0_SNAPSHOT = 232;
    /** 4.9.3: up to here ACL signatures leave out {@code _UNIQUE_KEY_QUERY}. */
    public static final int V4_9_3 = 399;
    /** 4.9.4: from here the name server writes standard JSON route data. */
    public static final int V4_9_4 = 401;
    /** 4.9.8, the last 4.x client release. */
    public static final int V4_9_8 = 409;
    /** 5.0.0. */
    public static final int V5_0_0 = 413;
    /** 5.3.1: only clients above this understand GO_AWAY. */
    public static final int V5_3_1 = 475;
    /** 5.3.3. */
    public static final int V5_3_3 = 479;
    /** 5.4.0, the release whose wire format this broker follows. */
    public static final int V5_4_0 = 493;
    /** RocketMQ's last ordinal, after 5.9.9: every version from here on is named this. */
    public static final int HIGHER_VERSION = 612;
    /** The version this broker puts in its own headers. */
    public static final int BROKER = V5_4_0;

    private static final int FIRST_RULED = 212;
    private static final int STEPS_PER_MAJOR = 100;
    private static final int STEPS_PER_MINOR = 10;
    private static final int FIRST_RULED_MAJOR = 4;

    private ProtocolVersion() {
    }

    /**
     * The {@code MQVersion.Version} name of {@code version} (e.g. {@code "V5_4_0"}; {@code "HIGHER_VERSION"} from
     * 612 on), or null below 4.0.0-SNAPSHOT unless it is a constant of this class. Allocates; for log lines.
     */
    public static String name(int version) {
        if (version == V3_4_9) {
            return "V3_4_9";
        }
        if (version == V3_1_8_SNAPSHOT) {
            return "V3_1_8_SNAPSHOT";
        }
        if (version >= HIGHER_VERSION) {
            return "HIGHER_VERSION";
        }
        if (version < FIRST_RULED) {
            return null;
        }
        int step = (version - FIRST_RULED) / 2;
        boolean snapshot = ((version - FIRST_RULED) & 1) == 0;
        int major = FIRST_RULED_MAJOR + step / STEPS_PER_MAJOR;
        int minor = step % STEPS_PER_MAJOR / STEPS_PER_MINOR;
        int patch = step % STEPS_PER_MINOR;
        return "V" + major + '_' + minor + '_' + patch + (snapshot ? "_SNAPSHOT" : "");
    }

    /** {@code version} for a log line: {@code "V5_4_0(493)"}, or the bare number when it has no name. */
    public static String describe(int version) {
        String name = name(version);
        return name == null ? Integer.toString(version) : name + '(' + version + ')';
    }
}
