package io.apogee.perf.compare;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The scenarios' wiring: (h) is (a) over TLS, and only (h) turns TLS on for the brokers and the load generator. */
class ScenarioTest {
    @Test
    void scenarioHSendsTheLoadOfAOverTls() {
        List<String> expected = new ArrayList<>(Scenario.A.options(30, 1000));
        expected.add("--tls");
        assertThat(Scenario.H.options(30, 1000)).containsExactlyElementsOf(expected);
        assertThat(Scenario.H.letter()).isEqualTo("h");
        assertThat(Scenario.H.syncFlush()).isFalse();
        assertThat(Scenario.H.consumes()).isFalse();
    }

    @Test
    void onlyScenarioHUsesTls() {
        assertThat(Arrays.stream(Scenario.values()).filter(Scenario::tls)).containsExactly(Scenario.H);
        assertThat(Arrays.stream(Scenario.values()).filter(s -> s.options(30, 1000).contains("--tls")))
            .containsExactly(Scenario.H);
    }

    @Test
    void theLoadGeneratorOfATlsScenarioSkipsNettysHostNameCheck() {
        assertThat(CompareCommand.perfJvm(Scenario.H)).contains(BrokerSettings.NO_HOST_NAME_CHECK);
        assertThat(CompareCommand.perfJvm(Scenario.A)).doesNotContain(BrokerSettings.NO_HOST_NAME_CHECK);
    }
}
