package io.apogee.broker;

import io.apogee.transport.RemotingClient;
import io.apogee.transport.RemotingResponse;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.TransportConfig;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.frame.FrameEncoder;
import io.apogee.wire.frame.FrameLayout;
import io.apogee.wire.frame.RemotingHeader;
import io.apogee.wire.header.ConsumerSendMsgBackRequestHeader;
import io.apogee.wire.header.CreateTopicRequestHeader;
import io.apogee.wire.header.PullMessageRequestHeader;
import io.apogee.wire.header.QueryMessageRequestHeader;
import io.apogee.wire.header.SendHeaderKeys;
import io.apogee.wire.header.SendMessageRequestHeader;
import io.apogee.wire.message.MessageSysFlag;
import io.apogee.wire.message.PropertyNames;
import io.netty.buffer.Unpooled;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;

/**
 * Clients that hurt a broker while speaking its protocol, each kind on a thread of its own: many idle connections,
 * slow readers, partial frames, huge headers, thousands of topics and groups, poison messages on every detour and
 * queries with huge results. They build frames with the project's wire encoders and write them as raw bytes, so
 * nothing on this side limits what they send. {@link #awaitDone()} waits until each has done its harm (a stalled
 * connection stays open); {@link #close()} ends every connection. The broker's answers are read only where the next
 * step needs them. One test thread drives it; the abusers' own threads only write to their own sockets.
 */
final class Abusers implements AutoCloseable {
    private static final int JSON = 0;
    private static final int SOCKET_TIMEOUT_MILLIS = 60_000;
    private static final long TIMEOUT_MILLIS = 30_000;
    private static final long WRITERS_MILLIS = 10_000;
    private static final String BAD_TOPIC = "x/y";
    private static final int MIB = 1 << 20;

    private final InetSocketAddress broker;
    private final String address;
    private final SplittableRandom random;
    private final FrameEncoder frames = new FrameEncoder(Integer.MAX_VALUE);
    private final List<Thread> threads = new ArrayList<>();
    private final ConcurrentLinkedQueue<Socket> sockets = new ConcurrentLinkedQueue<>();
    private final RemotingClient client = new RemotingClient(TransportConfig.defaults(), RequestDispatcher.IGNORE);

    /** Abusers of the broker on 127.0.0.1:{@code port}; {@code random} picks their counts and sizes. */
    Abusers(int port, SplittableRandom random) {
        this.broker = new InetSocketAddress("127.0.0.1", port);
        this.address = "127.0.0.1:" + port;
        this.random = random;
    }

    /** Opens hundreds of connections that send one heartbeat-less request each and then stay idle. */
    Abusers manyConnections() {
        int count = 300 + random.nextInt(300);
        return start("many-connections", () -> {
            byte[] ask = frame(new RemotingHeader().asRequest(RequestCode.GET_BROKER_CLUSTER_INFO, 0), new byte[0]);
            for (int i = 0; i < count; i++) {
                open(64 << 10).getOutputStream().write(ask);
            }
        });
    }

    /**
     * Connections with a tiny receive buffer that ask for large pulls and the topic table again and again and never
     * read an answer.
     */
    Abusers slowReaders() {
        int count = 4 + random.nextInt(5);
        int requests = 200 + random.nextInt(300);
        return start("slow-readers", () -> {
            fill("SlowReaderTopic", 32, 256 << 10, "");
            byte[] pull = frame(pull("SlowReaderTopic"), new byte[0]);
            byte[] topics = frame(new RemotingHeader().asRequest(RequestCode.GET_ALL_TOPIC_CONFIG, 0), new byte[0]);
            List<Thread> writers = new ArrayList<>();
            for (int c = 0; c < count; c++) {
                Socket socket = open(1024);
                writers.add(Thread.ofPlatform().name("slow-reader-" + c).start(() -> writeQuietly(socket, requests, pull, topics)));
            }
            for (Thread writer : writers) {
                // a writer the broker stopped reading from stays blocked until close(); the others end within this
                writer.join(WRITERS_MILLIS);
            }
        });
    }

