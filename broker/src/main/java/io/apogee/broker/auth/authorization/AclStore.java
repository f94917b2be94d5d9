package io.apogee.broker.auth.authorization;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.broker.metadata.MetadataFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The ACLs of the broker by subject, in {@code acls.json} of the store's metadata directory (RocketMQ keeps them in
 * its local RocksDB under {@code authPath}). The file holds a version and the ACLs in RocketMQ's {@code AclInfo}
 * JSON, sorted by subject:
 *
 * <pre>
 * {"version":1,"acls":[{"subject":"User:alice","policies":[...]}, ...]}
 * </pre>
 *
 * <p>A change is written to the file (temporary file, force, rename) before it is seen: once {@link #put} or
 * {@link #remove} returns, the change survives a crash, and one that throws changed nothing. Then the listeners are
 * told, so a cache of decisions never outlives the ACL it was made from.
 *
 * <p>Thread-safe: changes are serialized by this object's monitor (the admin thread makes them); reads take an
 * immutable snapshot and never wait.
 */
public final class AclStore {
    /** The file name in the metadata directory. */
    public static final String FILE_NAME = "acls.json";
    private static final int VERSION = 1;
    private static final String VERSION_FIELD = "version";
    private static final String ACLS_FIELD = "acls";

    private final MetadataFiles files;
    private final ObjectMapper json = new ObjectMapper();
    private final List<Runnable> listeners = new CopyOnWriteArrayList<>();
    private volatile Map<String, Acl> snapshot = Map.of();

    private AclStore(MetadataFiles files) {
        this.files = Objects.requireNonNull(files, "files");
    }

    /**
     * The store kept in {@code files}, loaded (a missing file is no ACL).
     *
     * @throws IllegalArgumentException when the file is not in the expected layout
     */
    public static AclStore open(MetadataFiles files) {
        AclStore store = new AclStore(files);
        store.load();
        return store;
    }

    private void load() {
        byte[] bytes = files.read(FILE_NAME);
        if (bytes == null) {
            return;
        }
        JsonNode root;
        try {
            root = json.readTree(bytes);
        } catch (IOException e) {
            throw new IllegalArgumentException(FILE_NAME + " is not JSON", e);
        }
        if (root == null || root.path(VERSION_FIELD).asInt() != VERSION || !root.path(ACLS_FIELD).isArray()) {
            throw new IllegalArgumentException("not an ACL file of version " + VERSION + ": " + FILE_NAME);
        }
        Map<String, Acl> loaded = new TreeMap<>();
        for (JsonNode node : root.path(ACLS_FIELD)) {
            try {
                Acl acl = AclJson.read(node, null);
                loaded.put(acl.subject(), acl);
            } catch (AclRejected e) {
                throw new IllegalArgumentException("bad ACL in " + FILE_NAME + ": " + e.getMessage(), e);
            }
        }
        snapshot = Map.copyOf(loaded);
    }

    /** Calls {@code listener} after each change, on the thread that made it. */
    public void onChange(Runnable listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
    }

    /** The ACL of {@code subject} ({@code User:name}), or null. */
    public Acl get(String subject) {
        return subject == null ? null : snapshot.get(subject);
    }

    /** Every ACL, sorted by subject. */
    public List<Acl> all() {
        return new ArrayList<>(new TreeMap<>(snapshot).values());
    }

    /**
     * Adds or replaces {@code acl}, durably.
     *
     * @throws io.apogee.store.file.StoreIoException when the disk fails (nothing changed)
     */
    public synchronized void put(Acl acl) {
        Map<String, Acl> next = new TreeMap<>(snapshot);
        next.put(acl.subject(), acl);
        publish(next);
    }

    /**
     * Removes the ACL of {@code subject}, durably; returns whether there was one.
     *
     * @throws io.apogee.store.file.StoreIoException when the disk fails (nothing changed)
     */
    public synchronized boolean remove(String subject) {
        if (!snapshot.containsKey(subject)) {
            return false;
        }
        Map<String, Acl> next = new TreeMap<>(snapshot);
        next.remove(subject);
        publish(next);
        return true;
    }

    private void publish(Map<String, Acl> next) {
        files.replace(FILE_NAME, ByteBuffer.wrap(encode(next)));
        snapshot = Map.copyOf(next);
        listeners.forEach(Runnable::run);
    }

    private byte[] encode(Map<String, Acl> acls) {
        ObjectNode root = JsonNodeFactory.instance.objectNode();
        root.put(VERSION_FIELD, VERSION);
        ArrayNode list = root.putArray(ACLS_FIELD);
        acls.values().forEach(acl -> list.add(AclJson.write(acl)));
        try {
            return json.writerWithDefaultPrettyPrinter().writeValueAsBytes(root);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the ACL file", e);
        }
    }
}
