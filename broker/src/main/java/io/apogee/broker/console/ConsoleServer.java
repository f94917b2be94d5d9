package io.apogee.broker.console;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import io.apogee.common.agent.ScheduledTask;
import io.apogee.common.agent.Scheduler;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The console's HTTP server (the JDK's): the static pages from the jar's {@code console/} resources and the JSON
 * endpoints under {@code /api/}. Every request and every sample of the {@link Series} runs on one thread of its own,
 * which owns the readers; the JDK's dispatcher thread only accepts and parses. Requests wait in a queue of
 * {@value #QUEUE_CAPACITY}; beyond it a connection is closed unanswered. A request body over
 * {@value #MAX_BODY_BYTES} bytes is refused (413): the actions take their parameters in the query string.
 * It owns the port: {@link #close()} frees it.
 *
 * <p>Thread-safe: {@link #close()} may be called from any thread, more than once.
 */
public final class ConsoleServer implements AutoCloseable {
    /** Requests waiting for the console's thread. */
    static final int QUEUE_CAPACITY = 64;
    /** The largest request body read. */
    static final int MAX_BODY_BYTES = 1024;
    /** The header the actions require: a page of another site cannot send it without the console's consent. */
    static final String ACTION_HEADER = "X-Apogee-Console";
    private static final Logger LOG = LoggerFactory.getLogger(ConsoleServer.class);
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final int OK = 200;
    private static final int INTERNAL_ERROR = 500;
    private static final int STOP_SECONDS = 5;
    private static final long MAX_TIMESTAMP = 253_402_300_799_999L; // 9999-12-31T23:59:59.999Z
    private static final Map<String, String> PAGES = Map.of("/", "index.html", "/index.html", "index.html",
        "/topics.html", "topics.html", "/groups.html", "groups.html", "/message.html", "message.html",
        "/console.css", "console.css", "/console.js", "console.js");

    private final HttpServer server;
    private final ThreadPoolExecutor thread;
    private final ScheduledTask sampling;
    private final StateViews state;
    private final Series series;
    private final MessageViews messages;
    private final OffsetReset reset;
    private final ConsoleLogin login;
    private boolean closed;

    private ConsoleServer(HttpServer server, ThreadPoolExecutor thread, ConsoleSources sources, Scheduler scheduler) {
        this.server = server;
        this.thread = thread;
        this.series = new Series(sources);
        this.state = new StateViews(sources, series);
        this.messages = new MessageViews(sources.store().newLookup());
        this.reset = new OffsetReset(sources);
        this.login = new ConsoleLogin(sources);
        // the scheduler only hands the sample over: it runs on the console's thread, which owns the series
        this.sampling = scheduler.repeat(this::requestSample, Series.INTERVAL_MILLIS, Series.INTERVAL_MILLIS);
    }

    /**
     * Serves the console of {@code sources} as {@code settings} say; {@code scheduler} times the charts' samples.
     *
     * @throws IllegalStateException when the port cannot be bound
     */
    public static ConsoleServer start(ConsoleSettings settings, ConsoleSources sources, Scheduler scheduler) {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(settings.host(), settings.port()), 0);
        } catch (IOException e) {
            throw new IllegalStateException("consoleListenPort: cannot listen on " + settings.host() + ':'
                + settings.port() + ": " + e.getMessage(), e);
        }
        ThreadPoolExecutor thread = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
            new ArrayBlockingQueue<>(QUEUE_CAPACITY), runnable -> {
                Thread t = new Thread(runnable, "apogee-console");
                t.setDaemon(true);
                return t;
            });
        ConsoleServer console = new ConsoleServer(server, thread, sources, scheduler);
        server.setExecutor(thread);
        server.createContext("/", console::handle);
        server.start();
        LOG.info("console served on http://{}:{}/", settings.host(), console.port());
        return console;
    }

    /** The port the console listens on. */
    public int port() {
        return server.getAddress().getPort();
    }

    private void requestSample() {
        try {
            thread.execute(series::sample);
        } catch (RejectedExecutionException e) {
            LOG.debug("console busy or closing: this sample is skipped");
        }
    }

    private void handle(HttpExchange exchange) {
        try (exchange) {
            try {
                drainBody(exchange);
                route(exchange);
            } catch (BadRequest e) {
                answerJson(exchange, e.status(), JsonNodeFactory.instance.objectNode().put("error", e.getMessage()));
            } catch (RuntimeException e) {
                LOG.warn("console request {} failed", exchange.getRequestURI().getRawPath(), e);
                answerJson(exchange, INTERNAL_ERROR, JsonNodeFactory.instance.objectNode()
                    .put("error", "internal error: " + e));
            }
        } catch (IOException e) {
            LOG.debug("console client went away: {}", e.toString());
        }
    }

    private void route(HttpExchange exchange) throws IOException {
        String path = exchange.getRequestURI().getRawPath();
        Query query = Query.parse(exchange.getRequestURI().getRawQuery());
        String method = exchange.getRequestMethod();
        if (path.equals("/api/reset-offset")) {
            expect(method, "POST");
            if (exchange.getRequestHeaders().getFirst(ACTION_HEADER) == null) {
                throw BadRequest.input("the reset action needs the header " + ACTION_HEADER);
            }
            String group = query.group("group");
            String topic = query.topic("topic");
            long timestamp = query.number("timestamp", 0, MAX_TIMESTAMP);
            login.checkMayReset(exchange.getRequestHeaders().getFirst("Authorization"), group,
                exchange.getRemoteAddress().getAddress().getHostAddress());
            answerJson(exchange, OK, reset.reset(group, topic, timestamp));
            return;
        }
        expect(method, "GET");
        switch (path) {
            case "/api/overview" -> answerJson(exchange, OK, state.overview());
            case "/api/topics" -> answerJson(exchange, OK, state.topics());
            case "/api/groups" -> answerJson(exchange, OK, state.groups());
            case "/api/series" -> answerJson(exchange, OK, series.json());
            case "/api/message" -> answerJson(exchange, OK, query.given("key")
                ? messages.byKey(query.topic("topic"), query.key("key"))
                : messages.byId(query.key("id"), query.has("topic") ? query.topic("topic") : null));
            default -> answerPage(exchange, path);
        }
    }

    private static void expect(String method, String expected) {
        if (!method.equals(expected)) {
            throw new BadRequest(BadRequest.METHOD_NOT_ALLOWED, "use " + expected + ", not " + method);
        }
    }

    /** Reads a body of at most {@link #MAX_BODY_BYTES} and drops it; a larger one is a 413. */
    private static void drainBody(HttpExchange exchange) throws IOException {
        try (InputStream body = exchange.getRequestBody()) {
            byte[] read = body.readNBytes(MAX_BODY_BYTES + 1);
            if (read.length > MAX_BODY_BYTES) {
                throw new BadRequest(BadRequest.TOO_LARGE, "a request body may hold at most " + MAX_BODY_BYTES + " bytes");
            }
        }
    }

    private static void answerPage(HttpExchange exchange, String path) throws IOException {
        String page = PAGES.get(path);
        if (page == null) {
            throw new BadRequest(BadRequest.NOT_FOUND, "no page " + path);
        }
        byte[] bytes;
        try (InputStream in = ConsoleServer.class.getResourceAsStream("/console/" + page)) {
            if (in == null) {
                throw new IllegalStateException("the console's page " + page + " is missing from the jar");
            }
            bytes = in.readAllBytes();
        }
        exchange.getResponseHeaders().set("Content-Type", contentType(page));
        exchange.getResponseHeaders().set("Cache-Control", "no-cache");
        answer(exchange, OK, bytes);
    }

    private static String contentType(String page) {
        if (page.endsWith(".css")) {
            return "text/css; charset=utf-8";
        }
        return page.endsWith(".js") ? "text/javascript; charset=utf-8" : "text/html; charset=utf-8";
    }

    private static void answerJson(HttpExchange exchange, int status, ObjectNode json) throws IOException {
        if (status == BadRequest.UNAUTHORIZED) {
            exchange.getResponseHeaders().set("WWW-Authenticate", "Basic realm=\"apogee\", charset=\"UTF-8\"");
        }
        exchange.getResponseHeaders().set("Content-Type", "application/json; charset=utf-8");
        exchange.getResponseHeaders().set("Cache-Control", "no-store");
        answer(exchange, status, MAPPER.writeValueAsString(json).getBytes(StandardCharsets.UTF_8));
    }

    private static void answer(HttpExchange exchange, int status, byte[] bytes) throws IOException {
        exchange.getResponseHeaders().set("X-Content-Type-Options", "nosniff");
        exchange.sendResponseHeaders(status, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    /** Stops sampling and serving, and frees the port. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
        sampling.cancel();
        server.stop(0);
        thread.shutdown();
        try {
            if (!thread.awaitTermination(STOP_SECONDS, TimeUnit.SECONDS)) {
                LOG.warn("the console's thread has not stopped within {} s", STOP_SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
