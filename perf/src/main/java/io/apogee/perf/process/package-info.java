/**
 * What a broker process costs while a run goes, read from outside it: CPU time and resident memory from Linux's
 * {@code /proc}, and for a JVM its young collections from {@code jstat}; and the child processes a comparison starts,
 * all killed when the tool exits.
 *
 * <p>Threads: the run's sampling thread reads the broker; child processes are registered and stopped by the thread
 * that starts them, or by the shutdown hook.
 */
package io.apogee.perf.process;
