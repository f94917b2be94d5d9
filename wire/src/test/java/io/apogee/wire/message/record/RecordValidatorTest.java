package io.apogee.wire.message.record;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.wire.message.FormatError;
import io.apogee.wire.message.HostAddress;
import io.apogee.wire.message.RandomText;
import io.apogee.wire.message.Seeds;
import java.nio.ByteBuffer;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class RecordValidatorTest {
    private final RecordValidator validator = new RecordValidator(1 << 20);

    private static ByteBuffer record(StoredRecordWriter writer, int slack) {
        ByteBuffer buffer = ByteBuffer.allocate(writer.recordSize() + slack);
        writer.write(buffer, 0);
        return buffer;
    }

    private static ByteBuffer vector() {
        return record(StoredRecordTest.vectorWriter(), 0);
    }

    private RecordStatus check(ByteBuffer buffer) {
        return validator.check(buffer, 0, buffer.limit(), true);
    }

    @Test
    void randomRecordsAreValidAndReportTheirSize() {
        SplittableRandom random = Seeds.random("RecordValidatorTest.valid");
        StoredRecordWriter writer = new StoredRecordWriter();
        for (int i = 0; i < 500; i++) {
            writer.reset().topic(RandomText.topic(random, 1 + random.nextInt(255)))
                .bornHost(HostAddress.of(RandomText.bytes(random, random.nextBoolean() ? 4 : 16), 1))
                .storeHost(HostAddress.of(RandomText.bytes(random, random.nextBoolean() ? 4 : 16), 2))
                .body(RandomText.bytes(random, random.nextInt(1000)), 0, 0)
                .extraProperty("K", RandomText.unicode(random, 20));
            byte[] body = RandomText.bytes(random, random.nextInt(1000));
            writer.body(body, 0, body.length);
            ByteBuffer buffer = record(writer, 10);
            assertThat(validator.check(buffer, 0, buffer.limit(), true)).isEqualTo(RecordStatus.VALID);
            assertThat(validator.totalSize()).isEqualTo(writer.recordSize());
        }
    }

    @Test
    void everyProperPrefixIsATornTailNotCorruption() {
        ByteBuffer buffer = vector();
        for (int length = 0; length < buffer.limit(); length++) {
            RecordStatus status = validator.check(buffer, 0, length, true);
            assertThat(status).as("prefix of %d bytes", length).isEqualTo(RecordStatus.TRUNCATED);
            assertThat(status.isCorrupt()).isFalse();
        }
        assertThat(validator.check(buffer, 0, buffer.limit(), true)).isEqualTo(RecordStatus.VALID);
    }

    @Test
    void corruptionIsNamed() {
        ByteBuffer badMagic = vector();
        badMagic.putInt(StoredRecord.MAGIC_OFFSET, 0x12345678);
        assertThat(check(badMagic)).isEqualTo(RecordStatus.BAD_MAGIC);
        assertThat(RecordStatus.BAD_MAGIC.isCorrupt()).isTrue();

        ByteBuffer tooSmall = vector();
        tooSmall.putInt(0, StoredRecord.MIN_RECORD_SIZE - 1);
        assertThat(check(tooSmall)).isEqualTo(RecordStatus.BAD_TOTAL_SIZE);
        ByteBuffer tooLarge = vector();
        tooLarge.putInt(0, (1 << 20) + 1);
        assertThat(check(tooLarge)).isEqualTo(RecordStatus.BAD_TOTAL_SIZE);
        ByteBuffer huge = vector();
        huge.putInt(0, Integer.MAX_VALUE);
        assertThat(new RecordValidator(Integer.MAX_VALUE).check(huge, 0, huge.limit(), false)).isEqualTo(RecordStatus.TRUNCATED);

        ByteBuffer shorter = vector();
        shorter.putInt(0, shorter.limit() - 1);
        assertThat(check(shorter)).isEqualTo(RecordStatus.LENGTH_MISMATCH);
        ByteBuffer longer = record(StoredRecordTest.vectorWriter(), 1);
        longer.putInt(0, longer.limit());
        assertThat(check(longer)).isEqualTo(RecordStatus.LENGTH_MISMATCH);

        ByteBuffer negativeBody = vector();
        negativeBody.putInt(StoredRecord.bodyLengthOffset(0), -5);
        assertThat(check(negativeBody)).isEqualTo(RecordStatus.NEGATIVE_LENGTH);
        ByteBuffer hugeBody = vector();
        hugeBody.putInt(StoredRecord.bodyLengthOffset(0), Integer.MAX_VALUE);
        assertThat(check(hugeBody)).isEqualTo(RecordStatus.LENGTH_MISMATCH);
        ByteBuffer negativeTopic = vector();
        negativeTopic.put(StoredRecord.bodyOffset(0) + 5, (byte) -9);
        assertThat(check(negativeTopic)).isEqualTo(RecordStatus.NEGATIVE_LENGTH);
        ByteBuffer longTopic = vector();
        longTopic.put(StoredRecord.bodyOffset(0) + 5, (byte) 127);
        assertThat(check(longTopic)).isEqualTo(RecordStatus.LENGTH_MISMATCH);
        ByteBuffer negativeProperties = vector();
        negativeProperties.putShort(StoredRecord.bodyOffset(0) + 5 + 1 + 9, (short) -1);
        assertThat(check(negativeProperties)).isEqualTo(RecordStatus.NEGATIVE_LENGTH);
        ByteBuffer wrongProperties = vector();
        wrongProperties.putShort(StoredRecord.bodyOffset(0) + 5 + 1 + 9, (short) 9);
        assertThat(check(wrongProperties)).isEqualTo(RecordStatus.LENGTH_MISMATCH);
        ByteBuffer v6Flag = vector();
        v6Flag.putInt(StoredRecord.SYS_FLAG_OFFSET, 0x30);
        assertThat(check(v6Flag)).isEqualTo(RecordStatus.LENGTH_MISMATCH);
        ByteBuffer v2Magic = vector();
        v2Magic.putInt(StoredRecord.MAGIC_OFFSET, StoredRecord.MAGIC_V2);
        assertThat(check(v2Magic)).isEqualTo(RecordStatus.LENGTH_MISMATCH);
    }

    @Test
    void bodyCrcIsCheckedOnlyWhenAsked() {
        ByteBuffer flipped = vector();
        flipped.put(StoredRecord.bodyOffset(0), (byte) 'H');
        assertThat(validator.check(flipped, 0, flipped.limit(), false)).isEqualTo(RecordStatus.VALID);
        assertThat(validator.check(flipped, 0, flipped.limit(), true)).isEqualTo(RecordStatus.BAD_BODY_CRC);
        assertThat(RecordStatus.BAD_BODY_CRC.error()).isEqualTo(FormatError.BAD_BODY_CRC);
        ByteBuffer direct = ByteBuffer.allocateDirect(115).put(0, vector(), 0, 115);
        assertThat(validator.check(direct, 0, 115, true)).isEqualTo(RecordStatus.VALID);
    }

    @Test
    void emptyAndBlankSlotsAreNotRecords() {
        ByteBuffer zeros = ByteBuffer.allocate(200);
        assertThat(check(zeros)).isEqualTo(RecordStatus.EMPTY);
        assertThat(RecordStatus.EMPTY.isCorrupt()).isFalse();
        StoredRecord.writeBlank(zeros, 0, 200);
        assertThat(check(zeros)).isEqualTo(RecordStatus.BLANK);
        assertThat(validator.totalSize()).isEqualTo(200);
        zeros.putInt(0, 4);
        assertThat(check(zeros)).isEqualTo(RecordStatus.BAD_TOTAL_SIZE);
    }

    @Test
    void recordsInsideALargerBufferAreCheckedAtTheirOffset() {
        ByteBuffer record = vector();
        ByteBuffer file = ByteBuffer.allocateDirect(1000);
        file.put(300, record, 0, record.limit());
        assertThat(validator.check(file, 300, 1000, true)).isEqualTo(RecordStatus.VALID);
        assertThat(validator.check(file, 300, 300 + 114, true)).isEqualTo(RecordStatus.TRUNCATED);
        assertThat(validator.check(file, 300 + 115, 1000, true)).isEqualTo(RecordStatus.EMPTY);
    }
}
