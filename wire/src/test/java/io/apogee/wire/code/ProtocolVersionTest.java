package io.apogee.wire.code;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.rocketmq.common.MQVersion;
import org.junit.jupiter.api.Test;

class ProtocolVersionTest {
    @Test
    void constantsAreTheOrdinalsOfRocketMqVersionsOfTheSameName() {
        CodeConstants.of(ProtocolVersion.class).forEach((name, version) -> {
            if (!name.equals("BROKER")) {
                assertThat(MQVersion.Version.valueOf(name).ordinal()).as(name).isEqualTo(version);
            }
        });
    }

    @Test
    void theBrokerSpeaksAsRocketMq540() {
        assertThat(ProtocolVersion.BROKER).isEqualTo(MQVersion.CURRENT_VERSION).isEqualTo(ProtocolVersion.V5_4_0);
        assertThat(ProtocolVersion.BROKER).isGreaterThanOrEqualTo(ProtocolVersion.V4_1_0_SNAPSHOT);
    }

    @Test
    void namesEveryVersionFrom400SnapshotOnAsRocketMqDoes() {
        MQVersion.Version[] versions = MQVersion.Version.values();
        int named = 0;
        for (MQVersion.Version version : versions) {
            String ours = ProtocolVersion.name(version.ordinal());
            if (version.ordinal() >= MQVersion.Version.V4_0_0_SNAPSHOT.ordinal()) {
                assertThat(ours).as("ordinal %d", version.ordinal()).isEqualTo(version.name());
                named++;
            }
        }
        assertThat(named).isEqualTo(versions.length - MQVersion.Version.V4_0_0_SNAPSHOT.ordinal());
        assertThat(ProtocolVersion.name(versions.length + 100)).isEqualTo(MQVersion.getVersionDesc(versions.length + 100));
        assertThat(ProtocolVersion.name(3)).isNull();
        assertThat(ProtocolVersion.describe(493)).isEqualTo("V5_4_0(493)");
        assertThat(ProtocolVersion.describe(7)).isEqualTo("7");
    }
}
