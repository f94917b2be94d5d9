package io.apogee.broker.topic;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.rocketmq.common.topic.TopicValidator;
import org.junit.jupiter.api.Test;

/**
 * The name rule against RocketMQ 5.4.0's own {@code TopicValidator}, in the same JVM: the same names are refused,
 * with the same remarks, and the same topics are closed to clients' sends.
 */
class NamesTest {
    private static final String ALPHABET = "%|_-azAZ09";

    @Test
    void refusesWhatTopicValidatorRefusesWithItsRemarks() {
        for (String name : names()) {
            TopicValidator.ValidateResult topic = TopicValidator.validateTopic(name);
            assertThat(Names.topicProblem(name)).as("topic %s", name).isEqualTo(topic.isValid() ? null : topic.getRemark());
            TopicValidator.ValidateResult group = TopicValidator.validateGroup(name);
            assertThat(Names.groupProblem(name)).as("group %s", name).isEqualTo(group.isValid() ? null : group.getRemark());
        }
    }

    @Test
    void closesTopicValidatorsNotAllowedSendTopicsAndTheTimersToClients() {
        for (String topic : TopicValidator.getNotAllowedSendTopicSet()) {
            assertThat(Names.isNotAllowedSend(topic)).as(topic).isTrue();
        }
        assertThat(Names.isNotAllowedSend("rmq_sys_wheel_timer")).isTrue();
        assertThat(Names.isNotAllowedSend("TBW102")).as("a template, not a parking topic").isFalse();
        assertThat(Names.isNotAllowedSend("TopicTest")).isFalse();
    }

    @Test
    void theSchedulesOwnGroupIsNotAClients() {
        assertThat(TopicValidator.validateGroup(Names.SCHEDULE_PROGRESS_GROUP).isValid()).isTrue();
        assertThat(Names.groupProblem(Names.SCHEDULE_PROGRESS_GROUP)).contains("the schedule service's own");
        assertThat(Names.isValidGroup("CG")).isTrue();
    }

    /** Edge lengths, both long prefixes, characters outside the alphabet and random names; the seed is printed. */
    private static List<String> names() {
        List<String> names = new ArrayList<>(List.of("", " ", "\t", "a b", "x/y", "é", "a.b", "T", "%RETRY%G",
            "%DLQ%G", "%RETRY%" + "G".repeat(248), "%RETRY%" + "G".repeat(249), "%DLQ%" + "G".repeat(251)));
        for (int length : new int[] {119, 120, 121, 126, 127, 128, 255, 256}) {
            names.add("N".repeat(length));
        }
        long seed = Long.getLong("apogee.seed", System.nanoTime());
        System.out.println("NamesTest seed " + seed);
        Random random = new Random(seed);
        for (int i = 0; i < 200; i++) {
            StringBuilder name = new StringBuilder();
            int length = random.nextInt(140);
            for (int c = 0; c < length; c++) {
                boolean outside = random.nextInt(20) == 0;
                name.append(outside ? (char) (32 + random.nextInt(200)) : ALPHABET.charAt(random.nextInt(ALPHABET.length())));
            }
            names.add(name.toString());
        }
        return names;
    }
}
