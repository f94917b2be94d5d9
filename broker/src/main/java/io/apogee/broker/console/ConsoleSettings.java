package io.apogee.broker.console;

/**
 * Where the console listens: the address and port of its HTTP server.
 *
 * <p>Immutable; safe for any thread.
 *
 * @param host the address the console binds
 * @param port the console's port; 0 picks a free one
 */
public record ConsoleSettings(String host, int port) {
}
