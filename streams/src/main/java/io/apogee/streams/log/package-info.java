/**
 * Streams on disk: each stream's osiris chunks in segment files of its own directory, the index of its chunks, and the
 * registry of a broker's streams. Appends run on the publishing connection's event loop under the stream's monitor;
 * reads take no lock.
 */
package io.apogee.streams.log;
