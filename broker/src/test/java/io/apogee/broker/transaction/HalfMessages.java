package io.apogee.broker.transaction;

import io.apogee.broker.detour.CopyAppend;
import io.apogee.broker.detour.MessageCopy;
import io.apogee.broker.testing.TempStore;
import io.apogee.wire.message.MessageSysFlag;
import io.apogee.wire.message.PropertyNames;

/** Half messages parked in the half topic of a {@link TempStore}, as the send path parks a prepared message. */
final class HalfMessages {
    private HalfMessages() {
    }

    /** Parks a prepared message with {@code body} of {@code group} for {@code topic}'s queue 1; where it was stored. */
    static CopyAppend.Appended park(TempStore store, String topic, String group, String body) {
        MessageCopy message = store.message(topic, 1, MessageSysFlag.TRANSACTION_PREPARED_TYPE, body)
            .put(PropertyNames.TRANSACTION_PREPARED, "true").put(PropertyNames.PRODUCER_GROUP, group)
            .put(PropertyNames.UNIQ_KEY, "uniq-" + body)
            .parkOn(TransactionTopics.HALF, 0);
        return store.put(message);
    }
}
