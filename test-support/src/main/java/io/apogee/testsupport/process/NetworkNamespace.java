package io.apogee.testsupport.process;

import java.io.IOException;
import java.net.InetAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;

/**
 * A Linux network namespace made for one test, joined to this one by a veth pair, so that a child process started in
 * it ({@link #launcher()}) can be cut off from the rest by the network, as a real partition does: {@link #cut()} takes
 * the link down (packets are dropped, connections stay open and silent), {@link #heal()} brings it back. The
 * namespace and its link go with {@link #close()}. Needs {@code ip} and the right to make namespaces (root);
 * {@link #create()} says why not otherwise. Not thread-safe: one test thread drives it.
 */
public final class NetworkNamespace implements AutoCloseable {
    private static final long COMMAND_TIMEOUT_SECONDS = 10;

    private final String name;
    private final String hostLink;
    private final InetAddress hostAddress;
    private final InetAddress innerAddress;

    private NetworkNamespace(String name, String hostLink, InetAddress hostAddress, InetAddress innerAddress) {
        this.name = name;
        this.hostLink = hostLink;
        this.hostAddress = hostAddress;
        this.innerAddress = innerAddress;
    }

    /**
     * Makes a namespace with a /30 link to this one (a random 10.213.x.y pair), or throws {@link IOException} naming the
     * command that failed, for a test to skip on: a machine without {@code ip} or the right to use it.
     */
    public static NetworkNamespace create() throws IOException, InterruptedException {
        int subnet = ThreadLocalRandom.current().nextInt(1 << 14) * 4;
        String suffix = Integer.toHexString(subnet);
        String name = "apogee-" + suffix;
        String hostLink = "apg" + suffix + "h";
        String innerLink = "apg" + suffix + "i";
        String host = "10.213." + (subnet >> 8) + "." + ((subnet & 0xff) + 1);
        String inner = "10.213." + (subnet >> 8) + "." + ((subnet & 0xff) + 2);
        run("ip", "netns", "add", name);
        NetworkNamespace namespace = new NetworkNamespace(name, hostLink, InetAddress.getByName(host),
            InetAddress.getByName(inner));
        try {
            run("ip", "link", "add", hostLink, "type", "veth", "peer", "name", innerLink);
            run("ip", "link", "set", innerLink, "netns", name);
            run("ip", "addr", "add", host + "/30", "dev", hostLink);
            run("ip", "link", "set", hostLink, "up");
            run("ip", "netns", "exec", name, "ip", "addr", "add", inner + "/30", "dev", innerLink);
            run("ip", "netns", "exec", name, "ip", "link", "set", innerLink, "up");
            run("ip", "netns", "exec", name, "ip", "link", "set", "lo", "up");
        } catch (IOException | InterruptedException e) {
            namespace.close();
            throw e;
        }
        return namespace;
    }

    /** The command prefix that runs a program inside the namespace. */
    public List<String> launcher() {
        return List.of("ip", "netns", "exec", name);
    }

    /** This side's address on the link: how a process inside reaches servers here (which must listen on it). */
    public InetAddress hostAddress() {
        return hostAddress;
    }

    /** The namespace's address on the link: how this side reaches a server inside. */
    public InetAddress innerAddress() {
        return innerAddress;
    }

    /** Takes the link down: from now on no packet passes either way. */
    public void cut() throws IOException, InterruptedException {
        run("ip", "link", "set", hostLink, "down");
    }

    /** Brings the link up again after {@link #cut()}. */
    public void heal() throws IOException, InterruptedException {
        run("ip", "link", "set", hostLink, "up");
    }

    /** Deletes the namespace, which takes its end of the link and so the whole pair. Never throws. */
    @Override
    public void close() {
        try {
            run("ip", "netns", "delete", name);
        } catch (IOException e) {
            // already gone, or never made: nothing is left to delete
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void run(String... command) throws IOException, InterruptedException {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        if (!process.waitFor(COMMAND_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IOException(String.join(" ", command) + " did not finish");
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        if (process.exitValue() != 0) {
            throw new IOException(String.join(" ", command) + " failed (" + process.exitValue() + "): " + output);
        }
    }

    @Override
    public String toString() {
        return name + " " + hostAddress.getHostAddress() + " <-> " + innerAddress.getHostAddress();
    }
}
