package io.apogee.transport;

import io.apogee.wire.frame.RemotingHeader;

/** Copies of headers, for frames kept beyond the call that lent them. Stateless. */
final class Headers {
    private Headers() {
    }

    /** A new header with every field and ext entry of {@code header}. */
    static RemotingHeader copy(RemotingHeader header) {
        RemotingHeader copy = new RemotingHeader()
            .code(header.code())
            .language(header.language())
            .version(header.version())
            .opaque(header.opaque())
            .flag(header.flag())
            .remark(header.remark())
            .serializeType(header.serializeType());
        copy.ext().addAll(header.ext());
        if (header.ext().isPresent()) {
            copy.ext().markPresent();
        }
        return copy;
    }
}
