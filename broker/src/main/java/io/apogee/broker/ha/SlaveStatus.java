package io.apogee.broker.ha;

/**
 * One slave's replication as its master sees it, for {@code mqadmin haStatus} and the broker's status.
 *
 * @param address         the slave's address
 * @param authenticated   whether it replicates (false while it has not answered its challenge)
 * @param ackedOffset     where its log ends, as it reported last (-1 before its first report)
 * @param transferFrom    the offset it asked for first, where the master started sending (-1 before)
 * @param bytesLastSecond the bytes sent to it in the last whole second
 */
public record SlaveStatus(String address, boolean authenticated, long ackedOffset, long transferFrom,
    long bytesLastSecond) {
}
