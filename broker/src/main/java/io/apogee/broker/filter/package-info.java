/**
 * Broker-side message filters by SQL92 expression ({@code MessageSelector.bySql}), with RocketMQ's grammar and
 * semantics: {@link io.apogee.broker.filter.SqlCompiler} turns an expression into an immutable tree of
 * {@link io.apogee.broker.filter.Condition}s once per subscription; {@link io.apogee.broker.filter.SqlFilter}
 * evaluates it on each stored record's properties in place, without allocating. {@link
 * io.apogee.broker.filter.SubscriptionFilters} decides, from the broker's {@code enablePropertyFilter}, which
 * filter a heartbeat's or a pull's subscription gets, and how a bad one is refused.
 *
 * <p>Compiled filters are immutable and evaluated on the pull thread(s); compiling happens on the admin and pull
 * threads.
 */
package io.apogee.broker.filter;
