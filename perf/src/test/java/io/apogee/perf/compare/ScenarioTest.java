package io.apogee.perf.compare;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The scenarios' wiring: (h) is (a) over TLS, and only (h) turns TLS on for the brokers and the load generator; (i) and
 * (j) are (a) against a pair, and only they start one.
 */
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
    void scenariosIAndJSendTheLoadOfAToASyncAndAnAsyncMasterWithOneSlave() {
        assertThat(Scenario.I.options(30, 1000)).containsExactlyElementsOf(Scenario.A.options(30, 1000));
        assertThat(Scenario.J.options(30, 1000)).containsExactlyElementsOf(Scenario.A.options(30, 1000));
        assertThat(Scenario.I.masterRole()).isEqualTo(MasterRole.SYNC_MASTER);
        assertThat(Scenario.J.masterRole()).isEqualTo(MasterRole.ASYNC_MASTER);
        assertThat(MasterRole.SYNC_MASTER.waitsForSlave()).isTrue();
        assertThat(MasterRole.ASYNC_MASTER.waitsForSlave()).isFalse();
        assertThat(List.of(Scenario.I, Scenario.J)).allSatisfy(pair -> {
            assertThat(pair.syncFlush()).as("the flush mode of (a)").isFalse();
            assertThat(pair.tls()).isFalse();
            assertThat(pair.consumes()).isFalse();
            assertThat(pair.description()).contains("broker figures: the master's");
        });
        assertThat(Scenario.J.letter()).isEqualTo("j");
    }

    @Test
    void theCatchUpReadsItsBacklogThreeTimesBeforeTheMeasuredRead() {
        List<String> options = Scenario.D.options(30, 1000);
        assertThat(options).containsSequence("--warm-reads", "3").containsSequence("--messages", "1000");
        assertThat(Scenario.D.description()).contains("read three times to warm up");
    }

    @Test
    void onlyScenariosIAndJStartAPair() {
        assertThat(Arrays.stream(Scenario.values()).filter(s -> s.masterRole() != null))
            .containsExactly(Scenario.I, Scenario.J);
    }

    @Test
    void theLoadGeneratorOfATlsScenarioSkipsNettysHostNameCheck() {
        assertThat(CompareCommand.perfJvm(Scenario.H)).contains(BrokerSettings.NO_HOST_NAME_CHECK);
        assertThat(CompareCommand.perfJvm(Scenario.A)).doesNotContain(BrokerSettings.NO_HOST_NAME_CHECK);
    }
}
