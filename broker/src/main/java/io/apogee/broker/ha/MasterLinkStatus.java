package io.apogee.broker.ha;

/**
 * A slave's replication from its master, for {@code mqadmin haStatus}.
 *
 * @param masterAddress   the master's HA address, connected or last named (may be empty)
 * @param connected       whether the slave is connected to it now
 * @param logEnd          where the slave's log ends
 * @param lastReadMillis  when the last bytes came from the master (0: never)
 * @param lastWriteMillis when the slave last reported its end (0: never)
 * @param bytesLastSecond the bytes received in the last whole second
 */
public record MasterLinkStatus(String masterAddress, boolean connected, long logEnd, long lastReadMillis,
    long lastWriteMillis, long bytesLastSecond) {
}
