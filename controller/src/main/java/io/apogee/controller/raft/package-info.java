/**
 * The controller on Apache Ratis: the state machine that applies commands from the Raft log and snapshots the
 * state, and the replica that runs it with its own storage directory. Ratis owns the threads here.
 */
package io.apogee.controller.raft;
