package io.apogee.broker.filter;

import io.apogee.store.read.TagFilter;

/**
 * A subscription the broker will not filter for, with the response code and remark a pull under it gets (a bad
 * expression, or SQL92 while {@code enablePropertyFilter} is off). It matches nothing, should it ever be read.
 *
 * <p>Immutable; safe for any thread.
 *
 * @param code   the response code
 * @param remark what the client is told
 */
public record FilterRefusal(int code, String remark) implements TagFilter {
    @Override
    public boolean matches(long tagsCode) {
        return false;
    }
}
