/**
 * Remoting frames: the length-prefixed envelope, the two header serializations (JSON and RocketMQ binary), and
 * {@link io.apogee.wire.frame.ExtFields}, the header map kept as byte ranges. Decoders are bounded and tell
 * "need more bytes" apart from "corrupt". Instances are per thread unless a class says otherwise.
 */
package io.apogee.wire.frame;
