/**
 * The failover controller: each broker group's replicas, master, master epoch and sync-state set, kept by three or
 * more controller replicas through Apache Ratis. {@code state} is the replicated data and its rules, {@code raft} the
 * Ratis state machine and replica, {@code server} the remoting front and the leader's broker liveness.
 */
package io.apogee.controller;
