/**
 * Retries and dead letters: CONSUMER_SEND_MSG_BACK puts a message its consumer failed on into the group's retry
 * topic after the delay of its level, or into the group's dead-letter topic after too many tries; a consumer's own
 * send to the retry topic after too many tries is routed to the dead-letter topic as well (the dead-letter
 * {@link io.apogee.broker.detour.Detour}). The send-back processor runs on its family's thread, the detour on the
 * sending thread; both write through the detour package's copy and append.
 */
package io.apogee.broker.retry;
