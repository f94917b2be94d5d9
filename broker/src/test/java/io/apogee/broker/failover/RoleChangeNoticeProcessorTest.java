package io.apogee.broker.failover;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.wire.frame.ExtFields;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

/** The checks of NOTIFY_BROKER_ROLE_CHANGED as it enters: RocketMQ's header fields and SyncStateSet body. */
class RoleChangeNoticeProcessorTest {
    private static final String BODY = "{\"syncStateSet\":[1,2],\"syncStateSetEpoch\":3}";

    @Test
    void aNoticeAsRocketMqsControllerWritesItGivesItsMasterEpoch() {
        assertThat(RoleChangeNoticeProcessor.check(header("10.0.0.2:10911", "2", "5", "3"), body(BODY))).isEqualTo(5);
        assertThat(RoleChangeNoticeProcessor.check(header("10.0.0.2:10911", "2", "5", "3"), null))
            .as("the body is optional").isEqualTo(5);
    }

    @Test
    void eachBadFieldIsNamed() {
        assertThatThrownBy(() -> RoleChangeNoticeProcessor.check(header(null, "2", "5", "3"), body(BODY)))
            .hasMessageContaining("masterAddress");
        assertThatThrownBy(() -> RoleChangeNoticeProcessor.check(header("no-port", "2", "5", "3"), body(BODY)))
            .hasMessageContaining("masterAddress must be host:port");
        assertThatThrownBy(() -> RoleChangeNoticeProcessor.check(header("h:1", null, "5", "3"), body(BODY)))
            .hasMessage("masterBrokerId is missing");
        assertThatThrownBy(() -> RoleChangeNoticeProcessor.check(header("h:1", "2", "x", "3"), body(BODY)))
            .hasMessage("masterEpoch is not a number: 'x'");
        assertThatThrownBy(() -> RoleChangeNoticeProcessor.check(header("h:1", "2", "-1", "3"), body(BODY)))
            .hasMessage("masterEpoch is out of range: -1");
        assertThatThrownBy(() -> RoleChangeNoticeProcessor.check(header("h:1", "2", "4294967296", "3"), body(BODY)))
            .hasMessage("masterEpoch is out of range: 4294967296");
        assertThatThrownBy(() -> RoleChangeNoticeProcessor.check(header("h:1", "2", "5", null), body(BODY)))
            .hasMessage("syncStateSetEpoch is missing");
        assertThatThrownBy(() -> RoleChangeNoticeProcessor.check(header("h:1", "2", "5", "3"), body("{nope")))
            .hasMessageStartingWith("the body is not JSON");
        assertThatThrownBy(() -> RoleChangeNoticeProcessor.check(header("h:1", "2", "5", "3"), body("{}")))
            .hasMessage("the body names no syncStateSet array");
        assertThatThrownBy(() -> RoleChangeNoticeProcessor.check(header("h:1", "2", "5", "3"),
            body("{\"syncStateSet\":[1,-2]}"))).hasMessage("syncStateSet member -2 is not a broker id");
    }

    private static ExtFields header(String address, String brokerId, String masterEpoch, String syncStateSetEpoch) {
        ExtFields ext = new ExtFields();
        if (address != null) {
            ext.add("masterAddress", address);
        }
        if (brokerId != null) {
            ext.add("masterBrokerId", brokerId);
        }
        if (masterEpoch != null) {
            ext.add("masterEpoch", masterEpoch);
        }
        if (syncStateSetEpoch != null) {
            ext.add("syncStateSetEpoch", syncStateSetEpoch);
        }
        return ext;
    }

    private static ByteBuf body(String json) {
        return Unpooled.copiedBuffer(json, StandardCharsets.UTF_8);
    }
}
