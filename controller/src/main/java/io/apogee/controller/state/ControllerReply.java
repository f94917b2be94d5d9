package io.apogee.controller.state;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.apogee.wire.code.ResponseCode;

/**
 * What applying a {@link ControllerCommand} answered: a RocketMQ response code, a remark saying why when it is not
 * {@link ResponseCode#SUCCESS}, the group as it stands afterwards (null when there is no such group) and, for
 * CONTROLLER_GET_NEXT_BROKER_ID, the id. Immutable.
 */
public record ControllerReply(int code, String remark, GroupView group, long brokerId) {
    /** A success with {@code group} as it stands. */
    public static ControllerReply ok(GroupView group) {
        return new ControllerReply(ResponseCode.SUCCESS, null, group, GroupView.NO_MASTER);
    }

    /** A refusal with {@code code} and the reason; {@code group} as it stands, possibly null. */
    public static ControllerReply refused(int code, String remark, GroupView group) {
        return new ControllerReply(code, remark, group, GroupView.NO_MASTER);
    }

    /** True for {@link ResponseCode#SUCCESS}. */
    @JsonIgnore
    public boolean isSuccess() {
        return code == ResponseCode.SUCCESS;
    }
}
