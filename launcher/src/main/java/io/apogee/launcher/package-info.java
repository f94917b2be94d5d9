/**
 * Starting servers as child processes: free loopback ports ({@link io.apogee.launcher.Ports}), a JVM command line
 * ({@link io.apogee.launcher.JavaCommand}), waiting until a port listens ({@link io.apogee.launcher.Listening}) and
 * Apache RocketMQ's name server and broker ({@link io.apogee.launcher.RocketMqLauncher}), and a private RabbitMQ node
 * with its stream plugin ({@link io.apogee.launcher.RabbitMqLauncher}).
 *
 * <p>JDK only, so that both {@code apogee perf compare} (main code) and the test fixtures of every module use the
 * same launcher. Every class is stateless; the caller's thread owns the processes it starts.
 */
package io.apogee.launcher;
