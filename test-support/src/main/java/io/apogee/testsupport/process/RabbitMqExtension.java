package io.apogee.testsupport.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Starts one {@link RabbitMqNode} for the whole test run (kept in the root context's store, so every test class that
 * uses this extension shares it), with its Prometheus plugin, and stops it when the run ends. Test classes receive it
 * as a parameter.
 *
 * <p>Without a RabbitMQ server on the machine the test classes are skipped, saying so; with the environment variable
 * {@code APOGEE_REQUIRE_RABBITMQ} set (as {@code .ci/run} sets it after installing the package) they fail instead.
 */
public final class RabbitMqExtension implements BeforeAllCallback, ParameterResolver {
    /** The environment variable that turns a missing RabbitMQ from a skip into a failure. */
    public static final String REQUIRE = "APOGEE_REQUIRE_RABBITMQ";
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(RabbitMqExtension.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        node(context);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == RabbitMqNode.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return node(context);
    }

    private static RabbitMqNode node(ExtensionContext context) {
        if (!RabbitMqNode.installed()) {
            String missing = "no RabbitMQ server at " + RabbitMqNode.serverScript() + " (apt-get install rabbitmq-server)";
            if (System.getenv(REQUIRE) != null) {
                throw new IllegalStateException(missing + ", and " + REQUIRE + " is set");
            }
            Assumptions.abort(missing);
        }
        return context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent("node", key -> new Started(), Started.class).node;
    }

    /** The started node, stopped by JUnit when the root context closes. */
    private static final class Started implements AutoCloseable {
        private final RabbitMqNode node;

        Started() {
            try {
                this.node = RabbitMqNode.startInTemporaryDirectory(true);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            System.out.println("RabbitMQ node " + node.nodeName() + " with its stream port on " + node.streamPort()
                + " started in " + node.startMillis() + " ms");
        }

        @Override
        public void close() {
            node.close();
        }
    }
}
