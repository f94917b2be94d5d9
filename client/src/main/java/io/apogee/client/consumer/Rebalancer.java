package io.apogee.client.consumer;

import com.fasterxml.jackson.databind.JsonNode;
import io.apogee.client.BrokerErrorException;
import io.apogee.client.ClientException;
import io.apogee.client.core.ClientCore;
import io.apogee.client.core.MessageQueue;
import io.apogee.client.core.TopicRoute;
import io.apogee.transport.RemotingResponse;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.GetConsumerListByGroupRequestHeader;
import io.netty.buffer.ByteBufInputStream;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Decides which queues this consumer holds (docs/protocol.md §6.2): for each subscribed topic it reads the readable
 * queues from the route and the group's client ids from a broker (GET_CONSUMER_LIST_BY_GROUP), allocates them
 * averagely, drops the queues it lost (committing their offsets) and starts pulling the ones it gained from their start
 * offsets. Runs on the scheduler thread only (at start, every 20 s, and when a broker says the group changed); the map
 * of held queues is safe to read from any thread. A subscribed topic without a route is rebalanced
 * when the core sees its route appear ({@link ClientCore#watchRoutes}).
 */
final class Rebalancer {
    private static final Logger LOG = LoggerFactory.getLogger(Rebalancer.class);
    private final ClientCore core;
    private final String group;
    private volatile List<String> topics;
    private final OffsetStore offsets;
    private final Puller puller;
    private final Map<MessageQueue, ProcessQueue> held = new ConcurrentHashMap<>();
    private volatile boolean stopped;

    Rebalancer(ClientCore core, String group, List<String> topics, OffsetStore offsets, Puller puller) {
        this.core = core;
        this.group = group;
        this.topics = List.copyOf(topics);
        this.offsets = offsets;
        this.puller = puller;
    }

    /** The topics to rebalance from now on; queues of a topic no longer listed are released at the next rebalance. */
    void topics(List<String> value) {
        this.topics = List.copyOf(value);
    }

    /** The queues held now. */
    Map<MessageQueue, ProcessQueue> held() {
        return held;
    }

    /** One rebalance of every topic; failures are logged and the topic keeps its queues until the next one. */
    void rebalance() {
        if (stopped || core.isClosed()) {
            return;
        }
        List<String> current = topics;
        for (MessageQueue queue : new ArrayList<>(held.keySet())) {
            if (!current.contains(queue.topic())) {
                release(queue);
            }
        }
        for (String topic : current) {
            try {
                rebalance(topic);
            } catch (ClientException | IOException e) {
                LOG.warn("rebalance of {} in group {} failed: {}", topic, group, e.getMessage());
            }
        }
    }

    /** Rebalances one topic; one without a route yet waits for the core to see it appear. */
    private void rebalance(String topic) throws IOException {
        TopicRoute route = core.fetchRoute(topic);
        if (route == null) {
            return;
        }
        List<MessageQueue> all = route.readableQueues(topic);
        if (all.isEmpty()) {
            return;
        }
        List<String> clientIds = clientIds(route);
        Set<MessageQueue> mine = new HashSet<>(QueueAllocator.averagely(all, clientIds, core.clientId()));
        for (MessageQueue queue : new ArrayList<>(held.keySet())) {
            if (queue.topic().equals(topic) && !mine.contains(queue)) {
                release(queue);
            }
        }
        for (MessageQueue queue : new TreeSet<>(mine)) {
            if (!held.containsKey(queue)) {
                try {
                    long start = offsets.startOffset(queue);
                    ProcessQueue added = puller.open(queue, start);
                    held.put(queue, added);
                    LOG.info("group {}: took {} from offset {}", group, queue, start);
                    puller.pull(added);
                } catch (ClientException e) {
                    LOG.warn("group {}: no start offset for {}: {}", group, queue, e.getMessage());
                }
            }
        }
    }

    private void release(MessageQueue queue) {
        ProcessQueue removed = held.remove(queue);
        removed.drop();
        offsets.commit(queue, removed.committedOffset(), true);
        LOG.info("group {}: released {} at offset {}", group, queue, removed.committedOffset());
    }

    /** The group's client ids, sorted, from a master of the topic's route. */
    private List<String> clientIds(TopicRoute route) throws IOException {
        String address = null;
        for (String broker : new TreeSet<>(route.brokers().keySet())) {
            address = route.masterAddress(broker);
            if (address != null) {
                break;
            }
        }
        if (address == null) {
            throw new IOException("no master in the route");
        }
        RemotingHeader header = ClientCore.request(RequestCode.GET_CONSUMER_LIST_BY_GROUP);
        new GetConsumerListByGroupRequestHeader().consumerGroup(group).encode(header.ext());
        try (RemotingResponse response = core.callExpectingSuccess(address, header, null);
             InputStream body = new ByteBufInputStream(response.body().duplicate())) {
            if (!response.body().isReadable()) {
                throw new BrokerErrorException(address, response.code(), "empty consumer list");
            }
            JsonNode root = core.json().mapper().readTree(body);
            List<String> ids = new ArrayList<>();
            for (JsonNode id : root.path("consumerIdList")) {
                ids.add(id.asText());
            }
            Collections.sort(ids);
            return ids;
        }
    }

    /** Stops rebalancing and drops every queue; returns them with their offsets to commit. Scheduler thread only. */
    List<ProcessQueue> dropAll() {
        stopped = true;
        List<ProcessQueue> dropped = new ArrayList<>(held.values());
        held.clear();
        for (ProcessQueue queue : dropped) {
            queue.drop();
        }
        return dropped;
    }
}
