package io.apogee.perf.client;

import io.apogee.client.ClientConfig;
import io.apogee.client.ClientException;
import io.apogee.client.producer.Producer;
import io.apogee.wire.message.OutboundMessage;

import java.util.ArrayList;
import java.util.List;

/**
 * Apogee's {@link Producer}, shared by every producer thread; each thread's sender reuses its own messages, since
 * the producer encodes a message before a send call returns. Safe for any thread.
 */
final class ApogeeSendClient implements SendClient {
    private static final String TIMER_DELAY_MS = "TIMER_DELAY_MS";

    private final Producer producer;

    private ApogeeSendClient(Producer producer) {
        this.producer = producer;
    }

    static ApogeeSendClient open(NameServers nameServers, String group) {
        ClientConfig config = ClientConfig.builder().nameServers(nameServers.addresses()).useTls(nameServers.tls()).build();
        return new ApogeeSendClient(Producer.builder().config(config).group(group).build());
    }

    @Override
    public Sender newSender(String topic, int batch, long deliverAfterMillis) {
        List<OutboundMessage> messages = new ArrayList<>(batch);
        for (int i = 0; i < batch; i++) {
            OutboundMessage message = new OutboundMessage().topic(topic);
            if (deliverAfterMillis > 0) {
                message.putProperty(TIMER_DELAY_MS, Long.toString(deliverAfterMillis));
            }
            messages.add(message);
        }
        return new ThreadSender(messages);
    }

    @Override
    public void close() {
        producer.close();
    }

    /** One thread's sender: its messages are refilled for every send. */
    private final class ThreadSender implements Sender {
        private final List<OutboundMessage> messages;

        ThreadSender(List<OutboundMessage> messages) {
            this.messages = messages;
        }

        @Override
        public boolean sendSync(List<byte[]> bodies, int count) {
            try {
                if (count == 1) {
                    producer.send(messages.getFirst().body(bodies.getFirst()));
                } else {
                    for (int i = 0; i < count; i++) {
                        messages.get(i).body(bodies.get(i));
                    }
                    producer.sendBatch(messages.subList(0, count));
                }
                return true;
            } catch (ClientException e) {
                return false;
            }
        }

        @Override
        public boolean sendAsync(byte[] body, Completion done) {
            try {
                producer.sendAsync(messages.getFirst().body(body)).whenComplete((result, failure) -> done.done(failure == null));
                return true;
            } catch (ClientException e) {
                return false;
            }
        }

        @Override
        public boolean sendOneway(byte[] body) {
            try {
                return producer.sendOneway(messages.getFirst().body(body));
            } catch (ClientException e) {
                return false;
            }
        }
    }
}
