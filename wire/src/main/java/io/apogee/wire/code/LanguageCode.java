package io.apogee.wire.code;

/**
 * The sender's language, carried in every header: by name in JSON headers, by {@link #code()} in binary ones.
 * For every value the code equals the ordinal. Immutable, so safe for any thread.
 */
public enum LanguageCode {
    JAVA, CPP, DOTNET, PYTHON, DELPHI, ERLANG, RUBY, OTHER, HTTP, GO, PHP, OMS, RUST, NODE_JS;

    private static final LanguageCode[] BY_CODE = values();

    /** The byte written in the binary header. */
    public byte code() {
        return (byte) ordinal();
    }

    /** The language for a binary header byte, or {@code null} for an unknown one (as RocketMQ decodes it). */
    public static LanguageCode fromCode(int code) {
        return code >= 0 && code < BY_CODE.length ? BY_CODE[code] : null;
    }
}
