/**
 * Injected time: {@link io.apogee.common.time.Clock} for wall-clock milliseconds (store timestamps, retention,
 * flush intervals) and {@link io.apogee.common.time.NanoClock} for monotonic durations. Logic never reads the
 * system clock directly; production wires the system implementations and tests a
 * {@link io.apogee.common.time.ManualClock}. Every class here is safe for any thread.
 */
package io.apogee.common.time;
