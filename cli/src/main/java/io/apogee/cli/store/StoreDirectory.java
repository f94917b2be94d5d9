package io.apogee.cli.store;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where the parts of a store lie, Apogee's and Apache RocketMQ's alike: {@code commitlog/}, {@code consumequeue/},
 * {@code index/}, {@code checkpoint} and the metadata directory {@code config/}. Immutable.
 *
 * @param root the store directory
 */
record StoreDirectory(Path root) {
    /** Whether {@code root} looks like a store: a directory holding {@code commitlog/}. */
    boolean exists() {
        return Files.isDirectory(commitLog());
    }

    Path commitLog() {
        return root.resolve("commitlog");
    }

    Path consumeQueues() {
        return root.resolve("consumequeue");
    }

    Path index() {
        return root.resolve("index");
    }

    Path checkpoint() {
        return root.resolve("checkpoint");
    }

    Path metadata() {
        return root.resolve("config");
    }

    /** {@code file} relative to the root, as reports name it. */
    String name(Path file) {
        return root.relativize(file).toString();
    }
}
