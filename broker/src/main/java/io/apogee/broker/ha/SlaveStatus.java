package io.apogee.broker.ha;

/**
 * One slave's replication as its master sees it, for {@code mqadmin haStatus} and the broker's status.
 *
 * @param address         the slave's address
 * @param authenticated   whether it replicates (false while it has not answered its challenge)
 * @param ackedOffset     where its log ends, as it reported last (-1 before its first report)
 * @param transferFrom    the offset it asked for first, where the master started sending (-1 before)
 * @param bytesLastSecond the bytes sent to it in the last whole second
 * @param fallingBehind   whether the oldest record it lacks is older than the master's alarm allows
 * @param brokerId        the broker id it named (controller mode), or -1
 */
public record SlaveStatus(String address, boolean authenticated, long ackedOffset, long transferFrom,
    long bytesLastSecond, boolean fallingBehind, long brokerId) {
    /** How many bytes of a log that ends at {@code logEnd} the slave lacks (all of them before its first report). */
    public long lagBytes(long logEnd) {
        return ackedOffset < 0 ? logEnd : Math.max(0, logEnd - ackedOffset);
    }

    /** Whether it lacks less than {@code maxGapBytes} of a log ending at {@code logEnd}, as RocketMQ counts in sync. */
    public boolean inSync(long logEnd, long maxGapBytes) {
        return ackedOffset >= 0 && lagBytes(logEnd) < maxGapBytes;
    }
}
