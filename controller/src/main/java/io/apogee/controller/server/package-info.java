/**
 * The controller process: its validated configuration, the remoting front that answers RocketMQ's controller codes,
 * and the leader's view of which brokers are alive. The front runs on the transport's event loops and hands writes
 * to Ratis; the liveness scan runs on one scheduler thread.
 */
package io.apogee.controller.server;
