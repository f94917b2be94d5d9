package io.apogee.store.recovery;

import java.nio.file.Path;

/** Lets tests in other packages take crash images. */
public final class CrashImagesAccess {
    private CrashImagesAccess() {
    }

    /** See {@link CrashImages#copy}. */
    public static void copy(Path source, Path target) {
        CrashImages.copy(source, target);
    }
}
