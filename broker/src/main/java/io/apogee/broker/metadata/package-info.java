/**
 * The broker's small metadata: topic configs, consumer offsets, subscription groups (RocketMQ's
 * {@code TopicConfigManager}, {@code ConsumerOffsetManager} and {@code SubscriptionGroupManager}) and the users of
 * authentication, each a typed table
 * in its own text file (UTF-8 lines of TAB-separated, escaped fields under a versioned header), replaced atomically
 * (temporary file, force, rename). The files sit in the store's metadata directory, read and replaced through the
 * store's fenced disk ({@link io.apogee.broker.metadata.MetadataFiles}); the broker owns them. Uses no other broker
 * package.
 *
 * <p>Threads: every table is safe for any thread; persisting is serialized per table.
 */
package io.apogee.broker.metadata;
