/**
 * Injected time: one {@link io.apogee.common.time.Clock} gives wall-clock milliseconds (store timestamps,
 * retention, flush intervals) and monotonic nanoseconds (durations, deadlines). Logic never reads the system clock
 * directly; production wires {@link io.apogee.common.time.SystemClock} and tests a
 * {@link io.apogee.common.time.ManualClock}. Every class here is safe for any thread.
 */
package io.apogee.common.time;
