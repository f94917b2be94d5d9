/**
 * Typed request and response headers: the fields Apache RocketMQ flattens into a frame's {@code extFields}, read
 * from and written to {@link io.apogee.wire.frame.ExtFields} with no string map and no reflection. Every header is
 * a mutable, reusable {@link io.apogee.wire.header.CommandHeader} that belongs to one thread; the descriptor tables,
 * {@link io.apogee.wire.header.HashMapOrder} and the enums are immutable and shared.
 *
 * <p><b>Decoding.</b> A broker keeps one header of each kind per worker thread and one
 * {@link io.apogee.common.text.InternTable} for the process, and decodes every frame into the reused header:
 * <pre>{@code
 * SendMessageRequestHeader send = new SendMessageRequestHeader();      // per thread
 * send.decode(frame.code(), frame.ext(), names);                        // 10, 310, 320, 324, 325: keys by code
 * String topic = send.topic();                                          // interned: no new String per request
 * Utf8Bytes properties = send.properties();                             // bytes, copied into a reused array
 *
 * PullMessageRequestHeader pull = new PullMessageRequestHeader();      // 11 and 361 alike
 * pull.decode(frame.ext(), names);
 * }</pre>
 * A missing required field or an unparsable number throws {@link io.apogee.wire.header.MalformedHeaderException},
 * stackless, whose message names the header and the field and can serve as the response remark.
 *
 * <p><b>Encoding.</b> Clear (or fill) a header, set its fields with the fluent setters and append it to an
 * {@code ExtFields}: {@code header.encode(ext, serializeType)}. Keys come in the order Apache RocketMQ 5.4.0 writes
 * them, so that a frame can equal RocketMQ's byte for byte: its {@code HashMap} iteration order (JSON headers, and
 * binary headers of ordinary types), or, for the four {@code FastCodesHeader} types in binary headers, their own
 * field order (see {@link io.apogee.wire.header.PullMessageRequestHeader}). {@link io.apogee.wire.header.HashMapOrder}
 * works the map order out from each class's put order.
 *
 * <p><b>Catalogue</b> (request code: request header / response header):
 * <pre>
 *  10, 310, 320, 324, 325  SendMessageRequestHeader (V1 or V2 keys)   / SendMessageResponseHeader
 *  11, 361                 PullMessageRequestHeader                   / PullMessageResponseHeader
 *  12  QueryMessageRequestHeader                 / QueryMessageResponseHeader
 *  14  QueryConsumerOffsetRequestHeader          / QueryConsumerOffsetResponseHeader
 *  15  UpdateConsumerOffsetRequestHeader
 *  17  CreateTopicRequestHeader
 *  21  GetAllTopicConfigRequestHeader            / GetAllTopicConfigResponseHeader
 *  29  SearchOffsetRequestHeader                 / SearchOffsetResponseHeader
 *  30  GetMaxOffsetRequestHeader                 / GetMaxOffsetResponseHeader
 *  31  GetMinOffsetRequestHeader                 / GetMinOffsetResponseHeader
 *  32  GetEarliestMsgStoretimeRequestHeader      / GetEarliestMsgStoretimeResponseHeader
 *  33  ViewMessageRequestHeader
 *  34, 41, 42  EmptyRpcRequestHeader (no fields of their own; the body carries the content)
 *  35  UnregisterClientRequestHeader
 *  36  ConsumerSendMsgBackRequestHeader
 *  37  EndTransactionRequestHeader
 *  38  GetConsumerListByGroupRequestHeader
 *  39  CheckTransactionStateRequestHeader        (broker to producer)
 *  40  NotifyConsumerIdsChangedRequestHeader     (broker to consumer)
 *  100 PutKVConfigRequestHeader    101 GetKVConfigRequestHeader / GetKVConfigResponseHeader
 *  102 DeleteKVConfigRequestHeader
 *  103 RegisterBrokerRequestHeader               / RegisterBrokerResponseHeader
 *  104 UnRegisterBrokerRequestHeader
 *  105 GetRouteInfoRequestHeader
 *  202 GetTopicStatsInfoRequestHeader
 *  203 GetConsumerConnectionListRequestHeader
 *  208 GetConsumeStatsRequestHeader
 *  215 DeleteTopicRequestHeader
 *  216 DeleteTopicFromNamesrvRequestHeader
 *  300 QueryTopicConsumeByWhoRequestHeader
 *  307 GetConsumerRunningInfoRequestHeader       (mqadmin to broker, and broker to consumer)
 *  no header at all: 28, 46, 106, 200, 206
 * </pre>
 */
package io.apogee.wire.header;
