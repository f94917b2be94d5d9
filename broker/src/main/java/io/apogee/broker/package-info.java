/**
 * The broker process: it answers the official RocketMQ clients over the remoting protocol, as broker and as
 * embedded name server. {@code server} wires it, {@code processor} handles one request family per class,
 * {@code namesrv} serves routes, {@code topic}, {@code group} and {@code offset} hold its tables.
 */
package io.apogee.broker;
