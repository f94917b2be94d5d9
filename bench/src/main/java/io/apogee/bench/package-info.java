/**
 * JMH micro-benchmarks of the hot codecs, each beside Apache RocketMQ's own implementation of the same work and
 * a plain copy of the same bytes (the floor), measured in one JVM and one run. State objects are per benchmark
 * thread.
 */
package io.apogee.bench;
