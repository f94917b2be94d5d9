package io.apogee.streams.server;

import com.rabbitmq.stream.Environment;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/** Apogee's stream server in the test's directory, started for one test and stopped after it. */
final class ApogeeStreamTarget implements StreamTarget {
    private final StreamFixture fixture;

    private ApogeeStreamTarget(StreamFixture fixture) {
        this.fixture = fixture;
    }

    static ApogeeStreamTarget start(Path dir) throws InterruptedException {
        return new ApogeeStreamTarget(StreamFixture.start(dir));
    }

    @Override
    public int port() {
        return fixture.port();
    }

    @Override
    public String stream(String name) {
        return name;
    }

    @Override
    public boolean supports(StreamFeature feature) {
        return true;
    }

    @Override
    public String whyNot(StreamFeature feature) {
        return "";
    }

    @Override
    public void createSuperStream(Environment environment, String name, List<String> bindingKeys) {
        environment.streamCreator().name(name).superStream().bindingKeys(bindingKeys.toArray(String[]::new)).creator().create();
    }

    @Override
    public Optional<StreamFixture> apogee() {
        return Optional.of(fixture);
    }

    @Override
    public void close() {
        fixture.close();
    }

    @Override
    public String toString() {
        return "Apogee on port " + port();
    }
}