    /**
     * Connections that each send a valid send header announcing a body that fills a frame of the largest size, then
     * most of the body, and stall.
     */
    Abusers partialFrames() {
        int count = 14 + random.nextInt(4);
        return start("partial-frames", () -> {
            RemotingHeader header = sendHeader("PartialFrameTopic", 0, 0, "");
            int body = FrameLayout.DEFAULT_MAX_FRAME_SIZE - frames.measure(header);
            byte[] front = new byte[frames.measure(header)];
            frames.encode(header, body, ByteBuffer.wrap(front), 0);
            for (int i = 0; i < count; i++) {
                OutputStream out = open(64 << 10).getOutputStream();
                out.write(front);
                out.write(new byte[(8 + random.nextInt(7)) * MIB]);
                out.flush();
            }
        });
    }

    /**
     * Connections that each send one request whose JSON header of almost 16 MiB holds about a million short ext
     * fields, then stay idle.
     */
    Abusers hugeHeaders() {
        int count = 7 + random.nextInt(4);
        return start("huge-headers", () -> {
            StringBuilder fields = new StringBuilder();
            for (int i = 0; fields.length() < FrameLayout.DEFAULT_MAX_FRAME_SIZE - 1024; i++) {
                fields.append(i == 0 ? "" : ",").append("\"k").append(i).append("\":\"v\"");
            }
            byte[] header = ("{\"code\":" + RequestCode.GET_BROKER_CLUSTER_INFO + ",\"language\":\"JAVA\",\"version\":0,"
                + "\"opaque\":1,\"flag\":0,\"extFields\":{" + fields + "}}").getBytes(StandardCharsets.UTF_8);
            ByteBuffer prefix = ByteBuffer.allocate(2 * Integer.BYTES).putInt(Integer.BYTES + header.length)
                .putInt(JSON << 24 | header.length);
            for (int i = 0; i < count; i++) {
                OutputStream out = open(64 << 10).getOutputStream();
                out.write(prefix.array());
                out.write(header);
                out.flush();
            }
        });
    }

    /** Creates thousands of topics, then announces thousands of consumer groups in heartbeats. */
    Abusers topicsAndGroups() {
        int topics = 1_000 + random.nextInt(1_000);
        int groups = 1_000 + random.nextInt(1_000);
        return start("topics-and-groups", () -> {
            for (int i = 0; i < topics; i++) {
                RemotingHeader create = new RemotingHeader().asRequest(RequestCode.UPDATE_AND_CREATE_TOPIC, 0);
                new CreateTopicRequestHeader().topic("abuse-topic-" + i).defaultTopic("TBW102").readQueueNums(1)
                    .writeQueueNums(1).perm(6).topicFilterType("SINGLE_TAG").encode(create.ext());
                invoke(create, null);
            }
            for (int i = 0; i < groups; i += 100) {
                StringBuilder set = new StringBuilder();
                for (int g = i; g < i + 100; g++) {
                    set.append(g == i ? "" : ",").append("{\"groupName\":\"abuse-group-").append(g)
                        .append("\",\"subscriptionDataSet\":[]}");
                }
                heartbeat("abuse-client-" + i, set.toString());
            }
        });
    }

