package io.apogee.broker.request;

import java.util.Arrays;

/**
 * Several processors sharing one family's thread, each for its own codes: the admin family runs the client,
 * name-server, topic-admin and KV-config processors this way. Built before the listeners start, read-only after;
 * {@link #process} runs on the family's thread as every processor does.
 */
public final class ProcessorSwitch implements Processor {
    private static final int MAX_CODE = 4096;

    private final Processor[] byCode = new Processor[MAX_CODE];
    private int[] codes = new int[0];

    /** Sends {@code codes} to {@code processor}. */
    public ProcessorSwitch add(Processor processor, int... processorCodes) {
        for (int code : processorCodes) {
            if (byCode[code] != null) {
                throw new IllegalArgumentException("code " + code + " is routed twice");
            }
            byCode[code] = processor;
        }
        int[] all = Arrays.copyOf(codes, codes.length + processorCodes.length);
        System.arraycopy(processorCodes, 0, all, codes.length, processorCodes.length);
        codes = all;
        return this;
    }

    /** Every code added. */
    public int[] codes() {
        return codes.clone();
    }

    @Override
    public void process(Exchange exchange) {
        byCode[exchange.request().code()].process(exchange);
    }
}
