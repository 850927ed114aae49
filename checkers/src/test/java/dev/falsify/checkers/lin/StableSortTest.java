package dev.falsify.checkers.lin;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Random;
import org.junit.jupiter.api.Test;

class StableSortTest {
    /** Against the JDK's stable sort of boxed numbers, on ranges of arrays with many equal keys. */
    @Test
    void sortsARangeByKeyKeepingTiesInOrder() {
        Random random = new Random(13);
        for (int round = 0; round < 2000; round++) {
            int length = random.nextInt(40);
            int from = length == 0 ? 0 : random.nextInt(length + 1);
            int to = from + random.nextInt(length - from + 1);
            int[] order = new int[length];
            long[] key = new long[length];
            for (int i = 0; i < length; i++) {
                order[i] = random.nextInt(100);
                key[i] = random.nextInt(1 + random.nextInt(6)) - 2 + (random.nextBoolean() ? 0 : Long.MIN_VALUE / 2);
            }
            Integer[] positions = new Integer[to - from];
            for (int i = 0; i < positions.length; i++) positions[i] = from + i;
            long[] keyBefore = key.clone();
            Arrays.sort(positions, Comparator.comparingLong(p -> keyBefore[p]));
            int[] expectedOrder = order.clone();
            long[] expectedKey = key.clone();
            for (int i = 0; i < positions.length; i++) {
                expectedOrder[from + i] = order[positions[i]];
                expectedKey[from + i] = key[positions[i]];
            }
            StableSort.byKey(order, key, from, to);
            assertArrayEquals(expectedOrder, order, "round " + round);
            assertArrayEquals(expectedKey, key, "round " + round);
        }
    }
}
