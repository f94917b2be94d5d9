package io.apogee.perf.client;

/**
 * Which client drives a run: Apogee's own or Apache RocketMQ's official one ({@code --client apogee|official}).
 * Immutable.
 */
public enum ClientKind {
    /** Apogee's client ({@code io.apogee.client}). */
    APOGEE {
        @Override
        public SendClient openProducer(NameServers nameServers, String group) {
            return ApogeeSendClient.open(nameServers, group);
        }

        @Override
        public ConsumerGroup startConsumers(ConsumerSpec spec) {
            return ApogeeConsumerGroup.start(spec);
        }
    },
    /** Apache RocketMQ's official client ({@code org.apache.rocketmq:rocketmq-client}). */
    OFFICIAL {
        @Override
        public SendClient openProducer(NameServers nameServers, String group) {
            return OfficialSendClient.open(nameServers, group);
        }

        @Override
        public ConsumerGroup startConsumers(ConsumerSpec spec) {
            return OfficialConsumerGroup.start(spec);
        }
    };

    /** A started producer client in producer group {@code group}. */
    public abstract SendClient openProducer(NameServers nameServers, String group);

    /** Started consumers as {@code spec} says. */
    public abstract ConsumerGroup startConsumers(ConsumerSpec spec);
}
