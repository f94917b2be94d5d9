package io.apogee.broker.filter;

import io.apogee.wire.message.PropertiesReader;
import io.apogee.wire.message.PropertiesWriter;
import java.nio.ByteBuffer;
import java.util.LinkedHashMap;
import java.util.Map;

/** Test properties: a map written in the stored properties format, read in place as the broker reads it. */
final class Properties {
    private Properties() {
    }

    /** "a=7;b=x" as a map (no separators inside names or values). */
    static Map<String, String> parse(String text) {
        Map<String, String> map = new LinkedHashMap<>();
        if (!text.isEmpty()) {
            for (String entry : text.split(";")) {
                int equals = entry.indexOf('=');
                map.put(entry.substring(0, equals), entry.substring(equals + 1));
            }
        }
        return map;
    }

    /** A reader over {@code map} written at offset 3 of a direct buffer (as in a mapped segment). */
    static PropertiesReader reader(Map<String, String> map) {
        ByteBuffer buffer = ByteBuffer.allocateDirect(4096);
        PropertiesWriter writer = new PropertiesWriter().wrap(buffer, 3);
        map.forEach(writer::append);
        return new PropertiesReader().wrap(buffer, 3, writer.length());
    }
}
