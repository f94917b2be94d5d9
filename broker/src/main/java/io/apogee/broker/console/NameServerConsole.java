package io.apogee.broker.console;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import io.apogee.broker.namesrv.BrokerData;
import io.apogee.broker.namesrv.QueueData;
import io.apogee.broker.namesrv.RegistryView;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.IntFunction;

/**
 * The console of a stand-alone name server ({@code apogee namesrv}): one page with its clusters, the broker groups
 * registered with it (each member's id and address) and the topics' routes, from {@code /api/namesrv}. The tables
 * are copied on the name server's own thread ({@link RegistryView}); at most {@value #MAX_TOPICS} topics are shown.
 * It owns its HTTP server: {@link #close()} frees the port.
 *
 * <p>Thread-safe: {@link #close()} may be called from any thread, more than once.
 */
public final class NameServerConsole implements AutoCloseable {
    /** The most topics one answer lists; the count of all is given beside them. */
    static final int MAX_TOPICS = 1_000;
    private static final long VIEW_TIMEOUT_SECONDS = 5;
    private static final int UNAVAILABLE = 503;
    private static final Map<String, String> PAGES = Map.of("/", "namesrv.html", "/namesrv.html", "namesrv.html",
        "/console.css", "console.css", "/console.js", "console.js");

    private final IntFunction<CompletableFuture<RegistryView>> views;
    private final String address;
    private ConsoleHttp http;

    private NameServerConsole(IntFunction<CompletableFuture<RegistryView>> views, String address) {
        this.views = views;
        this.address = address;
    }

    /**
     * Serves the console of the name server at {@code address} ("host:port"), whose tables {@code views} copies (at
     * most so many topics), as {@code settings} say.
     *
     * @throws IllegalStateException when the port cannot be bound
     */
    public static NameServerConsole start(ConsoleSettings settings, String address,
        IntFunction<CompletableFuture<RegistryView>> views) {
        NameServerConsole console = new NameServerConsole(views, address);
        console.http = ConsoleHttp.start(settings, "apogee-namesrv-console", PAGES, console::answer);
        return console;
    }

    /** The port the console listens on. */
    public int port() {
        return http.port();
    }

    private boolean answer(HttpExchange exchange, String path) throws IOException {
        if (!path.startsWith("/api/")) {
            return false;
        }
        ConsoleHttp.expect(exchange.getRequestMethod(), "GET");
        if (!path.equals("/api/namesrv")) {
            throw new BadRequest(BadRequest.NOT_FOUND, "no endpoint " + path);
        }
        ConsoleHttp.answerJson(exchange, ConsoleHttp.OK, json(view()));
        return true;
    }

    private RegistryView view() {
        try {
            return views.apply(MAX_TOPICS).get(VIEW_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (RejectedExecutionException | ExecutionException | TimeoutException e) {
            throw new BadRequest(UNAVAILABLE, "the name server is busy or closing; try again");
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new BadRequest(UNAVAILABLE, "the console is closing");
        }
    }

    private ObjectNode json(RegistryView view) {
        ObjectNode root = JsonNodeFactory.instance.objectNode().put("address", address)
            .put("topicCount", view.topicCount()).put("topicsShown", view.topics().size());
        ArrayNode brokers = root.putArray("brokers");
        for (BrokerData group : view.brokers().values()) {
            ObjectNode broker = brokers.addObject().put("cluster", group.cluster()).put("name", group.name());
            ArrayNode members = broker.putArray("members");
            group.addresses().forEach((id, member) -> members.addObject().put("brokerId", id).put("address", member));
        }
        ArrayNode topics = root.putArray("topics");
        view.topics().forEach((topic, queues) -> topics.add(topic(topic, queues)));
        return root;
    }

    private static ObjectNode topic(String name, List<QueueData> queues) {
        ObjectNode topic = JsonNodeFactory.instance.objectNode().put("name", name);
        ArrayNode routes = topic.putArray("queues");
        for (QueueData queue : queues) {
            routes.addObject().put("brokerName", queue.brokerName()).put("readQueues", queue.readQueues())
                .put("writeQueues", queue.writeQueues()).put("perm", queue.perm());
        }
        return topic;
    }

    /** Stops serving and frees the port. Idempotent. */
    @Override
    public void close() {
        http.close();
    }
}
