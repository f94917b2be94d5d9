package io.apogee.transport;

import io.apogee.wire.frame.CorruptFrameException;
import io.apogee.wire.frame.DecodedFrame;
import io.apogee.wire.frame.ExtFields;
import io.apogee.wire.frame.FrameDecoder;
import io.apogee.wire.frame.FrameLayout;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.nio.ByteBuffer;
import java.util.List;

/**
 * Cuts remoting frames out of the received bytes with wire's {@link FrameDecoder}: bounded (a frame over the limit
 * is refused from its 4 length bytes), no copy of the header bytes when the cumulated input is one buffer, and the
 * body handed on as a retained slice. A corrupt frame closes this one connection. One instance per channel, on its
 * event loop; not sharable.
 *
 * <p>It emits one {@link InboundFrame} per {@code decode} call, the same object every time, which
 * {@code ByteToMessageDecoder} passes down the pipeline before decoding the next frame: handlers after it must read
 * the frame during {@code channelRead} (see {@link InboundFrame}).
 *
 * <p>Memory it holds is bounded three ways. A header over the header limits is decoded only in part and the frame
 * marked refused ({@link InboundFrame#refusal()}). The bytes of a frame not yet complete count against a
 * {@link PartialFrameBudget}: a connection past its own limit, or whose bytes would pass the total, is closed. After
 * each read the decode state that a large header made grow is given back.
 *
 * <p>A large frame arrives in many reads. While bodies of earlier frames are still retained, Netty's cumulator
 * copies what it holds into a new buffer just large enough at every read, so a 1 MiB frame would be copied over
 * and over. On a client connection, once the frame's size is known, the cumulation grows once, to hold the whole
 * frame, and with {@link InPlaceReads} the socket reads the rest of the frame straight into it. A server does
 * neither: a peer's length field alone would make it allocate up to the frame limit.
 */
public final class RemotingFrameDecoder extends ByteToMessageDecoder {
    private static final Logger LOG = LoggerFactory.getLogger(RemotingFrameDecoder.class);
    private static final int LENGTH_BYTES = Integer.BYTES;
    /** The heap bytes of one ext entry's span: four ints. */
    private static final int EXT_SPAN_BYTES = 4 * Integer.BYTES;

    private final FrameDecoder frames;
    private final DecodedFrame decoded = new DecodedFrame();
    private final InboundFrame frame = new InboundFrame(decoded);
    private final PartialFrameBudget budget;
    private final RefusalLog refusals;
    /** Where the bytes of the last {@link #view} start in the returned buffer. */
    private int position;
    /** The bytes of frames not yet complete that this connection has reserved from {@link #budget}. */
    private long reserved;
    /** Set once the connection is being closed for its memory: nothing more is decoded. */
    private boolean discarding;
    /** The size of the frame whose first bytes the cumulation holds, 0 when it holds whole frames only. */
    private int pendingFrameSize;
    /** A client connection's reads into the cumulation's room, or null. */
    private InPlaceReads inPlaceReads;

    /**
     * A client connection's decoder, refusing frames over {@code maxFrameSize} bytes (the 4 length bytes included),
     * with no other limit. It trusts the server's frame sizes: the cumulation grows at once to a pending frame's size.
     */
    public RemotingFrameDecoder(int maxFrameSize) {
        this(new FrameDecoder(maxFrameSize), PartialFrameBudget.UNLIMITED, null);
        setCumulator(this::cumulate);
    }

    /**
     * A client connection's decoder (see {@link #RemotingFrameDecoder(int)}) whose channel reads through
     * {@code reads}: while a frame is pending in a buffer with room, the socket reads the rest straight into it.
     */
    RemotingFrameDecoder(int maxFrameSize, InPlaceReads reads) {
        this(maxFrameSize);
        this.inPlaceReads = reads;
    }

    RemotingFrameDecoder(FrameDecoder frames, PartialFrameBudget budget, RefusalLog refusals) {
        this.frames = frames;
        this.budget = budget;
        this.refusals = refusals;
    }

    /**
     * Netty's merging cumulator, except where it would copy into a new buffer just large enough for this read: then
     * the new buffer holds the whole pending frame, so the reads after it are written in place.
     */
    private ByteBuf cumulate(ByteBufAllocator alloc, ByteBuf cumulation, ByteBuf in) {
        if (inPlaceReads != null && inPlaceReads.tookBack(cumulation, in)) {
            return cumulation;
        }
        int held = cumulation.readableBytes();
        int arriving = in.readableBytes();
        boolean wouldCopy = cumulation.refCnt() > 1 || cumulation.isReadOnly() || arriving > cumulation.maxFastWritableBytes();
        if (!wouldCopy || pendingFrameSize <= held + arriving) {
            return MERGE_CUMULATOR.cumulate(alloc, cumulation, in);
        }
        ByteBuf whole = alloc.buffer(pendingFrameSize);
        try {
            whole.writeBytes(cumulation, cumulation.readerIndex(), held).writeBytes(in, in.readerIndex(), arriving);
        } catch (RuntimeException e) {
            whole.release();
            in.release();
            throw e;
        }
        cumulation.release();
        in.release();
        return whole;
    }

