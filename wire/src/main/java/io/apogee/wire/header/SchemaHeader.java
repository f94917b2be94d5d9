package io.apogee.wire.header;

import io.apogee.common.text.InternTable;
import io.apogee.wire.frame.ExtFields;

/**
 * A header whose fields are listed in a field table ({@link HeaderSchema}): clearing, decoding, encoding and printing
 * all go through the concrete class's table, which also holds its put order. Mutable and reusable, as every header;
 * not thread-safe.
 *
 * @param <S> the concrete header, returned by the fluent setters
 */
public abstract class SchemaHeader<S extends SchemaHeader<S>> implements CommandHeader {
    SchemaHeader() {
    }

    /** This header, typed as the concrete class. */
    protected abstract S self();

    /** The field table of the concrete class. */
    abstract HeaderSchema<S> schema();

    @Override
    public void clear() {
        schema().clear(self());
    }

    @Override
    public void decode(ExtFields ext, InternTable names) {
        schema().decode(self(), ext, names);
    }

    @Override
    public void encode(ExtFields ext) {
        schema().encode(self(), ext);
    }

    @Override
    public String toString() {
        return schema().toString(self());
    }
}
