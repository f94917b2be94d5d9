/**
 * Retries and dead letters: CONSUMER_SEND_MSG_BACK puts a message its consumer failed on into the group's retry
 * topic after the delay of its level, or into the group's dead-letter topic after too many tries.
 */
package io.apogee.broker.retry;
