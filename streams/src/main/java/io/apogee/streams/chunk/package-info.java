/**
 * The osiris chunk: the byte layouts a stream stores on disk and a deliver frame carries, with no I/O and no Netty.
 * Flyweights are used by one thread at a time.
 */
package io.apogee.streams.chunk;
