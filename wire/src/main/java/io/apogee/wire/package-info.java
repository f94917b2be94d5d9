/**
 * Bytes to meaning for Apache RocketMQ's remoting protocol, with no I/O and no Netty: {@code frame} (remoting
 * frames and header serializations), {@code header} (typed request and response headers), {@code code}
 * (request, response and language codes) and {@code message} (message, batch and stored-record layouts).
 *
 * <p>docs/protocol.md describes the protocol as Apogee implements it. Comments cite its sections by number, as in
 * "docs/protocol.md §4.4"; {@code ProtocolCitationsTest} checks that every cited section exists.
 */
package io.apogee.wire;
