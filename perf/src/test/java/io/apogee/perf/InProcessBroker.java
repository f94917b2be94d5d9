package io.apogee.perf;

import io.apogee.broker.server.BrokerConfig;
import io.apogee.broker.server.BrokerContext;
import io.apogee.common.time.SystemClock;

import java.nio.file.Path;
import java.util.Properties;

/** An Apogee broker and name server in this JVM, on free ports, with small files: for perf runs in tests. */
final class InProcessBroker {
    private InProcessBroker() {
    }

    /** Starts one storing in {@code dir}; its port serves name server requests too. */
    static BrokerContext start(Path dir) throws InterruptedException {
        Properties settings = new Properties();
        settings.setProperty("listenPort", "0");
        settings.setProperty("namesrvListenPort", "0");
        settings.setProperty("mappedFileSizeCommitLog", Integer.toString(16 << 20));
        settings.setProperty("maxHashSlotNum", "1024");
        settings.setProperty("maxIndexNum", "4096");
        return BrokerContext.start(BrokerConfig.of(settings, dir), SystemClock.INSTANCE);
    }

    /** The name server address of {@code broker}, for {@code --namesrv}. */
    static String nameServer(BrokerContext broker) {
        return "127.0.0.1:" + broker.brokerPort();
    }
}
