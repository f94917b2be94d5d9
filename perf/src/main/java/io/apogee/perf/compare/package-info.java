/**
 * {@code apogee perf compare}: Apache RocketMQ and Apogee on the same machine, one after the other, with the same
 * heap and flush mode, driven by the same {@code apogee perf} runs, and a Markdown table of the figures; and
 * {@code apogee perf stream-compare}: RabbitMQ's stream plugin and Apogee's stream port under the same load through
 * RabbitMQ's Java stream client ({@link io.apogee.perf.compare.StreamCompareCommand}).
 *
 * <p>Threads: the main thread starts each broker, runs each scenario as a child JVM and waits for it; a shutdown
 * hook kills every child process if the tool exits early. In a stream comparison the main thread runs the load
 * itself: its producer threads send, and the stream client's threads confirm and deliver.
 */
package io.apogee.perf.compare;
