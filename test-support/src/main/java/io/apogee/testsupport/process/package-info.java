/**
 * Servers as child processes of a test: Apogee's broker ({@link io.apogee.testsupport.process.ApogeeBrokerProcess}, stopped
 * with SIGTERM or SIGKILL and restarted on the same address and store) and Apache RocketMQ's name server and broker
 * ({@link io.apogee.testsupport.process.RocketMqCluster}, {@link io.apogee.testsupport.process.RocketMqProcesses}),
 * both started through {@link io.apogee.launcher}, and a private RabbitMQ node with its stream plugin
 * ({@link io.apogee.testsupport.process.RabbitMqNode}). Tests using them are tagged {@code slow}.
 *
 * <p>Not thread-safe: one test thread starts and stops each process.
 */
package io.apogee.testsupport.process;
