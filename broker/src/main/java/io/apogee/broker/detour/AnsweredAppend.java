package io.apogee.broker.detour;

import io.apogee.broker.request.Exchange;
import io.apogee.store.MessageStore;
import io.apogee.store.commitlog.AppendStatus;
import io.apogee.wire.code.ResponseCode;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Submits a {@link CopyAppend} made for a client's request and answers the request when it cannot be made
 * (MESSAGE_ILLEGAL: it does not fit a record), is refused at once (SYSTEM_BUSY) or fails in the store
 * (SYSTEM_ERROR); a written record is handed to the caller's completion, which answers. Stateless. The exchange is
 * held before the submission: from then on the store agent that completes the append owns it.
 */
public final class AnsweredAppend {
    private AnsweredAppend() {
    }

    /**
     * Builds the append with {@code build} and submits it to {@code store}; {@code what} names the message in the
     * remarks, {@code onWritten} runs on a store agent once the record is written. REFUSED when the request was
     * answered at once, SUBMITTED when the store's completion answers it.
     */
    public static DetourOutcome submit(MessageStore store, Supplier<CopyAppend> build, Exchange exchange, String what,
        Consumer<CopyAppend.Appended> onWritten) {
        CopyAppend append;
        try {
            append = build.get();
        } catch (IllegalArgumentException tooLarge) {
            exchange.reply(ResponseCode.MESSAGE_ILLEGAL, tooLarge.getMessage());
            return DetourOutcome.REFUSED;
        }
        exchange.hold();
        AppendStatus status = append.submitTo(store);
        if (status != AppendStatus.ACCEPTED) {
            exchange.reply(ResponseCode.SYSTEM_BUSY, what + " was not stored: " + status);
            return DetourOutcome.REFUSED;
        }
        append.result().thenAccept(done -> {
            if (done.written()) {
                onWritten.accept(done);
            } else {
                exchange.reply(ResponseCode.SYSTEM_ERROR, what + " was not stored: " + done.status());
            }
        });
        return DetourOutcome.SUBMITTED;
    }
}
