package io.apogee.broker.topic;

import io.apogee.common.text.NameAlphabet;
import java.util.Set;

/**
 * The one rule for topic and group names, RocketMQ 5.4.0's {@code TopicValidator}: not blank, only
 * {@code %|a-zA-Z0-9_-}, a topic at most {@value #TOPIC_MAX_LENGTH} characters (a retry or dead-letter topic
 * {@value #RETRY_OR_DLQ_TOPIC_MAX_LENGTH}), a group at most {@value #GROUP_MAX_LENGTH}. Every processor that takes a
 * name from a client asks here, and answers the remark returned, which is RocketMQ's.
 *
 * <p>Also the topics a client may not send to, and the group the schedule service keeps its progress under.
 *
 * <p>Stateless; safe for any thread. A valid name costs one pass over its characters and allocates nothing; only a
 * refusal builds its remark.
 */
public final class Names {
    /** The longest topic name ({@code TopicValidator.TOPIC_MAX_LENGTH}). */
    public static final int TOPIC_MAX_LENGTH = 127;
    /** The longest retry or dead-letter topic name: the prefix and a group. */
    public static final int RETRY_OR_DLQ_TOPIC_MAX_LENGTH = 255;
    /** The longest group name: RocketMQ 5.4.0 keeps room for {@code %RETRY%<group>_<topic>}. */
    public static final int GROUP_MAX_LENGTH = 120;
    /** The group whose offsets in the schedule topic are the schedule service's progress; never a client's. */
    public static final String SCHEDULE_PROGRESS_GROUP = "SCHEDULE_SERVICE_DELAY_OFFSET";
    /** The prefix of a group's dead-letter topic. */
    public static final String DLQ_PREFIX = "%DLQ%";
    private static final String ALPHABET = "^[%|a-zA-Z0-9_-]+$";
    /**
     * RocketMQ 5.4.0's {@code NOT_ALLOWED_SEND_TOPIC_SET}, and the timer's parking topic: a client's message there
     * would be delivered by a service that trusts what it parked itself.
     */
    private static final Set<String> NOT_ALLOWED_SEND = Set.of("SCHEDULE_TOPIC_XXXX", "RMQ_SYS_TRANS_HALF_TOPIC",
        "RMQ_SYS_TRANS_OP_HALF_TOPIC", "TRANS_CHECK_MAX_TIME_TOPIC", "SELF_TEST_TOPIC", "OFFSET_MOVED_EVENT",
        "RMQ_SYS_ROCKSDB_TRANS_HALF_TOPIC", "RMQ_SYS_ROCKSDB_TRANS_OP_HALF_TOPIC", "rmq_sys_wheel_timer");

    private Names() {
    }

    /** Whether {@code topic} is a legal topic name. */
    public static boolean isValidTopic(String topic) {
        return topicProblem(topic) == null;
    }

    /** Whether {@code group} is a legal group name that a client may use. */
    public static boolean isValidGroup(String group) {
        return groupProblem(group) == null;
    }

    /** Why {@code topic} is not a legal topic name (RocketMQ's {@code validateTopic} remark), or null when it is. */
    public static String topicProblem(String topic) {
        if (isBlank(topic)) {
            return "The specified topic is blank.";
        }
        if (!NameAlphabet.holds(topic)) {
            return "The specified topic: " + topic + ", contains illegal characters, allowing only " + ALPHABET;
        }
        if (topic.startsWith(TopicRegistry.RETRY_PREFIX) || topic.startsWith(DLQ_PREFIX)) {
            if (topic.length() > RETRY_OR_DLQ_TOPIC_MAX_LENGTH) {
                return "The specified topic is DLQ or Retry topic: " + topic
                    + ", and it's longer than topic max length: " + RETRY_OR_DLQ_TOPIC_MAX_LENGTH;
            }
        } else if (topic.length() > TOPIC_MAX_LENGTH) {
            return "The specified topic: " + topic + ", is longer than topic max length: " + TOPIC_MAX_LENGTH;
        }
        return null;
    }

    /**
     * Why a client may not use {@code group} (RocketMQ's {@code validateGroup} remark, or the schedule service's own
     * group), or null when it may.
     */
    public static String groupProblem(String group) {
        if (isBlank(group)) {
            return "The specified group is blank.";
        }
        if (!NameAlphabet.holds(group)) {
            return "The specified group: " + group + ", contains illegal characters, allowing only " + ALPHABET;
        }
        if (group.length() > GROUP_MAX_LENGTH) {
            return "The specified group: " + group + ", is longer than group max length: " + GROUP_MAX_LENGTH;
        }
        if (group.equals(SCHEDULE_PROGRESS_GROUP)) {
            return "The specified group: " + group + ", is the schedule service's own and not for clients";
        }
        return null;
    }

    /** Whether a client's send to {@code topic} is refused ({@code TopicValidator.isNotAllowedSendTopic}). */
    public static boolean isNotAllowedSend(String topic) {
        return NOT_ALLOWED_SEND.contains(topic);
    }

    /** RocketMQ's remark for a send to a topic of {@link #isNotAllowedSend}. */
    public static String notAllowedSendRemark(String topic) {
        return "Sending message to topic[" + topic + "] is forbidden.";
    }

    private static boolean isBlank(String name) {
        return name == null || name.isBlank();
    }
}
