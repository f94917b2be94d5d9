package io.apogee.transport;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;

import java.util.ArrayList;
import java.util.List;

/** Keeps a copy of every frame that passes, since the decoder reuses its frame object. Test helper. */
final class FrameCapture extends ChannelInboundHandlerAdapter {
    final List<RemotingResponse> frames = new ArrayList<>();

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object message) {
        InboundFrame frame = (InboundFrame) message;
        frames.add(RemotingResponse.copyOf(frame.header(), frame.body()));
        frame.body().release();
    }

    void releaseAll() {
        frames.forEach(RemotingResponse::close);
    }
}
