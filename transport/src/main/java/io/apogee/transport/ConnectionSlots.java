package io.apogee.transport;

import io.netty.channel.ChannelFuture;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;
import java.util.function.Function;

/**
 * The connections a client keeps to one address, used round-robin; a slot whose connection failed or closed is
 * connected again on its next use. Thread-safe: slots are replaced by compare-and-set, so two racing callers open
 * one connection, not two.
 */
final class ConnectionSlots {
    private final String address;
    private final AtomicReferenceArray<ChannelFuture> slots;
    private final AtomicInteger next = new AtomicInteger();

    ConnectionSlots(String address, int size) {
        this.address = address;
        this.slots = new AtomicReferenceArray<>(size);
    }

    /** The next slot's connection: open, being opened, or failed (then the next call opens a new one). */
    ChannelFuture next(Function<String, ChannelFuture> connect) {
        int index = slots.length() == 1 ? 0 : Math.floorMod(next.getAndIncrement(), slots.length());
        while (true) {
            ChannelFuture current = slots.get(index);
            if (current != null && (!current.isDone() || current.isSuccess() && current.channel().isActive())) {
                return current;
            }
            synchronized (this) {
                if (slots.get(index) == current) {
                    ChannelFuture fresh = connect.apply(address);
                    slots.set(index, fresh);
                    return fresh;
                }
            }
        }
    }

    boolean isWritable() {
        for (int i = 0; i < slots.length(); i++) {
            ChannelFuture future = slots.get(i);
            if (future != null && future.isSuccess() && future.channel().isWritable()) {
                return true;
            }
        }
        return false;
    }

    void close() {
        for (int i = 0; i < slots.length(); i++) {
            ChannelFuture future = slots.get(i);
            if (future != null) {
                future.channel().close();
            }
        }
    }
}
