package io.apogee.broker.health;

import io.apogee.common.agent.ErrorHandler;
import io.apogee.store.file.DiskFence;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * The broker's state, from the errors of its agents and periodic tasks and from its store. Every error is passed on
 * to the error log (logged once with its stack, counted). An {@link Error} (out of memory, a stack overflow, a fault
 * on a mapped write) makes the broker DEGRADED: the thread that threw goes on, but the broker may have lost work. A
 * failed store makes it FAILED: sends are refused until restart, pulls still serve what is readable. The first
 * cause of each state is kept, and each state change is told once.
 *
 * <p>Thread-safe: errors arrive from every agent and scheduler thread; {@link #status()} is read by the admin thread.
 */
public final class BrokerHealth implements ErrorHandler {
    /** The broker's states, worst last. */
    public enum State {
        /** Nothing has failed. */
        RUNNING,
        /** A thread threw an Error and went on: the broker serves, but may have lost work; see the log. */
        DEGRADED,
        /** The store failed: read-only until restart. */
        FAILED
    }

    /**
     * A state with the role that caused it and the first error's type and message (both empty while RUNNING).
     *
     * @param state the state
     * @param role  the thread or store operation that failed first
     * @param cause the first error, as its type and message
     */
    public record Status(State state, String role, String cause) {
        static final Status RUNNING = new Status(State.RUNNING, "", "");

        /** One line for an operator: {@code RUNNING}, or the state, the role and the cause. */
        public String describe() {
            return state == State.RUNNING ? state.name() : state + " " + role + ": " + cause;
        }
    }

    private final ErrorHandler errors;
    private final Consumer<Status> onChange;
    private final AtomicReference<Status> status = new AtomicReference<>(Status.RUNNING);
    private volatile Supplier<DiskFence.Failure> storeFailure = () -> null;

    /**
     * @param errors   where every error goes on to (the distinct error log)
     * @param onChange told once per state change, with the new status (the broker logs it)
     */
    public BrokerHealth(ErrorHandler errors, Consumer<Status> onChange) {
        this.errors = Objects.requireNonNull(errors, "errors");
        this.onChange = Objects.requireNonNull(onChange, "onChange");
    }

    /** Watches the store's failure; set once the store is open (it reports its errors here from the start). */
    public BrokerHealth watch(Supplier<DiskFence.Failure> failure) {
        this.storeFailure = Objects.requireNonNull(failure, "failure");
        return this;
    }

    @Override
    public void onError(String roleName, Throwable error) {
        errors.onError(roleName, error);
        if (error instanceof Error) {
            change(new Status(State.DEGRADED, roleName, error.toString()));
        }
        checkStore();
    }

    /** The state now, with its first cause. */
    public Status status() {
        checkStore();
        return status.get();
    }

    private void checkStore() {
        DiskFence.Failure failure = storeFailure.get();
        if (failure != null && status.get().state() != State.FAILED) {
            String role = failure.path() == null ? failure.operation() : failure.operation() + " " + failure.path();
            change(new Status(State.FAILED, role, String.valueOf(failure.cause())));
        }
    }

    /** Moves to {@code next} if it is worse than the state now; tells the change once. */
    private void change(Status next) {
        Status current;
        do {
            current = status.get();
            if (next.state().compareTo(current.state()) <= 0) {
                return;
            }
        } while (!status.compareAndSet(current, next));
        onChange.accept(next);
    }
}
