package io.apogee.broker.filter;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.group.Subscription;
import io.apogee.store.read.TagFilter;
import io.apogee.store.read.TagHashSet;
import io.apogee.wire.code.ResponseCode;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Which filter each kind of subscription gets, and how bad ones and disabled property filters are refused. */
class SubscriptionFiltersTest {
    private final SubscriptionFilters enabled = new SubscriptionFilters(true);
    private final SubscriptionFilters disabled = new SubscriptionFilters(false);

    @Test
    void tagSubscriptionsFilterByTagCodesWhateverTheSetting() {
        for (SubscriptionFilters filters : List.of(enabled, disabled)) {
            assertThat(filters.fromHeartbeat(null, "T", "TagA", null, List.of("TagA".hashCode())).filter())
                .isInstanceOf(TagHashSet.class);
            assertThat(filters.fromHeartbeat(null, "T", "*", "TAG", List.of()).filter()).isSameAs(TagFilter.ANY);
            assertThat(filters.fromPull("T", "TagA || TagB", "").matches("TagB".hashCode())).isTrue();
            assertThat(filters.check("TagA", "TAG")).isNull();
        }
    }

    @Test
    void aHeartbeatsExpressionIsCompiledOnceAndAgainOnlyWhenItChanges() {
        Subscription first = enabled.fromHeartbeat(null, "T", "a > 5", "SQL92", List.of());
        assertThat(first.filter()).isInstanceOf(SqlFilter.class);
        assertThat(enabled.fromHeartbeat(first, "T", "a > 5", "SQL92", List.of())).isSameAs(first);
        Subscription changed = enabled.fromHeartbeat(first, "T", "a > 6", "SQL92", List.of());
        assertThat(changed).isNotSameAs(first);
        assertThat(((SqlFilter) changed.filter()).expression()).isEqualTo("a > 6");
    }

    @Test
    void badExpressionsAreRefusedWithRocketMqsCodeForEachPath() {
        assertThat(enabled.fromHeartbeat(null, "T", "a >", "SQL92", List.of()).filter())
            .isEqualTo(new FilterRefusal(ResponseCode.FILTER_DATA_NOT_EXIST, "The broker's consumer filter data is not "
                + "exist!Your expression may be wrong! Invalid MessageSelector \"a >\": expected a value, a property or "
                + "'(' but found the end of the expression at position 4"));
        assertThat(enabled.fromPull("T", "a >", "SQL92")).isInstanceOfSatisfying(FilterRefusal.class,
            refusal -> assertThat(refusal.code()).isEqualTo(ResponseCode.SUBSCRIPTION_PARSE_FAILED));
        assertThat(enabled.check("a >", "SQL92").code()).isEqualTo(ResponseCode.SUBSCRIPTION_PARSE_FAILED);
        assertThat(enabled.check("a > 5", "SQL92")).isNull();
        assertThat(enabled.check("a > 5", "sql92").remark()).isEqualTo("unsupported expression type sql92 (TAG or SQL92)");
    }

    @Test
    void sqlSubscriptionsAreRefusedWhilePropertyFiltersAreOff() {
        FilterRefusal off = new FilterRefusal(ResponseCode.SYSTEM_ERROR,
            "The broker does not support consumer to filter message by SQL92");
        assertThat(disabled.fromHeartbeat(null, "T", "a > 5", "SQL92", List.of()).filter()).isEqualTo(off);
        assertThat(disabled.fromPull("T", "a > 5", "SQL92")).isEqualTo(off);
        assertThat(disabled.check("a > 5", "SQL92")).isEqualTo(off);
        assertThat(off.matches(0)).isFalse();
    }
}
