package io.apogee.common.text;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class InternTableTest {
    private static ByteBuffer utf8(String text) {
        return ByteBuffer.wrap(text.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void returnsTheSameInstanceForTheSameBytes() {
        InternTable table = new InternTable(64, 255);
        ByteBuffer first = utf8("xxTopicTestyy");
        ByteBuffer second = ByteBuffer.allocateDirect(32).put(3, "TopicTest".getBytes(StandardCharsets.UTF_8));
        String a = table.intern(first, 2, 9);
        String b = table.intern(second, 3, 9);
        assertThat(a).isEqualTo("TopicTest").isSameAs(b);
        assertThat(table.intern(utf8("été"), 0, "été".getBytes(StandardCharsets.UTF_8).length)).isEqualTo("été");
        assertThat(table.intern(first, 0, 0)).isEmpty();
    }

    @Test
    void staysBoundedAndCorrectWhenFull() {
        InternTable table = new InternTable(8, 255);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            String name = "group-" + i;
            names.add(name);
            assertThat(table.intern(utf8(name), 0, name.length())).isEqualTo(name);
        }
        for (String name : names) {
            assertThat(table.intern(utf8(name), 0, name.length())).isEqualTo(name);
        }
    }

    @Test
    void neverInternsOverlongNames() {
        InternTable table = new InternTable(8, 4);
        String a = table.intern(utf8("abcdef"), 0, 6);
        String b = table.intern(utf8("abcdef"), 0, 6);
        assertThat(a).isEqualTo(b).isNotSameAs(b);
    }

    @Test
    void concurrentInternsAgreeOnOneInstance() throws InterruptedException {
        InternTable table = new InternTable(1024, 255);
        ConcurrentHashMap<String, String> seen = new ConcurrentHashMap<>();
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = new ArrayList<>();
        List<AssertionError> failures = new java.util.concurrent.CopyOnWriteArrayList<>();
        for (int t = 0; t < 4; t++) {
            Thread thread = new Thread(() -> {
                try {
                    start.await();
                    for (int i = 0; i < 5000; i++) {
                        String name = "t" + (i % 300);
                        String interned = table.intern(utf8(name), 0, name.length());
                        String first = seen.putIfAbsent(name, interned);
                        if (first != null && first != interned) {
                            failures.add(new AssertionError("two instances for " + name));
                        }
                    }
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            thread.start();
            threads.add(thread);
        }
        start.countDown();
        for (Thread thread : threads) {
            thread.join();
        }
        assertThat(failures).isEmpty();
        assertThat(seen).hasSize(300);
    }
}
