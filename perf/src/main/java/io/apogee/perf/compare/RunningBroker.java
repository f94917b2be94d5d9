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
 * A started broker: its name server address (or its stream port) and the pid of the process doing its work.
 * {@link #close()} stops its processes (broker first) and deletes its stores, keeping the logs. A master-slave pair is
 * one running broker whose pid is the master's, and which knows its slave's pid too. Not thread-safe: the comparison's thread owns it.
 */
final class RunningBroker implements AutoCloseable {
    private final ChildProcesses children;
    private final List<Runnable> stops = new ArrayList<>();
    private final List<Path> stores = new ArrayList<>();
    private String nameServer;
    private long pid;
    private long slavePid;
    private int streamPort;

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
        stops.add(() -> children.stop(process));
    }

    /** Registers a started process that {@code stop} stops (a RabbitMQ node, whose script does not exec its VM). */
    void add(Process process, Runnable stop) {
        stops.add(() -> {
            stop.run();
            children.stop(process);
        });
    }

    /** Names the broker's process and its name server once both are up. */
    void ready(Process brokerProcess, String nameServerAddress) {
        ready(brokerProcess.pid(), nameServerAddress);
    }

    /** Names the process doing the broker's work, and the address clients connect to, once both are up. */
    void ready(long brokerPid, String address) {
        this.pid = brokerPid;
        this.nameServer = address;
    }

    /** The name server address, "127.0.0.1:port". */
    String nameServer() {
        return nameServer;
    }

    /** Names the port of the broker's stream protocol. */
    void streams(int port) {
        this.streamPort = port;
    }

    /** The stream protocol's port on 127.0.0.1, 0 if not named. */
    int streamPort() {
        return streamPort;
    }

    /** The broker process's id (a pair's master's). */
    long pid() {
        return pid;
    }

    /** Names the slave's process of a master-slave pair, so that a run watches it too. */
    void slave(Process slaveProcess) {
        this.slavePid = slaveProcess.pid();
    }

    /** The slave process's id, or 0 when the broker is not a pair. */
    long slavePid() {
        return slavePid;
    }

    @Override
    public void close() {
        for (int i = stops.size() - 1; i >= 0; i--) {
            stops.get(i).run();
        }
        stops.clear();
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
