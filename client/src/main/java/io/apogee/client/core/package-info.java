/**
 * What producers and consumers build on: {@link io.apogee.client.core.ClientCore} (one per producer or consumer:
 * transport, scheduler thread, routes, heartbeats, the broker's requests), the route model read from the name
 * server's JSON ({@link io.apogee.client.core.TopicRoute}), {@link io.apogee.client.core.MessageQueue} and the
 * heartbeat body.
 *
 * <p>Threads: {@code ClientCore} is thread-safe; control requests wait on the calling thread, periodic work runs on
 * its one scheduler thread, and requests from brokers arrive on the event loop and are handed to the scheduler.
 * Route and queue values are immutable.
 */
package io.apogee.client.core;
