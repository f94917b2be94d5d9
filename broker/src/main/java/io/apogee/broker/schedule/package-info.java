/**
 * Delayed messages: a send with the DELAY property is stored on the schedule topic ({@code SCHEDULE_TOPIC_XXXX},
 * queue = level - 1, the real topic and queue in REAL_TOPIC and REAL_QID) by the delay-level
 * {@link io.apogee.broker.detour.Detour}, and the schedule service moves each one to its real topic when its level's
 * delay has passed, keeping per-level progress across restarts. The detour runs on the sending thread; the service
 * runs on the scheduler it is started on, so a test drives it with a manual clock.
 */
package io.apogee.broker.schedule;
