/**
 * Timer messages (RocketMQ 5.x's arbitrary delivery time): a send with TIMER_DELIVER_MS, TIMER_DELAY_SEC or
 * TIMER_DELAY_MS waits on the timer topic ({@code rmq_sys_wheel_timer}, queue 0) with its delivery time in TIMER_OUT_MS
 * and its real topic and queue in REAL_TOPIC and REAL_QID, parked there by the timer
 * {@link io.apogee.broker.detour.Detour}. The timer service moves it to its real topic when that time comes, keeping a
 * checkpoint so that a restart neither loses nor repeats what it had delivered.
 */
package io.apogee.broker.timer;
