/**
 * Start-up and wiring: the typed config, the one {@code BrokerContext} that owns the store,
 * the listeners, the processor families and the request router (from {@code request}) that serves them, and the
 * command-line entry point. Everything here runs on the starting thread; the router it builds runs on event loops.
 */
package io.apogee.broker.server;
