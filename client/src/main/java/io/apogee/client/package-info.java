/**
 * The client API shared by producers and consumers: {@link io.apogee.client.ClientConfig} (name servers, client
 * identity, timeouts) and one exception per failure kind, all under {@link io.apogee.client.ClientException}.
 * The producer lives in {@code io.apogee.client.producer}, the push consumer in {@code io.apogee.client.consumer},
 * and what both build on (transport, routes, heartbeats) in {@code io.apogee.client.core}.
 *
 * <p>Threads: configs and exceptions are immutable. Every producer or consumer owns its connections, event loops and
 * scheduler thread; nothing is shared between two clients in one process.
 */
package io.apogee.client;
