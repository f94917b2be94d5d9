package io.apogee.testsupport.scenario;

/** A kind of client a scenario needs beyond a producer and a clustering push consumer; see {@link ClientDriver#supports}. */
public enum Feature {
    /** A lite pull consumer: {@link ClientDriver#litePull}. */
    LITE_PULL,
    /** Push consumers in broadcast mode: {@link PushSpec#broadcasting()}. */
    BROADCAST,
    /** An orderly push consumer: {@link ClientDriver#orderlyConsumer}. */
    ORDERLY,
    /** A transaction producer: {@link ClientDriver#transactionProducer}. */
    TRANSACTIONS,
    /** SQL92 filters: {@link PushSpec#bySql} and {@link DriverLitePull#subscribeSql}. */
    SQL_FILTER,
    /**
     * A new group's offset query takes the broker's 0 for a queue that still starts at 0 (setZeroIfNotFound), so LAST
     * and TIMESTAMP start there too, as the official consumers do.
     */
    ZERO_OFFSET_FOR_NEW_GROUPS
}
