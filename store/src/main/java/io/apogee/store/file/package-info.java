/**
 * Files: fixed-size segments memory-mapped with the FFM API and unmapped deterministically when their last
 * reference is released, ordered segment sets, the allocator that prepares the next segment before it is needed,
 * and {@link io.apogee.store.file.FencedIo}, the one wrapper all store file I/O goes through, which fences the
 * store into a read-only failed state on the first I/O error. Nothing here depends on any other store package.
 *
 * <p>Threads: a segment's bytes are written by its log's single writer and read by any thread holding a
 * reference; reference counts, the fence and segment sets are safe for any thread.
 */
package io.apogee.store.file;
