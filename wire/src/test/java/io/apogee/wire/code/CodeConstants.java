package io.apogee.wire.code;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.LinkedHashMap;
import java.util.Map;

/** Test helper: the {@code public static final int} constants of a class, by name, read by reflection. */
final class CodeConstants {
    private CodeConstants() {
    }

    static Map<String, Integer> of(Class<?> type) {
        Map<String, Integer> constants = new LinkedHashMap<>();
        for (Field field : type.getDeclaredFields()) {
            int modifiers = field.getModifiers();
            if (Modifier.isPublic(modifiers) && Modifier.isStatic(modifiers) && field.getType() == int.class) {
                try {
                    constants.put(field.getName(), field.getInt(null));
                } catch (IllegalAccessException e) {
                    throw new AssertionError(e);
                }
            }
        }
        return constants;
    }
}
