package io.apogee.broker.request;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.apogee.transport.EmbeddedPeers;
import io.apogee.transport.FrameBuffers;
import io.apogee.transport.InboundFrame;
import io.apogee.transport.Peer;
import io.apogee.transport.RemotingFrameDecoder;
import io.apogee.transport.TransportConfig;
import io.apogee.wire.code.ResponseCode;
import io.apogee.wire.frame.ExtFields;
import io.apogee.wire.frame.FrameEncoder;
import io.apogee.wire.frame.RemotingHeader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.util.ResourceLeakDetector;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * An exchange gives back its body and its header copy exactly once on every way out: an answer, a oneway request,
 * a drop, a processor that throws or gives no answer, a full family queue, an unknown code, and an answer from
 * another thread after a hold. Runs over a real {@link Peer} on Netty's {@link EmbeddedChannel}, with the leak
 * detector in paranoid mode; each body's reference count is checked too, so a leak fails here, not in a log.
 */
class ExchangeTest {
    private static final int CODE = 1000;
    private static final TransportConfig CONFIG = TransportConfig.defaults();

    private ResourceLeakDetector.Level leakLevel;
    private EmbeddedChannel channel;
    private ExchangePool pool;
    private final AtomicReference<Processor> processor = new AtomicReference<>();

    @BeforeAll
    static void paranoid() {
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
    }

    @BeforeEach
    void open() {
        leakLevel = ResourceLeakDetector.getLevel();
        ResourceLeakDetector.setLevel(ResourceLeakDetector.Level.PARANOID);
        pool = new ExchangePool(16);
        channel = new EmbeddedChannel();
    }

    @AfterEach
    void close() {
        assertThat(channel.finishAndReleaseAll()).as("nothing left unread").isFalse();
        ResourceLeakDetector.setLevel(leakLevel);
    }

    @Test
    void anAnswerIsWrittenAndReleasesTheBodyAndTheHeaderOnce() {
        Peer peer = EmbeddedPeers.open(channel, CONFIG, (from, frame) -> frame.body().release());
        ByteBuf body = body();
        Exchange exchange = pool.open(peer, request(false), body);
        exchange.responseHeader(ResponseCode.SUCCESS, "done").ext().add("key", "value");
        exchange.replyWith(Unpooled.copiedBuffer("answer", StandardCharsets.UTF_8));

        assertThat(body.refCnt()).isZero();
        assertThat(pool.spares()).isEqualTo(1);
        assertThat(exchange.isOpen()).isFalse();
        Answer answer = readAnswer();
        assertThat(answer.code).isEqualTo(ResponseCode.SUCCESS);
        assertThat(answer.remark).isEqualTo("done");
        assertThat(answer.body).isEqualTo("answer");
        assertThatThrownBy(exchange::close).isInstanceOf(IllegalStateException.class);
        assertThatThrownBy(() -> exchange.reply(ResponseCode.SUCCESS, null)).isInstanceOf(IllegalStateException.class);
        assertThat(pool.spares()).as("not given back twice").isEqualTo(1);
    }

    @Test
    void aOnewayAnswerIsDroppedAndReleasesEverything() {
        Peer peer = EmbeddedPeers.open(channel, CONFIG, (from, frame) -> frame.body().release());
        ByteBuf body = body();
        ByteBuf answerBody = Unpooled.copiedBuffer("never sent", StandardCharsets.UTF_8);
        Exchange exchange = pool.open(peer, request(true), body);
        exchange.responseHeader(ResponseCode.SUCCESS, null);
        exchange.replyWith(answerBody);

        assertThat(body.refCnt()).isZero();
        assertThat(answerBody.refCnt()).isZero();
        assertThat(channel.<Object>readOutbound()).isNull();
        assertThat(pool.spares()).isEqualTo(1);
    }

    @Test
    void aDropReleasesOnceAndAnEarlyBodyReleaseIsNotRepeated() {
        Peer peer = EmbeddedPeers.open(channel, CONFIG, (from, frame) -> frame.body().release());
        ByteBuf body = body();
        Exchange exchange = pool.open(peer, request(false), body);
        exchange.releaseBody();
        assertThat(body.refCnt()).isZero();
        exchange.close();
        assertThat(pool.spares()).isEqualTo(1);
        assertThat(channel.<Object>readOutbound()).isNull();
    }

