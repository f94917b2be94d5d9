/**
 * Start-up and wiring: the typed config, the one {@code BrokerContext} that owns the store,
 * the listeners and the executors, the request router that hands each request to its family's executor, and the
 * command-line entry point. The router runs on Netty event loops; everything else here on the starting thread.
 */
package io.apogee.broker.server;
