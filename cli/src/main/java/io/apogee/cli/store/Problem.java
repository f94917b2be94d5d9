package io.apogee.cli.store;

/**
 * One thing wrong in a store: the file (relative to the store directory), the byte offset in it (-1 when the
 * problem is the whole file), and what is wrong. Immutable.
 *
 * @param file   the file, relative to the store directory
 * @param offset the byte offset inside the file, or -1
 * @param what   what is wrong, one sentence
 */
public record Problem(String file, long offset, String what) {
    @Override
    public String toString() {
        return offset < 0 ? file + ": " + what : file + " @" + offset + ": " + what;
    }
}
