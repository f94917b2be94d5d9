package io.apogee.streams.server;

import java.nio.file.Path;
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
