package io.apogee.perf.client;

import org.apache.rocketmq.client.exception.MQBrokerException;
import org.apache.rocketmq.client.exception.MQClientException;
import org.apache.rocketmq.client.producer.DefaultMQProducer;
import org.apache.rocketmq.client.producer.SendCallback;
import org.apache.rocketmq.client.producer.SendResult;
import org.apache.rocketmq.client.producer.SendStatus;
import org.apache.rocketmq.common.message.Message;
import org.apache.rocketmq.remoting.exception.RemotingException;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Apache RocketMQ's {@link DefaultMQProducer}, shared by every producer thread. Each send builds new
 * {@link Message}s with a copy of the body, as an application using that client does (its async sends encode on
 * another thread, after the call returns). A send counts as stored only with {@link SendStatus#SEND_OK}. Safe for
 * any thread.
 */
final class OfficialSendClient implements SendClient {
    private final DefaultMQProducer producer;

    private OfficialSendClient(DefaultMQProducer producer) {
        this.producer = producer;
    }

    static OfficialSendClient open(NameServers nameServers, String group) {
        DefaultMQProducer producer = new DefaultMQProducer(group);
        producer.setNamesrvAddr(nameServers.addresses());
        producer.setUseTLS(nameServers.tls());
        producer.setInstanceName("apogee-perf-" + Long.toHexString(ThreadLocalRandom.current().nextLong()));
        try {
            producer.start();
        } catch (MQClientException e) {
            throw new IllegalStateException("the official producer did not start: " + e.getMessage(), e);
        }
        return new OfficialSendClient(producer);
    }

    @Override
    public Sender newSender(String topic, int batch, long deliverAfterMillis) {
        return new ThreadSender(topic, deliverAfterMillis);
    }

    @Override
    public void close() {
        producer.shutdown();
    }

    /** One thread's sender. */
    private final class ThreadSender implements Sender {
        private final String topic;
        private final long deliverAfterMillis;

        ThreadSender(String topic, long deliverAfterMillis) {
            this.topic = topic;
            this.deliverAfterMillis = deliverAfterMillis;
        }

        /** A message of a copy of {@code body} (the caller reuses its array), timed when the run asks for it. */
        private Message message(byte[] body) {
            Message message = new Message(topic, body.clone());
            if (deliverAfterMillis > 0) {
                message.setDelayTimeMs(deliverAfterMillis);
            }
            return message;
        }

        @Override
        public boolean sendSync(List<byte[]> bodies, int count) {
            try {
                SendResult result;
                if (count == 1) {
                    result = producer.send(message(bodies.getFirst()));
                } else {
                    List<Message> batch = new ArrayList<>(count);
                    for (int i = 0; i < count; i++) {
                        batch.add(message(bodies.get(i)));
                    }
                    result = producer.send(batch);
                }
                return result.getSendStatus() == SendStatus.SEND_OK;
            } catch (MQClientException | RemotingException | MQBrokerException | IllegalStateException e) {
                // IllegalStateException: the client's own wrapper of a failed route lookup
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }

        @Override
        public boolean sendAsync(byte[] body, Completion done) {
            try {
                producer.send(message(body), new SendCallback() {
                    @Override
                    public void onSuccess(SendResult result) {
                        done.done(result.getSendStatus() == SendStatus.SEND_OK);
                    }

                    @Override
                    public void onException(Throwable failure) {
                        done.done(false);
                    }
                });
                return true;
            } catch (MQClientException | RemotingException | IllegalStateException e) {
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }

        @Override
        public boolean sendOneway(byte[] body) {
            try {
                producer.sendOneway(message(body));
                return true;
            } catch (MQClientException | RemotingException | IllegalStateException e) {
                return false;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return false;
            }
        }
    }
}
