package io.apogee.wire.message.id;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.temporal.ChronoUnit;

/**
 * A calendar month in a time zone, as epoch milliseconds: {@code [start, next)}. Immutable; safe for any thread.
 *
 * @param start 00:00 on the 1st of the month
 * @param next  00:00 on the 1st of the following month
 */
record MonthWindow(long start, long next) {
    /** The month that contains {@code millis} in {@code zone}. */
    static MonthWindow containing(long millis, ZoneId zone) {
        ZonedDateTime monthStart = ZonedDateTime.ofInstant(Instant.ofEpochMilli(millis), zone)
            .withDayOfMonth(1).truncatedTo(ChronoUnit.DAYS);
        return new MonthWindow(monthStart.toInstant().toEpochMilli(), monthStart.plusMonths(1).toInstant().toEpochMilli());
    }

    /** The month before this one. */
    MonthWindow previous(ZoneId zone) {
        ZonedDateTime monthStart = ZonedDateTime.ofInstant(Instant.ofEpochMilli(start), zone);
        return new MonthWindow(monthStart.minusMonths(1).toInstant().toEpochMilli(), start);
    }
}
