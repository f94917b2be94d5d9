package io.apogee.wire.header;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class HashMapOrderTest {
    private static final int ROUNDS = 3000;

    @Test
    void predictsTheIterationOrderOfRealHashMaps() {
        long seed = RocketMqOracle.seed();
        Random random = new Random(seed);
        int[] capacities = {0, 1, 2, 3, 5, 16, 17, 31, 64, 100, 256};
        for (int round = 0; round < ROUNDS; round++) {
            int initialCapacity = random.nextBoolean() ? capacities[random.nextInt(capacities.length)] : random.nextInt(300);
            String[] keys = randomKeys(random, random.nextInt(random.nextBoolean() ? 20 : 120));
            Map<String, Integer> real = random.nextBoolean() && initialCapacity == HashMapOrder.DEFAULT_CAPACITY
                ? new HashMap<>() : new HashMap<>(initialCapacity);
            for (String key : keys) {
                real.put(key, 0);
            }
            assertThat(inOrder(keys, HashMapOrder.iterationOrder(initialCapacity, keys)))
                .as("seed %d round %d capacity %d", seed, round, initialCapacity)
                .containsExactlyElementsOf(real.keySet());
            assertThat(inOrder(keys, HashMapOrder.iterationOrder(keys, HashMapOrder.tableSize(initialCapacity, keys.length))))
                .as("seed %d round %d capacity %d, by table size", seed, round, initialCapacity)
                .containsExactlyElementsOf(real.keySet());
        }
    }

    @Test
    void followsTheResizesThatLongBucketsForceInSmallTables() {
        List<String> sameHash = sameHashKeys(4); // 16 distinct keys, one hashCode
        for (int colliding = 1; colliding <= 10; colliding++) {
            List<String> keys = new ArrayList<>(sameHash.subList(0, colliding));
            keys.addAll(List.of("queueId", "topic", "consumerGroup", "bname", "x", "yy")); // ordered by the table size
            String[] array = keys.toArray(new String[0]);
            Map<String, Integer> real = new HashMap<>();
            keys.forEach(key -> real.put(key, 0));
            assertThat(inOrder(array, HashMapOrder.iterationOrder(HashMapOrder.DEFAULT_CAPACITY, array)))
                .as("%d colliding keys", colliding).containsExactlyElementsOf(real.keySet());
        }
        String[] treeified = sameHash.subList(0, 11).toArray(new String[0]);
        assertThatThrownBy(() -> HashMapOrder.iterationOrder(HashMapOrder.DEFAULT_CAPACITY, treeified))
            .isInstanceOf(UnsupportedOperationException.class).hasMessageContaining("tree");
    }

    @Test
    void growsTheTableAtThreeQuartersFull() {
        assertThat(HashMapOrder.tableSize(HashMapOrder.DEFAULT_CAPACITY, 1)).isEqualTo(16);
        assertThat(HashMapOrder.tableSize(HashMapOrder.DEFAULT_CAPACITY, 12)).isEqualTo(16);
        assertThat(HashMapOrder.tableSize(HashMapOrder.DEFAULT_CAPACITY, 13)).isEqualTo(32);
        assertThat(HashMapOrder.tableSize(HashMapOrder.DEFAULT_CAPACITY, 24)).isEqualTo(32);
        assertThat(HashMapOrder.tableSize(HashMapOrder.DEFAULT_CAPACITY, 25)).isEqualTo(64);
        assertThat(HashMapOrder.tableSize(HeaderSchema.PRESET_MAP_CAPACITY, 20)).isEqualTo(256);
        assertThat(HashMapOrder.tableSize(3, 4)).isEqualTo(8);
    }

    @Test
    void mapsFieldsToTheirPlaceInTheOrder() {
        String[] fields = {"msgId", "queueId", "queueOffset"};
        int[] order = HashMapOrder.fieldOrder(fields, new String[] {"msgId", "queueOffset", "queueId"}, 16);
        Map<String, Integer> real = new HashMap<>();
        for (String key : List.of("msgId", "queueOffset", "queueId")) {
            real.put(key, 0);
        }
        assertThat(inOrder(fields, order)).containsExactlyElementsOf(real.keySet());
        assertThatThrownBy(() -> HashMapOrder.fieldOrder(fields, new String[] {"msgId", "queueId"}, 16))
            .isInstanceOf(IllegalArgumentException.class);
    }

    private static List<String> inOrder(String[] keys, int[] order) {
        List<String> ordered = new ArrayList<>();
        for (int index : order) {
            ordered.add(keys[index]);
        }
        return ordered;
    }

    private static String[] randomKeys(Random random, int count) {
        Set<String> keys = new LinkedHashSet<>();
        while (keys.size() < count) {
            keys.add(random.nextInt(4) == 0 ? RocketMqOracle.randomString(random) : Integer.toString(random.nextInt(500), 36));
        }
        return keys.toArray(new String[0]);
    }

    /** 2^n distinct strings with one hashCode: every word of n blocks "Aa" or "BB" ("Aa" and "BB" share one). */
    private static List<String> sameHashKeys(int blocks) {
        List<String> keys = new ArrayList<>(List.of(""));
        for (int i = 0; i < blocks; i++) {
            List<String> longer = new ArrayList<>();
            for (String key : keys) {
                longer.add(key + "Aa");
                longer.add(key + "BB");
            }
            keys = longer;
        }
        return keys;
    }
}
