/**
 * Bytes to meaning for Apache RocketMQ's remoting protocol, with no I/O and no Netty: {@code frame} (remoting
 * frames and header serializations), {@code header} (typed request and response headers), {@code code}
 * (request, response and language codes) and {@code message} (message, batch and stored-record layouts).
 */
package io.apogee.wire;
