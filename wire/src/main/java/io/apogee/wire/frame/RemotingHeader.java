package io.apogee.wire.frame;

import io.apogee.wire.code.LanguageCode;

/**
 * The logical header of a remoting frame, the same in both serializations: code, language, version, opaque,
 * flag, remark and {@link ExtFields}. Mutable, reusable and not thread-safe (see below).
 *
 * <pre>
 *  flag bit 0 (1) RESPONSE   set on responses; clear on requests
 *  flag bit 1 (2) ONEWAY     the request expects no response
 * </pre>
 *
 * <p>Mutable and reusable; not thread-safe. A decoder fills one instance per frame after {@link #clear()}.
 */
public final class RemotingHeader {
    /** Flag bit of a response. */
    public static final int RESPONSE_FLAG = 1;
    /** Flag bit of a oneway request. */
    public static final int ONEWAY_FLAG = 2;

    private final ExtFields ext = new ExtFields();
    private int code;
    private LanguageCode language = LanguageCode.JAVA;
    private int version;
    private int opaque;
    private int flag;
    private String remark;
    private SerializeType serializeType = SerializeType.JSON;

    /** Resets every field to RocketMQ's defaults (JAVA, version 0, flag 0, no remark, no ext fields). */
    public RemotingHeader clear() {
        ext.clear();
        code = 0;
        language = LanguageCode.JAVA;
        version = 0;
        opaque = 0;
        flag = 0;
        remark = null;
        serializeType = SerializeType.JSON;
        return this;
    }

    /**
     * {@link #clear() Clears} the header and gives back ext arrays grown past their retained size
     * ({@link ExtFields#clearAndTrim()}): for a header kept between requests, once the request is done.
     */
    public RemotingHeader clearAndTrim() {
        clear();
        ext.clearAndTrim();
        return this;
    }

    /**
     * True when the header holds more than a small header keeps: ext arrays past their retained size, or a remark
     * longer than {@link ExtFields#RETAINED_BYTES} chars.
     */
    public boolean isOversized() {
        return ext.isOversized() || remark != null && remark.length() > ExtFields.RETAINED_BYTES;
    }

    /** Makes this a request with the given code and opaque, keeping nothing else. */
    public RemotingHeader asRequest(int requestCode, int requestOpaque) {
        clear();
        this.code = requestCode;
        this.opaque = requestOpaque;
        return this;
    }

    /**
     * Makes this the response to {@code request}: same opaque, the RESPONSE flag, and the request's
     * serialization (a response is answered in the form it was asked in).
     */
    public RemotingHeader asResponseTo(RemotingHeader request, int responseCode) {
        clear();
        this.code = responseCode;
        this.opaque = request.opaque;
        this.flag = RESPONSE_FLAG;
        this.serializeType = request.serializeType;
        return this;
    }

    /**
     * A new header with every field and ext entry of this one, for a frame kept beyond the call that lent it
     * (decoders reuse their header). Allocates; off the per-message path.
     */
    public RemotingHeader copy() {
        return copyInto(new RemotingHeader());
    }

    /** Makes {@code target} a copy of this header (every field and ext entry) and returns it; keeps its arrays. */
    public RemotingHeader copyInto(RemotingHeader target) {
        target.clear().code(code).language(language).version(version).opaque(opaque).flag(flag).remark(remark)
            .serializeType(serializeType);
        target.ext().addAll(ext);
        if (ext.isPresent()) {
            target.ext().markPresent();
        }
        return target;
    }

    /** The request or response code. */
    public int code() {
        return code;
    }

    /** Sets the code. */
    public RemotingHeader code(int value) {
        this.code = value;
        return this;
    }

    /** The sender's language; null when a JSON or binary header named an unknown one. */
    public LanguageCode language() {
        return language;
    }

    /** Sets the language. */
    public RemotingHeader language(LanguageCode value) {
        this.language = value;
        return this;
    }

    /** The sender's protocol version. */
    public int version() {
        return version;
    }

    /** Sets the version. */
    public RemotingHeader version(int value) {
        this.version = value;
        return this;
    }

    /** The request id that a response copies. */
    public int opaque() {
        return opaque;
    }

    /** Sets the opaque. */
    public RemotingHeader opaque(int value) {
        this.opaque = value;
        return this;
    }

    /** The flag bits. */
    public int flag() {
        return flag;
    }

    /** Sets the flag bits. */
    public RemotingHeader flag(int value) {
        this.flag = value;
        return this;
    }

    /** True for a response. */
    public boolean isResponse() {
        return (flag & RESPONSE_FLAG) != 0;
    }

    /** True for a oneway request, which must never be answered. */
    public boolean isOneway() {
        return (flag & ONEWAY_FLAG) != 0;
    }

    /** The error text, or null. */
    public String remark() {
        return remark;
    }

    /**
     * Sets the remark; null means none. An empty remark is kept as it is, because RocketMQ's JSON header writes
     * {@code "remark":""} for it (the binary header writes length 0 for both, and reads that back as null).
     */
    public RemotingHeader remark(String value) {
        this.remark = value;
        return this;
    }

    /** The serialization this header was read in, or will be written in. */
    public SerializeType serializeType() {
        return serializeType;
    }

    /** Sets the serialization. */
    public RemotingHeader serializeType(SerializeType value) {
        this.serializeType = value;
        return this;
    }

    /** The ext fields, in wire order. */
    public ExtFields ext() {
        return ext;
    }

    @Override
    public String toString() {
        return "RemotingHeader{code=" + code + ", language=" + language + ", version=" + version + ", opaque=" + opaque
            + ", flag=" + flag + ", remark=" + remark + ", serializeType=" + serializeType + ", ext=" + ext + '}';
    }
}
