/**
 * Transactional messages as RocketMQ keeps them: a half message waits in {@link TransactionTopics#HALF} (queue 0)
 * with its real topic and queue in properties, invisible to consumers; END_TRANSACTION commits it (a copy goes to
 * the real topic) or rolls it back, and either way an op record in {@link TransactionTopics#OP} marks it resolved,
 * so the state survives a restart; the checker sends CHECK_TRANSACTION_STATE to a producer of the group for half
 * messages left unresolved too long. END_TRANSACTION runs on the admin thread, the checker on its own timer thread;
 * they share {@link TransactionState}.
 */
package io.apogee.broker.transaction;