    /**
     * Messages that no detour can deliver, written where each detour parks its copies: the delay levels' topic, the
     * timer topic and the transaction topics with a real topic the store refuses, and a send-back for a consumer
     * group whose retry topic is not a valid name.
     */
    Abusers poisonMessages() {
        int rounds = 1 + random.nextInt(3);
        return start("poison-messages", () -> {
            long now = System.currentTimeMillis();
            String parked = props(PropertyNames.REAL_TOPIC, BAD_TOPIC) + props(PropertyNames.REAL_QUEUE_ID, "0");
            for (int i = 0; i < rounds; i++) {
                send("SCHEDULE_TOPIC_XXXX", 0, 0, parked + props(PropertyNames.DELAY, "1"));
                send("rmq_sys_wheel_timer", 0, 0, parked + props(PropertyNames.TIMER_OUT_MS, Long.toString(now + 500))
                    + props(PropertyNames.TIMER_DELIVER_MS, Long.toString(now + 500)));
                send("RMQ_SYS_TRANS_HALF_TOPIC", 0, MessageSysFlag.TRANSACTION_PREPARED_TYPE, parked
                    + props(PropertyNames.TRANSACTION_PREPARED, "true") + props(PropertyNames.PRODUCER_GROUP, "PG-poison"));
                send("RMQ_SYS_TRANS_OP_HALF_TOPIC", 0, 0, props(PropertyNames.TAGS, "d"));
                heartbeat("poison-client", "{\"groupName\":\"" + BAD_TOPIC + "\",\"subscriptionDataSet\":[]}");
                long offset = send("PoisonTopic", 0, 0, "");
                RemotingHeader back = new RemotingHeader().asRequest(RequestCode.CONSUMER_SEND_MSG_BACK, 0);
                new ConsumerSendMsgBackRequestHeader().offset(offset).group(BAD_TOPIC).delayLevel(1).originTopic("PoisonTopic")
                    .maxReconsumeTimes(16).encode(back.ext());
                invoke(back, null);
            }
        });
    }

    /** Fills a topic with large messages under one key, then asks for all of them at once from several connections. */
    Abusers hugeQueries() {
        int queriers = 3 + random.nextInt(3);
        return start("huge-queries", () -> {
            // 4 messages of almost maxMessageSize (4 MiB): more than one answer may carry (4 MiB), so each answer is
            // at its cap; more would only load the disk, which makes the test's bounds a measure of the disk
            fill("QueryTopic", 4, 4 * MIB - 4096, props(PropertyNames.KEYS, "huge"));
            RemotingHeader query = new RemotingHeader().asRequest(RequestCode.QUERY_MESSAGE, 0);
            new QueryMessageRequestHeader().topic("QueryTopic").key("huge").maxNum(64).beginTimestamp(0)
                .endTimestamp(Long.MAX_VALUE).encode(query.ext());
            byte[] ask = frame(query, new byte[0]);
            List<Thread> readers = new ArrayList<>();
            for (int q = 0; q < queriers; q++) {
                Socket socket = open(64 << 10);
                readers.add(Thread.ofPlatform().name("huge-query-" + q).start(() -> askTwice(socket, ask)));
            }
            for (Thread reader : readers) {
                reader.join(SOCKET_TIMEOUT_MILLIS);
            }
        });
    }

    /** Waits until every abuser has done its harm; what it left open stays open. */
    void awaitDone() throws InterruptedException {
        for (Thread thread : threads) {
            thread.join(SOCKET_TIMEOUT_MILLIS * 2);
        }
    }

    @Override
    public void close() throws IOException {
        for (Socket socket : sockets) {
            socket.close();
        }
        client.close();
    }

    private Abusers start(String name, Work work) {
        threads.add(Thread.ofPlatform().name("abuser-" + name).start(() -> {
            try {
                work.run();
            } catch (IOException | InterruptedException broker) {
                // the broker may close an abuser's connection: that is one of the answers the suite allows
            }
        }));
        return this;
    }

    private Socket open(int receiveBuffer) throws IOException {
        Socket socket = new Socket();
        socket.setReceiveBufferSize(receiveBuffer);
        socket.setSoTimeout(SOCKET_TIMEOUT_MILLIS);
        socket.connect(broker);
        sockets.add(socket);
        return socket;
    }

    private static void writeQuietly(Socket socket, int requests, byte[] pull, byte[] topics) {
        try {
            OutputStream out = socket.getOutputStream();
            for (int i = 0; i < requests; i++) {
                out.write(i % 2 == 0 ? pull : topics);
            }
            out.flush();
        } catch (IOException closed) {
            // the broker stopped reading and the test closed the socket, or the broker closed it
        }
    }

