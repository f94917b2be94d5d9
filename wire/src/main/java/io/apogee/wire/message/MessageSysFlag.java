package io.apogee.wire.message;

/**
 * The bits of a message's sysflag (docs/protocol.md §4.7) and helpers over them. Stateless and safe for any thread.
 *
 * <pre>
 *  bit  0      0x001  COMPRESSED
 *  bit  1      0x002  MULTI_TAGS
 *  bits 2-3    0x00C  transaction type: 0x0 NOT_TYPE, 0x4 PREPARED, 0x8 COMMIT, 0xC ROLLBACK
 *  bit  4      0x010  BORNHOST_V6
 *  bit  5      0x020  STOREHOST_V6
 *  bit  6      0x040  NEED_UNWRAP
 *  bit  7      0x080  INNER_BATCH
 *  bits 8-10   0x700  compression type: 1 LZ4, 2 ZSTD, 3 ZLIB (0 also means ZLIB)
 * </pre>
 */
public final class MessageSysFlag {
    /** The body is compressed (type in bits 8-10). */
    public static final int COMPRESSED = 0x1;
    /** The topic filters on multiple tags. */
    public static final int MULTI_TAGS = 0x1 << 1;
    /** Transaction type: not transactional. */
    public static final int TRANSACTION_NOT_TYPE = 0;
    /** Transaction type: half (prepared) message. */
    public static final int TRANSACTION_PREPARED_TYPE = 0x1 << 2;
    /** Transaction type: committed. */
    public static final int TRANSACTION_COMMIT_TYPE = 0x2 << 2;
    /** Transaction type: rolled back. */
    public static final int TRANSACTION_ROLLBACK_TYPE = 0x3 << 2;
    /** Mask of the transaction type bits. */
    public static final int TRANSACTION_MASK = TRANSACTION_ROLLBACK_TYPE;
    /** The born host is IPv6 (20 bytes in the record instead of 8). */
    public static final int BORNHOST_V6 = 0x1 << 4;
    /** The store host is IPv6 (20 bytes in the record instead of 8). */
    public static final int STOREHOST_V6 = 0x1 << 5;
    /** The body is an inner batch the client must expand. */
    public static final int NEED_UNWRAP = 0x1 << 6;
    /** The record is an inner batch. */
    public static final int INNER_BATCH = 0x1 << 7;
    /** Compression type LZ4 (frame format). */
    public static final int COMPRESSION_LZ4 = 0x1 << 8;
    /** Compression type zstd. */
    public static final int COMPRESSION_ZSTD = 0x2 << 8;
    /** Compression type zlib. */
    public static final int COMPRESSION_ZLIB = 0x3 << 8;
    /** Mask of the compression type bits. */
    public static final int COMPRESSION_MASK = 0x7 << 8;
    /** Shift of the compression type bits. */
    public static final int COMPRESSION_SHIFT = 8;

    private MessageSysFlag() {
    }

    /** True when the body is compressed. */
    public static boolean isCompressed(int sysFlag) {
        return (sysFlag & COMPRESSED) != 0;
    }

    /** The compression type value 0..7 (0 and 3 mean zlib, 1 LZ4, 2 zstd; others are undefined). */
    public static int compressionType(int sysFlag) {
        return (sysFlag & COMPRESSION_MASK) >>> COMPRESSION_SHIFT;
    }

    /** {@code sysFlag} marked compressed with the given type value. */
    public static int withCompression(int sysFlag, int compressionType) {
        return (sysFlag & ~COMPRESSION_MASK) | COMPRESSED | ((compressionType << COMPRESSION_SHIFT) & COMPRESSION_MASK);
    }

    /** {@code sysFlag} with the COMPRESSED bit cleared (the type bits stay, as RocketMQ leaves them). */
    public static int clearCompressed(int sysFlag) {
        return sysFlag & ~COMPRESSED;
    }

    /** The transaction type: one of the {@code TRANSACTION_*_TYPE} constants. */
    public static int transactionType(int sysFlag) {
        return sysFlag & TRANSACTION_MASK;
    }

    /** {@code sysFlag} with its transaction type replaced. */
    public static int withTransactionType(int sysFlag, int type) {
        return (sysFlag & ~TRANSACTION_MASK) | (type & TRANSACTION_MASK);
    }

    /** True for prepared and rolled-back records, which are not dispatched to a consume queue. */
    public static boolean skipsConsumeQueue(int sysFlag) {
        int type = transactionType(sysFlag);
        return type == TRANSACTION_PREPARED_TYPE || type == TRANSACTION_ROLLBACK_TYPE;
    }

    /** True when the born host is IPv6. */
    public static boolean isBornHostV6(int sysFlag) {
        return (sysFlag & BORNHOST_V6) != 0;
    }

    /** True when the store host is IPv6. */
    public static boolean isStoreHostV6(int sysFlag) {
        return (sysFlag & STOREHOST_V6) != 0;
    }

    /** {@code sysFlag} with the born-host IPv6 bit set or cleared. */
    public static int withBornHostV6(int sysFlag, boolean v6) {
        return v6 ? sysFlag | BORNHOST_V6 : sysFlag & ~BORNHOST_V6;
    }

    /** {@code sysFlag} with the store-host IPv6 bit set or cleared. */
    public static int withStoreHostV6(int sysFlag, boolean v6) {
        return v6 ? sysFlag | STOREHOST_V6 : sysFlag & ~STOREHOST_V6;
    }

    /** True when the record is an inner batch whose body the client must expand. */
    public static boolean isInnerBatch(int sysFlag) {
        return (sysFlag & INNER_BATCH) != 0 && (sysFlag & NEED_UNWRAP) != 0;
    }
}
