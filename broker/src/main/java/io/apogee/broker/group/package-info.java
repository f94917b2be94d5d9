/**
 * Consumer groups as heartbeats describe them: which clients (and connections) belong to each group, and what each
 * subscribes to, as tag-hash filters for PULL; each group's configuration is kept in the broker's subscription-group
 * table. Thread-safe; written by the client processor (package {@code client}), read by the pull processor.
 */
package io.apogee.broker.group;
