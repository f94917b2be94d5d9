package io.apogee.broker.request;

/**
 * Handles the requests of one family. Called on the family's thread only (its own executor thread, or, for a family
 * on the I/O threads, the event loop that read the request, one instance per loop), one request at a time, so an
 * implementation may keep reusable decoding state in fields.
 */
@FunctionalInterface
public interface Processor {
    /**
     * One request. Before returning, the processor either answers through {@code exchange} (which closes it), or
     * {@linkplain Exchange#hold() holds} it for an answer from elsewhere. An exchange left open is answered
     * SYSTEM_ERROR by the family, and so is one open when this throws.
     */
    void process(Exchange exchange);
}
