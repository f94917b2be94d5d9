package io.apogee.broker.namesrv;

/**
 * How much the KV config may hold, in characters: per namespace name, per key, per value, and for the whole table
 * (every namespace, key and value counted once). RocketMQ sets no bound; without one, a client could fill the name
 * server's heap and make every change rewrite a file of any size. The defaults leave room for many thousand
 * order-topic configs (mqadmin's main use of it).
 *
 * <p>Immutable; safe for any thread.
 *
 * @param maxNamespace the longest namespace name
 * @param maxKey       the longest key
 * @param maxValue     the longest value
 * @param maxTable     the most characters the whole table may hold
 */
public record KvConfigLimits(int maxNamespace, int maxKey, int maxValue, int maxTable) {
    /** The setting of {@link #maxNamespace()}. */
    public static final String MAX_NAMESPACE_KEY = "kvConfigMaxNamespaceLength";
    /** The setting of {@link #maxKey()}. */
    public static final String MAX_KEY_KEY = "kvConfigMaxKeyLength";
    /** The setting of {@link #maxValue()}. */
    public static final String MAX_VALUE_KEY = "kvConfigMaxValueLength";
    /** The setting of {@link #maxTable()}. */
    public static final String MAX_TABLE_KEY = "kvConfigMaxTableLength";
    /** The limits of a name server that sets none: 255, 1024, 64 Ki and 4 Mi characters. */
    public static final KvConfigLimits DEFAULT = new KvConfigLimits(255, 1024, 64 * 1024, 4 << 20);

    /** Checks that every limit is positive. */
    public KvConfigLimits {
        if (maxNamespace < 1 || maxKey < 1 || maxValue < 1 || maxTable < 1) {
            throw new IllegalArgumentException("KV config limits must be positive");
        }
    }

    /** Why a put of these lengths may not be stored at all, or null when each part is within its limit. */
    String refusal(String namespace, String key, String value) {
        if (namespace.length() > maxNamespace) {
            return tooLong("namespace", namespace.length(), MAX_NAMESPACE_KEY, maxNamespace);
        }
        if (key.length() > maxKey) {
            return tooLong("key", key.length(), MAX_KEY_KEY, maxKey);
        }
        return value.length() > maxValue ? tooLong("value", value.length(), MAX_VALUE_KEY, maxValue) : null;
    }

    /** Why a table grown to {@code chars} characters may not be stored, or null when it may. */
    String tableRefusal(long chars) {
        return chars > maxTable ? "the KV config would hold " + chars + " characters, more than " + MAX_TABLE_KEY + " ("
            + maxTable + ")" : null;
    }

    private static String tooLong(String part, int length, String setting, int limit) {
        return "the KV config " + part + " has " + length + " characters, more than " + setting + " (" + limit + ")";
    }
}
