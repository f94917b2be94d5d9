/**
 * The broker's metrics, under RocketMQ 5's names and labels, served to Prometheus. {@link BrokerMetrics} owns the
 * OpenTelemetry meter provider and its HTTP endpoint; its instruments are asynchronous and read, at each scrape,
 * counts the broker keeps anyway (the store's statistics, the offset and group tables, the client directory). Only
 * the bytes sent and the messages and bytes delivered have no such source: the send and pull paths add them to the
 * striped counters of {@link TrafficCounters}. Scrapes run on the exporter's own HTTP thread.
 */
package io.apogee.broker.metrics;