    private static void askTwice(Socket socket, byte[] ask) {
        try {
            DataInputStream in = new DataInputStream(socket.getInputStream());
            for (int i = 0; i < 2; i++) {
                socket.getOutputStream().write(ask);
                int length = in.readInt();
                byte[] header = new byte[in.readInt() & FrameLayout.HEADER_LENGTH_MASK];
                in.readFully(header);
                in.skipNBytes(length - Integer.BYTES - header.length);
                // what the broker made of it, for the test's output: the answer's header and the size of its body
                System.out.println("huge query answered with " + (length - Integer.BYTES - header.length) + " bytes: "
                    + new String(header, StandardCharsets.UTF_8));
            }
        } catch (IOException closed) {
            // an answer the broker refused to build, or a closed connection
        }
    }

    /** Sends {@code count} messages of {@code size} bytes to queue 0 of {@code topic}. */
    private void fill(String topic, int count, int size, String properties) throws InterruptedException {
        byte[] body = new byte[size];
        for (int i = 0; i < count; i++) {
            random.nextBytes(body);
            send(topic, 0, 0, properties, body);
        }
    }

    private long send(String topic, int queueId, int sysFlag, String properties) throws InterruptedException {
        return send(topic, queueId, sysFlag, properties, "poison".getBytes(StandardCharsets.UTF_8));
    }

    /** Sends one message; returns its commit-log offset, from the offset message id of the answer, or -1. */
    private long send(String topic, int queueId, int sysFlag, String properties, byte[] body) throws InterruptedException {
        String msgId = invoke(sendHeader(topic, queueId, sysFlag, properties), body);
        // an IPv4 offset message id: 4 bytes of host, 4 of port, 8 of commit-log offset, in hex
        return msgId != null && msgId.length() == 32 ? Long.parseUnsignedLong(msgId.substring(16), 16) : -1;
    }

    private static RemotingHeader sendHeader(String topic, int queueId, int sysFlag, String properties) {
        RemotingHeader header = new RemotingHeader().asRequest(RequestCode.SEND_MESSAGE_V2, 0);
        new SendMessageRequestHeader().keys(SendHeaderKeys.V2).producerGroup("PG-abuser").topic(topic).defaultTopic("TBW102")
            .defaultTopicQueueNums(1).queueId(queueId).sysFlag(sysFlag).bornTimestamp(System.currentTimeMillis()).flag(0)
            .properties(properties).encode(header.ext());
        return header;
    }

    private void heartbeat(String clientId, String consumerDataSet) throws InterruptedException {
        String json = "{\"clientID\":\"" + clientId + "\",\"consumerDataSet\":[" + consumerDataSet + "],\"producerDataSet\":[]}";
        invoke(new RemotingHeader().asRequest(RequestCode.HEART_BEAT, 0), json.getBytes(StandardCharsets.UTF_8));
    }

    /** One request and its answer; returns the answer's msgId ext field, if any. Refusals are answers too. */
    private String invoke(RemotingHeader header, byte[] body) throws InterruptedException {
        try (RemotingResponse response = client.invokeSync(address, header, body == null ? null : Unpooled.wrappedBuffer(body),
            TIMEOUT_MILLIS)) {
            return response.header().ext().get("msgId");
        } catch (InterruptedException e) {
            throw e;
        } catch (Exception refused) {
            return null;
        }
    }

    private static RemotingHeader pull(String topic) {
        RemotingHeader header = new RemotingHeader().asRequest(RequestCode.PULL_MESSAGE, 0);
        new PullMessageRequestHeader().consumerGroup("CG-slow-reader").topic(topic).queueId(0).queueOffset(0).maxMsgNums(32)
            .sysFlag(0).commitOffset(0).suspendTimeoutMillis(0).subscription("*").subVersion(0).expressionType("TAG")
            .encode(header.ext());
        return header;
    }

    private byte[] frame(RemotingHeader header, byte[] body) {
        byte[] bytes = new byte[frames.measure(header) + body.length];
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        int front = frames.encode(header, body.length, buffer, 0);
        buffer.put(front, body);
        return bytes;
    }

    private static String props(String name, String value) {
        return name + (char) PropertyNames.NAME_VALUE_SEPARATOR + value + (char) PropertyNames.PROPERTY_SEPARATOR;
    }

    /** An abuser's work: it may block on its sockets and ends by itself. */
    private interface Work {
        void run() throws IOException, InterruptedException;
    }
}
