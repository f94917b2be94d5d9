/**
 * The push consumer: {@link io.apogee.client.consumer.PushConsumer} pulls with long polling, keeps per-queue flow
 * control by count and bytes, commits offsets, and rebalances queues with the official client's average allocation
 * ({@link io.apogee.client.consumer.QueueAllocator}), so it can share a group with official consumers. Messages
 * reach the {@link io.apogee.client.consumer.MessageListener} as {@link io.apogee.client.consumer.ReceivedMessage}
 * views over the pull response's buffer, which is released once its batch is consumed.
 *
 * <p>A queue with a backlog is read with range pulls, several in flight ({@code PullWindow}),
 * whose answers are taken in queue order.
 *
 * <p>Threads: pulls are issued and answered on the transport's event loop (delayed pulls on the scheduler); each
 * queue's batches are consumed in order by one task at a time on the consumer's own pool; rebalancing, offset
 * commits and heartbeats run on the scheduler thread.
 *
 * <pre>
 *  Rebalancer (scheduler) --assigns--&gt; ProcessQueue --&gt; Puller (event loop) --PULL_MESSAGE x window, 15 s suspend--&gt; broker
 *  Puller --PulledBatch (retained body)--&gt; ProcessQueue --&gt; consume pool: listener(ReceivedMessage) --&gt; offset
 *  OffsetStore (scheduler) --UPDATE_CONSUMER_OFFSET every 5 s, oneway--&gt; broker
 * </pre>
 */
package io.apogee.client.consumer;
