package io.apogee.broker.console;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The console's query strings: decoded, and every bad parameter refused with a 400 naming it. */
class QueryTest {
    @Test
    void readsDecodedNamesKeysAndNumbers() {
        Query query = Query.parse("topic=Orders&group=readers&key=a%20b%2Bc&timestamp=1700000000000&empty=");
        assertThat(query.topic("topic")).isEqualTo("Orders");
        assertThat(query.group("group")).isEqualTo("readers");
        assertThat(query.key("key")).isEqualTo("a b+c");
        assertThat(query.number("timestamp", 0, Long.MAX_VALUE)).isEqualTo(1_700_000_000_000L);
        assertThat(query.has("empty")).isFalse();
        assertThat(query.has("absent")).isFalse();
        assertThat(Query.parse(null).has("topic")).isFalse();
    }

    @Test
    void refusesBadParametersNamingThem() {
        assertRefused(() -> Query.parse("topic=a%2").topic("topic"), "badly encoded");
        assertRefused(() -> Query.parse("topic=a&topic=b"), "topic given twice");
        assertRefused(() -> Query.parse("x=" + "y".repeat(Query.MAX_QUERY_LENGTH)), "longer than 2048");
        assertRefused(() -> Query.parse("a=1&".repeat(Query.MAX_PARAMETERS + 1)), "more than 16");
        assertRefused(() -> Query.parse("topic=with%20space").topic("topic"), "topic: ");
        assertRefused(() -> Query.parse("topic=" + "t".repeat(128)).topic("topic"), "topic: ");
        assertRefused(() -> Query.parse("group=a%2Fb").group("group"), "group: ");
        assertRefused(() -> Query.parse("").key("key"), "parameter key is required");
        assertRefused(() -> Query.parse("key=" + "k".repeat(Query.MAX_KEY_LENGTH + 1)).key("key"), "longer than 255");
        assertRefused(() -> Query.parse("key=a%0Ab").key("key"), "control character");
        assertRefused(() -> Query.parse("n=12x").number("n", 0, 10), "n must be a whole number: 12x");
        assertRefused(() -> Query.parse("n=11").number("n", 0, 10), "n must be 0..10: 11");
        assertRefused(() -> Query.parse("n=99999999999999999999").number("n", 0, 10), "whole number");
    }

    private static void assertRefused(Runnable call, String message) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(BadRequest.class,
            refused -> assertThat(refused.status()).isEqualTo(BadRequest.BAD_INPUT)).hasMessageContaining(message);
    }
}