    /** A server connection's decoder: the frame and header limits of {@code config}, memory counted in {@code budget}. */
    static RemotingFrameDecoder forServer(TransportConfig config, PartialFrameBudget budget, RefusalLog refusals) {
        return new RemotingFrameDecoder(new FrameDecoder(config.maxFrameSize(),
            Math.min(config.maxHeaderSize(), FrameLayout.MAX_HEADER_LENGTH), config.maxExtFields()), budget, refusals);
    }

    /**
     * Decodes what the read brought, then accounts for the bytes of an incomplete frame left behind, and trims the
     * decode state: once every frame of the read has been handled, the header and scratch space that a large header
     * made grow are given back, so an idle connection keeps only a small decoder whatever it sent before.
     */
    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) throws Exception {
        try {
            super.channelRead(ctx, message);
        } finally {
            frames.trim();
            decoded.trim();
            aimReads();
        }
        account(ctx);
    }

    /**
     * Points the next reads at the cumulation's room while it holds the start of a frame, else at buffers of their
     * own: once a frame is complete the cumulation may be released, so no read may be aimed at it any more.
     */
    private void aimReads() {
        if (inPlaceReads != null) {
            ByteBuf held = internalBuffer();
            inPlaceReads.target(pendingFrameSize > 0 && held.isReadable() ? held : null);
        }
    }

    /**
     * Reserves from the budget what the cumulation now holds (or gives back what it no longer holds); closes the
     * connection when that is past its own limit or the total.
     */
    private void account(ChannelHandlerContext ctx) {
        if (discarding) {
            return;
        }
        long held = internalBuffer().readableBytes();
        long more = held - reserved;
        if (more == 0) {
            return; // the common case, whole frames only: no write to the shared budget
        }
        if (more < 0) {
            budget.release(-more);
            reserved = held;
            return;
        }
        if (held > budget.perConnection()) {
            refuse(ctx, held + " bytes of an incomplete frame, over the limit of " + budget.perConnection() + " ("
                + TransportConfig.PARTIAL_FRAME_BYTES_PER_CONNECTION_SETTING + ")");
        } else if (!budget.tryReserve(more)) {
            refuse(ctx, held + " bytes of an incomplete frame, and all connections together hold " + budget.held()
                + " of the limit of " + budget.total() + " (" + TransportConfig.PARTIAL_FRAME_BYTES_SETTING + ")");
        } else {
            reserved = held;
        }
    }

    private void refuse(ChannelHandlerContext ctx, String why) {
        discarding = true;
        if (refusals != null) {
            refusals.refused(() -> "closing " + ctx.channel() + ": " + why);
        }
        ByteBuf cumulation = internalBuffer();
        cumulation.skipBytes(cumulation.readableBytes());
        ctx.close();
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) throws Exception {
        try {
            super.channelInactive(ctx);
        } finally {
            releaseReserved();
            if (inPlaceReads != null) {
                inPlaceReads.target(null);
            }
        }
    }

    @Override
    protected void handlerRemoved0(ChannelHandlerContext ctx) {
        releaseReserved();
        if (inPlaceReads != null) {
            inPlaceReads.target(null);
        }
    }

    private void releaseReserved() {
        budget.release(reserved);
        reserved = 0;
    }

    /** The heap bytes the decode state keeps between reads: scratch space and the reused header's ext arrays. */
    int retainedHeapBytes() {
        ExtFields ext = decoded.header().ext();
        return frames.retainedBytes() + ext.capacityBytes() + ext.capacityEntries() * EXT_SPAN_BYTES;
    }

    @Override
    protected void decode(ChannelHandlerContext ctx, ByteBuf in, List<Object> out) {
        int readable = in.readableBytes();
        if (discarding) {
            in.skipBytes(readable);
            return;
        }
        if (readable < LENGTH_BYTES) {
            return;
        }
        int start = in.readerIndex();
        try {
            int frameSize = frames.frameSize(view(in, start, LENGTH_BYTES), position, LENGTH_BYTES);
            if (readable < frameSize) {
                pendingFrameSize = frameSize;
                return;
            }
            pendingFrameSize = 0;
            ByteBuffer bytes = view(in, start, frameSize);
            int origin = position;
            frames.decode(bytes, origin, frameSize, decoded);
            int bodyLength = decoded.bodyLength();
            ByteBuf body = bodyLength == 0
                ? Unpooled.EMPTY_BUFFER
                : in.retainedSlice(start + (decoded.bodyOffset() - origin), bodyLength);
            in.skipBytes(frameSize);
            frame.body(body);
            out.add(frame);
        } catch (CorruptFrameException | IllegalArgumentException e) {
            LOG.warn("closing {}: corrupt frame: {}", ctx.channel(), e.getMessage());
            in.skipBytes(in.readableBytes());
            ctx.close();
        }
    }

    /** A view of {@code length} bytes from {@code index}; {@link #position} receives where they start in it. */
    private ByteBuffer view(ByteBuf in, int index, int length) {
        ByteBuffer buffer = in.nioBufferCount() == 1 ? in.internalNioBuffer(index, length) : in.nioBuffer(index, length);
        position = buffer.position();
        return buffer;
    }
}
