package io.apogee.streams.server;

import io.netty.channel.Channel;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Closes a connection from which nothing arrived for two heartbeat intervals, as RabbitMQ's reader does. A timer on the
 * connection's event loop checks once per interval whether the socket was read since the last check; the second check
 * in a row that finds nothing closes the socket. So a silent client is closed between two and three intervals after
 * its last byte. RabbitMQ sends no close frame then, and neither does this.
 *
 * <p>Reads only set a flag ({@link #heard()}): the timer does the rest.
 *
 * <p>Not thread-safe: one per connection, used on its event loop only.
 */
final class HeartbeatTimeout {
    private static final Logger LOG = LoggerFactory.getLogger(HeartbeatTimeout.class);
    /** The checks in a row that find nothing before the connection is closed. */
    static final int SILENT_CHECKS = 2;

    private final Channel channel;
    private boolean heard;
    private int silentChecks;
    private long intervalSeconds;
    private ScheduledFuture<?> timer;

    HeartbeatTimeout(Channel channel) {
        this.channel = channel;
    }

    /** Starts checking every {@code seconds}, the heartbeat agreed in tune; 0 checks nothing. Called once. */
    void start(long seconds) {
        if (seconds <= 0 || timer != null) {
            return;
        }
        intervalSeconds = seconds;
        heard = true; // the tune that brought the interval was just read
        timer = channel.eventLoop().scheduleAtFixedRate(this::check, seconds, seconds, TimeUnit.SECONDS);
    }

    /** Something was read from the socket. */
    void heard() {
        heard = true;
    }

    /** Stops the timer: the connection is closing. */
    void stop() {
        if (timer != null) {
            timer.cancel(false);
        }
    }

    private void check() {
        if (heard) {
            heard = false;
            silentChecks = 0;
            return;
        }
        if (++silentChecks < SILENT_CHECKS) {
            return;
        }
        stop();
        LOG.info("stream connection {}: nothing received for {} heartbeat intervals of {} s; closing it",
            channel.remoteAddress(), SILENT_CHECKS, intervalSeconds);
        channel.close();
    }
}
