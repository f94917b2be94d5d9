package io.apogee.broker.namesrv;

/**
 * The version of a broker's topic table, as RocketMQ's DataVersion: a counter and the time of the last change (and a
 * state version RocketMQ keeps beside them). Two registrations with equal versions carry the same topics. Immutable;
 * safe for any thread.
 *
 * @param counter      changes counted by the broker
 * @param timestamp    the time of the last change, ms
 * @param stateVersion RocketMQ's state version
 */
public record DataVersion(long counter, long timestamp, long stateVersion) {
}
