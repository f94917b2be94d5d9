package io.apogee.broker.server;

import io.apogee.broker.namesrv.KvConfigLimits;

/**
 * The KV config's limits as settings, declared once for both files that can start a name server: {@code broker.conf}
 * (the embedded one) and {@code namesrv.conf}.
 *
 * <p>Immutable; safe for any thread.
 */
final class KvConfigKeys {
    private static final String CHARACTERS = "characters";
    private static final String NO_LIMIT = "RocketMQ's name server sets no limit.";
    private static final String REFUSED = " A PUT_KV_CONFIG past it is refused with INVALID_PARAMETER.";

    static final ConfigKey<Integer> MAX_NAMESPACE = ConfigKey.integer(KvConfigLimits.MAX_NAMESPACE_KEY,
            KvConfigLimits.DEFAULT.maxNamespace(), 1, Integer.MAX_VALUE).unit(CHARACTERS).apogeeOnly(NO_LIMIT)
        .doc("The longest KV config namespace." + REFUSED);
    static final ConfigKey<Integer> MAX_KEY = ConfigKey.integer(KvConfigLimits.MAX_KEY_KEY,
            KvConfigLimits.DEFAULT.maxKey(), 1, Integer.MAX_VALUE).unit(CHARACTERS).apogeeOnly(NO_LIMIT)
        .doc("The longest KV config key." + REFUSED);
    static final ConfigKey<Integer> MAX_VALUE = ConfigKey.integer(KvConfigLimits.MAX_VALUE_KEY,
            KvConfigLimits.DEFAULT.maxValue(), 1, Integer.MAX_VALUE).unit(CHARACTERS).apogeeOnly(NO_LIMIT)
        .doc("The longest KV config value." + REFUSED);
    static final ConfigKey<Integer> MAX_TABLE = ConfigKey.integer(KvConfigLimits.MAX_TABLE_KEY,
            KvConfigLimits.DEFAULT.maxTable(), 1, Integer.MAX_VALUE).unit(CHARACTERS).apogeeOnly(NO_LIMIT)
        .doc("The most characters the whole KV config holds (every namespace, key and value once); the file is about"
            + " that size." + REFUSED);

    private KvConfigKeys() {
    }

    /** The limits {@code values} set. */
    static KvConfigLimits limits(ConfigValues values) {
        return new KvConfigLimits(values.get(MAX_NAMESPACE), values.get(MAX_KEY), values.get(MAX_VALUE),
            values.get(MAX_TABLE));
    }
}
