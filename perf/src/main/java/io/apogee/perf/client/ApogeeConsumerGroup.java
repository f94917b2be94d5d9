package io.apogee.perf.client;

import io.apogee.client.ClientConfig;
import io.apogee.client.consumer.ConsumeFrom;
import io.apogee.client.consumer.PushConsumer;

import java.util.ArrayList;
import java.util.List;

/**
 * Apogee {@link PushConsumer}s of one group; each delivery's body is handed over as a view of the pull buffer, with
 * no copy. Safe for any thread.
 */
final class ApogeeConsumerGroup implements ConsumerGroup {
    private final List<PushConsumer> consumers = new ArrayList<>();

    private ApogeeConsumerGroup() {
    }

    static ApogeeConsumerGroup start(ConsumerSpec spec) {
        ApogeeConsumerGroup group = new ApogeeConsumerGroup();
        ConsumeFrom from = spec.fromFirst() ? ConsumeFrom.FIRST : ConsumeFrom.LAST;
        try {
            for (int i = 0; i < spec.count(); i++) {
                group.consumers.add(PushConsumer.builder().config(ClientConfig.builder()
                        .nameServers(spec.nameServers().addresses()).useTls(spec.nameServers().tls()).build())
                    .group(spec.group())
                    .subscribe(spec.topic(), "*").consumeFrom(from)
                    .listener(message -> spec.onBody().accept(message.body())).build());
            }
        } catch (RuntimeException e) {
            group.close();
            throw e;
        }
        return group;
    }

    @Override
    public boolean allAssigned() {
        return consumers.stream().allMatch(consumer -> !consumer.assignedQueues().isEmpty());
    }

    @Override
    public void close() {
        for (PushConsumer consumer : consumers) {
            consumer.close();
        }
    }
}
