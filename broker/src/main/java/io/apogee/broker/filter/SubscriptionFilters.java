package io.apogee.broker.filter;

import io.apogee.broker.group.Subscription;
import io.apogee.store.read.TagFilter;
import io.apogee.wire.code.ResponseCode;
import java.util.Collection;

/**
 * Which filter a subscription gets, as a RocketMQ broker decides it: TAG (or no type) filters by tag codes; SQL92
 * compiles the expression once, when {@code enablePropertyFilter} is on. What RocketMQ answers otherwise:
 * <ul>
 *   <li>SQL92 with property filters off: SYSTEM_ERROR "The broker does not support consumer to filter message by
 *       SQL92", at CHECK_CLIENT_CONFIG (so the consumer's start fails) and at every pull;</li>
 *   <li>a bad expression at CHECK_CLIENT_CONFIG: SUBSCRIPTION_PARSE_FAILED with the compile error;</li>
 *   <li>a bad expression from a heartbeat: the heartbeat succeeds, pulls get FILTER_DATA_NOT_EXIST;</li>
 *   <li>a bad expression in a pull's own subscription: SUBSCRIPTION_PARSE_FAILED.</li>
 * </ul>
 * Any other expression type is refused as an unknown filter type would be, and an expression past the broker's
 * {@link SqlLimits} as a bad one is (the remark names the setting).
 *
 * <p>Immutable; safe for any thread.
 */
public final class SubscriptionFilters {
    /** RocketMQ's tag expression type. */
    public static final String TAG = "TAG";
    /** RocketMQ's SQL92 expression type. */
    public static final String SQL92 = "SQL92";

    /** The most characters of a refused expression a remark quotes. */
    private static final int QUOTED_CHARS = 200;

    private final boolean propertyFilterEnabled;
    private final SqlLimits limits;

    /** Filters for a broker whose {@code enablePropertyFilter} is {@code propertyFilterEnabled}, within the default limits. */
    public SubscriptionFilters(boolean propertyFilterEnabled) {
        this(propertyFilterEnabled, SqlLimits.DEFAULT);
    }

    /** Filters for a broker whose {@code enablePropertyFilter} is {@code propertyFilterEnabled}, within {@code limits}. */
    public SubscriptionFilters(boolean propertyFilterEnabled, SqlLimits limits) {
        this.propertyFilterEnabled = propertyFilterEnabled;
        this.limits = limits;
    }

    /** Whether {@code type} is RocketMQ's TAG type (null and empty are too). */
    public static boolean isTag(String type) {
        return type == null || type.isEmpty() || TAG.equals(type);
    }

    /**
     * A subscription from a heartbeat's subscription data; {@code previous} (the group's current subscription to the
     * topic, or null) is kept when it has the same SQL92 expression, so an expression is compiled once, not at every
     * heartbeat.
     */
    public Subscription fromHeartbeat(Subscription previous, String topic, String expression, String type,
        Collection<Integer> codes) {
        if (isTag(type)) {
            return Subscription.of(topic, expression, codes);
        }
        if (previous != null && previous.filter() instanceof SqlFilter && SQL92.equals(type)
            && previous.expression().equals(expression)) {
            return previous;
        }
        return new Subscription(topic, expression, compile(expression, type, ResponseCode.FILTER_DATA_NOT_EXIST,
            "The broker's consumer filter data is not exist!Your expression may be wrong! "));
    }

    /** The filter of a pull that carries its own subscription. */
    public TagFilter fromPull(String topic, String expression, String type) {
        if (isTag(type)) {
            return Subscription.parse(topic, expression).filter();
        }
        return compile(expression, type, ResponseCode.SUBSCRIPTION_PARSE_FAILED, "parse the consumer's subscription failed: ");
    }

    /** CHECK_CLIENT_CONFIG's answer for a subscription: null when it is fine, otherwise the refusal. */
    public FilterRefusal check(String expression, String type) {
        if (isTag(type)) {
            return null;
        }
        TagFilter filter = compile(expression, type, ResponseCode.SUBSCRIPTION_PARSE_FAILED, "");
        return filter instanceof FilterRefusal refusal ? refusal : null;
    }

    private TagFilter compile(String expression, String type, int badCode, String badPrefix) {
        if (!propertyFilterEnabled) {
            return new FilterRefusal(ResponseCode.SYSTEM_ERROR,
                "The broker does not support consumer to filter message by " + type);
        }
        if (!SQL92.equals(type)) {
            return new FilterRefusal(badCode, badPrefix + "unsupported expression type " + type + " (TAG or SQL92)");
        }
        try {
            return SqlCompiler.compile(expression, limits);
        } catch (SqlParseException e) {
            String quoted = expression.length() <= QUOTED_CHARS ? expression : expression.substring(0, QUOTED_CHARS) + "...";
            return new FilterRefusal(badCode, badPrefix + "Invalid MessageSelector \"" + quoted + "\": " + e.getMessage());
        }
    }
}
