package io.apogee.client;

import io.apogee.wire.code.ResponseCode;

/** A broker or name server answered with an error code. Immutable. */
public final class BrokerErrorException extends ClientException {
    private static final long serialVersionUID = 1L;
    private final String address;
    private final int code;
    private final String remark;

    /** {@code address} answered {@code code} with {@code remark} (may be null). */
    public BrokerErrorException(String address, int code, String remark) {
        super(address + " answered " + ResponseCode.describe(code) + (remark == null ? "" : ": " + remark), null);
        this.address = address;
        this.code = code;
        this.remark = remark;
    }

    /** The server that answered. */
    public String address() {
        return address;
    }

    /** The response code. */
    public int code() {
        return code;
    }

    /** The server's error text, or null. */
    public String remark() {
        return remark;
    }
}
