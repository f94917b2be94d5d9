/**
 * {@code apogee perf compare}: Apache RocketMQ and Apogee on the same machine, one after the other, with the same
 * heap and flush mode, driven by the same {@code apogee perf} runs, and a Markdown table of the figures.
 *
 * <p>Threads: the main thread starts each broker, runs each scenario as a child JVM and waits for it; a shutdown
 * hook kills every child process if the tool exits early.
 */
package io.apogee.perf.compare;
