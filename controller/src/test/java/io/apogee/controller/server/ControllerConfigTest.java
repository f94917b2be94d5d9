package io.apogee.controller.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.controller.raft.ControllerPeer;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ControllerConfigTest {
    private static Map<String, String> required() {
        Map<String, String> values = new HashMap<>();
        values.put("controllerDLegerPeers", "n0-127.0.0.1:9877; n1-10.0.0.2:9877;n2-host-c:9877");
        values.put("controllerDLegerSelfId", "n1");
        values.put("controllerStorePath", "/tmp/controller");
        return values;
    }

    @Test
    void peersAreReadAsRocketMqWritesThemAndDefaultsFillTheRest() {
        ControllerConfig config = ControllerConfig.parse(required());
        assertThat(config.peers()).containsExactly(new ControllerPeer("n0", "127.0.0.1", 9877),
            new ControllerPeer("n1", "10.0.0.2", 9877), new ControllerPeer("n2", "host-c", 9877));
        assertThat(config.self().address()).isEqualTo("10.0.0.2:9877");
        assertThat(config.listenPort()).isEqualTo(9878);
        assertThat(config.electUncleanMaster()).isFalse();
        assertThat(config.notifyBrokerRoleChanged()).as("RocketMQ's default").isTrue();
        assertThat(config.brokerTimeoutMillis()).isEqualTo(10_000);
        assertThat(config.scanIntervalMillis()).isEqualTo(5_000);
        assertThat(config.peersText()).isEqualTo("n0-127.0.0.1:9877;n1-10.0.0.2:9877;n2-host-c:9877");
        assertThat(config.advertisedAddress(9878)).as("a wildcard listener gives its peer host").isEqualTo("10.0.0.2:9878");
        Map<String, String> bound = required();
        bound.put("listenHost", "192.168.1.7");
        assertThat(ControllerConfig.parse(bound).advertisedAddress(1)).isEqualTo("192.168.1.7:1");
    }

    @Test
    void badSettingsAreRefusedByName() {
        Map<String, String> unknown = required();
        unknown.put("controllerDLegerPeer", "n0-h:1");
        assertThatThrownBy(() -> ControllerConfig.parse(unknown))
            .hasMessageContaining("unknown controller settings [controllerDLegerPeer]");

        Map<String, String> stranger = required();
        stranger.put("controllerDLegerSelfId", "n7");
        assertThatThrownBy(() -> ControllerConfig.parse(stranger)).hasMessageContaining("n7 is not among controllerDLegerPeers");

        Map<String, String> missing = required();
        missing.remove("controllerStorePath");
        assertThatThrownBy(() -> ControllerConfig.parse(missing)).hasMessage("controllerStorePath is required");

        Map<String, String> zero = required();
        zero.put("controllerHeartBeatTimeoutMills", "0");
        assertThatThrownBy(() -> ControllerConfig.parse(zero)).hasMessageContaining("must be positive");

        Map<String, String> flag = required();
        flag.put("enableElectUncleanMaster", "yes");
        assertThatThrownBy(() -> ControllerConfig.parse(flag)).hasMessageContaining("neither true nor false");

        Map<String, String> notify = required();
        notify.put("notifyBrokerRoleChanged", "no");
        assertThatThrownBy(() -> ControllerConfig.parse(notify))
            .hasMessage("notifyBrokerRoleChanged is neither true nor false: 'no'");
        notify.put("notifyBrokerRoleChanged", "false");
        assertThat(ControllerConfig.parse(notify).notifyBrokerRoleChanged()).isFalse();

        assertThatThrownBy(() -> ControllerConfig.peers("n0-h:1;n0-h:2")).hasMessageContaining("names n0 twice");
        assertThatThrownBy(() -> ControllerConfig.peers("n0h:1")).hasMessageContaining("is not id-host:port");
        assertThatThrownBy(() -> ControllerConfig.peers("n0-h:port")).hasMessageContaining("is not a number");
        assertThatThrownBy(() -> ControllerConfig.peers("n0-h:70000")).hasMessageContaining("is not a port");
    }
}
