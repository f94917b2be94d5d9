package io.apogee.broker;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;

/** Plain HTTP calls to a broker's console on the loopback address, answers read as JSON where they are JSON. */
final class ConsoleHttp {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Duration TIMEOUT = Duration.ofSeconds(10);

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(TIMEOUT).build();
    private final String base;

    ConsoleHttp(int port) {
        this.base = "http://127.0.0.1:" + port;
    }

    /** The console's base address, "http://127.0.0.1:port". */
    String base() {
        return base;
    }

    /** A GET of {@code pathAndQuery} (already encoded). */
    Answer get(String pathAndQuery) throws IOException, InterruptedException {
        return send(HttpRequest.newBuilder(URI.create(base + pathAndQuery)).timeout(TIMEOUT).GET().build());
    }

    /** A reset action as the console's page sends it, logged in as {@code user:password} (null: no login). */
    Answer reset(String query, String login) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + "/api/reset-offset?" + query))
            .timeout(TIMEOUT).header("X-Apogee-Console", "1").POST(HttpRequest.BodyPublishers.noBody());
        if (login != null) {
            request.header("Authorization", "Basic "
                + Base64.getEncoder().encodeToString(login.getBytes(StandardCharsets.UTF_8)));
        }
        return send(request.build());
    }

    /** Any request. */
    Answer send(HttpRequest request) throws IOException, InterruptedException {
        HttpResponse<String> response = client.send(request, HttpResponse.BodyHandlers.ofString());
        return new Answer(response.statusCode(), response.body(), response.headers().firstValue("Content-Type").orElse(""),
            response.headers().firstValue("WWW-Authenticate").orElse(null));
    }

    /**
     * One answer.
     *
     * @param status      the HTTP status
     * @param body        the body as text
     * @param contentType the Content-Type header
     * @param challenge   the WWW-Authenticate header, or null
     */
    record Answer(int status, String body, String contentType, String challenge) {
        /** The body as JSON. */
        JsonNode json() throws IOException {
            return JSON.readTree(body);
        }

        /** The error message of a refusal. */
        String error() throws IOException {
            return json().path("error").asText();
        }
    }
}
