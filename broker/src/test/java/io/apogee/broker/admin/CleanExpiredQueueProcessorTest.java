package io.apogee.broker.admin;

import static org.assertj.core.api.Assertions.assertThat;

import io.apogee.broker.testing.ProcessorHarness;
import io.apogee.broker.testing.ProcessorHarness.Frame;
import io.apogee.wire.code.RequestCode;
import io.apogee.wire.code.ResponseCode;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** mqadmin's cleanExpiredCQ (code 306): nothing is left to clean, since retention drops expired queue files. */
class CleanExpiredQueueProcessorTest {
    @Test
    void theRequestIsAnsweredAsRocketMqAnswersIt() {
        try (ProcessorHarness harness = new ProcessorHarness(new CleanExpiredQueueProcessor(),
            CleanExpiredQueueProcessor.CODES)) {
            Frame answer = harness.sendRaw(RequestCode.CLEAN_EXPIRED_CONSUMEQUEUE, Map.of(), null);
            assertThat(answer.code()).isEqualTo(ResponseCode.SUCCESS);
            assertThat(answer.remark()).isNull();
            assertThat(answer.body()).isNullOrEmpty();
        }
    }
}
