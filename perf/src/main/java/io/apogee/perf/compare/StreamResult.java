package io.apogee.perf.compare;

import java.util.List;
import java.util.Locale;

/**
 * One row of a stream comparison: one scenario against one broker. Rates and broker figures cover the measured
 * window; the delivery counts cover every message of the run. Immutable.
 *
 * @param scenario       the scenario
 * @param broker         the broker
 * @param publishRate    confirmed messages per second (catch-up: of the preload)
 * @param consumeRate    consumed messages per second, 0 where not measured
 * @param p50Micros      confirm latency p50 (publish to confirm)
 * @param p99Micros      its p99
 * @param p999Micros     its p99.9
 * @param maxMicros      its max
 * @param cpuPerMillion  broker CPU seconds per million messages (the larger of confirmed and consumed)
 * @param switchesPerMessage broker context switches per message, both kinds
 * @param peakAnonRssBytes broker peak anonymous resident memory (RssAnon): what it holds itself, not the page cache
 *                       of its log, which a mapped log adds to the resident memory and a written one does not
 * @param delivery       what the run's verification found
 */
record StreamResult(StreamScenario scenario, StreamBroker broker, double publishRate, double consumeRate, long p50Micros,
                    long p99Micros, long p999Micros, long maxMicros, double cpuPerMillion, double switchesPerMessage,
                    long peakAnonRssBytes, Delivery delivery) {
    /**
     * What the verification found over the whole run.
     *
     * @param confirmed  messages the broker confirmed
     * @param failed     messages the broker (or the client) failed
     * @param received   distinct confirmed messages received intact
     * @param lost       confirmed messages never received
     * @param duplicates second deliveries of a message
     * @param corrupt    deliveries with a wrong size or checksum
     */
    record Delivery(long confirmed, long failed, long received, long lost, long duplicates, long corrupt) {
        /** Nothing moved: the run did not get going. */
        static final Delivery NONE = new Delivery(0, 0, 0, 0, 0, 0);

        /** Several reads of the same confirmed messages as one: the fewest received, every fault of each. */
        static Delivery acrossReads(List<Delivery> reads) {
            Delivery first = reads.getFirst();
            long received = first.received;
            long lost = first.lost;
            long duplicates = 0;
            long corrupt = 0;
            for (Delivery read : reads) {
                received = Math.min(received, read.received);
                lost = Math.max(lost, read.lost);
                duplicates += read.duplicates;
                corrupt += read.corrupt;
            }
            return new Delivery(first.confirmed, first.failed, received, lost, duplicates, corrupt);
        }

        /** Whether messages moved and every confirmed one was received once, intact, with none failed. */
        boolean passed() {
            return confirmed > 0 && received == confirmed && failed == 0 && lost == 0 && duplicates == 0 && corrupt == 0;
        }

        /** "ok (N)" or what went wrong, for the table. */
        String verdict() {
            if (passed()) {
                return String.format(Locale.ROOT, "ok (%d)", received);
            }
            return String.format(Locale.ROOT, "FAILED: confirmed %d, failed %d, received %d, lost %d, duplicates %d, "
                + "corrupt %d", confirmed, failed, received, lost, duplicates, corrupt);
        }
    }

    /** A row for a run that produced no figures. */
    static StreamResult failed(StreamScenario scenario, StreamBroker broker) {
        return new StreamResult(scenario, broker, 0, 0, 0, 0, 0, 0, 0, 0, 0, Delivery.NONE);
    }

    /** Whether the run's verification passed. */
    boolean passed() {
        return delivery.passed();
    }
}
