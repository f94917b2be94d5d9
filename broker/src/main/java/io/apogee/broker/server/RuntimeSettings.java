package io.apogee.broker.server;

import io.apogee.broker.admin.BrokerConfigProcessor;
import io.apogee.broker.admin.BrokerSettings;
import io.apogee.broker.metadata.MetadataFiles;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicIntegerArray;
import java.util.stream.Collectors;

/**
 * The broker config as it is now: the start-up values of {@code broker.conf}, over which UPDATE_BROKER_CONFIG may
 * change the {@linkplain #RUNTIME_KEYS keys the broker reads on each use}. A change is kept in {@value #FILE_NAME} in
 * the metadata directory, which start-up reads over {@code broker.conf}, so it survives a restart. Every other key is
 * read once at start-up; a change to one is refused, since it would not take effect.
 *
 * <p>Thread-safe: values are read without locking from any thread; {@link #update} is serialized by this object's
 * monitor, so the file always holds the values last applied.
 */
public final class RuntimeSettings implements BrokerSettings {
    /** The file of the changed keys in the metadata directory, a properties text. */
    public static final String FILE_NAME = "broker-runtime.properties";
    /** The keys that may change while the broker runs, each read by its user on every use. */
    static final List<ConfigKey<Integer>> RUNTIME_KEYS = List.of(BrokerConfig.SUSPEND_MAX,
        BrokerConfig.TRANSACTION_TIMEOUT, BrokerConfig.TRANSACTION_CHECK_MAX);
    private static final int SUSPEND_MAX = 0;
    private static final int TRANSACTION_TIMEOUT = 1;
    private static final int TRANSACTION_CHECK_MAX = 2;

    private final Map<String, String> startUp;
    private final MetadataFiles files;
    /** The values of {@link #RUNTIME_KEYS}, by index: read on every pull, so no lookup by name and no boxing. */
    private final AtomicIntegerArray values = new AtomicIntegerArray(RUNTIME_KEYS.size());
    /** The keys changed since start-up (file order), under this object's monitor. */
    private final Map<String, String> changed = new TreeMap<>();

    private RuntimeSettings(BrokerConfig config, MetadataFiles files) {
        this.startUp = config.texts();
        this.files = Objects.requireNonNull(files, "files");
        for (int i = 0; i < RUNTIME_KEYS.size(); i++) {
            values.set(i, RUNTIME_KEYS.get(i).parse(startUp.get(RUNTIME_KEYS.get(i).name())));
        }
    }

    /**
     * The settings of {@code config}, with the changes kept in {@code files} applied.
     *
     * @throws BrokerConfigException when the file holds a key that may not change or a bad value
     */
    public static RuntimeSettings open(BrokerConfig config, MetadataFiles files) {
        RuntimeSettings settings = new RuntimeSettings(config, files);
        byte[] kept = files.read(FILE_NAME);
        if (kept != null) {
            Map<String, String> changes = BrokerConfigProcessor.pairs(new String(kept, StandardCharsets.UTF_8));
            Refusal refusal = changes == null ? new Refusal(false, "not a properties text") : settings.check(changes);
            if (refusal != null) {
                throw new BrokerConfigException(FILE_NAME, refusal.remark());
            }
            settings.apply(changes);
        }
        return settings;
    }

    /** The longest a long-polling pull is held, in milliseconds ({@code brokerSuspendMaxTimeMillis}). */
    public long suspendMaxMillis() {
        return values.get(SUSPEND_MAX);
    }

    /** How long a half message waits unresolved before its producer is asked ({@code transactionTimeOut}). */
    public long transactionTimeoutMillis() {
        return values.get(TRANSACTION_TIMEOUT);
    }

    /** How many times a half message is checked before it is rolled back ({@code transactionCheckMax}). */
    public int transactionCheckMax() {
        return values.get(TRANSACTION_CHECK_MAX);
    }

    /** Every key but the secret ones with the text it has now, in the order of the docs. */
    @Override
    public Map<String, String> current() {
        Map<String, String> texts = new LinkedHashMap<>(startUp);
        for (int i = 0; i < RUNTIME_KEYS.size(); i++) {
            texts.put(RUNTIME_KEYS.get(i).name(), Integer.toString(values.get(i)));
        }
        return texts;
    }

    /** {@inheritDoc} The changes are kept in {@value #FILE_NAME}. */
    @Override
    public synchronized Refusal update(Map<String, String> changes) {
        Refusal refusal = check(changes);
        if (refusal != null) {
            return refusal;
        }
        apply(changes);
        StringBuilder text = new StringBuilder("# changed by UPDATE_BROKER_CONFIG; read over broker.conf at start-up\n");
        changed.forEach((name, value) -> text.append(name).append('=').append(value).append('\n'));
        files.replace(FILE_NAME, ByteBuffer.wrap(text.toString().getBytes(StandardCharsets.UTF_8)));
        return null;
    }

    private Refusal check(Map<String, String> changes) {
        for (Map.Entry<String, String> change : changes.entrySet()) {
            ConfigKey<Integer> key = runtimeKey(change.getKey());
            if (key == null) {
                return startUp.containsKey(change.getKey())
                    ? new Refusal(true, change.getKey() + " is read at start-up only: change it in broker.conf and"
                        + " restart. Keys that may change at run time: " + runtimeKeyNames())
                    : new Refusal(false, "unknown key " + change.getKey() + "; keys that may change at run time: "
                        + runtimeKeyNames());
            }
            try {
                key.parse(change.getValue());
            } catch (BrokerConfigException e) {
                return new Refusal(false, e.getMessage());
            }
        }
        return null;
    }

    private void apply(Map<String, String> changes) {
        changes.forEach((name, text) -> {
            ConfigKey<Integer> key = runtimeKey(name);
            values.set(RUNTIME_KEYS.indexOf(key), key.parse(text));
            changed.put(name, text);
        });
    }

    private static ConfigKey<Integer> runtimeKey(String name) {
        return RUNTIME_KEYS.stream().filter(key -> key.name().equals(name)).findFirst().orElse(null);
    }

    private static String runtimeKeyNames() {
        return RUNTIME_KEYS.stream().map(ConfigKey::name).collect(Collectors.joining(", "));
    }
}
