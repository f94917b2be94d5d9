/**
 * The broker's own state, RUNNING, DEGRADED or FAILED, as {@code brokerStatus} shows it: every error of an agent or a
 * periodic task passes through {@link io.apogee.broker.health.BrokerHealth} on its way to the error log. Safe for
 * any thread.
 */
package io.apogee.broker.health;
