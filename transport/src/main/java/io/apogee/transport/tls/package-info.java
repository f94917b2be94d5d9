/**
 * TLS as RocketMQ's remoting speaks it: a server port in one of three {@link io.apogee.transport.tls.TlsMode}s, whose
 * first byte of each connection tells a TLS handshake from plaintext; the server's certificate (given, or generated
 * once and kept), and a client's trust. Contexts are built at start-up; handlers run on each connection's event loop.
 */
package io.apogee.transport.tls;
