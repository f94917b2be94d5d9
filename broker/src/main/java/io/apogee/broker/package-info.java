/**
 * The broker process: it answers the official RocketMQ clients over the remoting protocol, as broker and as
 * embedded name server. {@code server} wires it, {@code request} carries each request from its read to its answer
 * (router, families, the exchange that owns a request), and each request family has a package: {@code send},
 * {@code pull}, {@code offset}, {@code client} (heartbeats), {@code topic}, {@code namesrv} (routes, KV config);
 * {@code topic}, {@code group} and {@code offset} also hold its tables; {@code message}
 * holds the copies the broker writes itself, for {@code retry} (retries and dead letters), {@code schedule} (delay
 * levels), {@code timer} (delivery times) and {@code transaction}; {@code order} keeps orderly consumers' queue locks,
 * {@code filter} evaluates SQL92 subscriptions and {@code admin} answers mqadmin.
 */
package io.apogee.broker;
