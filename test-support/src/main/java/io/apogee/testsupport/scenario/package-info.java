/**
 * End-to-end scenarios written once and run by every client that applies: each scenario class is an abstract JUnit
 * test whose subclass in a client's module supplies a {@link io.apogee.testsupport.scenario.ClientDriver} and a
 * {@link io.apogee.testsupport.scenario.BrokerUnderTest}. The driver interface names no client library, so the
 * RocketMQ 5.4.0 driver (broker tests) and the 4.9.8 driver (compat-v4 tests) never share a class path.
 *
 * <p>A scenario's test thread drives its clients; the clients' own threads deliver into a thread-safe
 * {@link io.apogee.testsupport.Received}.
 */
package io.apogee.testsupport.scenario;
