package io.apogee.broker.send;

import io.apogee.store.commitlog.AppendStatus;
import io.apogee.wire.code.ResponseCode;

/** The response code and remark a send is answered with for each outcome of its append. Stateless. */
final class AppendAnswers {
    private AppendAnswers() {
    }

    /** The response code of {@code status}. */
    static int codeOf(AppendStatus status) {
        return switch (status) {
            case BUSY -> ResponseCode.SYSTEM_BUSY;
            case RECORD_TOO_LARGE, RECORD_INVALID -> ResponseCode.MESSAGE_ILLEGAL;
            case BAD_QUEUE -> ResponseCode.INVALID_PARAMETER;
            case FLUSH_DISK_TIMEOUT -> ResponseCode.FLUSH_DISK_TIMEOUT;
            // a SYNC_MASTER's answers, with the message stored all the same (RocketMQ's sendOK stays true)
            case FLUSH_SLAVE_TIMEOUT -> ResponseCode.FLUSH_SLAVE_TIMEOUT;
            case SLAVE_NOT_AVAILABLE -> ResponseCode.SLAVE_NOT_AVAILABLE;
            // a slave refuses sends as RocketMQ's does: its store answers SERVICE_NOT_AVAILABLE for the SLAVE role
            case DISK_FULL, STORE_FAILED, CLOSED, REPLICA_ONLY -> ResponseCode.SERVICE_NOT_AVAILABLE;
            // RocketMQ's answers to CREATE_MAPPED_FILE_FAILED and IN_SYNC_REPLICAS_NOT_ENOUGH
            case QUEUE_UNAVAILABLE, IN_SYNC_REPLICAS_NOT_ENOUGH -> ResponseCode.SYSTEM_ERROR;
            case ACCEPTED, APPENDED -> ResponseCode.SUCCESS;
        };
    }

    /**
     * The remark of {@link AppendStatus#QUEUE_UNAVAILABLE} for a send to {@code topic}'s queue {@code queueId}, naming
     * the limit on the mappings queue files may hold.
     */
    static String queueUnavailable(String topic, int queueId, int maxMappedQueueFiles) {
        return "the consume-queue file of " + topic + " queue " + queueId + " cannot be created or mapped now: all "
            + SendProcessor.MAX_MAPPED_QUEUE_FILES_SETTING + "=" + maxMappedQueueFiles + " mappings of queue files are"
            + " in use, or the system refused the mapping; other queues still take messages";
    }

    /** The remark of {@code status}, or null when it needs none. */
    static String remarkOf(AppendStatus status) {
        return switch (status) {
            case BUSY -> "[PCBUSY_CLEAN_QUEUE]broker busy, start flow control for a while";
            case RECORD_TOO_LARGE -> "the message is larger than the largest record the store accepts";
            case RECORD_INVALID -> "the message could not be written as a valid record";
            case BAD_QUEUE -> "the topic name or queue id is not valid";
            case DISK_FULL -> "the disk is full: service not available now";
            case STORE_FAILED -> "the store failed (a disk error or a store thread's fatal error) and is read-only until"
                + " restart; brokerStatus shows brokerState and its cause";
            case CLOSED -> "the broker is shutting down";
            case REPLICA_ONLY -> "service not available now: messages are put to the slave (brokerRole=SLAVE), which takes"
                + " messages only from its master";
            case QUEUE_UNAVAILABLE -> "the queue's consume-queue file cannot be created or mapped now";
            // RocketMQ's remark, then why
            case IN_SYNC_REPLICAS_NOT_ENOUGH -> "in-sync replicas not enough: the sync-state set holds fewer replicas"
                + " than minInSyncReplicas, so the message was not stored";
            default -> null;
        };
    }
}
