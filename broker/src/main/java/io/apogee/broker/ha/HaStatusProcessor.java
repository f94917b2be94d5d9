package io.apogee.broker.ha;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.apogee.broker.request.Exchange;
import io.apogee.broker.request.Processor;
import io.apogee.store.MessageStore;
import io.apogee.wire.code.RequestCode;
import java.util.List;
import java.util.function.Supplier;

/**
 * GET_BROKER_HA_STATUS (907), {@code mqadmin haStatus}: RocketMQ's {@code HARuntimeInfo}. A master answers its log's
 * end, its slaves (address, ack, how far behind, in sync or not, bytes per second, where the transfer started) and
 * how many are in sync: behind by less than {@code haMaxGapNotInSync}, as RocketMQ counts them. A slave answers its
 * master's HA address, its log's end, its last read and report and its rate. JSON through Jackson; admin traffic.
 *
 * <p>Runs on the admin executor thread; the figures are read from volatile fields the HA thread writes.
 */
public final class HaStatusProcessor implements Processor {
    /** The codes handled. */
    public static final int[] CODES = {RequestCode.GET_BROKER_HA_STATUS};

    private final MessageStore store;
    private final Supplier<List<SlaveStatus>> slaves;
    private final Supplier<MasterLinkStatus> master;
    private final long maxGapBytes;
    private final ObjectMapper mapper = new ObjectMapper();

    private HaStatusProcessor(MessageStore store, Supplier<List<SlaveStatus>> slaves, Supplier<MasterLinkStatus> master,
        long maxGapBytes) {
        this.store = store;
        this.slaves = slaves;
        this.master = master;
        this.maxGapBytes = maxGapBytes;
    }

    /** The status of a master serving {@code master}'s slaves; a slave behind by {@code maxGapBytes} is not in sync. */
    public static HaStatusProcessor ofMaster(MessageStore store, HaMaster master, long maxGapBytes) {
        return new HaStatusProcessor(store, master::slaves, null, maxGapBytes);
    }

    /** The status of a slave replicating with {@code slave}. */
    public static HaStatusProcessor ofSlave(MessageStore store, HaSlave slave) {
        return new HaStatusProcessor(store, null, slave::status, 0);
    }

    @Override
    public void process(Exchange exchange) {
        ObjectNode answer = mapper.createObjectNode();
        long end = store.logEnd();
        answer.put("master", slaves != null);
        answer.put("masterCommitLogMaxOffset", slaves != null ? end : 0);
        ArrayNode connections = answer.putArray("haConnectionInfo");
        int inSync = 0;
        if (slaves != null) {
            for (SlaveStatus slave : slaves.get()) {
                if (!slave.authenticated()) {
                    continue; // not a slave until it answered its challenge
                }
                long diff = slave.lagBytes(end);
                boolean synced = slave.inSync(end, maxGapBytes);
                inSync += synced ? 1 : 0;
                connections.addObject().put("addr", slave.address()).put("slaveAckOffset", slave.ackedOffset())
                    .put("diff", diff).put("inSync", synced).put("transferredByteInSecond", slave.bytesLastSecond())
                    .put("transferFromWhere", slave.transferFrom());
            }
        }
        answer.put("inSyncSlaveNums", inSync);
        ObjectNode client = answer.putObject("haClientRuntimeInfo");
        if (master != null) {
            MasterLinkStatus link = master.get();
            client.put("masterAddr", link.masterAddress()).put("transferredByteInSecond", link.bytesLastSecond())
                .put("maxOffset", link.logEnd()).put("lastReadTimestamp", link.lastReadMillis())
                .put("lastWriteTimestamp", link.lastWriteMillis()).put("masterFlushOffset", 0)
                .put("activated", link.connected());
        }
        exchange.replyJson(answer);
    }
}
