package io.apogee.broker.server;

import io.apogee.broker.auth.AuthSettings;
import io.apogee.broker.console.NameServerConsole;
import io.apogee.broker.namesrv.KvConfigProcessor;
import io.apogee.broker.namesrv.RegistryProcessor;
import io.apogee.broker.request.ProcessorFamily;
import io.apogee.broker.request.ProcessorSwitch;
import io.apogee.broker.request.RequestRouter;
import io.apogee.common.agent.AgentRunner;
import io.apogee.common.agent.DeadlineIdleStrategy;
import io.apogee.common.agent.SchedulerAgent;
import io.apogee.common.time.Clock;
import io.apogee.controller.server.ControllerServer;
import io.apogee.store.file.NioFileIo;
import io.apogee.transport.RemotingServer;
import io.apogee.transport.RequestDispatcher;
import io.apogee.transport.TransportConfig;
import io.apogee.transport.auth.AuthenticationGate;
import io.apogee.transport.auth.Authenticator;
import io.apogee.transport.auth.Credentials;
import io.apogee.transport.tls.ServerTls;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The name-server role on its own: brokers register, heartbeat and unregister; clients read routes that span every
 * live broker, cluster info, the topic list and the KV config. One processor thread owns the broker tables; a
 * {@link SchedulerAgent} hands it the sweep for silent brokers every {@code scanNotActiveBrokerInterval}. With
 * {@code enableControllerInNamesrv}, it also starts a replica of the failover controller and hands it the
 * controller's request codes that arrive on the same port, as RocketMQ's name server hosts its ControllerManager; it
 * owns that replica and closes it after the port.
 *
 * <p>Thread-safe: {@link #close()} may be called from any thread, more than once.
 */
public final class NameServerContext implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(NameServerContext.class);
    private static final int QUEUE_CAPACITY = 10_000;
    private static final int IO_THREADS = 2;

    private final ProcessorFamily family;
    // parks until the next scan; the bound only caps how long a cancelled task's memory waits
    private static final long MAX_SCHEDULER_PARK_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final AgentRunner scanner;
    private final RemotingServer server;
    /** The hosted controller replica, or null. */
    private final ControllerServer controller;
    /** The console in the browser ({@code consoleEnable}), or null. */
    private final NameServerConsole console;
    private final AtomicBoolean closed = new AtomicBoolean();

    private NameServerContext(NameServerConfig config, Clock clock, ControllerServer controller)
        throws InterruptedException {
        this.controller = controller;
        ProcessorSwitch processors = new ProcessorSwitch();
        this.family = ProcessorFamily.of("namesrv", processors, QUEUE_CAPACITY);
        RegistryProcessor registry = new RegistryProcessor(task -> family.executor().execute(task), clock,
            config.brokerExpiredMillis(), config.maxInflatedBytes());
        processors.add(registry, RegistryProcessor.CODES)
            .add(new KvConfigProcessor(config.kvConfigPath(), new NioFileIo(), config.kvConfigLimits()), KvConfigProcessor.CODES);
        SchedulerAgent scheduler = new SchedulerAgent("apogee-namesrv-scan", clock,
            (role, error) -> LOG.warn("{} failed", role, error));
        scheduler.repeat(() -> {
            try {
                family.executor().execute(registry::expireSilent);
            } catch (RejectedExecutionException e) {
                LOG.debug("queue full or closing: the next sweep drops silent brokers");
            }
        }, config.scanIntervalMillis(), config.scanIntervalMillis());
        this.scanner = new AgentRunner(scheduler, new DeadlineIdleStrategy(scheduler, MAX_SCHEDULER_PARK_NANOS),
            (role, error) -> LOG.warn("{} failed", role, error));
        scanner.start();
        RequestRouter router = new RequestRouter().route(family, processors.codes());
        try {
            ServerTls tls = config.tls().serverTls(config.tlsDirectory());
            TransportConfig transport = config.serverTransport("apogee-namesrv-io", IO_THREADS, tls);
            RequestDispatcher nameServer = dispatcher(config.auth(), router);
            this.server = RemotingServer.start(transport, controller == null ? nameServer
                : withController(controller, nameServer), config.bindAddress(), config.listenPort());
        } catch (InterruptedException | RuntimeException e) {
            scanner.close();
            family.close();
            throw e;
        }
        if (controller != null) {
            controller.hostedOn(server.port());
        }
        this.console = startConsole(config, registry);
        LOG.info("name server listening on {} ({}); brokers expire after {} ms of silence{}", server.address(),
            server.isNativeTransport() ? "epoll" : "nio", config.brokerExpiredMillis(),
            controller == null ? "" : "; controller replica " + config.controller().selfId() + " on the same port");
    }

    /** The console of {@code registry}'s tables when the config turns it on; on failure the listener closes too. */
    private NameServerConsole startConsole(NameServerConfig config, RegistryProcessor registry) {
        if (config.console() == null) {
            return null;
        }
        try {
            return NameServerConsole.start(config.console(), config.bindAddress() + ":" + server.port(), registry::view);
        } catch (RuntimeException e) {
            server.close();
            scanner.close();
            family.close();
            throw e;
        }
    }

    /** The controller's codes to the controller, the rest to the name server. */
    private static RequestDispatcher withController(ControllerServer controller, RequestDispatcher nameServer) {
        RequestDispatcher controllerCodes = controller.dispatcher();
        return (peer, request) -> {
            if (ControllerServer.serves(request.header().code())) {
                controllerCodes.onRequest(peer, request);
            } else {
                nameServer.onRequest(peer, request);
            }
        };
    }

    /**
     * The router, or with authentication on a gate in front of it that checks registrations against the users the
     * settings name: a name server keeps no user table of its own.
     */
    private static RequestDispatcher dispatcher(AuthSettings auth, RequestRouter router) {
        if (!auth.enabled()) {
            return router;
        }
        Credentials[] users = {auth.initUser(), auth.innerClient()};
        LOG.info("authentication on: registrations must be signed by one of {}", Authenticator.accessKeys(users));
        return AuthenticationGate.only(AuthenticationGate.REGISTRATIONS, Authenticator.of(users), router);
    }

    /**
     * Binds the listener and starts the sweep, and the controller replica when the config names one.
     *
     * @throws InterruptedException  if interrupted while binding
     * @throws UncheckedIOException  if the controller replica cannot start on its directory or Raft port
     */
    public static NameServerContext start(NameServerConfig config, Clock clock) throws InterruptedException {
        if (config.controller() == null) {
            return new NameServerContext(config, clock, null);
        }
        ControllerServer controller;
        try {
            controller = ControllerServer.hosted(config.controller(), clock);
        } catch (IOException e) {
            throw new UncheckedIOException("the controller replica did not start", e);
        }
        try {
            return new NameServerContext(config, clock, controller);
        } catch (InterruptedException | RuntimeException e) {
            closeController(controller);
            throw e;
        }
    }

    private static void closeController(ControllerServer controller) {
        try {
            controller.close();
        } catch (IOException e) {
            LOG.warn("closing the controller replica failed", e);
        }
    }

    /** The hosted controller replica ({@code enableControllerInNamesrv}), or null. */
    public ControllerServer controller() {
        return controller;
    }

    /** The address and port listened on, as bound. */
    public InetSocketAddress address() {
        return server.address();
    }

    /** The console's port, or -1 when it is off. */
    public int consolePort() {
        return console == null ? -1 : console.port();
    }

    /** The port it listens on. */
    public int port() {
        return server.port();
    }

    /** Stops listening, the sweep and the processor thread. Idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        if (console != null) {
            console.close();
        }
        server.close();
        scanner.close();
        family.close();
        if (controller != null) {
            closeController(controller);
        }
        LOG.info("name server stopped");
    }
}
