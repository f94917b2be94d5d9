package io.apogee.controller.raft;

import io.apogee.controller.state.CommandCodec;
import io.apogee.controller.state.ControllerCommand;
import io.apogee.controller.state.ControllerReply;
import io.apogee.controller.state.ControllerState;
import io.apogee.controller.state.GroupView;
import io.apogee.wire.code.ResponseCode;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.apache.ratis.proto.RaftProtos.LogEntryProto;
import org.apache.ratis.protocol.Message;
import org.apache.ratis.protocol.RaftGroupId;
import org.apache.ratis.server.RaftServer;
import org.apache.ratis.server.protocol.TermIndex;
import org.apache.ratis.server.raftlog.RaftLog;
import org.apache.ratis.server.storage.FileInfo;
import org.apache.ratis.server.storage.RaftStorage;
import org.apache.ratis.statemachine.TransactionContext;
import org.apache.ratis.statemachine.impl.BaseStateMachine;
import org.apache.ratis.statemachine.impl.SimpleStateMachineStorage;
import org.apache.ratis.statemachine.impl.SingleFileSnapshotInfo;
import org.apache.ratis.thirdparty.com.google.protobuf.ByteString;

/**
 * The Ratis state machine of the controller. It applies each {@link ControllerCommand} of the Raft log to the
 * {@link ControllerState} and answers with the encoded {@link ControllerReply}. It answers read-only commands from
 * the state as applied so far. It writes the state to a snapshot file and reads it back on start. Ratis applies entries on
 * one thread; queries and snapshots come from others, so every access to the state holds this object's lock.
 */
public final class ControllerStateMachine extends BaseStateMachine {
    private final SimpleStateMachineStorage storage = new SimpleStateMachineStorage();
    private final ControllerState state = new ControllerState();

    @Override
    public void initialize(RaftServer server, RaftGroupId groupId, RaftStorage raftStorage) throws IOException {
        super.initialize(server, groupId, raftStorage);
        storage.init(raftStorage);
        loadSnapshot();
    }

    @Override
    public void reinitialize() throws IOException {
        loadSnapshot();
    }

    @Override
    public SimpleStateMachineStorage getStateMachineStorage() {
        return storage;
    }

    @Override
    public CompletableFuture<Message> applyTransaction(TransactionContext trx) {
        LogEntryProto entry = trx.getLogEntry();
        byte[] bytes = entry.getStateMachineLogEntry().getLogData().toByteArray();
        ControllerReply reply;
        synchronized (this) {
            reply = applyBytes(bytes);
            updateLastAppliedTermIndex(entry.getTerm(), entry.getIndex());
        }
        return CompletableFuture.completedFuture(Message.valueOf(ByteString.copyFrom(CommandCodec.encode(reply))));
    }

    @Override
    public CompletableFuture<Message> query(Message request) {
        ControllerReply reply;
        synchronized (this) {
            reply = applyBytes(request.getContent().toByteArray());
        }
        return CompletableFuture.completedFuture(Message.valueOf(ByteString.copyFrom(CommandCodec.encode(reply))));
    }

    /** The reply to {@code bytes}; a command that does not decode is refused, never applied in part. */
    private ControllerReply applyBytes(byte[] bytes) {
        ControllerCommand command;
        try {
            command = CommandCodec.decodeCommand(bytes);
        } catch (IllegalArgumentException e) {
            return ControllerReply.refused(ResponseCode.CONTROLLER_INVALID_REQUEST, e.getMessage(), null);
        }
        return state.apply(command);
    }

    /** A copy of {@code brokerName}'s group as applied here, or null. */
    synchronized GroupView localGroup(String brokerName) {
        return state.group(brokerName);
    }

    /** The names of every group as applied here. */
    synchronized List<String> localGroupNames() {
        List<String> names = new ArrayList<>();
        for (GroupView group : state.image().groups()) {
            names.add(group.brokerName());
        }
        return names;
    }

    @Override
    public long takeSnapshot() throws IOException {
        byte[] image;
        TermIndex last;
        synchronized (this) {
            image = CommandCodec.encode(state.image());
            last = getLastAppliedTermIndex();
        }
        if (last == null || last.getIndex() < 0) {
            return RaftLog.INVALID_LOG_INDEX;
        }
        File file = storage.getSnapshotFile(last.getTerm(), last.getIndex());
        // a name outside Ratis's snapshot pattern, so that a crash mid-write leaves nothing that looks like a snapshot
        File temporary = new File(file.getParentFile(), "writing-" + file.getName());
        Files.write(temporary.toPath(), image);
        Files.move(temporary.toPath(), file.toPath(), StandardCopyOption.ATOMIC_MOVE);
        storage.updateLatestSnapshot(new SingleFileSnapshotInfo(new FileInfo(file.toPath(), null), last));
        return last.getIndex();
    }

    private void loadSnapshot() throws IOException {
        SingleFileSnapshotInfo snapshot = storage.loadLatestSnapshot();
        if (snapshot == null) {
            return;
        }
        byte[] bytes = Files.readAllBytes(snapshot.getFile().getPath());
        synchronized (this) {
            state.restore(CommandCodec.decodeImage(bytes));
            setLastAppliedTermIndex(snapshot.getTermIndex());
        }
    }
}
