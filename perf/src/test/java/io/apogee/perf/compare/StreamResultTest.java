package io.apogee.perf.compare;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class StreamResultTest {
    @Test
    void readsTakenTogetherKeepTheFewestReceivedAndEveryFault() {
        StreamResult.Delivery whole = new StreamResult.Delivery(100, 0, 100, 0, 0, 0);
        StreamResult.Delivery short1 = new StreamResult.Delivery(100, 0, 97, 3, 1, 0);
        StreamResult.Delivery corrupt = new StreamResult.Delivery(100, 0, 99, 1, 0, 2);

        StreamResult.Delivery across = StreamResult.Delivery.acrossReads(List.of(whole, short1, corrupt));

        assertThat(across).isEqualTo(new StreamResult.Delivery(100, 0, 97, 3, 1, 2));
        assertThat(across.passed()).isFalse();
        assertThat(StreamResult.Delivery.acrossReads(List.of(whole, whole)).passed()).isTrue();
    }

    @Test
    void theMedianOfAnOddCountIsTheMiddleOneAndOfAnEvenCountTheMeanOfTheMiddleTwo() {
        assertThat(StreamLoad.median(new double[] {5, 1, 3})).isEqualTo(3);
        assertThat(StreamLoad.median(new double[] {4, 1, 3, 2})).isEqualTo(2.5);
        assertThat(StreamLoad.median(new double[] {7})).isEqualTo(7);
    }
}
