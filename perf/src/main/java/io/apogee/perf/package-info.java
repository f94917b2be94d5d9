/**
 * {@code apogee perf}: an end-to-end load tool for RocketMQ-compatible brokers. Producer threads send messages that
 * carry a run id, a sequence number, their born time and a checksum; push consumers check every message they
 * receive; a reporter prints one line per second and a final report with HdrHistogram percentiles.
 *
 * <p>Threads: the main thread parses options, starts the drivers and samples the figures once a second; each
 * producer driver owns one thread; consumers call back on the client's consume threads; send completions of async
 * sends arrive on the client's I/O threads. Shared figures are counters and HdrHistogram recorders, both safe for
 * concurrent writers.
 */
package io.apogee.perf;
