package io.apogee.testsupport.process;

import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;

/**
 * Starts one {@link RocketMqCluster} for the whole test run (kept in the root context's store, so every test class
 * that uses this extension shares it) and stops it when the run ends. Test classes receive it as a parameter.
 */
public final class RocketMqExtension implements BeforeAllCallback, ParameterResolver {
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(RocketMqExtension.class);

    @Override
    public void beforeAll(ExtensionContext context) {
        cluster(context);
    }

    @Override
    public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
        return parameter.getParameter().getType() == RocketMqCluster.class;
    }

    @Override
    public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
        return cluster(context);
    }

    private static RocketMqCluster cluster(ExtensionContext context) {
        return context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent("cluster", key -> new Started(), Started.class).cluster;
    }

    /** The started cluster, closed by JUnit when the root context closes. */
    private static final class Started implements AutoCloseable {
        private final RocketMqCluster cluster;

        Started() {
            try {
                this.cluster = RocketMqCluster.start();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            System.out.println("RocketMQ 5.4.0 name server " + cluster.nameServer() + " and broker " + cluster.broker()
                + " started in " + cluster.startMillis() + " ms");
        }

        @Override
        public void close() {
            cluster.close();
        }
    }
}
