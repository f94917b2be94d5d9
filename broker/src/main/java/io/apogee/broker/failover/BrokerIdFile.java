package io.apogee.broker.failover;

import java.io.IOException;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.OptionalLong;
import java.util.Properties;

/**
 * The broker id a controller gave, kept in {@code <storePathRootDir>/brokerIdentity} (RocketMQ's file name) so that a
 * restart claims the same id. A properties file with the group's cluster and name, the id, and whether the controller
 * confirmed it: an id is kept before it is claimed (a candidate, as RocketMQ's temporary file keeps it), and confirmed
 * once the claim succeeded. A file of another group is refused, since its id would name another broker.
 *
 * <p>Not thread-safe: the controller-mode broker's role thread owns it.
 */
public final class BrokerIdFile {
    /** RocketMQ's name of the file, under the store's root. */
    public static final String NAME = "brokerIdentity";

    private final Path file;
    private final String cluster;
    private final String brokerName;

    /** The file under {@code storeRoot} of the group {@code cluster}/{@code brokerName}. */
    public BrokerIdFile(Path storeRoot, String cluster, String brokerName) {
        this.file = storeRoot.resolve(NAME);
        this.cluster = cluster;
        this.brokerName = brokerName;
    }

    /**
     * The id kept, or empty when there is no file.
     *
     * @throws IllegalStateException when the file belongs to another group or names no valid id
     */
    public OptionalLong read() {
        if (!Files.exists(file)) {
            return OptionalLong.empty();
        }
        Properties kept = load();
        if (!cluster.equals(kept.getProperty("clusterName")) || !brokerName.equals(kept.getProperty("brokerName"))) {
            throw new IllegalStateException(file + " belongs to " + kept.getProperty("clusterName") + '/'
                + kept.getProperty("brokerName") + ", not " + cluster + '/' + brokerName
                + ": remove it to apply for a new broker id");
        }
        try {
            long id = Long.parseLong(kept.getProperty("brokerId", ""));
            if (id < 1) {
                throw new NumberFormatException("below 1");
            }
            return OptionalLong.of(id);
        } catch (NumberFormatException e) {
            throw new IllegalStateException(file + " names no broker id above 0: " + kept.getProperty("brokerId"), e);
        }
    }

    /** Whether the kept id was confirmed by the controller; false without a file or for a candidate. */
    public boolean confirmed() {
        return Files.exists(file) && Boolean.parseBoolean(load().getProperty("confirmed", "true"));
    }

    /** Forgets the kept id: a candidate another broker claimed first. */
    public void clear() {
        try {
            Files.deleteIfExists(file);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + file, e);
        }
    }

    private Properties load() {
        Properties kept = new Properties();
        try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            kept.load(reader);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        return kept;
    }

    /** Keeps {@code brokerId} as confirmed: written beside and moved over, so a crash leaves the old file or the new. */
    public void write(long brokerId) {
        write(brokerId, true);
    }

    /** Keeps {@code brokerId}, confirmed or a candidate not yet claimed. */
    public void write(long brokerId, boolean confirmed) {
        Properties kept = new Properties();
        kept.setProperty("confirmed", Boolean.toString(confirmed));
        kept.setProperty("clusterName", cluster);
        kept.setProperty("brokerName", brokerName);
        kept.setProperty("brokerId", Long.toString(brokerId));
        Path temp = file.resolveSibling(NAME + ".tmp");
        try {
            Files.createDirectories(file.getParent());
            try (Writer writer = Files.newBufferedWriter(temp, StandardCharsets.UTF_8)) {
                kept.store(writer, null);
            }
            Files.move(temp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file, e);
        }
    }
}
