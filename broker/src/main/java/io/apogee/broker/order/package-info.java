/**
 * Orderly consumption: the rebalance locks (LOCK_BATCH_MQ, UNLOCK_BATCH_MQ) that give each queue of a group to at
 * most one client at a time, expiring when the holder stops renewing them.
 */
package io.apogee.broker.order;
