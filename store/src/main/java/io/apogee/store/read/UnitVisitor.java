package io.apogee.store.read;

/**
 * Told each consume-queue unit of a scan ({@link UnitScan}): its queue offset and its tags-code slot (which holds a
 * delivery time for the broker's schedule and timer topics). Answers whether to go on.
 *
 * <p>Called on the scanning thread.
 */
@FunctionalInterface
public interface UnitVisitor {
    /** One unit; false stops the scan before the next. */
    boolean visit(long queueOffset, long tagsCode);
}
