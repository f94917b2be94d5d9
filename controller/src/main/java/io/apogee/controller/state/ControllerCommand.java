package io.apogee.controller.state;

import com.fasterxml.jackson.annotation.JsonSubTypes;
import com.fasterxml.jackson.annotation.JsonTypeInfo;
import java.util.List;
import java.util.Set;

/**
 * One operation on the controller's state, as the Raft log carries it (see {@link CommandCodec}). Writes change a
 * broker group; queries only read it. Facts that only the leader knows (which brokers are alive, in which order of
 * preference) travel inside the command, so that every replica applies it to the same result. Immutable.
 */
@JsonTypeInfo(use = JsonTypeInfo.Id.NAME, property = "op")
@JsonSubTypes({
    @JsonSubTypes.Type(value = ControllerCommand.ApplyBrokerId.class, name = "applyBrokerId"),
    @JsonSubTypes.Type(value = ControllerCommand.RegisterBroker.class, name = "registerBroker"),
    @JsonSubTypes.Type(value = ControllerCommand.ElectMaster.class, name = "electMaster"),
    @JsonSubTypes.Type(value = ControllerCommand.AlterSyncStateSet.class, name = "alterSyncStateSet"),
    @JsonSubTypes.Type(value = ControllerCommand.ReadGroup.class, name = "readGroup"),
    @JsonSubTypes.Type(value = ControllerCommand.NextBrokerId.class, name = "nextBrokerId"),
})
public sealed interface ControllerCommand {
    /** The broker group this command is about. */
    String brokerName();

    /** True for a command that changes nothing and so need not go through the log. */
    default boolean readOnly() {
        return false;
    }

    /**
     * A broker claims {@code brokerId} in its group (RocketMQ's CONTROLLER_APPLY_BROKER_ID); the first claim creates
     * the group. A claim of an id held by another address is refused.
     */
    record ApplyBrokerId(String clusterName, String brokerName, long brokerId, String brokerAddress)
        implements ControllerCommand {
    }

    /** A broker with an applied id reports its address (RocketMQ's CONTROLLER_REGISTER_BROKER). */
    record RegisterBroker(String clusterName, String brokerName, long brokerId, String brokerAddress)
        implements ControllerCommand {
    }

    /**
     * Elect a master for the group. {@code brokerId} is the broker that asks (-1 when the controller itself asks
     * because the master went silent); with {@code designate} that broker is the one wanted. {@code alive} lists the
     * brokers the leader hears from, the preferred first; {@code unclean} allows a master from outside the
     * sync-state set (RocketMQ's {@code enableElectUncleanMaster}).
     */
    record ElectMaster(String brokerName, long brokerId, boolean designate, List<Long> alive, boolean unclean)
        implements ControllerCommand {
    }

    /**
     * The master {@code masterBrokerId} of {@code masterEpoch} replaces the sync-state set of
     * {@code syncStateSetEpoch} by {@code syncStateSet}. Fenced: any other master or epoch is refused.
     */
    record AlterSyncStateSet(String brokerName, long masterBrokerId, int masterEpoch, int syncStateSetEpoch,
                             Set<Long> syncStateSet, List<Long> alive) implements ControllerCommand {
    }

    /** Read a group's replicas, master and sync-state set. */
    record ReadGroup(String brokerName) implements ControllerCommand {
        @Override
        public boolean readOnly() {
            return true;
        }
    }

    /** Read the id the next broker of the group should apply for (RocketMQ's CONTROLLER_GET_NEXT_BROKER_ID). */
    record NextBrokerId(String brokerName) implements ControllerCommand {
        @Override
        public boolean readOnly() {
            return true;
        }
    }
}
