package io.apogee.broker;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One scrape of a Prometheus endpoint over HTTP, parsed from the text exposition format: each sample's name, labels
 * and value. The lookups sum the samples of a name whose labels include the ones asked for.
 */
final class PrometheusScrape {
    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(\\{(.*)})?\\s+(\\S+)");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    private final String text;
    private final List<Sample> samples;

    private PrometheusScrape(String text, List<Sample> samples) {
        this.text = text;
        this.samples = samples;
    }

    /** Scrapes {@code http://host:port/metrics}; fails on any status but 200. */
    static PrometheusScrape of(String host, int port) throws IOException, InterruptedException {
        try (HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build()) {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(URI.create("http://" + host + ':' + port
                + "/metrics")).timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IOException("scrape answered " + response.statusCode() + ": " + response.body());
            }
            return parse(response.body());
        }
    }

    /** The samples of {@code text}, Prometheus's text format. */
    static PrometheusScrape parse(String text) {
        List<Sample> samples = new ArrayList<>();
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            Matcher sample = SAMPLE.matcher(line);
            if (!sample.find()) {
                throw new IllegalArgumentException("not a sample: " + line);
            }
            Map<String, String> labels = new LinkedHashMap<>();
            if (sample.group(3) != null) {
                Matcher label = LABEL.matcher(sample.group(3));
                while (label.find()) {
                    labels.put(label.group(1), label.group(2));
                }
            }
            samples.add(new Sample(sample.group(1), labels, Double.parseDouble(sample.group(4))));
        }
        return new PrometheusScrape(text, samples);
    }

    /** The sum of the samples named {@code name} whose labels include {@code labels} (name, value, name, value...). */
    double sum(String name, String... labels) {
        double total = 0;
        for (Sample sample : matching(name, labels)) {
            total += sample.value();
        }
        return total;
    }

    /** The samples named {@code name} whose labels include {@code labels} (name, value, name, value...). */
    List<Sample> matching(String name, String... labels) {
        List<Sample> found = new ArrayList<>();
        for (Sample sample : samples) {
            if (sample.name().equals(name) && sample.has(labels)) {
                found.add(sample);
            }
        }
        return found;
    }

    /** The names of the samples, in order, with repeats. */
    List<String> names() {
        return samples.stream().map(Sample::name).toList();
    }

    /** Whether any sample is named {@code name}. */
    boolean has(String name) {
        return !matching(name).isEmpty();
    }

    @Override
    public String toString() {
        return text;
    }

    /** One sample: a name, its labels and its value. */
    record Sample(String name, Map<String, String> labels, double value) {
        boolean has(String... pairs) {
            for (int i = 0; i < pairs.length; i += 2) {
                if (!pairs[i + 1].equals(labels.get(pairs[i]))) {
                    return false;
                }
            }
            return true;
        }
    }
}
