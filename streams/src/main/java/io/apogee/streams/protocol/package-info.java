/**
 * RabbitMQ's stream protocol on the wire: command keys, response codes, the frame layout and bounded readers and
 * writers of its types over Netty buffers. Used on the connection's event loop.
 */
package io.apogee.streams.protocol;