    @Test
    void aReusedExchangeCarriesTheNewRequestOnly() {
        Peer peer = EmbeddedPeers.open(channel, CONFIG, (from, frame) -> frame.body().release());
        Exchange first = pool.open(peer, request(false), body());
        first.reply(ResponseCode.SUCCESS, null);
        readAnswer();
        RemotingHeader second = new RemotingHeader().asRequest(CODE, 8);
        second.ext().add("second", "yes");
        Exchange again = pool.open(peer, second, body());
        assertThat(again).isSameAs(first);
        assertThat(again.request().ext().get("key")).isNull();
        assertThat(again.request().ext().get("second")).isEqualTo("yes");
        again.close();
    }

    @Test
    void aHeldExchangeIsAnsweredFromAnotherThread() throws Exception {
        Peer peer = EmbeddedPeers.open(channel, CONFIG, (from, frame) -> frame.body().release());
        ByteBuf body = body();
        Exchange exchange = pool.open(peer, request(false), body).hold();
        assertThat(exchange.isHeld()).isTrue();
        Thread other = Thread.ofPlatform().start(() -> exchange.reply(ResponseCode.SUCCESS, "later"));
        other.join();
        channel.runPendingTasks();
        assertThat(body.refCnt()).isZero();
        assertThat(readAnswer().remark).isEqualTo("later");
        assertThat(pool.spares()).isEqualTo(1);
    }

    @Test
    void theRouterAnswersEveryWayOutAndReleasesEachRequest() {
        ExecutorService stopped = Executors.newSingleThreadExecutor();
        stopped.shutdown();
        RequestRouter router = new RequestRouter(pool)
            .route(ProcessorFamily.onIoThreads("inline", () -> exchange -> processor.get().process(exchange)), CODE)
            .route(new ProcessorFamily("full", exchange -> exchange.reply(ResponseCode.SUCCESS, null), stopped), CODE + 1);
        EmbeddedPeers.open(channel, CONFIG, router);

        processor.set(exchange -> exchange.reply(ResponseCode.SUCCESS, "fine"));
        assertThat(send(CODE, false).remark).isEqualTo("fine");

        processor.set(exchange -> {
            throw new IllegalStateException("broken");
        });
        Answer failed = send(CODE, false);
        assertThat(failed.code).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(failed.remark).contains("broken");

        processor.set(exchange -> {
            exchange.reply(ResponseCode.SUCCESS, "answered first");
            throw new IllegalStateException("after the answer");
        });
        assertThat(send(CODE, false).remark).as("one answer only").isEqualTo("answered first");

        processor.set(exchange -> { });
        Answer silent = send(CODE, false);
        assertThat(silent.code).isEqualTo(ResponseCode.SYSTEM_ERROR);
        assertThat(silent.remark).contains("no answer");

        processor.set(exchange -> exchange.reply(ResponseCode.SUCCESS, null));
        assertThat(sendOneway(CODE)).as("a oneway request is never answered").isTrue();

        processor.set(exchange -> {
            throw new IllegalStateException("oneway and broken");
        });
        assertThat(sendOneway(CODE)).isTrue();

        Answer busy = send(CODE + 1, false);
        assertThat(busy.code).isEqualTo(ResponseCode.SYSTEM_BUSY);
        assertThat(busy.remark).startsWith(BusyRemark.PREFIX).contains("full");

        Answer unknown = send(CODE + 2, false);
        assertThat(unknown.code).isEqualTo(ResponseCode.REQUEST_CODE_NOT_SUPPORTED);

        AtomicReference<Exchange> held = new AtomicReference<>();
        processor.set(exchange -> held.set(exchange.hold()));
        ByteBuf heldFrame = frame(CODE, false);
        channel.writeInbound(heldFrame);
        assertThat(channel.<Object>readOutbound()).as("held: not answered yet").isNull();
        assertThat(heldFrame.refCnt()).as("the held body is still owned").isPositive();
        held.get().reply(ResponseCode.SUCCESS, "held");
        assertThat(heldFrame.refCnt()).isZero();
        assertThat(readAnswer().remark).isEqualTo("held");

        assertThat(pool.spares()).as("every exchange came back, one at a time").isEqualTo(1);
    }

