package io.apogee.broker.filter;

import java.util.HashMap;
import java.util.Map;
import org.apache.rocketmq.filter.expression.BooleanExpression;
import org.apache.rocketmq.filter.expression.EvaluationContext;
import org.apache.rocketmq.filter.expression.MQFilterException;
import org.apache.rocketmq.filter.parser.SelectorParser;

/** Apache RocketMQ 5.4.0's own SQL92 filter, the reference: its answer in {@link Condition}'s terms. */
final class RocketMqSelector {
    private RocketMqSelector() {
    }

    /** Whether RocketMQ compiles {@code sql}. */
    static boolean compiles(String sql) {
        try {
            SelectorParser.parse(sql);
            return true;
        } catch (MQFilterException | RuntimeException e) {
            return false;
        }
    }

    /** RocketMQ's value of {@code sql} for {@code properties}, as the broker's ExpressionMessageFilter sees it. */
    static int evaluate(String sql, Map<String, String> properties) throws MQFilterException {
        BooleanExpression expression = SelectorParser.parse(sql);
        EvaluationContext context = new EvaluationContext() {
            @Override
            public Object get(String name) {
                return properties.get(name);
            }

            @Override
            public Map<String, Object> keyValues() {
                return new HashMap<>(properties);
            }
        };
        Object value;
        try {
            value = expression.evaluate(context);
        } catch (Exception | Error e) {
            return Condition.ERROR;
        }
        if (value == null) {
            return Condition.UNKNOWN;
        }
        return Boolean.TRUE.equals(value) ? Condition.TRUE : Condition.FALSE;
    }
}
