/**
 * {@code apogee store verify} and {@code apogee store dump}: offline tools over a stopped broker's store
 * directory, Apogee's or Apache RocketMQ's. They open every file read-only and read the commit log file by file
 * through read-only mappings, so memory stays bounded on a store of many GiB. Records are parsed by the wire
 * module's {@code RecordValidator} and {@code StoredRecord}, the parsers recovery uses; unlike recovery, the
 * verifier goes on past damage and reports every problem it finds.
 *
 * <p>Threads: each command runs on the thread that calls it; nothing here is shared between threads.
 */
package io.apogee.cli.store;
