/**
 * Protocol constants: {@link io.apogee.wire.code.RequestCode request codes}, {@link io.apogee.wire.code.ResponseCode
 * response codes}, {@link io.apogee.wire.code.LanguageCode language codes} and
 * {@link io.apogee.wire.code.ProtocolVersion protocol versions}, each under the names Apache RocketMQ gives them.
 * Codes are {@code int} constants so that a dispatcher can {@code switch} on them; naming a code for a log line or
 * remark allocates nothing ({@code name}) or one string ({@code describe}). Everything here is immutable and safe
 * for any thread.
 */
package io.apogee.wire.code;
