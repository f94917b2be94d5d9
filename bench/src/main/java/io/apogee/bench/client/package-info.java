/**
 * JMH benchmarks of the client's own paths beside the official RocketMQ 5.4.0 client's: a batch encoded into its
 * SEND_BATCH_MESSAGE frame, and a pull response parsed and delivered message by message. {@link
 * io.apogee.bench.client.ClientReport} runs them with the GC profiler and prints one table. State objects are per
 * benchmark thread.
 */
package io.apogee.bench.client;
