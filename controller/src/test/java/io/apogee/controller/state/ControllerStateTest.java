package io.apogee.controller.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.controller.state.ControllerCommand.AlterSyncStateSet;
import io.apogee.controller.state.ControllerCommand.ApplyBrokerId;
import io.apogee.controller.state.ControllerCommand.ElectMaster;
import io.apogee.wire.code.ResponseCode;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ControllerStateTest {
    private final ControllerState state = new ControllerState();

    @Test
    void idsAreAppliedForOnceAndTheFirstAskerBecomesMasterInEpochOne() {
        assertThat(state.apply(new ControllerCommand.NextBrokerId("b")).brokerId()).isEqualTo(1);
        assertThat(apply(1, "h1:1").isSuccess()).isTrue();
        assertThat(apply(2, "h2:1").isSuccess()).isTrue();
        assertThat(state.apply(new ControllerCommand.NextBrokerId("b")).brokerId()).isEqualTo(3);
        ControllerReply taken = apply(2, "h9:1");
        assertThat(taken.code()).isEqualTo(ResponseCode.CONTROLLER_BROKER_ID_INVALID);
        assertThat(taken.remark()).contains("held by h2:1");
        assertThat(apply(0, "h0:1").code()).isEqualTo(ResponseCode.CONTROLLER_BROKER_ID_INVALID);

        ControllerReply elected = state.apply(new ElectMaster("b", 2, false, List.of(1L, 2L), false));
        assertThat(elected.isSuccess()).isTrue();
        assertThat(elected.group().masterBrokerId()).isEqualTo(2);
        assertThat(elected.group().masterAddress()).isEqualTo("h2:1");
        assertThat(elected.group().masterEpoch()).isEqualTo(1);
        assertThat(elected.group().syncStateSet()).containsExactly(2L);

        ControllerReply again = state.apply(new ElectMaster("b", 1, false, List.of(1L, 2L), false));
        assertThat(again.code()).isEqualTo(ResponseCode.CONTROLLER_MASTER_STILL_EXIST);
        assertThat(again.group().masterEpoch()).isEqualTo(1);
    }

    @Test
    void onlyTheCurrentMasterOfTheCurrentEpochsAltersTheSyncStateSet() {
        twoBrokersWithMasterOne();
        assertThat(alter(2, 1, 1, Set.of(1L, 2L)).code()).isEqualTo(ResponseCode.CONTROLLER_INVALID_MASTER);
        assertThat(alter(1, 0, 1, Set.of(1L, 2L)).code()).isEqualTo(ResponseCode.CONTROLLER_FENCED_MASTER_EPOCH);
        assertThat(alter(1, 1, 0, Set.of(1L, 2L)).code()).isEqualTo(ResponseCode.CONTROLLER_FENCED_SYNC_STATE_SET_EPOCH);
        assertThat(alter(1, 1, 1, Set.of(2L)).code()).isEqualTo(ResponseCode.CONTROLLER_ALTER_SYNC_STATE_SET_FAILED);
        assertThat(alter(1, 1, 1, Set.of(1L, 7L)).code()).isEqualTo(ResponseCode.CONTROLLER_INVALID_REPLICAS);
        ControllerReply dead = state.apply(new AlterSyncStateSet("b", 1, 1, 1, Set.of(1L, 2L), List.of(1L)));
        assertThat(dead.code()).isEqualTo(ResponseCode.CONTROLLER_BROKER_NOT_ALIVE);
        assertThat(state.group("b").syncStateSetEpoch()).as("refusals change nothing").isEqualTo(1);

        ControllerReply grown = alter(1, 1, 1, Set.of(1L, 2L));
        assertThat(grown.isSuccess()).isTrue();
        assertThat(grown.group().syncStateSet()).containsExactly(1L, 2L);
        assertThat(grown.group().syncStateSetEpoch()).isEqualTo(2);
        assertThat(alter(1, 1, 1, Set.of(1L)).code()).as("the old sync-state set epoch is fenced")
            .isEqualTo(ResponseCode.CONTROLLER_FENCED_SYNC_STATE_SET_EPOCH);
    }

    @Test
    void aSilentMasterIsReplacedFromTheSyncStateSetWithAHigherEpoch() {
        twoBrokersWithMasterOne();
        alter(1, 1, 1, Set.of(1L, 2L));
        ControllerReply elected = state.apply(new ElectMaster("b", GroupView.NO_MASTER, false, List.of(2L), false));
        assertThat(elected.isSuccess()).isTrue();
        assertThat(elected.group().masterBrokerId()).isEqualTo(2);
        assertThat(elected.group().masterEpoch()).isEqualTo(2);
        assertThat(elected.group().syncStateSet()).containsExactly(2L);
        assertThat(elected.group().syncStateSetEpoch()).isEqualTo(3);
        assertThat(alter(1, 1, 2, Set.of(1L, 2L)).code()).as("the old master is fenced")
            .isEqualTo(ResponseCode.CONTROLLER_INVALID_MASTER);
    }

    @Test
    void noMasterOutsideTheSyncStateSetUnlessUncleanElectionIsAllowed() {
        twoBrokersWithMasterOne();
        ControllerReply none = state.apply(new ElectMaster("b", GroupView.NO_MASTER, false, List.of(2L), false));
        assertThat(none.code()).isEqualTo(ResponseCode.CONTROLLER_MASTER_NOT_AVAILABLE);
        assertThat(none.group().hasMaster()).isFalse();
        assertThat(none.group().masterEpoch()).isEqualTo(1);

        ControllerReply refused = state.apply(new ElectMaster("b", 2, false, List.of(2L), false));
        assertThat(refused.code()).isEqualTo(ResponseCode.CONTROLLER_ELECT_MASTER_FAILED);

        ControllerReply unclean = state.apply(new ElectMaster("b", 2, false, List.of(2L), true));
        assertThat(unclean.isSuccess()).isTrue();
        assertThat(unclean.group().masterBrokerId()).isEqualTo(2);
        assertThat(unclean.group().masterEpoch()).isEqualTo(2);
    }

    @Test
    void aDesignatedBrokerIsElectedOnlyWhenItMayBe() {
        twoBrokersWithMasterOne();
        alter(1, 1, 1, Set.of(1L, 2L));
        assertThat(state.apply(new ElectMaster("b", 2, true, List.of(1L), false)).code())
            .isEqualTo(ResponseCode.CONTROLLER_ELECT_MASTER_FAILED);
        ControllerReply moved = state.apply(new ElectMaster("b", 2, true, List.of(1L, 2L), false));
        assertThat(moved.group().masterBrokerId()).isEqualTo(2);
    }

    @Test
    void unknownGroupsAreRefusedWithRocketMqsCodes() {
        assertThat(state.apply(new ElectMaster("x", 1, false, List.of(1L), false)).code())
            .isEqualTo(ResponseCode.CONTROLLER_BROKER_NEED_TO_BE_REGISTERED);
        assertThat(state.apply(new ControllerCommand.ReadGroup("x")).code())
            .isEqualTo(ResponseCode.CONTROLLER_BROKER_METADATA_NOT_EXIST);
        assertThat(state.apply(new ControllerCommand.RegisterBroker("c", "x", 1, "h:1")).code())
            .isEqualTo(ResponseCode.CONTROLLER_BROKER_METADATA_NOT_EXIST);
        assertThat(alter(1, 1, 1, Set.of(1L)).code()).isEqualTo(ResponseCode.CONTROLLER_ALTER_SYNC_STATE_SET_FAILED);
    }

    @Test
    void commandsRepliesAndImagesSurviveTheirEncoding() {
        twoBrokersWithMasterOne();
        alter(1, 1, 1, Set.of(1L, 2L));
        ControllerCommand command = new AlterSyncStateSet("b", 1, 1, 2, Set.of(1L), List.of(1L, 2L));
        assertThat(CommandCodec.decodeCommand(CommandCodec.encode(command))).isEqualTo(command);
        ControllerReply reply = state.apply(new ControllerCommand.ReadGroup("b"));
        assertThat(CommandCodec.decodeReply(CommandCodec.encode(reply))).isEqualTo(reply);

        ControllerState restored = new ControllerState();
        restored.restore(CommandCodec.decodeImage(CommandCodec.encode(state.image())));
        assertThat(restored.group("b")).isEqualTo(state.group("b"));
        assertThat(restored.apply(command)).isEqualTo(state.apply(command));

        assertThatThrownBy(() -> CommandCodec.decodeCommand("{\"op\":\"dropEverything\"}".getBytes(StandardCharsets.UTF_8)))
            .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CommandCodec.decodeCommand("not json".getBytes(StandardCharsets.UTF_8)))
            .isInstanceOf(IllegalArgumentException.class);
    }

    private void twoBrokersWithMasterOne() {
        apply(1, "h1:1");
        apply(2, "h2:1");
        assertThat(state.apply(new ElectMaster("b", 1, false, List.of(1L, 2L), false)).isSuccess()).isTrue();
    }

    private ControllerReply apply(long brokerId, String address) {
        return state.apply(new ApplyBrokerId("c", "b", brokerId, address));
    }

    private ControllerReply alter(long master, int masterEpoch, int syncStateSetEpoch, Set<Long> members) {
        return state.apply(new AlterSyncStateSet("b", master, masterEpoch, syncStateSetEpoch, members, List.of(1L, 2L)));
    }
}
