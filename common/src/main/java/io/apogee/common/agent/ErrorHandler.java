package io.apogee.common.agent;

/**
 * Receives the errors an agent throws.
 *
 * <p>Implementations must be safe for any thread: several runners may share one.
 */
@FunctionalInterface
public interface ErrorHandler {
    /** Records {@code error}, thrown by the agent named {@code roleName}. */
    void onError(String roleName, Throwable error);
}
