package io.apogee.streams.protocol;

/**
 * The response codes of RabbitMQ's stream protocol, carried by responses, publish errors and closes.
 *
 * <p>Constants only; safe for any thread.
 */
public final class ResponseCode {
    public static final int OK = 0x01;
    public static final int STREAM_DOES_NOT_EXIST = 0x02;
    public static final int SUBSCRIPTION_ID_ALREADY_EXISTS = 0x03;
    public static final int SUBSCRIPTION_ID_DOES_NOT_EXIST = 0x04;
    public static final int STREAM_ALREADY_EXISTS = 0x05;
    public static final int STREAM_NOT_AVAILABLE = 0x06;
    public static final int SASL_MECHANISM_NOT_SUPPORTED = 0x07;
    public static final int AUTHENTICATION_FAILURE = 0x08;
    public static final int SASL_ERROR = 0x09;
    public static final int SASL_CHALLENGE = 0x0a;
    public static final int SASL_AUTHENTICATION_FAILURE_LOOPBACK = 0x0b;
    public static final int VIRTUAL_HOST_ACCESS_FAILURE = 0x0c;
    public static final int UNKNOWN_FRAME = 0x0d;
    public static final int FRAME_TOO_LARGE = 0x0e;
    public static final int INTERNAL_ERROR = 0x0f;
    public static final int ACCESS_REFUSED = 0x10;
    public static final int PRECONDITION_FAILED = 0x11;
    public static final int PUBLISHER_DOES_NOT_EXIST = 0x12;
    public static final int NO_OFFSET = 0x13;

    private ResponseCode() {
    }
}
