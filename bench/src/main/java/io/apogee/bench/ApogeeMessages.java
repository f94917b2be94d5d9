package io.apogee.bench;

import io.apogee.wire.message.OutboundMessage;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.rocketmq.common.message.Message;

/**
 * The workload's messages as Apogee's {@link OutboundMessage}s, with the properties in the order RocketMQ's
 * {@code HashMap} iterates them, so both encoders produce the same bytes. Built once per benchmark.
 */
public final class ApogeeMessages {
    private ApogeeMessages() {
    }

    /** One outbound message per workload message. */
    public static List<OutboundMessage> of(Workload workload) {
        List<OutboundMessage> list = new ArrayList<>(workload.count());
        for (int i = 0; i < workload.count(); i++) {
            list.add(of(workload.messages().get(i)));
        }
        return list;
    }

    /** The outbound form of one RocketMQ message. */
    public static OutboundMessage of(Message message) {
        OutboundMessage outbound = new OutboundMessage().topic(message.getTopic()).flag(message.getFlag())
            .body(message.getBody());
        for (Map.Entry<String, String> property : message.getProperties().entrySet()) {
            outbound.putProperty(property.getKey(), property.getValue());
        }
        return outbound;
    }
}
