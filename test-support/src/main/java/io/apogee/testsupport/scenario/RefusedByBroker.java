package io.apogee.testsupport.scenario;

/** A client call that failed with the broker's answer, as a driver reports it: the response code and the client's text. */
public final class RefusedByBroker extends Exception {
    private static final long serialVersionUID = 1L;

    private final int responseCode;

    /** The failure {@code cause} of the client library, which carried {@code responseCode}. */
    public RefusedByBroker(int responseCode, Throwable cause) {
        super(cause.getMessage(), cause);
        this.responseCode = responseCode;
    }

    /** The broker's response code. */
    public int responseCode() {
        return responseCode;
    }
}
