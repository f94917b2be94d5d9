/**
 * The clients {@code apogee perf} drives, behind one interface: Apogee's own client and Apache RocketMQ's official
 * client, so that {@code --client apogee|official} switches between them with the same reporting and verification.
 *
 * <p>Threads: each producer thread owns one {@link io.apogee.perf.client.Sender}; completions of async sends arrive
 * on the client's threads; consumers hand bodies to the listener on the client's consume threads.
 */
package io.apogee.perf.client;
