/**
 * Start-up and wiring: the typed config, the one {@code BrokerContext} that owns the store, the listeners, the
 * executors and the schedulers (each a {@code SchedulerAgent} on an agent runner), the request router that hands each
 * request to its family's executor, and the command-line entry point. The router runs on Netty event loops;
 * everything else here on the starting thread.
 */
package io.apogee.broker.server;
