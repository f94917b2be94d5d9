/**
 * The stream protocol's server: the listeners (plaintext, and TLS only with SASL EXTERNAL where client certificates are
 * checked), the bounded frame decoder and one connection handler per client with its publishers and subscriptions. Each connection's state lives on its event loop; streams are shared through the
 * thread-safe registry.
 */
package io.apogee.streams.server;
