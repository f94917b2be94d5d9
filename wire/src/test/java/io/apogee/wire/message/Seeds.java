package io.apogee.wire.message;

import java.util.SplittableRandom;

/**
 * Seeds for randomized tests: a fresh seed per run, printed so a failure can be replayed with
 * {@code -Dapogee.seed=<seed>} (surefire passes {@code -D} properties to the test JVM).
 */
public final class Seeds {
    /** System property that fixes the seed of every randomized test. */
    public static final String PROPERTY = "apogee.seed";

    private Seeds() {
    }

    /** A seeded random for {@code test}; the seed is printed to the test's output. */
    public static SplittableRandom random(String test) {
        long seed = seed(test);
        return new SplittableRandom(seed);
    }

    /** The seed for {@code test}: {@code -Dapogee.seed} if set, else a fresh one; printed either way. */
    public static long seed(String test) {
        String configured = System.getProperty(PROPERTY);
        long seed = configured != null ? Long.parseLong(configured) : System.nanoTime() * 0x9E3779B97F4A7C15L;
        System.out.println(test + ": seed " + seed + " (replay with -D" + PROPERTY + "=" + seed + ")");
        return seed;
    }
}
