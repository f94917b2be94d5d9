/**
 * One processor per request family: send, pull, offsets, clients (heartbeat and group membership). Each takes an
 * {@link io.apogee.broker.request.Exchange} and answers through it. Send and pull run on the I/O thread that read
 * them, one processor per event loop; the others on their family's single executor thread (so each may reuse its
 * header objects). A send's completion runs on a store agent and a held pull wakes on the dispatcher: both only hand
 * the exchange back to its connection's event loop, which answers.
 */
package io.apogee.broker.processor;
