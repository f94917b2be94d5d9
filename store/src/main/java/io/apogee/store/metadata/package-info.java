/**
 * The broker's small metadata: topic configs, consumer offsets and subscription groups, each a typed table in its
 * own text file (UTF-8 lines of TAB-separated, escaped fields under a versioned header), replaced atomically
 * (temporary file, force, rename). No dependency beyond the JDK.
 *
 * <p>Threads: every table is safe for any thread; persisting is serialized per table.
 */
package io.apogee.store.metadata;
