package io.apogee.testsupport.process;

import java.io.IOException;
import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryMXBean;
import java.util.List;
import javax.management.MBeanServerConnection;
import javax.management.remote.JMXConnector;
import javax.management.remote.JMXConnectorFactory;
import javax.management.remote.JMXServiceURL;

/**
 * What a child JVM retains, read through the JDK's own JMX agent on a loopback port: heap in use and direct
 * memory in use, each after a full GC the probe asks for. The child needs only the flags of {@link #jvmFlags}, so
 * the broker's code and its admin requests stay as they are. Not thread-safe: one test thread reads it.
 */
public final class MemoryProbe implements AutoCloseable {
    private static final String DIRECT_POOL = "java.nio:type=BufferPool,name=direct";
    private final JMXConnector connector;
    private final MemoryMXBean memory;
    private final BufferPoolMXBean direct;

    private MemoryProbe(JMXConnector connector, MBeanServerConnection server) throws IOException {
        this.connector = connector;
        this.memory = ManagementFactory.newPlatformMXBeanProxy(server, ManagementFactory.MEMORY_MXBEAN_NAME, MemoryMXBean.class);
        this.direct = ManagementFactory.newPlatformMXBeanProxy(server, DIRECT_POOL, BufferPoolMXBean.class);
    }

    /**
     * The flags that start a JMX agent on {@code port} of the loopback interface, without authentication (nothing
     * but this machine can reach it), and cap the child's direct memory at {@code maxDirectBytes}.
     */
    public static List<String> jvmFlags(int port, long maxDirectBytes) {
        return List.of("-XX:MaxDirectMemorySize=" + maxDirectBytes,
            "-Dcom.sun.management.jmxremote.port=" + port,
            "-Dcom.sun.management.jmxremote.rmi.port=" + port,
            "-Dcom.sun.management.jmxremote.host=127.0.0.1",
            "-Djava.rmi.server.hostname=127.0.0.1",
            "-Dcom.sun.management.jmxremote.authenticate=false",
            "-Dcom.sun.management.jmxremote.ssl=false");
    }

    /** Connects to the agent a child started with {@link #jvmFlags} on {@code port}. */
    public static MemoryProbe connect(int port) throws IOException {
        JMXServiceURL url = new JMXServiceURL("service:jmx:rmi:///jndi/rmi://127.0.0.1:" + port + "/jmxrmi");
        JMXConnector connector = JMXConnectorFactory.connect(url);
        try {
            return new MemoryProbe(connector, connector.getMBeanServerConnection());
        } catch (IOException | RuntimeException e) {
            connector.close();
            throw e;
        }
    }

    /** Runs a full GC in the child, then reads what it still holds. */
    public Retained retainedAfterGc() {
        memory.gc();
        return new Retained(memory.getHeapMemoryUsage().getUsed(), direct.getMemoryUsed());
    }

    @Override
    public void close() throws IOException {
        connector.close();
    }

    /**
     * Bytes a JVM holds after a full GC.
     *
     * @param heapBytes   heap in use
     * @param directBytes direct buffers in use (what -XX:MaxDirectMemorySize caps)
     */
    public record Retained(long heapBytes, long directBytes) {
        /** Whether neither figure is more than {@code slackBytes} above {@code baseline}'s. */
        public boolean within(Retained baseline, long slackBytes) {
            return heapBytes <= baseline.heapBytes + slackBytes && directBytes <= baseline.directBytes + slackBytes;
        }

        @Override
        public String toString() {
            return "heap " + (heapBytes >> 20) + " MiB, direct " + (directBytes >> 20) + " MiB";
        }
    }
}
