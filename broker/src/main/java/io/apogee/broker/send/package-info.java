/**
 * The send family: SEND_MESSAGE, SEND_MESSAGE_V2 and SEND_BATCH_MESSAGE. A send is checked and sized on the I/O
 * thread that read it, written into the mapped log by the store's appender, and answered on its connection's event
 * loop. A single message may take a detour instead
 * ({@link io.apogee.broker.detour.Detours}: dead letters, delay levels, timer) or wait in the transaction half topic.
 */
package io.apogee.broker.send;
