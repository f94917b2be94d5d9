/**
 * The broker's metrics, under RocketMQ 5's names and labels, served to Prometheus. {@link BrokerMetrics} owns the
 * Prometheus client's HTTP endpoint and its one collector, which at each scrape builds every family straight from what
 * the broker keeps anyway ({@link MetricsSources}: the store's statistics, the offset and group tables, the client
 * directory, the transaction state, the timer's status), with label sets kept from scrape to scrape. What has no such
 * source is counted in striped counters: {@link TrafficCounters} on the send and pull paths (bytes in, the
 * message-size histogram, deliveries) and {@link TopicCounters} where transactions are resolved. Scrapes run on the
 * endpoint's HTTP threads.
 */
package io.apogee.broker.metrics;
