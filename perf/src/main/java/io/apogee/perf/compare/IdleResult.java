package io.apogee.perf.compare;

import io.apogee.perf.process.IdleReport;

/**
 * One broker watched while idle in a comparison. Immutable.
 *
 * @param broker the broker
 * @param report what it did, or null if it could not be started or watched
 */
record IdleResult(BrokerKind broker, IdleReport report) {
    /** Whether the broker was watched. */
    boolean measured() {
        return report != null;
    }
}
