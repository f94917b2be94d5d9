package io.apogee.broker.filter;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.group.Subscription;
import io.apogee.store.read.TagFilter;
import io.apogee.wire.code.ResponseCode;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/**
 * Hostile SQL92 subscriptions: deep nesting, long chains and huge expressions are refused with RocketMQ's codes and a
 * remark naming the limit's setting, and what compiles evaluates in bounded stack depth.
 */
class SqlLimitsTest {
    private final SubscriptionFilters filters = new SubscriptionFilters(true);

    private FilterRefusal refusedAtPull(String expression) {
        TagFilter filter = filters.fromPull("T", expression, SubscriptionFilters.SQL92);
        assertThat(filter).isInstanceOf(FilterRefusal.class);
        return (FilterRefusal) filter;
    }

    @Test
    void deepParenthesesAreRefusedNamingTheDepthSetting() {
        String expression = "(".repeat(2_000) + "a > 1" + ")".repeat(2_000);
        FilterRefusal refusal = refusedAtPull(expression);
        assertThat(refusal.code()).isEqualTo(ResponseCode.SUBSCRIPTION_PARSE_FAILED);
        assertThat(refusal.remark()).contains("filterExpressionMaxDepth (100)");
        Subscription fromHeartbeat = filters.fromHeartbeat(null, "T", expression, SubscriptionFilters.SQL92, List.of());
        assertThat(fromHeartbeat.filter()).isInstanceOfSatisfying(FilterRefusal.class,
            heartbeat -> assertThat(heartbeat.code()).isEqualTo(ResponseCode.FILTER_DATA_NOT_EXIST));
    }

    @Test
    void longNotChainsAndSignChainsAreRefusedNamingTheDepthSetting() {
        assertThat(refusedAtPull("NOT ".repeat(3_000) + "a > 1").remark()).contains("filterExpressionMaxDepth");
        assertThat(refusedAtPull("a > " + "- ".repeat(3_000) + "1").remark()).contains("filterExpressionMaxDepth");
    }

    @Test
    void chainsOfConditionsUsedAsValuesAreRefusedNamingTheDepthSetting() {
        assertThat(refusedAtPull("a = 1" + " = TRUE".repeat(1_000)).remark()).contains("filterExpressionMaxDepth");
        assertThat(refusedAtPull("a IS NULL" + " IS NULL".repeat(1_000)).remark()).contains("filterExpressionMaxDepth");
    }

    @Test
    void anExpressionPastTheLengthLimitIsRefusedWithoutEchoingIt() {
        String expression = "a = 1" + " OR a = 1".repeat(20_000);
        FilterRefusal refusal = refusedAtPull(expression);
        assertThat(refusal.code()).isEqualTo(ResponseCode.SUBSCRIPTION_PARSE_FAILED);
        assertThat(refusal.remark()).contains("filterExpressionMaxLength (16384)").hasSizeLessThan(600);
    }

    @Test
    void errorMessagesStayShortWhateverTheOperandsSize() {
        String chain = "a = 1" + " OR a = 1".repeat(1_500);
        FilterRefusal refusal = refusedAtPull("(" + chain + ") > 5");
        assertThat(refusal.remark()).contains("cannot be compared").hasSizeLessThan(600);
    }

    /** A long flat AND/OR chain is one level deep: it evaluates on a small stack where a nested one would overflow. */
    @Test
    void longFlatChainsCompileAndEvaluateOnASmallStack() throws Exception {
        SqlFilter filter = SqlCompiler.compile("b = 1" + " OR a = 1 AND b = 2".repeat(5_000) + " OR a = 2",
            new SqlLimits(1 << 20, 100));
        AtomicReference<Object> outcome = new AtomicReference<>();
        Thread small = new Thread(null, () -> {
            try {
                outcome.set(filter.evaluate(Properties.reader(Map.of("a", "2", "b", "3"))));
            } catch (Throwable e) {
                outcome.set(e);
            }
        }, "small-stack", 128 * 1024);
        small.start();
        small.join();
        assertThat(outcome.get()).isEqualTo(Condition.TRUE);
    }
}
