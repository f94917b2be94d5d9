package io.apogee.wire.message.id;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.common.time.ManualClock;
import io.apogee.wire.message.Seeds;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.rocketmq.common.message.MessageClientIDSetter;
import org.junit.jupiter.api.Test;

class UniqueKeyGeneratorTest {
    private static final ZoneId ZONE = ZoneId.systemDefault();
    private static final byte[] IP = {10, 0, 0, 1};

    private static long at(int year, int month, int day, int hour) {
        return LocalDateTime.of(year, month, day, hour, 0).atZone(ZONE).toInstant().toEpochMilli();
    }

    @Test
    void layoutIsIpPidLoaderHashSpanCounter() {
        long monthStart = at(2026, 3, 1, 0);
        ManualClock clock = new ManualClock(monthStart + 5000);
        UniqueKeyGenerator generator = new UniqueKeyGenerator(IP, 0x51234, 0xCAFEBABE, clock, ZONE);
        assertThat(generator.length()).isEqualTo(32);
        assertThat(generator.next()).isEqualTo("0A000001" + "1234" + "CAFEBABE" + "00001388" + "0000");
        char[] chars = new char[34];
        assertThat(generator.next(chars, 2)).isEqualTo(32);
        assertThat(new String(chars, 2, 32)).isEqualTo("0A0000011234CAFEBABE000013880001");
        ByteBuffer ascii = ByteBuffer.allocate(32);
        assertThat(generator.next(ascii, 0)).isEqualTo(32);
        assertThat(new String(ascii.array(), StandardCharsets.US_ASCII)).isEqualTo("0A0000011234CAFEBABE000013880002");
        StringBuilder appended = new StringBuilder("x");
        generator.next(appended);
        assertThat(appended.toString()).isEqualTo("x0A0000011234CAFEBABE000013880003");
        assertThat(UniqueKey.pid(appended.substring(1))).isEqualTo(0x1234);
    }

    @Test
    void counterWrapsAtSixteenBitsAndSpanWrapsAtThirtyTwo() {
        long late = at(2026, 1, 30, 12);
        ManualClock clock = new ManualClock(late);
        UniqueKeyGenerator generator = new UniqueKeyGenerator(IP, 1, 2, clock, ZONE);
        String first = generator.next();
        for (int i = 1; i < 65536; i++) {
            generator.next();
        }
        assertThat(generator.next().substring(28)).isEqualTo(first.substring(28)).isEqualTo("0000");
        long span = late - at(2026, 1, 1, 0);
        assertThat(span).isGreaterThan(Integer.MAX_VALUE);
        assertThat(first.substring(20, 28)).isEqualTo(HexFormat.of().withUpperCase().toHexDigits((int) span));
        assertThat(UniqueKey.nearlyCreationTime(first, late + 1000, ZONE)).isEqualTo(late);
        assertThat(MessageClientIDSetter.getIPStrFromID(first)).isEqualTo("10.0.0.1");
    }

    @Test
    void monthRollsOverAndASmallStepBackIsZero() {
        long monthStart = at(2026, 4, 1, 0);
        ManualClock clock = new ManualClock(monthStart - 10);
        UniqueKeyGenerator generator = new UniqueKeyGenerator(IP, 1, 2, clock, ZONE);
        assertThat(UniqueKey.nearlyCreationTime(generator.next(), monthStart - 5, ZONE)).isEqualTo(monthStart - 10);
        clock.setMillis(monthStart + 7);
        String afterRoll = generator.next();
        assertThat(afterRoll.substring(20, 28)).isEqualTo("00000007");
        assertThat(UniqueKey.nearlyCreationTime(afterRoll, monthStart + 100, ZONE)).isEqualTo(monthStart + 7);
        clock.setMillis(monthStart + 3);
        assertThat(generator.next().substring(20, 28)).isEqualTo("00000003");
        clock.setMillis(monthStart - 500);
        assertThat(generator.next().substring(20, 28)).as("clock stepped back within tolerance").isEqualTo("00000000");
    }

    @Test
    void sameLayoutAsMessageClientIdSetterAndSameNearlyTime() {
        String theirs = MessageClientIDSetter.createUniqID();
        byte[] bytes = HexFormat.of().parseHex(theirs);
        int ipLength = bytes.length == 28 ? 16 : 4;
        byte[] ip = java.util.Arrays.copyOf(bytes, ipLength);
        int pid = MessageClientIDSetter.getPidFromID(theirs);
        int loaderHash = ByteBuffer.wrap(bytes).getInt(ipLength + 2);
        SplittableRandom random = Seeds.random("UniqueKeyGeneratorTest.layout");
        long now = System.currentTimeMillis();
        for (int i = 0; i < 200; i++) {
            long created = now - 3_600_000L - random.nextLong(20L * 24 * 3_600_000);
            UniqueKeyGenerator ours = new UniqueKeyGenerator(ip, pid, loaderHash, new ManualClock(created), ZONE);
            String key = ours.next();
            assertThat(key).hasSameSizeAs(theirs).startsWith(theirs.substring(0, (ipLength + 6) * 2));
            assertThat(UniqueKey.pid(key)).isEqualTo(MessageClientIDSetter.getPidFromID(key));
            long expected = MessageClientIDSetter.getNearlyTimeFromID(key).getTime();
            assertThat(UniqueKey.nearlyCreationTime(key, System.currentTimeMillis(), ZONE)).isEqualTo(expected);
        }
        long theirsTime = MessageClientIDSetter.getNearlyTimeFromID(theirs).getTime();
        assertThat(UniqueKey.nearlyCreationTime(theirs, System.currentTimeMillis() + 60_000, ZONE)).isEqualTo(theirsTime);
    }

    @Test
    void ipv6KeysAreFiftySixCharacters() {
        byte[] ip = HexFormat.of().parseHex("20010db8000000000000000000000001");
        ManualClock clock = new ManualClock(at(2026, 2, 10, 0));
        String key = new UniqueKeyGenerator(ip, 7, 8, clock, ZONE).next();
        assertThat(key).hasSize(56).startsWith("20010DB8000000000000000000000001" + "0007" + "00000008");
        assertThat(UniqueKey.isWellFormed(key)).isTrue();
        assertThat(UniqueKey.nearlyCreationTime(key, clock.millis() + 1, ZONE)).isEqualTo(clock.millis());
        assertThat(MessageClientIDSetter.getIPFromID(key)).isEqualTo(ip);
        assertThat(MessageClientIDSetter.getPidFromID(key)).isEqualTo(7);
        assertThat(UniqueKey.nearlyCreationTime("nothex", 0, ZONE)).isEqualTo(UniqueKey.INVALID);
    }

    @Test
    void threadsNeverShareAKey() throws Exception {
        UniqueKeyGenerator generator = UniqueKeyGenerator.forThisProcess(IP, new ManualClock(at(2026, 5, 5, 5)));
        Set<String> keys = ConcurrentHashMap.newKeySet();
        List<Thread> threads = new java.util.ArrayList<>();
        for (int t = 0; t < 4; t++) {
            threads.add(Thread.ofPlatform().start(() -> {
                Set<String> local = new HashSet<>();
                for (int i = 0; i < 10_000; i++) {
                    local.add(generator.next());
                }
                keys.addAll(local);
            }));
        }
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(keys).hasSize(40_000);
    }
}
