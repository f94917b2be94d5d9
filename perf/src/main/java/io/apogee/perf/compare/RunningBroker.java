package io.apogee.perf.compare;

import io.apogee.perf.process.ChildProcesses;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * A started broker: its name server address and the pid of the broker process itself. {@link #close()} stops its
 * processes (broker first) and deletes its stores, keeping the logs. A master-slave pair is one running broker whose
 * pid is the master's. Not thread-safe: the comparison's thread owns it.
 */
final class RunningBroker implements AutoCloseable {
    private final ChildProcesses children;
    private final List<Process> processes = new ArrayList<>();
    private final List<Path> stores = new ArrayList<>();
    private String nameServer;
    private Process broker;

    RunningBroker(ChildProcesses children, Path store) {
        this.children = children;
        stores.add(store);
    }

    /** Registers one more store to delete on close (a slave's). */
    void addStore(Path store) {
        stores.add(store);
    }

    /** Registers a started process (a name server, then the broker). */
    void add(Process process) {
        processes.add(process);
    }

    /** Names the broker's process and its name server once both are up. */
    void ready(Process brokerProcess, String nameServerAddress) {
        this.broker = brokerProcess;
        this.nameServer = nameServerAddress;
    }

    /** The name server address, "127.0.0.1:port". */
    String nameServer() {
        return nameServer;
    }

    /** The broker process's id. */
    long pid() {
        return broker.pid();
    }

    @Override
    public void close() {
        for (int i = processes.size() - 1; i >= 0; i--) {
            children.stop(processes.get(i));
        }
        processes.clear();
        stores.forEach(RunningBroker::delete);
    }

    private static void delete(Path store) {
        if (Files.isDirectory(store)) {
            try (Stream<Path> files = Files.walk(store)) {
                files.sorted(Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
            } catch (IOException e) {
                // best effort: the store sits in the comparison's directory, which says where
            }
        }
    }
}
