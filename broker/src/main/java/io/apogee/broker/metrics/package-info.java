/**
 * The broker's metrics, under RocketMQ 5's names and labels, served to Prometheus. {@link BrokerMetrics} owns the
 * OpenTelemetry meter provider and its HTTP endpoint; its instruments are asynchronous and read, at each scrape,
 * what the broker keeps anyway ({@link MetricsSources}: the store's statistics, the offset and group tables, the client
 * directory, the transaction state, the timer's status). What has no such source is counted in striped counters:
 * {@link TrafficCounters} on the send and pull paths (bytes in, the message-size histogram that a Prometheus collector
 * serves beside the OpenTelemetry reader, deliveries) and {@link TopicCounters} where transactions are resolved.
 * Scrapes run on the exporter's HTTP threads, one collection at a time.
 */
package io.apogee.broker.metrics;
