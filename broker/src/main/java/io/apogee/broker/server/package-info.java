/**
 * Start-up and wiring: the typed config, the one {@code BrokerContext} that owns the store, the listeners, the
 * processor families and the request router (from {@code request}) that serves them, the schedulers (each a
 * {@code SchedulerAgent} on an agent runner), and the command-line entry point. The router runs on Netty event loops;
 * everything else here on the starting thread.
 */
package io.apogee.broker.server;