    @Test
    void aSpareKeepsOnlySmallHeaderArraysAfterALargeRequest() {
        Peer peer = EmbeddedPeers.open(channel, CONFIG, (from, frame) -> frame.body().release());
        RemotingHeader large = new RemotingHeader().asRequest(CODE, 7);
        for (int i = 0; i < 20_000; i++) {
            large.ext().add("k", "v"); // tiny entries: the spans array grows far more than the bytes
        }
        large.ext().add("big", "x".repeat(1 << 20));
        Exchange exchange = pool.open(peer, large, body());
        exchange.responseHeader(ResponseCode.SUCCESS, null).ext().addAll(large.ext());
        exchange.replyWith(null);
        ByteBuf answer = channel.readOutbound();
        assertThat(answer).as("the large answer was written").isNotNull();
        answer.release();

        Exchange spare = pool.open(peer, request(false), body());
        assertThat(spare).as("the same exchange came back to the pool").isSameAs(exchange);
        assertThat(spare.request().ext().capacityBytes()).isLessThanOrEqualTo(ExtFields.RETAINED_BYTES);
        assertThat(spare.request().ext().capacityEntries()).isLessThanOrEqualTo(ExtFields.RETAINED_ENTRIES);
        ExtFields response = spare.responseHeader(ResponseCode.SUCCESS, null).ext();
        assertThat(response.capacityBytes()).isLessThanOrEqualTo(ExtFields.RETAINED_BYTES);
        assertThat(response.capacityEntries()).isLessThanOrEqualTo(ExtFields.RETAINED_ENTRIES);
        spare.close();
    }

    /** Sends a request through the pipeline and reads its answer; the frame's bytes must all be released. */
    private Answer send(int code, boolean oneway) {
        ByteBuf frame = frame(code, oneway);
        channel.writeInbound(frame);
        assertThat(frame.refCnt()).as("the request's bytes are released").isZero();
        return readAnswer();
    }

    /** Sends a oneway request; true when its bytes were released and nothing was written. */
    private boolean sendOneway(int code) {
        ByteBuf frame = frame(code, true);
        channel.writeInbound(frame);
        return frame.refCnt() == 0 && channel.readOutbound() == null;
    }

    private Answer readAnswer() {
        ByteBuf bytes = channel.readOutbound();
        assertThat(bytes).as("an answer was written").isNotNull();
        EmbeddedChannel decoder = new EmbeddedChannel(new RemotingFrameDecoder(CONFIG.maxFrameSize()));
        try {
            decoder.writeInbound(bytes);
            InboundFrame frame = decoder.readInbound();
            Answer answer = new Answer(frame.header().code(), frame.header().remark(),
                frame.body().toString(StandardCharsets.UTF_8));
            assertThat(frame.header().isResponse()).isTrue();
            frame.body().release();
            return answer;
        } finally {
            decoder.finishAndReleaseAll();
        }
    }

    private static ByteBuf frame(int code, boolean oneway) {
        RemotingHeader header = new RemotingHeader().asRequest(code, 7);
        if (oneway) {
            header.flag(RemotingHeader.ONEWAY_FLAG);
        }
        ByteBuf encoded = FrameBuffers.encode(ByteBufAllocator.DEFAULT, new FrameEncoder(CONFIG.maxFrameSize()), header,
            Unpooled.copiedBuffer("request body", StandardCharsets.UTF_8));
        // one contiguous buffer: the decoder keeps it (no copy), and its body is a slice of it
        ByteBuf frame = ByteBufAllocator.DEFAULT.directBuffer(encoded.readableBytes()).writeBytes(encoded);
        encoded.release();
        return frame;
    }

    private static RemotingHeader request(boolean oneway) {
        RemotingHeader header = new RemotingHeader().asRequest(CODE, 7);
        header.ext().add("key", "value");
        return oneway ? header.flag(RemotingHeader.ONEWAY_FLAG) : header;
    }

    private static ByteBuf body() {
        return Unpooled.copiedBuffer("request body", StandardCharsets.UTF_8);
    }

    private record Answer(int code, String remark, String body) {
    }
}
