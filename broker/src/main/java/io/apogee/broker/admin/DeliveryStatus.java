package io.apogee.broker.admin;

import io.apogee.broker.timer.TimerStatus;

/**
 * What the delivering services report to mqadmin's {@code brokerStatus}: the timer service's status under RocketMQ's
 * keys, and the parked messages each service skipped because they can never be delivered (Apogee's own keys). Immutable.
 *
 * @param timer          the timer service's latest status
 * @param delayedSkipped delay-level messages skipped since start ({@code delayedMessagesSkipped})
 * @param timerSkipped   timer messages skipped since start ({@code timerMessagesSkipped})
 */
public record DeliveryStatus(TimerStatus timer, long delayedSkipped, long timerSkipped) {
}
