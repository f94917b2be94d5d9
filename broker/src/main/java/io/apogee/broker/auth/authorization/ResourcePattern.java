package io.apogee.broker.auth.authorization;

/**
 * How a policy entry's resource name matches a requested name: the same name ({@code Topic:orders}), a name starting
 * with it ({@code Topic:order*}), or any name of the kind ({@code Topic:*}). A LITERAL match is the most specific, then
 * the longest PREFIXED one, then ANY.
 *
 * <p>Immutable; safe for any thread.
 */
public enum ResourcePattern {
    ANY,
    LITERAL,
    PREFIXED
}
