/**
 * The producer: {@link io.apogee.client.producer.Producer} with sync, async (bounded in-flight window), oneway and
 * batch sends, route lookup with the TBW102 fallback, round-robin queue selection over writable queues, and
 * retries on another broker for the retryable response codes, as the official client does.
 *
 * <p>Threads: a producer is thread-safe. Each sending thread encodes its frames itself with a per-thread
 * {@link io.apogee.client.producer.SendFrameEncoder}; responses complete on the event loop; route refresh and
 * heartbeats run on the producer's scheduler thread.
 *
 * <pre>
 *  send(message) --&gt; TopicPublishInfo.select(avoid broker) --&gt; SendFrameEncoder (header + body buffer)
 *                --&gt; RemotingClient.invoke --&gt; SendResponseReader (event loop) --&gt; SendResult | retry | exception
 * </pre>
 */
package io.apogee.client.producer;
