package io.apogee.broker.console;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
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
 * The HTTP side of a console (the JDK's server): static pages from the jar's {@code console/} resources, and the JSON
 * endpoints its {@link Api} answers. Every request runs on one thread of its own, which owns the api's readers; the
 * JDK's dispatcher thread only accepts and parses. Requests wait in a queue of {@value #QUEUE_CAPACITY}; beyond it a
 * connection is closed unanswered. A request body over {@value #MAX_BODY_BYTES} bytes is refused (413): actions take
 * their parameters in the query string. It owns the port and the thread: {@link #close()} frees both.
 *
 * <p>Thread-safe: {@link #execute} and {@link #close()} may be called from any thread; close more than once.
 */
final class ConsoleHttp implements AutoCloseable {
    /** Requests waiting for the console's thread. */
    static final int QUEUE_CAPACITY = 64;
    /** The largest request body read. */
    static final int MAX_BODY_BYTES = 1024;
    static final int OK = 200;
    private static final Logger LOG = LoggerFactory.getLogger(ConsoleHttp.class);
    private static final ObjectMapper MAPPER = new ObjectMapper();
    private static final int INTERNAL_ERROR = 500;
    private static final int STOP_SECONDS = 5;

    /** The JSON endpoints of one console. Runs on the console's thread. */
    interface Api {
        /** Answers {@code exchange} for {@code path}; false when the path is not an endpoint (then a page is looked up). */
        boolean answer(HttpExchange exchange, String path) throws IOException;
    }

    private final HttpServer server;
    private final ThreadPoolExecutor thread;
    private final Map<String, String> pages;
    private final Api api;
    private boolean closed;

    private ConsoleHttp(HttpServer server, ThreadPoolExecutor thread, Map<String, String> pages, Api api) {
        this.server = server;
        this.thread = thread;
        this.pages = pages;
        this.api = api;
    }

    /**
     * Serves {@code pages} (request path to resource name under {@code console/}) and {@code api} as {@code settings}
     * say, on a thread named {@code threadName}.
     *
     * @throws IllegalStateException when the port cannot be bound
     */
    static ConsoleHttp start(ConsoleSettings settings, String threadName, Map<String, String> pages, Api api) {
        HttpServer server;
        try {
            server = HttpServer.create(new InetSocketAddress(settings.host(), settings.port()), 0);
        } catch (IOException e) {
            throw new IllegalStateException("consoleListenPort: cannot listen on " + settings.host() + ':'
                + settings.port() + ": " + e.getMessage(), e);
        }
        ThreadPoolExecutor thread = new ThreadPoolExecutor(1, 1, 0, TimeUnit.MILLISECONDS,
            new ArrayBlockingQueue<>(QUEUE_CAPACITY), runnable -> {
                Thread t = new Thread(runnable, threadName);
                t.setDaemon(true);
                return t;
            });
        ConsoleHttp http = new ConsoleHttp(server, thread, pages, api);
        server.setExecutor(thread);
        server.createContext("/", http::handle);
        server.start();
        LOG.info("console served on http://{}:{}/", settings.host(), http.port());
        return http;
    }

    /** The port the console listens on. */
    int port() {
        return server.getAddress().getPort();
    }

    /** Runs {@code task} on the console's thread; false when it is busy or closing (the task is dropped). */
    boolean execute(Runnable task) {
        try {
            thread.execute(task);
            return true;
        } catch (RejectedExecutionException e) {
            return false;
        }
    }

    private void handle(HttpExchange exchange) {
        try (exchange) {
            try {
                drainBody(exchange);
                String path = exchange.getRequestURI().getRawPath();
                if (!api.answer(exchange, path)) {
                    expect(exchange.getRequestMethod(), "GET");
                    answerPage(exchange, path);
                }
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

    /** Refuses a request whose method is not {@code expected} (405). */
    static void expect(String method, String expected) {
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

    private void answerPage(HttpExchange exchange, String path) throws IOException {
        String page = pages.get(path);
        if (page == null) {
            throw new BadRequest(BadRequest.NOT_FOUND, "no page " + path);
        }
        byte[] bytes;
        try (InputStream in = ConsoleHttp.class.getResourceAsStream("/console/" + page)) {
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

    /** Answers {@code json} with {@code status}; a 401 names the Basic realm. */
    static void answerJson(HttpExchange exchange, int status, ObjectNode json) throws IOException {
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

    /** Stops serving, and frees the port and the thread. Idempotent. */
    @Override
    public synchronized void close() {
        if (closed) {
            return;
        }
        closed = true;
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
