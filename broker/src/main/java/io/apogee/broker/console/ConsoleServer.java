package io.apogee.broker.console;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpExchange;
import io.apogee.common.agent.ScheduledTask;
import io.apogee.common.agent.Scheduler;
import java.io.IOException;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The broker's console: its pages and the JSON endpoints under {@code /api/}, served by a {@link ConsoleHttp} whose
 * one thread runs every request and every sample of the {@link Series}, and owns the readers. It owns the HTTP server:
 * {@link #close()} frees the port.
 *
 * <p>Thread-safe: {@link #close()} may be called from any thread, more than once.
 */
public final class ConsoleServer implements AutoCloseable {
    /** The header the actions require: a page of another site cannot send it without the console's consent. */
    static final String ACTION_HEADER = "X-Apogee-Console";
    private static final Logger LOG = LoggerFactory.getLogger(ConsoleServer.class);
    private static final long MAX_TIMESTAMP = 253_402_300_799_999L; // 9999-12-31T23:59:59.999Z
    private static final Map<String, String> PAGES = Map.of("/", "index.html", "/index.html", "index.html",
        "/topics.html", "topics.html", "/groups.html", "groups.html", "/message.html", "message.html",
        "/console.css", "console.css", "/console.js", "console.js");

    private final StateViews state;
    private final Series series;
    private final MessageViews messages;
    private final OffsetReset reset;
    private final ConsoleLogin login;
    private ConsoleHttp http;
    private ScheduledTask sampling;

    private ConsoleServer(ConsoleSources sources) {
        this.series = new Series(sources);
        this.state = new StateViews(sources, series);
        this.messages = new MessageViews(sources.store().newLookup());
        this.reset = new OffsetReset(sources);
        this.login = new ConsoleLogin(sources);
    }

    /**
     * Serves the console of {@code sources} as {@code settings} say; {@code scheduler} times the charts' samples.
     *
     * @throws IllegalStateException when the port cannot be bound
     */
    public static ConsoleServer start(ConsoleSettings settings, ConsoleSources sources, Scheduler scheduler) {
        ConsoleServer console = new ConsoleServer(sources);
        console.http = ConsoleHttp.start(settings, "apogee-console", PAGES, console::answer);
        // the scheduler only hands the sample over: it runs on the console's thread, which owns the series
        console.sampling = scheduler.repeat(console::requestSample, Series.INTERVAL_MILLIS, Series.INTERVAL_MILLIS);
        return console;
    }

    /** The port the console listens on. */
    public int port() {
        return http.port();
    }

    private void requestSample() {
        if (!http.execute(series::sample)) {
            LOG.debug("console busy or closing: this sample is skipped");
        }
    }

    private boolean answer(HttpExchange exchange, String path) throws IOException {
        Query query = Query.parse(exchange.getRequestURI().getRawQuery());
        String method = exchange.getRequestMethod();
        if (path.equals("/api/reset-offset")) {
            ConsoleHttp.expect(method, "POST");
            if (exchange.getRequestHeaders().getFirst(ACTION_HEADER) == null) {
                throw BadRequest.input("the reset action needs the header " + ACTION_HEADER);
            }
            String group = query.group("group");
            String topic = query.topic("topic");
            long timestamp = query.number("timestamp", 0, MAX_TIMESTAMP);
            login.checkMayReset(exchange.getRequestHeaders().getFirst("Authorization"), group,
                exchange.getRemoteAddress().getAddress().getHostAddress());
            ConsoleHttp.answerJson(exchange, ConsoleHttp.OK, reset.reset(group, topic, timestamp));
            return true;
        }
        if (!path.startsWith("/api/")) {
            return false;
        }
        ConsoleHttp.expect(method, "GET");
        ObjectNode json = switch (path) {
            case "/api/overview" -> state.overview();
            case "/api/topics" -> state.topics();
            case "/api/groups" -> state.groups();
            case "/api/series" -> series.json();
            case "/api/message" -> query.given("key") ? messages.byKey(query.topic("topic"), query.key("key"))
                : messages.byId(query.key("id"), query.has("topic") ? query.topic("topic") : null);
            default -> throw new BadRequest(BadRequest.NOT_FOUND, "no endpoint " + path);
        };
        ConsoleHttp.answerJson(exchange, ConsoleHttp.OK, json);
        return true;
    }

    /** Stops sampling and serving, and frees the port. Idempotent. */
    @Override
    public void close() {
        sampling.cancel();
        http.close();
    }
}
